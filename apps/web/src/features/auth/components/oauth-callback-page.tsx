// /oauth/callback: the generic return point of third-party authorisations (device providers).
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const error = params.get('error_description') ?? params.get('error');
  useEffect(() => {
    // A popup-based flow hands the result back to the window that opened it.
    if (window.opener && window.opener !== window) {
      window.opener.postMessage(
        { type: 'oauth-callback', query: window.location.search },
        window.location.origin,
      );
    }
  }, []);
  return (
    <AuthLayout
      title={error ? 'Authorization Failed' : 'Authorization received'}
      documentTitle="Authorization"
    >
      <div className="space-y-4">
        {error ? (
          <Alert variant="destructive">{error}</Alert>
        ) : (
          <Alert>No provider connection is waiting for this authorization. You can close this page.</Alert>
        )}
        <Link to="/settings/devices" className="block text-center font-medium text-primary hover:underline">
          Go to Device Connections
        </Link>
      </div>
    </AuthLayout>
  );
}
