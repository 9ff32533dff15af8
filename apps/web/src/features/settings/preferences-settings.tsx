// /settings/preferences: theme (kept in this browser under 'theme'), legal and support links, sign out.
import { THEMES, type Theme } from '@stamina/core';
import { LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useTheme } from '../../lib/theme.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { PageHeader } from '../shell/page-header.tsx';

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export function PreferencesSettings() {
  const [theme, setTheme] = useTheme();
  const { signOut } = useAuth();
  const navigate = useNavigate();

  async function onSignOut() {
    try {
      await signOut();
      toast.success('You have been successfully signed out.');
      navigate('/login', { replace: true });
    } catch {
      toast.error('Sign Out Failed');
    }
  }

  return (
    <>
      <PageHeader title="Preferences & Account" />
      <div className="space-y-6">
        <Card className="p-5">
          <fieldset>
            <legend className="text-lg font-semibold">Theme</legend>
            <div className="mt-3 grid grid-cols-3 gap-2" role="radiogroup" aria-label="Theme">
              {THEMES.map((option) => (
                <label
                  key={option}
                  className={cn(
                    'flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2.5 text-sm font-medium',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    theme === option
                      ? 'border-primary bg-accent text-accent-foreground'
                      : 'border-input hover:bg-muted',
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={option}
                    checked={theme === option}
                    onChange={() => setTheme(option)}
                    className="sr-only"
                  />
                  {THEME_LABELS[option]}
                </label>
              ))}
            </div>
          </fieldset>
        </Card>
        <Card className="space-y-3 p-5">
          <h2 className="text-lg font-semibold">Legal &amp; Support</h2>
          <div className="flex flex-wrap gap-2">
            <Link to="/terms" className={buttonClasses('outline', 'sm')}>
              Terms of Service
            </Link>
            <Link to="/privacy" className={buttonClasses('outline', 'sm')}>
              Privacy Policy
            </Link>
            <Link to="/support" className={buttonClasses('outline', 'sm')}>
              Support
            </Link>
          </div>
        </Card>
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Account</h2>
          <Button variant="outline" className="mt-3" onClick={onSignOut}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign Out
          </Button>
        </Card>
      </div>
    </>
  );
}
