// The offer on sign-in: an athlete whose onboarding is not complete sees the onboarding dialog once per browser
// session. Closing it is respected until the tab is closed (sessionStorage), so it does not come back on every
// page load; Settings opens it at any time, and Reset Onboarding asks for the offer again. The dialog's code
// loads only when it opens, so a signed-in page does not carry it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOnboardingStatus } from '../../api/onboarding/status.ts';
import { markOffered, wasOffered } from './onboarding-flow.ts';

const OnboardingDialog = lazy(() =>
  import('./onboarding-dialog.tsx').then((m) => ({ default: m.OnboardingDialog })),
);

export function OnboardingOffer() {
  const [offer] = useState(() => !wasOffered());
  const status = useOnboardingStatus({ enabled: offer });
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const incomplete = status.data?.onboarding_complete === false;

  useEffect(() => {
    if (!offer || !incomplete || wasOffered()) return;
    markOffered();
    setOpen(true);
  }, [offer, incomplete]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog open={open} onOpenChange={setOpen} onComplete={() => navigate('/dashboard')} />
    </Suspense>
  );
}

/** The dialog, loaded on first open, for the Settings pages' buttons. */
export function LazyOnboardingDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onComplete?: () => void;
}) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog {...props} />
    </Suspense>
  );
}
