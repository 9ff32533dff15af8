// /confirm: where a failed confirmation link lands (?error=…), and where a new link can be requested.
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { AuthLayout } from './auth-layout.tsx';

export function ConfirmPage() {
  const [params] = useSearchParams();
  const linkError = params.get('message');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const { data } = await api.post<{ data: { message: string } }>(
        '/auth/resend-confirmation',
        { email },
        { anonymous: true },
      );
      setSent(data.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Confirm your email"
      subtitle="Open the link we e-mailed you to activate your account."
      documentTitle="Confirm Email"
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to Log In
        </Link>
      }
    >
      <div className="space-y-4">
        {linkError ? <Alert variant="destructive">{linkError}</Alert> : null}
        {sent ? (
          <Alert variant="success">{sent}</Alert>
        ) : (
          <form onSubmit={onSubmit} className="space-y-4">
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <Field
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? 'Sending...' : 'Resend Confirmation Link'}
            </Button>
          </form>
        )}
      </div>
    </AuthLayout>
  );
}
