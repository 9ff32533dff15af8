// The review step's questions and feasibility note (docs/onboarding.md, "Review"): only what the goal left
// open and what matters to the event's sport is asked, one field at a time, each answer sent alone through the
// goal-context update; the feasibility note shows the verdict, predicted time, message and method, and offers
// "Keep my target" or the suggested target when the target is out of reach.
import type { Feasibility, OnboardingSession } from '@stamina/contract';
import { emptyAthleteFacts } from '@stamina/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewStep } from '../src/components/onboarding/review-step.tsx';
import { draftedSession, goalContext } from './onboarding-fixtures.ts';

function renderReview(session: OnboardingSession) {
  const onSave = vi.fn();
  render(
    <ReviewStep session={session} saving={false} approving={false} onSave={onSave} onApprove={vi.fn()} />,
  );
  return { onSave };
}

const questions = () => screen.queryByRole('region', { name: 'A few things your text did not say' });

describe('review step: what the goal left open', () => {
  it('asks a runner for a recent result, weekly km, the longest run and finished events, each alone', async () => {
    const { onSave } = renderReview(draftedSession());
    const asked = questions();
    expect(asked).not.toBeNull();
    const forms = within(asked!).getAllByRole('form');
    expect(forms.map((form) => form.getAttribute('aria-label'))).toEqual([
      'Your best recent race or run time',
      'How far do you run a week now? (km)',
      'Your longest run in the last month',
      'How many Marathon events have you finished?',
    ]);
    // Nothing about rides or swims for a marathon.
    expect(within(asked!).queryByText(/ride|swim/i)).toBeNull();

    const km = within(asked!).getByRole('textbox', { name: 'How far do you run a week now? (km)' });
    await userEvent.type(km, '42');
    await userEvent.click(within(forms[1]!).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ athlete: { current_weekly_km: 42 } });

    const longest = within(asked!).getByRole('textbox', { name: 'Your longest run in the last month' });
    await userEvent.type(longest, '1:45');
    await userEvent.click(within(forms[2]!).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({
      athlete: { longest_recent_minutes: { run: 105, bike: null, swim: null } },
    });
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('sends a result with its distance and time, and says how to write a time it cannot read', async () => {
    const { onSave } = renderReview(draftedSession());
    const form = screen.getByRole('form', { name: 'Your best recent race or run time' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Distance' }), 'Marathon');
    const time = within(form).getByRole('textbox', { name: 'Your best recent race or run time' });
    await userEvent.type(time, 'fast');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(time).toHaveAccessibleDescription('Write the time like 45:10 or 1:32:00');
    expect(time).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(time);
    await userEvent.type(time, '3:21:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      athlete: {
        performances: [
          { sport: 'run', distance_meters: 42195, race_type: 'Marathon', time_seconds: 12060, date: null },
        ],
      },
    });
  });

  it('asks a triathlete for weekly hours and the longest swim, ride and run, and nothing already said', () => {
    renderReview(
      draftedSession({
        goal_context: {
          ...goalContext,
          primary_event: {
            ...goalContext.primary_event,
            sport: 'triathlon',
            race_type: 'Ironman',
            distance: 'Ironman',
            distance_meters: 226000,
          },
          assumed: { ...goalContext.assumed, experience: false },
          athlete: {
            ...emptyAthleteFacts(),
            performances: [
              { sport: 'run', distance_meters: 10000, race_type: '10K', time_seconds: 2700, date: null },
            ],
            longest_recent_minutes: { run: null, bike: 240, swim: null },
            // "Never swum more than 2 km": the longest swim is known, as a distance.
            longest_recent_km: { run: null, bike: null, swim: 2 },
          },
        },
      }),
    );
    const labels = within(questions()!)
      .getAllByRole('form')
      .map((form) => form.getAttribute('aria-label'));
    expect(labels).toEqual(['How many hours do you train a week now?', 'Your longest run in the last month']);
  });

  it('asks nothing once every fact the event needs is known', () => {
    renderReview(
      draftedSession({
        goal_context: {
          ...goalContext,
          assumed: { ...goalContext.assumed, experience: false },
          athlete: {
            ...emptyAthleteFacts(),
            performances: [
              {
                sport: 'run',
                distance_meters: 21097.5,
                race_type: 'Half Marathon',
                time_seconds: 5520,
                date: null,
              },
            ],
            current_weekly_km: 45,
            longest_recent_minutes: { run: 120, bike: null, swim: null },
          },
        },
      }),
    );
    expect(questions()).toBeNull();
  });
});

const outOfReach: Feasibility = {
  verdict: 'out_of_reach',
  predicted_time: '3:38:00',
  target_time: '2:45:00',
  suggested_target: '3:35:00',
  method: 'Riegel from your 4:05 marathon',
  message: 'A 2:45 marathon is beyond what 10 weeks can bring from a 4:05 best.',
};

describe('review step: feasibility note', () => {
  it('shows the verdict, predicted time, message and method, and Use <suggested> updates the target', async () => {
    const { onSave } = renderReview(draftedSession({ feasibility: outOfReach }));
    const note = screen.getByRole('region', { name: 'Your target: Out of reach' });
    expect(within(note).getByText('3:38:00')).toBeVisible();
    expect(within(note).getByText('2:45:00')).toBeVisible();
    expect(within(note).getByText(outOfReach.message)).toBeVisible();
    expect(within(note).getByText(/Riegel from your 4:05 marathon/)).toBeVisible();
    await userEvent.click(within(note).getByRole('button', { name: 'Use 3:35:00' }));
    expect(onSave).toHaveBeenCalledWith({ primary_event: { target: '3:35:00' } });
  });

  it('lets the athlete keep their target, without a call', async () => {
    const { onSave } = renderReview(draftedSession({ feasibility: outOfReach }));
    const note = screen.getByRole('region', { name: 'Your target: Out of reach' });
    await userEvent.click(within(note).getByRole('button', { name: 'Keep my target' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(within(note).getByRole('status')).toHaveTextContent('You keep your target');
    expect(within(note).queryByRole('button', { name: 'Use 3:35:00' })).toBeNull();
  });

  it('offers no choice when the target is on track', () => {
    renderReview(
      draftedSession({
        feasibility: {
          ...outOfReach,
          verdict: 'on_track',
          predicted_time: '3:12:00',
          suggested_target: null,
        },
      }),
    );
    const note = screen.getByRole('region', { name: 'Your target: On track' });
    expect(within(note).queryByRole('button')).toBeNull();
  });
});

describe('review step: who read the goal', () => {
  it('says the built-in reader read it, or the language model checked against the words', () => {
    const { unmount } = render(
      <ReviewStep
        session={draftedSession({ goal_parsed_by: 'rules' })}
        saving={false}
        approving={false}
        onSave={vi.fn()}
        onApprove={vi.fn()}
      />,
    );
    expect(screen.getByTestId('goal-parsed-by')).toHaveTextContent('Read by the built-in goal reader.');
    unmount();
    renderReview(draftedSession({ goal_parsed_by: 'model' }));
    expect(screen.getByTestId('goal-parsed-by')).toHaveTextContent(
      /language model, checked against your words/,
    );
  });
});
