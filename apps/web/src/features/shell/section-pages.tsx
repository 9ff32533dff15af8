// The Garmin callback page: the shell, its title, and the device connection being finished.
import { DeviceCallback } from '../../components/device-callback.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** /auth/garmin/callback: Garmin sends the athlete back here; the connection is finished (docs/devices.md). */
export const GarminCallbackPage = () => (
  <div className="mx-auto max-w-xl">
    <PageHeader title="Garmin Connection" />
    <DeviceCallback />
  </div>
);
