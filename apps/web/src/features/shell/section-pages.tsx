// Signed-in sections whose content arrives with later work: each shows the shell and its title only.
import { PageHeader } from '../../components/page-header.tsx';

export const GarminCallbackPage = () => <PageHeader title="Garmin Connection" />;
