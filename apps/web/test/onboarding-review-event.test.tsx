// The review step's event fields (docs/onboarding.md, "Review edits"): a custom event shows its distance, in the
// athlete's km or miles, and its sport; a corrected distance is sent in metres with the event kept custom, and a
// distance that cannot be read says how to write it. A standard race type shows neither.
import type { OnboardingSession, User } from '@stamina/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewStep } from '../src/components/onboarding/review-step.tsx';
import { AuthProvider } from '../src/lib/auth-context.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { json, mockFetch } from './calendar-test-utils.tsx';
import { signIn, user } from './dashboard-fixtures.ts';
import { draftedSession, goalContext } from './onboarding-fixtures.ts';

const customSession = () =>
  draftedSession({
    goal_context: {
      ...goalContext,
      primary_event: {
        ...goalContext.primary_event,
        sport: 'run',
        race_type: 'Custom Event',
        distance: '50 km',
        distance_meters: 50_000,
      },
    },
  });

function renderReview(session: OnboardingSession, as?: User) {
  const onSave = vi.fn();
  const ui = (
    <ReviewStep session={session} saving={false} approving={false} onSave={onSave} onApprove={vi.fn()} />
  );
  if (as) {
    signIn(as);
    mockFetch((call) =>
      call.url.pathname === '/api/auth/me'
        ? json(200, { data: as })
        : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
    );
    render(<AuthProvider>{ui}</AuthProvider>);
  } else {
    render(ui);
  }
  return { onSave };
}

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

describe('review step: the event', () => {
  it('shows no distance for a standard race type', () => {
    renderReview(draftedSession());
    expect(screen.getByRole('combobox', { name: 'Race type' })).toHaveValue('Marathon');
    expect(screen.queryByRole('textbox', { name: /Distance/ })).toBeNull();
  });

  it("corrects a custom event's distance in km, kept custom, and says how to write one it cannot read", async () => {
    const { onSave } = renderReview(customSession());
    const distance = screen.getByRole('textbox', { name: 'Distance (km)' });
    expect(distance).toHaveValue('50');
    await userEvent.clear(distance);
    await userEvent.type(distance, 'far');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes and redraft' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(distance).toHaveAccessibleDescription('Write the distance in km, like 50');

    await userEvent.clear(distance);
    await userEvent.type(distance, '56.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes and redraft' }));
    expect(onSave).toHaveBeenLastCalledWith({ primary_event: { distance_meters: 56_500 } });
  });

  it('turns a race into a custom event with its sport, and reads miles for an imperial athlete', async () => {
    const imperial: User = { ...user, user_metadata: { ...user.user_metadata, units: 'imperial' } };
    const { onSave } = renderReview(draftedSession(), imperial);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Race type' }), 'Custom Event');
    const distance = screen.getByRole('textbox', { name: 'Distance (mi)' });
    // The marathon's own distance, in miles, to start from.
    expect(distance).toHaveValue('26.22');
    await userEvent.clear(distance);
    await userEvent.type(distance, '31');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'bike');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes and redraft' }));
    expect(onSave).toHaveBeenLastCalledWith({
      primary_event: { race_type: 'Custom Event', sport: 'bike', distance_meters: 49_890 },
    });
  });
});
