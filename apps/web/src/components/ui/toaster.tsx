// sonner's Toaster with the app's options, which tells lib/toast.ts when it is listening. Loaded and mounted by
// the root layout on the first toast.

import type { Theme } from '@stamina/core';
import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { toasterMounted } from '../../lib/toast.ts';

export function Toaster({ theme = 'system' }: { theme?: Theme }) {
  // A child's effects run before its parent's: by now sonner's Toaster has subscribed.
  useEffect(() => toasterMounted(), []);
  return <SonnerToaster theme={theme} richColors closeButton position="top-center" />;
}
