// /signup (docs/screens.md, "Log in and sign up"): name, email, password, terms; then 'Check your email'.
import { PASSWORD_MIN_LENGTH } from '@stamina/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-context.tsx';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

export const TERMS_REQUIRED = 'Please accept the Terms of Service and Privacy Policy';

export function SignupPage() {
  const { signUp } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!accepted) {
      setError(TERMS_REQUIRED);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      setSuccess(await signUp({ name, email, password }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start training smarter. Free to start."
      documentTitle="Sign Up"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Log in
          </Link>
        </>
      }
    >
      {success ? (
        <div className="space-y-4">
          <Alert variant="success">{success}</Alert>
          <p className="text-sm text-muted-foreground">
            We sent a link to <strong className="text-foreground">{email.trim().toLowerCase()}</strong>. Open
            it to confirm your address and you will land on your dashboard. If the address already has an
            account, the e-mail says how to log in instead.{' '}
            <Link
              to={`/confirm?email=${encodeURIComponent(email)}`}
              className="font-medium text-primary underline"
            >
              Didn't get it?
            </Link>
          </p>
        </div>
      ) : (
        <AuthForm
          onSubmit={onSubmit}
          error={error}
          submitting={submitting}
          submitLabel="Create Account"
          busyLabel="Creating Account..."
          disabled={!accepted}
          after={
            !accepted ? <p className="text-center text-xs text-muted-foreground">{TERMS_REQUIRED}</p> : null
          }
        >
          <Field
            label="Full Name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            hint={`Create a secure password (min. ${PASSWORD_MIN_LENGTH} characters)`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="terms"
              className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--primary)]"
              checked={accepted}
              onChange={(e) => {
                setAccepted(e.target.checked);
                if (e.target.checked && error === TERMS_REQUIRED) setError(null);
              }}
            />
            <span>
              I agree to the{' '}
              <Link to="/terms" className="font-medium text-primary underline">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className="font-medium text-primary underline">
                Privacy Policy
              </Link>
            </span>
          </label>
        </AuthForm>
      )}
    </AuthLayout>
  );
}
