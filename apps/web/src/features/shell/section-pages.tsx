// Signed-in sections whose content arrives with later work (each shows the shell and its title only), and the
// Garmin callback page.
import { DeviceCallback } from '../../components/device-callback.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export const CoachPage = () => <PageHeader title="Coach" />;
/** /auth/garmin/callback: Garmin sends the athlete back here; the connection is finished (docs/devices.md). */
export const GarminCallbackPage = () => (
  <div className="mx-auto max-w-xl">
    <PageHeader title="Garmin Connection" />
    <DeviceCallback />
  </div>
);
