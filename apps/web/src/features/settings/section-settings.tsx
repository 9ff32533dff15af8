// Settings areas whose content arrives with later work: each shows its title only.
import { PageHeader } from '../../components/page-header.tsx';

export const DeviceSettings = () => <PageHeader title="Device Connections" />;
