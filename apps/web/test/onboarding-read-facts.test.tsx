// The review's "What we read about you" (docs/onboarding.md, "Review"): each fact the goal reader took from the
// athlete's words is listed, and "Not right" sends the update that removes that one fact and nothing else.
import type { OnboardingSession } from '@stamina/contract';
import { emptyAthleteFacts } from '@stamina/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readFacts } from '../src/components/onboarding/read-facts.tsx';
import { ReviewStep } from '../src/components/onboarding/review-step.tsx';
import { draftedSession, goalContext } from './onboarding-fixtures.ts';

const athlete = {
  ...emptyAthleteFacts(),
  performances: [
    {
      sport: 'run' as const,
      distance_meters: 21097.5,
      race_type: 'Half Marathon' as const,
      time_seconds: 5460,
      date: null,
    },
  ],
  current_weekly_sessions: { run: 5, bike: null, swim: null },
  current_weekly_km: 60,
  longest_recent_km: { run: 28, bike: null, swim: null },
  threshold_pace_seconds_per_km: 250,
  limiters: ['swim' as const],
};

function session(): OnboardingSession {
  return draftedSession({ goal_context: { ...goalContext, athlete } as OnboardingSession['goal_context'] });
}

describe('review step: what we read about you', () => {
  it('lists each fact read from the text and removes only the one marked not right', async () => {
    const onSave = vi.fn();
    render(
      <ReviewStep session={session()} saving={false} approving={false} onSave={onSave} onApprove={vi.fn()} />,
    );
    const section = screen.getByRole('region', { name: 'What we read about you' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual([
      '21.1 km run in 1:31:00',
      'Runs 5 times a week now',
      'About 60 km a week now',
      'Longest run: 28 km',
      'Threshold pace 4:10 /km',
      'Your weakest sport: swimming',
    ]);

    await userEvent.click(
      within(section).getByRole('button', { name: 'Not right: remove "Longest run: 28 km"' }),
    );
    expect(onSave).toHaveBeenLastCalledWith({
      athlete: {
        longest_recent_km: { run: null, bike: null, swim: null },
        longest_recent_minutes: { run: null, bike: null, swim: null },
      },
    });
    await userEvent.click(
      within(section).getByRole('button', { name: 'Not right: remove "Runs 5 times a week now"' }),
    );
    expect(onSave).toHaveBeenLastCalledWith({
      athlete: { current_weekly_sessions: { run: null, bike: null, swim: null } },
    });
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('shows nothing when the text said nothing about the athlete', () => {
    render(
      <ReviewStep
        session={draftedSession()}
        saving={false}
        approving={false}
        onSave={vi.fn()}
        onApprove={vi.fn()}
      />,
    );
    expect(screen.queryByRole('region', { name: 'What we read about you' })).toBeNull();
  });

  it('writes distances and paces in miles for an imperial athlete', () => {
    expect(readFacts(athlete, 'imperial').map((fact) => fact.text)).toEqual([
      '13.1 mi run in 1:31:00',
      'Runs 5 times a week now',
      'About 37 mi a week now',
      'Longest run: 17 mi',
      'Threshold pace 6:42 /mi',
      'Your weakest sport: swimming',
    ]);
  });
});
