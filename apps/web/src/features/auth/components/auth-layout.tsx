// Shared frame of the account pages: back button, wordmark, a centred card.
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Wordmark } from '../../../components/ui/wordmark.tsx';

export function AuthLayout({
  title,
  subtitle,
  documentTitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  documentTitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${documentTitle} · Stamina`;
  }, [documentTitle]);
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 px-4 py-6">
      <header className="mx-auto flex w-full max-w-md items-center justify-between">
        <Link to="/" className={buttonClasses('ghost', 'sm')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back
        </Link>
        <Wordmark />
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8">
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </main>
    </div>
  );
}
