import { parseWorkout } from '@stamina/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ParsedSteps, zoneReason } from '../src/components/workouts/parsed-steps.tsx';

describe('parsed steps with their zone source', () => {
  const parsed = parseWorkout('10min easy, 3x 5min @ 250w w/ 2min rest, 5min', {
    sport: 'bike',
    thresholds: { ftpWatts: 250 },
  });

  it('says why each step got its zone', () => {
    expect(parsed.intervals.map(zoneReason).slice(0, 3)).toEqual([
      "Zone 2 Aerobic (Base). From the words: 'easy'",
      'Zone 4 Threshold. From its target: 250 W = 100% FTP',
      "Zone 1 Recovery. From the words: 'rest'",
    ]);
    expect(zoneReason(parsed.intervals.at(-1)!)).toBe(
      'Zone 2 Aerobic (Base). Default: nothing written about intensity: zone 2',
    );
  });

  it('shows the reason in a tooltip reached with the keyboard', async () => {
    const user = userEvent.setup();
    render(<ParsedSteps intervals={parsed.intervals} />);
    const list = screen.getByRole('list', { name: 'Parsed steps' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(parsed.intervals.length);
    // Tab to the second badge: the first effort.
    await user.tab();
    await user.tab();
    const badge = within(list).getAllByRole('button', { name: /250 W = 100% FTP/ })[0];
    expect(badge).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('From its target: 250 W = 100% FTP');
  });
});
