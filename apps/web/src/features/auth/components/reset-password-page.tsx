// /reset-password?token=…: sets a new password from the e-mailed link; every session ends.
import { PASSWORD_MIN_LENGTH } from '@stamina/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { writeSession } from '../../../lib/session-store.ts';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      setError('The two passwords do not match');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const { data } = await api.request('POST /auth/password-reset/confirm', {
        body: { token, password },
        anonymous: true,
      });
      // Every session was revoked on the server, this one included.
      writeSession(null);
      setDone(data.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" documentTitle="Reset Password">
      {done ? (
        <div className="space-y-4">
          <Alert variant="success">{done}</Alert>
          <Link to="/login" className="block text-center font-medium text-primary hover:underline">
            Go to Log In
          </Link>
        </div>
      ) : !token ? (
        <Alert variant="destructive">
          This page needs the link from your password reset e-mail.{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Ask for a new link
          </Link>
        </Alert>
      ) : (
        <AuthForm
          onSubmit={onSubmit}
          error={
            error ? (
              <>
                {error}{' '}
                <Link to="/forgot-password" className="font-medium underline">
                  Ask for a new link
                </Link>
              </>
            ) : null
          }
          submitting={submitting}
          submitLabel="Set New Password"
          busyLabel="Saving..."
        >
          <Field
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            hint={`Create a secure password (min. ${PASSWORD_MIN_LENGTH} characters)`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label="Repeat new password"
            type="password"
            name="confirm"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
