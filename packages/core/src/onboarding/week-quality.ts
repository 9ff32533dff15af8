// A plan week's quality sessions: which kinds, for which sport, by family, phase and experience, and their
// minutes. Pure. Rules and sources: docs/plan-generator.md, "Structure" and "Intensity by time".
import { clamp } from '../numbers.ts';
import type { Sport } from '../workouts/types.ts';
import type { SessionKind } from './session-library.ts';
import { isTriathlonFamily, type WeekInput } from './week-input.ts';
import type { EventFamily } from './week-structure.ts';

/** The week's quality sessions (kind per sport), by family, phase and experience. */
export function qualityKinds(
  w: WeekInput,
  label: string,
): Array<{ sport: Sport; kind: SessionKind; inLong?: boolean }> {
  const { family, phase, kind } = w;
  const two = w.experience !== 'beginner';
  const odd = w.loadIndex % 2 === 1;
  if (kind === 'race') return [];
  if (label === 'Foundation') {
    if (isTriathlonFamily(family)) return [{ sport: 'swim', kind: 'technique' }];
    return [];
  }
  const out: Array<{ sport: Sport; kind: SessionKind; inLong?: boolean }> = [];
  if (isTriathlonFamily(family)) {
    const long = family !== 'short_tri';
    out.push({ sport: 'swim', kind: phase === 'peak' && long ? 'race_pace' : 'threshold' });
    out.push({
      sport: 'bike',
      kind:
        phase === 'base'
          ? 'tempo'
          : phase === 'build'
            ? long && odd
              ? 'race_pace'
              : 'threshold'
            : long
              ? 'race_pace'
              : 'vo2',
    });
    out.push({
      sport: 'run',
      kind: phase === 'base' ? 'tempo' : phase === 'peak' && !long ? 'race_pace' : 'threshold',
    });
    // A deload keeps the bike's and the run's quality, shorter; its swims are technique. The taper keeps
    // the bike's and the run's (docs/plan-generator.md, "Load").
    if (kind === 'deload') return out.map((q) => (q.sport === 'swim' ? { ...q, kind: 'technique' } : q));
    return kind === 'taper' ? out.filter((q) => q.sport !== 'swim') : out;
  }
  // At 10 hours or more, an experienced athlete's base weeks hold a second quality session (threshold work),
  // so the hard time keeps its share of a big week (docs/plan-generator.md, "Intensity by time").
  const bigBase = two && phase === 'base' && w.hoursPerWeek >= 10;
  if (family === 'bike') {
    // A long ride's race power sits in zone 2: the first quality session stays threshold work.
    out.push({ sport: 'bike', kind: phase === 'base' ? 'tempo' : 'threshold' });
    if (bigBase) out.push({ sport: 'bike', kind: 'threshold' });
    if (two && phase !== 'base')
      out.push({ sport: 'bike', kind: phase === 'build' && odd ? 'vo2' : 'race_pace' });
  } else if (family === 'swim') {
    out.push({ sport: 'swim', kind: 'threshold' });
    if (two && (phase !== 'base' || bigBase)) out.push({ sport: 'swim', kind: 'race_pace' });
  } else {
    const short = family === 'short_run';
    const marathon = family === 'marathon' || family === 'ultra';
    // A half marathoner's build rotates VO2max intervals with threshold work in the first slot, every other load
    // week: Daniels' Phase III (I pace) and Pfitzinger's half-marathon schedules (docs/plan-generator.md,
    // "Structure"). A beginner's single session stays threshold and race pace.
    const halfVo2 = family === 'half' && two && odd;
    // A marathoner's peak does the same every other load week: Pfitzinger's race-preparation weeks carry VO2max
    // intervals (5-6 x 1000-1200 m at 5K pace) beside the marathon-pace long runs; Daniels' Phase III holds I pace.
    const marathonVo2 = family === 'marathon' && two && odd && phase === 'peak';
    // First quality session: steady running in base, threshold in build, the race's own work in peak.
    out.push({
      sport: 'run',
      kind:
        phase === 'base'
          ? 'tempo'
          : phase === 'build'
            ? short || halfVo2
              ? 'vo2'
              : 'threshold'
            : short || marathonVo2
              ? 'vo2'
              : 'threshold',
    });
    if (bigBase) out.push({ sport: 'run', kind: 'threshold' });
    else if (two && phase !== 'base') {
      if (marathon && (phase === 'peak' || odd)) out.push({ sport: 'run', kind: 'long', inLong: true });
      else out.push({ sport: 'run', kind: short && phase === 'build' && odd ? 'threshold' : 'race_pace' });
    } else if (!two && phase !== 'base' && odd) {
      // A beginner's one quality session alternates with the race's own pace.
      out[0] = marathon ? { sport: 'run', kind: 'long', inLong: true } : { sport: 'run', kind: 'race_pace' };
    }
  }
  // A race pace in zone 1-2 is no quality work: threshold work takes its place; a rider's race simulation at
  // zone-2 power becomes sweet spot (Friel's muscular endurance), the long ride already riding at race power.
  // A new runner past the run/walk block runs steady, "comfortably hard" by effort, in place of intervals.
  for (const [i, q] of out.entries()) {
    if (w.newRunner && q.sport === 'run') out[i] = { sport: 'run', kind: 'tempo' };
    if (w.easyRacePace && q.sport === 'run' && (q.kind === 'race_pace' || q.inLong))
      out[i] = { sport: 'run', kind: 'threshold' };
    if (w.easyRaceWatts && family === 'bike' && q.kind === 'race_pace')
      out[i] = { sport: 'bike', kind: 'tempo' };
  }
  // Deloads and taper keep one short quality session.
  // Fewer than 5 hours a week: one quality session (two would tip the week past a fifth of hard time).
  const few = !isTriathlonFamily(family) && w.hoursPerWeek < 5;
  if (kind === 'load' && !few) return out;
  // A deload or taper week keeps one short quality session: the race's own pace rather than a long run's.
  const first = out[0];
  if (!first) return [];
  return [first.inLong ? { sport: first.sport, kind: 'race_pace' } : first];
}

/** Minutes a quality session gets, by sport and the week's hours. */
export function qualityMinutes(
  sport: Sport,
  kind: SessionKind,
  weekMinutes: number,
  family: EventFamily,
): number {
  if (sport === 'swim') return clamp(weekMinutes * 0.08, 35, 60);
  // Race simulation for a long race: a ride long enough for blocks of race power.
  if (
    sport === 'bike' &&
    kind === 'race_pace' &&
    (family === 'long_tri' || family === 'half_tri' || family === 'bike')
  )
    return clamp(weekMinutes * 0.18, 60, 150);
  if (sport === 'bike') return clamp(weekMinutes * (family === 'bike' ? 0.2 : 0.12), 50, 120);
  return clamp(weekMinutes * (isTriathlonFamily(family) ? 0.1 : 0.17), 40, 100);
}
