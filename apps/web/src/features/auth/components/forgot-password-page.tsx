// /forgot-password: asks for a reset link; the answer is the same whether or not the account exists.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const { data } = await api.request('POST /auth/password-reset', { body: { email }, anonymous: true });
      setSent(data.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your account's email and we'll send you a link to choose a new password."
      documentTitle="Forgot Password"
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to Log In
        </Link>
      }
    >
      {sent ? (
        <Alert variant="success">{sent} The link works once and expires in 1 hour.</Alert>
      ) : (
        <AuthForm
          onSubmit={onSubmit}
          error={error}
          submitting={submitting}
          submitLabel="Send Reset Link"
          busyLabel="Sending..."
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
        </AuthForm>
      )}
    </AuthLayout>
  );
}
