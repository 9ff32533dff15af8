// /login (docs/screens.md, "Log in and sign up"). An account whose deletion is pending is offered to cancel it
// (docs/account.md, "Changing one's mind"); after a deletion the page says when the data goes.
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  cancelDeletion,
  purgeDateOf,
  rememberDeletion,
  rememberedDeletion,
} from '../../../api/account/delete-account.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-context.tsx';
import { postLoginPath } from '../../../lib/post-login-path.ts';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function LoginPage() {
  const { signIn, adoptSession } = useAuth();
  const [deletedOn] = useState(rememberedDeletion);
  const [pendingUntil, setPendingUntil] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    setUnconfirmed(false);
    setPendingUntil(null);
    try {
      await signIn(email, password);
      rememberDeletion(null);
      navigate(postLoginPath(location.state), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ACCOUNT_PENDING_DELETION') {
        setPendingUntil(purgeDateOf(err.options.detail) ?? '');
      } else {
        setError(errorMessage(err));
        setUnconfirmed(err instanceof ApiError && err.code === 'EMAIL_NOT_CONFIRMED');
      }
      setSubmitting(false);
    }
  }

  async function onCancelDeletion() {
    setSubmitting(true);
    setError(null);
    try {
      adoptSession(await cancelDeletion(email, password));
      rememberDeletion(null);
      navigate(postLoginPath(location.state), { replace: true });
    } catch (err) {
      setPendingUntil(null);
      setError(errorMessage(err));
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Log in to continue your training."
      documentTitle="Log In"
      footer={
        <>
          New to Stamina?{' '}
          <Link to="/signup" className="font-medium text-primary hover:underline">
            Create account
          </Link>
        </>
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        notice={
          <>
            {deletedOn && pendingUntil === null ? (
              <Alert>
                Your account is scheduled for deletion. All your data will be removed on {deletedOn}. Log in
                before then to cancel the deletion.
              </Alert>
            ) : null}
            {pendingUntil !== null ? (
              <Alert variant="destructive">
                <p>
                  This account is scheduled for deletion{pendingUntil ? ` on ${pendingUntil}` : ''}. Do you
                  want to keep it?
                </p>
                <Button type="button" className="mt-3" onClick={onCancelDeletion} disabled={submitting}>
                  Cancel the deletion and log in
                </Button>
              </Alert>
            ) : null}
          </>
        }
        error={
          error ? (
            <>
              {error}
              {unconfirmed ? (
                <>
                  {' '}
                  <Link to={`/confirm?email=${encodeURIComponent(email)}`} className="font-medium underline">
                    Resend the confirmation link
                  </Link>
                </>
              ) : null}
            </>
          ) : null
        }
        submitting={submitting}
        submitLabel="Log In"
        busyLabel="Logging in..."
      >
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="space-y-1.5">
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="text-right">
            <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          </div>
        </div>
      </AuthForm>
    </AuthLayout>
  );
}
