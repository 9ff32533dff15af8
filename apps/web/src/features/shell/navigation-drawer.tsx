// The left navigation drawer (docs/screens.md, "Page shell"): links, profile button, settings, sign out.
import { displayName } from '@stamina/core';
import {
  Activity,
  BarChart3,
  CalendarDays,
  Dumbbell,
  LayoutDashboard,
  Library,
  LogOut,
  Map as MapIcon,
  MessageCircle,
  Settings,
  TrendingUp,
} from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Wordmark } from '../../components/ui/wordmark.tsx';
import { useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/calendar', label: 'Calendar', icon: CalendarDays },
  { to: '/plan', label: 'Plan', icon: MapIcon },
  { to: '/workouts', label: 'Workouts', icon: Dumbbell },
  { to: '/workout-bank', label: 'Workout Bank', icon: Library },
  { to: '/activities', label: 'Activities', icon: Activity },
  { to: '/progress', label: 'Progress', icon: TrendingUp },
  { to: '/metrics', label: 'Metrics', icon: BarChart3 },
  { to: '/coach', label: 'Coach', icon: MessageCircle },
] as const;

export function NavigationDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const name = displayName(user);
  const close = () => onOpenChange(false);

  async function onSignOut() {
    try {
      await signOut();
      close();
      toast.success('You have been successfully signed out.');
      navigate('/login', { replace: true });
    } catch {
      toast.error('Sign Out Failed');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="drawer">
        <div className="flex items-center justify-between">
          <DialogTitle asChild>
            <span>
              <Wordmark />
              <span className="sr-only"> navigation</span>
            </span>
          </DialogTitle>
          <DialogCloseButton label="Close menu" />
        </div>
        <DialogDescription className="sr-only">Go to a section of Stamina</DialogDescription>
        <button
          type="button"
          onClick={() => {
            close();
            navigate('/settings', { state: { section: 'profile' } });
          }}
          className="mt-4 flex items-center gap-3 rounded-lg border border-border p-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Avatar name={name} className="h-10 w-10" maxInitials={1} />
          <span className="min-w-0">
            <span className="block truncate font-medium">{name}</span>
            <span className="block text-xs text-muted-foreground">View Profile</span>
          </span>
        </button>
        <nav aria-label="Main" className="mt-4 flex-1 space-y-1 overflow-y-auto">
          {LINKS.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              onClick={close}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                )
              }
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2 border-t border-border pt-4">
          <NavLink
            to="/settings"
            onClick={close}
            aria-label="Settings"
            className={buttonClasses('ghost', 'icon')}
          >
            <Settings className="h-5 w-5" aria-hidden="true" />
          </NavLink>
          <button
            type="button"
            onClick={onSignOut}
            className={cn(buttonClasses('ghost', 'md'), 'flex-1 justify-start')}
          >
            <LogOut className="h-5 w-5" aria-hidden="true" />
            Sign Out
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
