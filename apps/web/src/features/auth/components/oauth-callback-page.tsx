// /oauth/callback: the generic return point of device providers (Strava); it finishes the connection.
import { DeviceCallback } from '../../../components/device-callback.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function OAuthCallbackPage() {
  return (
    <AuthLayout title="Device connection" documentTitle="Authorization">
      <DeviceCallback />
    </AuthLayout>
  );
}
