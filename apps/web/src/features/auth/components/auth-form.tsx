// The form of the account pages (docs/screens.md, "Log in and sign up"), inside AuthLayout: the error above the
// fields (an alert, read out as it appears), the fields, and one full-width submit button that says what it is
// doing while the request runs. Log in, sign up, forgot and reset password, and confirm share it.
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function AuthForm({
  onSubmit,
  error,
  submitting,
  submitLabel,
  busyLabel,
  disabled = false,
  notice,
  after,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The error shown above the fields (null: none). */
  error: ReactNode;
  submitting: boolean;
  submitLabel: string;
  /** The button's text while the request runs ('Logging in...'). */
  busyLabel: string;
  /** Whether the button is disabled besides while submitting (terms not accepted). */
  disabled?: boolean;
  /** Alerts shown above the error (a scheduled deletion). */
  notice?: ReactNode;
  /** Shown under the button. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {notice}
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {children}
      <Button type="submit" className="w-full" disabled={disabled || submitting}>
        {submitting ? busyLabel : submitLabel}
      </Button>
      {after}
    </form>
  );
}
