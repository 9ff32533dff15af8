// /confirm: where a followed confirmation link lands, with a one-time sign-in code in the fragment (#code=…) or a
// failure (?error=…), and where a new link can be requested. The code is the only way a URL signs anyone in, and
// it never replaces another signed-in account without asking (docs/auth.md).
import type { Session, User } from '@stamina/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-context.tsx';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

/** The code in the landing URL's fragment (`#code=…`). */
function codeOf(hash: string): string | null {
  return new URLSearchParams(hash.slice(1)).get('code') || null;
}

// A code works once; React may run an effect twice in development, so both runs share one exchange.
const exchanges = new Map<string, Promise<Session>>();
function exchangeCode(code: string): Promise<Session> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = api
      .request('POST /auth/confirm/exchange', { body: { code }, anonymous: true })
      .then(({ data }) => data);
    exchanges.set(code, pending);
  }
  return pending;
}

export function ConfirmPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then dropped from the address at once, so the code stays out of history and bookmarks.
  const [code] = useState(() => codeOf(location.hash));
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location, navigate]);
  return code ? <SignInFromLink code={code} /> : <ConfirmHelp />;
}

type LinkState =
  | { kind: 'signing-in' }
  | { kind: 'done' }
  | { kind: 'error'; message: string }
  | { kind: 'ask'; session: Session; current: User };

function SignInFromLink({ code }: { code: string }) {
  const { user, loading, adoptSession } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<LinkState>({ kind: 'signing-in' });

  useEffect(() => {
    // Wait for the stored session's check: it must not land on top of the session this code brings.
    if (loading || state.kind !== 'signing-in') return;
    let active = true;
    exchangeCode(code).then(
      (session) => {
        if (!active) return;
        if (user && user.id !== session.user.id) {
          setState({ kind: 'ask', session, current: user });
          return;
        }
        setState({ kind: 'done' });
        adoptSession(session);
        navigate('/dashboard', { replace: true });
      },
      (err: unknown) => {
        if (active) setState({ kind: 'error', message: errorMessage(err) });
      },
    );
    return () => {
      active = false;
    };
  }, [code, loading, user, state.kind, adoptSession, navigate]);

  function switchAccount(session: Session) {
    setState({ kind: 'done' });
    adoptSession(session);
    navigate('/dashboard', { replace: true });
  }

  function stay(session: Session) {
    // The session the code opened is not wanted: end it rather than leave it open on the server.
    void api.request('POST /auth/logout', { anonymous: true, bearer: session.access_token }).catch(() => {});
    navigate('/dashboard', { replace: true });
  }

  return (
    <AuthLayout
      title={state.kind === 'ask' ? 'Switch account?' : 'Confirm your email'}
      documentTitle="Confirm Email"
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to Log In
        </Link>
      }
    >
      {state.kind === 'signing-in' || state.kind === 'done' ? (
        <p role="status" className="text-sm text-muted-foreground">
          Your email is confirmed. Signing you in...
        </p>
      ) : state.kind === 'error' ? (
        <Alert variant="destructive">{state.message}</Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-sm">
            Your email is confirmed. You are signed in as{' '}
            <strong className="break-all">{state.current.email}</strong>, and this link signs you in as{' '}
            <strong className="break-all">{state.session.user.email}</strong>. Which account do you want to
            use?
          </p>
          <div className="flex flex-col gap-2">
            <Button className="w-full" onClick={() => switchAccount(state.session)}>
              Switch to {state.session.user.email}
            </Button>
            <Button variant="outline" className="w-full" onClick={() => stay(state.session)}>
              Stay signed in as {state.current.email}
            </Button>
          </div>
        </div>
      )}
    </AuthLayout>
  );
}

function ConfirmHelp() {
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
      const { data } = await api.request('POST /auth/resend-confirmation', {
        body: { email },
        anonymous: true,
      });
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
          <AuthForm
            onSubmit={onSubmit}
            error={error}
            submitting={submitting}
            submitLabel="Resend Confirmation Link"
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
      </div>
    </AuthLayout>
  );
}
