// The 404 page for any unknown path (docs/screens.md, "Error screen and 404").
import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Wordmark } from '../../components/ui/wordmark.tsx';
import { ROUTES } from '../../lib/app-constants.ts';
import { cn } from '../../lib/cn.ts';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page Not Found · Stamina';
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center px-4 sm:px-6">
        <Link
          to={ROUTES.home}
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <Wordmark />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="max-w-md text-center">
          <span
            className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
            aria-hidden="true"
          >
            <Compass className="h-8 w-8" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-wider text-primary">Error 404</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            The page you're looking for doesn't exist or has been moved.
          </p>
          <Link to={ROUTES.dashboard} className={cn(buttonClasses('primary', 'lg'), 'mt-8')}>
            Back to Dashboard
          </Link>
        </div>
      </main>
    </div>
  );
}
