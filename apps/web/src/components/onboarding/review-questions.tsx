// The review's questions (docs/onboarding.md, "Review"): what the goal's text did not say about the athlete's
// training, asked one field at a time, and only what matters to the event's sport: a recent result for a run
// or swim event, the current weekly volume (km for runners, hours otherwise), the longest recent session of
// each sport the event holds, and how many such events they finished when experience was assumed. Each
// answer is sent alone through the goal-context update; the question goes once the answer is kept.
import type { GoalContextDto, GoalContextUpdateRequest, RaceType } from '@stamina/contract';
import { METERS_PER_MILE } from '@stamina/core';
import { type FormEvent, useId, useState } from 'react';
import { useUnits } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';

type Athlete = GoalContextDto['athlete'];
type Sport = 'run' | 'bike' | 'swim';
const KM_PER_MILE = METERS_PER_MILE / 1000;

/** The sports an event holds: a triathlon all three. */
function eventSports(goal: GoalContextDto): Sport[] {
  const sport = goal.primary_event.sport;
  if (sport === 'triathlon') return ['swim', 'bike', 'run'];
  return sport === 'run' || sport === 'bike' || sport === 'swim' ? [sport] : [];
}

/** '1:45' (h:mm) or '105' (minutes) as minutes; null when neither. */
function parseMinutes(raw: string): number | null {
  const text = raw.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]) || null;
  const minutes = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  return minutes > 0 && minutes <= 2400 ? minutes : null;
}

/** '3:21:30', '45:10' or '1:32:00' as seconds; null otherwise. */
function parseDuration(raw: string): number | null {
  const parts = raw.trim().split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d{1,2}$/.test(p))) return null;
  const [a, b, c] = parts.map(Number) as [number, number, number?];
  if (b > 59 || (c !== undefined && c > 59)) return null;
  const seconds = c === undefined ? a * 60 + b : a * 3600 + b * 60 + c;
  return seconds > 0 ? seconds : null;
}

/** The distances a result is asked for: its label, metres and race type (when it is one). */
const RESULT_DISTANCES: Record<'run' | 'swim', readonly (readonly [string, number, RaceType | null])[]> = {
  run: [
    ['5 km', 5000, '5K'],
    ['10 km', 10000, '10K'],
    ['Half marathon', 21097.5, 'Half Marathon'],
    ['Marathon', 42195, 'Marathon'],
  ],
  swim: [
    ['400 m', 400, null],
    ['1500 m', 1500, null],
    ['3.8 km', 3800, null],
  ],
};

const SPORT_NOUNS: Record<Sport, string> = { run: 'run', bike: 'ride', swim: 'swim' };

interface Question {
  key: string;
  label: string;
  hint: string;
  kind: 'number' | 'duration' | 'result';
  sport?: Sport;
  toEdit: (value: string, distance: number) => GoalContextUpdateRequest | string;
}

/** The questions the goal leaves open, for its sport only. */
function openQuestions(goal: GoalContextDto, imperial: boolean): Question[] {
  const facts: Athlete = goal.athlete;
  const sports = eventSports(goal);
  const main = goal.primary_event.sport;
  const questions: Question[] = [];
  const resultSport = main === 'run' || main === 'triathlon' ? 'run' : main === 'swim' ? 'swim' : null;
  if (resultSport && !facts.performances.some((p) => p.sport === resultSport)) {
    questions.push({
      key: 'performance',
      label: `Your best recent ${resultSport === 'run' ? 'race or run' : 'swim'} time`,
      hint: 'Pick the distance, then the time, like 45:10 or 1:32:00. It sets your paces.',
      kind: 'result',
      sport: resultSport,
      toEdit: (value, distance) => {
        const seconds = parseDuration(value);
        if (!seconds) return 'Write the time like 45:10 or 1:32:00';
        const race = RESULT_DISTANCES[resultSport].find(([, meters]) => meters === distance)?.[2] ?? null;
        return {
          athlete: {
            performances: [
              ...facts.performances,
              {
                sport: resultSport,
                distance_meters: distance,
                race_type: race,
                time_seconds: seconds,
                date: null,
              },
            ],
          },
        };
      },
    });
  }
  if (main === 'run' && facts.current_weekly_km === null) {
    questions.push({
      key: 'weekly_km',
      label: `How far do you run a week now? (${imperial ? 'miles' : 'km'})`,
      hint: 'What you run these weeks, not what you plan to.',
      kind: 'number',
      toEdit: (value) => {
        const n = Number(value);
        if (!value.trim() || !Number.isFinite(n) || n < 0 || n > (imperial ? 300 : 500))
          return `Write a number of ${imperial ? 'miles' : 'km'}`;
        return { athlete: { current_weekly_km: Math.round((imperial ? n * KM_PER_MILE : n) * 10) / 10 } };
      },
    });
  } else if (main !== 'run' && sports.length > 0 && facts.current_weekly_hours === null) {
    questions.push({
      key: 'weekly_hours',
      label: 'How many hours do you train a week now?',
      hint: 'What you do these weeks, not the time you have.',
      kind: 'number',
      toEdit: (value) => {
        const n = Number(value);
        if (!value.trim() || !Number.isFinite(n) || n < 0 || n > 40)
          return 'Write a number of hours, 0 to 40';
        return { athlete: { current_weekly_hours: n } };
      },
    });
  }
  for (const sport of sports) {
    // A longest session the text gave in minutes or as a distance ("longest run 28 km") is known.
    if (facts.longest_recent_minutes[sport] !== null || facts.longest_recent_km[sport] !== null) continue;
    questions.push({
      key: `longest_${sport}`,
      label: `Your longest ${SPORT_NOUNS[sport]} in the last month`,
      hint: 'In h:mm or minutes, like 1:45 or 105.',
      kind: 'duration',
      sport,
      toEdit: (value) => {
        const minutes = parseMinutes(value);
        if (!minutes) return 'Write it like 1:45 or 105';
        return { athlete: { longest_recent_minutes: { ...facts.longest_recent_minutes, [sport]: minutes } } };
      },
    });
  }
  if (goal.assumed.experience && facts.events_completed === null) {
    questions.push({
      key: 'events_completed',
      label: `How many ${goal.primary_event.distance} events have you finished?`,
      hint: '0 if this is your first.',
      kind: 'number',
      toEdit: (value) => {
        const n = Number(value);
        if (!value.trim() || !Number.isInteger(n) || n < 0 || n > 1000) return 'Write a whole number';
        return { athlete: { events_completed: n } };
      },
    });
  }
  return questions;
}

const CONTROL =
  'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function QuestionRow({
  question,
  saving,
  onSave,
}: {
  question: Question;
  saving: boolean;
  onSave: (changes: GoalContextUpdateRequest) => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const distances =
    question.kind === 'result' && question.sport ? RESULT_DISTANCES[question.sport as 'run' | 'swim'] : [];
  const [distance, setDistance] = useState<number>(distances[distances.length > 2 ? 2 : 0]?.[1] ?? 0);
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const edit = question.toEdit(value, distance);
    if (typeof edit === 'string') {
      setError(edit);
      return;
    }
    setError(null);
    onSave(edit);
  }

  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <li>
      <form noValidate onSubmit={onSubmit} aria-label={question.label} className="space-y-1">
        <label htmlFor={id} className="text-sm font-medium">
          {question.label}
        </label>
        <div className="flex flex-wrap gap-2">
          {distances.length > 0 ? (
            <select
              aria-label="Distance"
              value={String(distance)}
              onChange={(event) => setDistance(Number(event.target.value))}
              className={cn(CONTROL, 'w-auto min-w-[8rem] flex-none')}
            >
              {distances.map(([text, meters]) => (
                <option key={meters} value={String(meters)}>
                  {text}
                </option>
              ))}
            </select>
          ) : null}
          <input
            id={id}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputMode={question.kind === 'number' ? 'decimal' : 'text'}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(CONTROL, 'w-auto min-w-[6rem] flex-1', error && 'border-destructive')}
          />
          <Button type="submit" variant="secondary" disabled={saving}>
            Save
          </Button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-xs text-destructive">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {question.hint}
          </p>
        )}
      </form>
    </li>
  );
}

export function ReviewQuestions({
  goal,
  saving,
  onSave,
}: {
  goal: GoalContextDto;
  saving: boolean;
  onSave: (changes: GoalContextUpdateRequest) => void;
}) {
  const imperial = useUnits() === 'imperial';
  const questions = openQuestions(goal, imperial);
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="review-questions-title" className="space-y-3">
      <div>
        <h3 id="review-questions-title" className="font-semibold">
          A few things your text did not say
        </h3>
        <p className="text-xs text-muted-foreground">Optional: each answer makes the plan fit you better.</p>
      </div>
      <ul className="space-y-3">
        {questions.map((question) => (
          <QuestionRow key={question.key} question={question} saving={saving} onSave={onSave} />
        ))}
      </ul>
    </section>
  );
}
