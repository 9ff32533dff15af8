// Providers every page needs: session and theme. Heavier providers live in the signed-in shell.
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { useTheme } from '../lib/theme.ts';
import { useUnhandledRejections } from './unhandled-rejections.ts';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function RootLayout() {
  const [theme] = useTheme();
  const navigation = useNavigation();
  useUnhandledRejections();
  return (
    <AuthProvider>
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary" aria-hidden="true" />
      ) : null}
      <Outlet />
      <Suspense fallback={null}>
        <Toaster theme={theme} richColors closeButton position="top-center" />
      </Suspense>
    </AuthProvider>
  );
}
