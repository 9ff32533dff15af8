// Providers every page needs: session and theme. Heavier providers live in the signed-in shell.
import { type ComponentProps, type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet, useNavigation } from 'react-router';
import type { Toaster as ToasterComponent } from '../components/ui/toaster.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';
import { useTheme } from '../lib/theme.ts';
import { toasterWanted } from '../lib/toast.ts';
import { useUnhandledRejections } from './unhandled-rejections.ts';

// Mounted on the first toast (lib/toast.ts). When its chunk cannot be fetched (offline before the service worker
// kept it), there are no toasts rather than an error page.
const Toaster = lazy<ComponentType<ComponentProps<typeof ToasterComponent>>>(() =>
  import('../components/ui/toaster.tsx')
    .then((m) => ({ default: m.Toaster }))
    .catch((err: unknown) => {
      console.warn('Toasts are not available', err);
      return { default: () => null };
    }),
);

export function RootLayout() {
  const [theme] = useTheme();
  const navigation = useNavigation();
  useUnhandledRejections();
  const toasts = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  return (
    <AuthProvider>
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary" aria-hidden="true" />
      ) : null}
      <Outlet />
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster theme={theme} />
        </Suspense>
      ) : null}
    </AuthProvider>
  );
}
