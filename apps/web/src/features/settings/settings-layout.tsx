// /settings/*: nested settings pages share this frame; sub-pages get a back link to the hub.
import { ArrowLeft } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';

export function SettingsLayout() {
  const { pathname } = useLocation();
  const atHub = pathname.replace(/\/$/, '') === '/settings';
  return (
    <div className="mx-auto max-w-3xl">
      {atHub ? null : (
        <Link to="/settings" className={`${buttonClasses('ghost', 'sm')} mb-4 -ml-3`}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Settings
        </Link>
      )}
      <Outlet />
    </div>
  );
}
