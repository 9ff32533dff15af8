// The review's "What we read about you" (docs/onboarding.md, "Review"): every fact about the athlete that the goal
// reader took from their words (results, current training, longest sessions, thresholds, experience, limiters,
// past injuries), one line each, so a misreading is seen before it shapes the plan. "Not right" removes the fact
// through the goal-context update; the plan is drafted again without it, and where the review asks for that
// fact ("A few things your text did not say"), the question comes back to be answered.
import type { GoalContextDto, GoalContextUpdateRequest } from '@stamina/contract';
import { formatClock, formatPace, formatRaceDistance, METERS_PER_MILE, type Units } from '@stamina/core';
import { useUnits } from '../../lib/auth-context.tsx';
import { Button } from '../ui/button.tsx';

type Athlete = GoalContextDto['athlete'];
type Sport = 'run' | 'bike' | 'swim';

interface Fact {
  key: string;
  text: string;
  /** The update that removes it. */
  without: GoalContextUpdateRequest;
}

const NOUNS: Record<Sport, { session: string; plural: string }> = {
  run: { session: 'run', plural: 'Runs' },
  bike: { session: 'ride', plural: 'Rides' },
  swim: { session: 'swim', plural: 'Swims' },
};
const SPORTS: readonly Sport[] = ['run', 'bike', 'swim'];
const DONE: Record<Athlete['performances'][number]['sport'], string> = {
  run: 'run',
  bike: 'ridden',
  swim: 'swum',
  triathlon: 'raced',
};
const SPORT_NAMES: Record<Sport, string> = { run: 'running', bike: 'cycling', swim: 'swimming' };

function hoursAndMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function kmText(km: number, units: Units): string {
  return units === 'imperial'
    ? `${Math.round((km * 1000) / METERS_PER_MILE)} mi`
    : `${Math.round(km * 10) / 10} km`;
}

/** The facts read from the goal's text, in the order an athlete tells them. */
export function readFacts(athlete: Athlete, units: Units): Fact[] {
  const facts: Fact[] = [];
  athlete.performances.forEach((p, index) => {
    facts.push({
      key: `performance-${index}`,
      text: `${formatRaceDistance(p.distance_meters, units)} ${DONE[p.sport]} in ${formatClock(p.time_seconds)}`,
      without: { athlete: { performances: athlete.performances.filter((_, i) => i !== index) } },
    });
  });
  for (const sport of SPORTS) {
    const count = athlete.current_weekly_sessions[sport];
    if (count !== null)
      facts.push({
        key: `sessions-${sport}`,
        text: `${NOUNS[sport].plural} ${count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`} a week now`,
        without: {
          athlete: { current_weekly_sessions: { ...athlete.current_weekly_sessions, [sport]: null } },
        },
      });
  }
  if (athlete.current_weekly_km !== null)
    facts.push({
      key: 'weekly-km',
      text: `About ${kmText(athlete.current_weekly_km, units)} a week now`,
      without: { athlete: { current_weekly_km: null } },
    });
  if (athlete.current_weekly_hours !== null)
    facts.push({
      key: 'weekly-hours',
      text: `About ${hoursAndMinutes(athlete.current_weekly_hours * 60)} of training a week now`,
      without: { athlete: { current_weekly_hours: null } },
    });
  for (const sport of SPORTS) {
    const km = athlete.longest_recent_km[sport];
    const minutes = athlete.longest_recent_minutes[sport];
    if (km === null && minutes === null) continue;
    const parts = [
      km === null ? null : kmText(km, units),
      minutes === null ? null : hoursAndMinutes(minutes),
    ];
    facts.push({
      key: `longest-${sport}`,
      text: `Longest ${NOUNS[sport].session}: ${parts.filter(Boolean).join(', ')}`,
      without: {
        athlete: {
          longest_recent_km: { ...athlete.longest_recent_km, [sport]: null },
          longest_recent_minutes: { ...athlete.longest_recent_minutes, [sport]: null },
        },
      },
    });
  }
  if (athlete.ftp_watts !== null)
    facts.push({ key: 'ftp', text: `FTP ${athlete.ftp_watts} W`, without: { athlete: { ftp_watts: null } } });
  if (athlete.threshold_pace_seconds_per_km !== null)
    facts.push({
      key: 'threshold-pace',
      text: `Threshold pace ${formatPace(athlete.threshold_pace_seconds_per_km, units)}`,
      without: { athlete: { threshold_pace_seconds_per_km: null } },
    });
  if (athlete.css_seconds_per_100m !== null)
    facts.push({
      key: 'css',
      text: `Swim threshold (CSS) ${formatClock(athlete.css_seconds_per_100m)} /100 m`,
      without: { athlete: { css_seconds_per_100m: null } },
    });
  if (athlete.lthr !== null)
    facts.push({
      key: 'lthr',
      text: `Threshold heart rate ${athlete.lthr} bpm`,
      without: { athlete: { lthr: null } },
    });
  if (athlete.max_hr !== null)
    facts.push({
      key: 'max-hr',
      text: `Maximum heart rate ${athlete.max_hr} bpm`,
      without: { athlete: { max_hr: null } },
    });
  if (athlete.years_training !== null)
    facts.push({
      key: 'years',
      text: `Training for ${athlete.years_training} ${athlete.years_training === 1 ? 'year' : 'years'}`,
      without: { athlete: { years_training: null } },
    });
  if (athlete.events_completed !== null)
    facts.push({
      key: 'events',
      text: `${athlete.events_completed} ${athlete.events_completed === 1 ? 'event' : 'events'} finished`,
      without: { athlete: { events_completed: null } },
    });
  for (const sport of athlete.limiters)
    facts.push({
      key: `limiter-${sport}`,
      text: `Your weakest sport: ${SPORT_NAMES[sport]}`,
      without: { athlete: { limiters: athlete.limiters.filter((s) => s !== sport) } },
    });
  for (const injury of athlete.past_injuries)
    facts.push({
      key: `past-injury-${injury}`,
      text: `A past ${injury.replaceAll('_', ' ')} injury, now over`,
      without: { athlete: { past_injuries: athlete.past_injuries.filter((i) => i !== injury) } },
    });
  return facts;
}

export function ReadFacts({
  goal,
  saving,
  onSave,
}: {
  goal: GoalContextDto;
  saving: boolean;
  onSave: (changes: GoalContextUpdateRequest) => void;
}) {
  const units = useUnits();
  const facts = readFacts(goal.athlete, units);
  if (facts.length === 0) return null;
  return (
    <section aria-labelledby="read-facts-title" className="space-y-2">
      <div>
        <h3 id="read-facts-title" className="font-semibold">
          What we read about you
        </h3>
        <p className="text-xs text-muted-foreground">
          The plan starts from these. Remove one we read wrong; the plan is drafted again without it.
        </p>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {facts.map((fact) => (
          <li key={fact.key} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span>{fact.text}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={saving}
              aria-label={`Not right: remove "${fact.text}"`}
              onClick={() => onSave(fact.without)}
            >
              Not right
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
