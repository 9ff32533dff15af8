import { type Interval, parseWorkout, summarize } from '@stamina/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClock, formatDuration, formatPace, formatPace100 } from '../src/components/workouts/format.ts';
import {
  buildSteps,
  IntensityChart,
  intensityText,
  percentTicks,
  targetLines,
} from '../src/components/workouts/intensity-chart.tsx';
import { ZoneDistributionPanel } from '../src/components/workouts/zone-distribution-panel.tsx';

// jsdom has no ResizeObserver and lays nothing out; this one reports a 640×240 box for recharts.
class ResizeObserverStub {
  constructor(
    private readonly callback: (entries: { contentRect: { width: number; height: number } }[]) => void,
  ) {}
  observe() {
    this.callback([{ contentRect: { width: 640, height: 240 } }]);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));
afterEach(() => vi.unstubAllGlobals());

function step(
  name: string,
  minutes: number,
  zone: Interval['zone'],
  extra: Partial<Interval> = {},
): Interval {
  return {
    name,
    duration_seconds: minutes * 60,
    repetitions: 1,
    rest_duration_seconds: 0,
    zone,
    targets: {},
    isRest: false,
    phase: 'main',
    ...extra,
  };
}

const workout: Interval[] = [
  step('Warmup', 15, 2, { phase: 'warmup' }),
  step('Rep 1', 3, 4, { targets: { heart_rate_min: 165, heart_rate_max: 172, pace_per_km_seconds: 250 } }),
  step('Recovery', 2, 3, { isRest: true }),
  step('Rep 2', 3, 4),
  step('Cooldown', 10, 1, { phase: 'cooldown' }),
];

describe('intensity chart', () => {
  it("shows the spec's empty state without intervals", () => {
    render(<IntensityChart intervals={[]} sport="run" />);
    expect(screen.getByText('No workout data to display')).toBeVisible();
    expect(screen.getByText('Add intervals to see the intensity graph')).toBeVisible();
  });

  it('treats zero-length steps as no data', () => {
    render(<IntensityChart intervals={[step('Nothing', 0, 3)]} sport="bike" />);
    expect(screen.getByText('No workout data to display')).toBeVisible();
  });

  it("places steps end to end at their zone's typical % of threshold when no power is written, rest as zone 1", () => {
    const steps = buildSteps(workout);
    expect(steps.map((s) => [s.startSeconds, s.endSeconds, s.startPercent, s.endPercent])).toEqual([
      [0, 900, 65, 65],
      [900, 1080, 95, 95],
      [1080, 1200, 50, 50],
      [1200, 1380, 95, 95],
      [1380, 1980, 50, 50],
    ]);
    expect(steps.at(-1)!.endSeconds).toBe(summarize(workout, 1).total_duration_estimated);
  });

  it('draws a ride at the % FTP it is written at: a 50-75 % warm-up ramps from 50 to 75, not at 40 %', () => {
    const { intervals } = parseWorkout(
      'Warmup: 10min from 50 to 75% FTP\nMain: 2x 8min @ 95-105% FTP with 4min @ 55% FTP\nCooldown: 5min Z1',
      { sport: 'bike' },
    );
    const steps = buildSteps(intervals);
    expect(steps.map((s) => [s.startPercent, s.endPercent])).toEqual([
      [50, 75],
      [100, 100],
      [55, 55],
      [100, 100],
      [55, 55],
      [50, 50],
    ]);
    expect(steps.map((s) => intensityText(s, 'bike'))).toEqual([
      '50 → 75% FTP',
      '95–105% FTP',
      '55% FTP',
      '95–105% FTP',
      '55% FTP',
      '≈50% FTP (zone 1)',
    ]);
    // The axis is labelled and reaches past the hardest step, in steps of 25 %.
    expect(percentTicks(steps)).toEqual([0, 25, 50, 75, 100, 125]);
    expect(percentTicks(buildSteps([step('Sprint', 1, 5, { targets: { power_percent_ftp: 150 } })]))).toEqual(
      [0, 25, 50, 75, 100, 125, 150, 175],
    );
    const { container } = render(<IntensityChart intervals={intervals} sport="bike" />);
    expect(container.querySelector('.recharts-label')?.textContent).toBe('% FTP');
    const rows = within(screen.getByRole('table', { name: 'Workout steps' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('50 → 75% FTP');
  });

  it('describes itself to screen readers and shows the legend and distribution badges', () => {
    const { container } = render(<IntensityChart intervals={workout} sport="run" />);
    const figure = screen.getByRole('figure');
    expect(figure).toHaveAccessibleName(/Run intensity profile: 33 min in 5 steps, mostly zone 2/);
    const table = within(figure).getByRole('table', { name: 'Workout steps' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[2]).toHaveTextContent('Rep 1');
    expect(rows[2]).toHaveTextContent('15:00 to 18:00');
    expect(rows[2]).toHaveTextContent('Zone 4 Threshold');
    expect(rows[2]).toHaveTextContent('Heart rate: 165-172 bpm; Pace: 4:10 /km');
    expect(rows[3]).toHaveTextContent('Recovery (rest)');
    expect(rows[3]).toHaveTextContent('≈50% threshold (zone 1)');
    const legend = screen.getByRole('list', { name: 'Zone legend' });
    expect(within(legend).getAllByRole('listitem')).toHaveLength(5);
    expect(legend).toHaveTextContent('VO2 Max');
    const badges = screen.getByRole('list', { name: 'Time in zones' });
    // 15 of 33 min in Z2, 6 in Z4, 12 (cooldown plus rest) in Z1.
    expect(badges).toHaveTextContent('Z136.4%');
    expect(badges).toHaveTextContent('Z245.4%'); // core rounds so the shares sum to 100
    expect(badges).toHaveTextContent('Z418.2%');
    // The four limits between the five zones.
    expect(container.querySelectorAll('.recharts-reference-line')).toHaveLength(4);
  });

  it('formats targets in the athlete units and per 100 m for swimming', () => {
    const rep = step('Rep', 3, 4, {
      targets: { power_watts: 250, power_watts_max: 270, pace_per_km_seconds: 270, cadence_rpm: 90, rpe: 7 },
    });
    expect(targetLines(rep, 'run', 'metric')).toEqual([
      'Power: 250-270 W',
      'Pace: 4:30 /km',
      'Cadence: 90 rpm',
      'RPE: 7/10',
    ]);
    expect(targetLines(rep, 'run', 'imperial')).toContain('Pace: 7:15 /mi');
    const swim = step('100s', 2, 4, { targets: { pace_per_100m_seconds: 100 } });
    expect(targetLines(swim, 'swim', 'metric')).toEqual(['Pace: 1:40 /100m']);
  });
});

describe('zone distribution panel', () => {
  it('lists all five zones with names and percentages', () => {
    render(
      <ZoneDistributionPanel distribution={{ zone_1: 20, zone_2: 50, zone_3: 0, zone_4: 30, zone_5: 0 }} />,
    );
    const items = within(screen.getByRole('region', { name: 'Zone Distribution' })).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Z1Recovery');
    expect(items[0]).toHaveTextContent('20%');
    expect(items[3]).toHaveTextContent('Threshold');
    expect(items[3]).toHaveTextContent('30%');
    expect(items[4]).toHaveTextContent('0%');
  });
});

describe('workout formatting', () => {
  it('formats durations, clocks and paces', () => {
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(90 * 60)).toBe('1h 30m');
    expect(formatDuration(120 * 60)).toBe('2h');
    expect(formatDuration(30)).toBe('30 sec');
    expect(formatClock(754)).toBe('12:34');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatPace(270, 'metric')).toBe('4:30 /km');
    expect(formatPace(270, 'imperial')).toBe('7:15 /mi');
    expect(formatPace100(100)).toBe('1:40 /100m');
  });
});
