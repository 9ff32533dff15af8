// Race readiness: the score as a ring with its band, fitness level, days to the race, the taper advice,
// Riegel predictions (with the model named, as they are estimates) and the areas to work on.
import type { RaceReadinessDto } from '@stamina/contract';
import { Flag, Target } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../../../lib/dates.ts';

const FITNESS_LABELS: Record<RaceReadinessDto['fitness_level'], string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
  very_high: 'Very high',
};

/** Readiness bands and indicator colours (docs/wellness.md, "Readiness"). */
function band(score: number): { label: string; tone: string } {
  const tone = score >= 80 ? 'text-success' : score >= 60 ? 'text-warning' : 'text-destructive';
  const label =
    score >= 80 ? 'Excellent' : score >= 70 ? 'Great' : score >= 60 ? 'Good' : score >= 40 ? 'Fair' : 'Poor';
  return { label, tone };
}

function ScoreRing({ score }: { score: number }) {
  const clamped = Math.min(100, Math.max(0, Math.round(score)));
  const { label, tone } = band(clamped);
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className="relative h-28 w-28 shrink-0">
      <svg viewBox="0 0 100 100" className="h-full w-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="9" className="stroke-muted" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          strokeWidth="9"
          strokeLinecap="round"
          stroke="currentColor"
          className={tone}
          strokeDasharray={`${(clamped / 100) * circumference} ${circumference}`}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-2xl font-bold tabular-nums">{clamped}</span>
        <span className={cn('text-xs font-semibold', tone)}>{label}</span>
      </div>
    </div>
  );
}

export function RaceReadinessPanel({ readiness }: { readiness: RaceReadinessDto }) {
  const { race, predicted_performance: predicted } = readiness;
  const score = Math.round(readiness.readiness_score);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-4">
        <div role="img" aria-label={`Race readiness ${score} out of 100, ${band(score).label}`}>
          <ScoreRing score={score} />
        </div>
        <dl className="grid min-w-60 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Fitness level</dt>
          <dd className="font-semibold">{FITNESS_LABELS[readiness.fitness_level]}</dd>
          <dt className="text-muted-foreground">Race</dt>
          <dd className="min-w-0">
            {race ? (
              <>
                <span className="font-semibold">{race.title}</span>
                <span className="text-muted-foreground"> · {formatDay(race.race_date)}</span>
              </>
            ) : (
              'No race planned'
            )}
          </dd>
          {readiness.days_until_race !== null ? (
            <>
              <dt className="text-muted-foreground">Days until race</dt>
              <dd className="font-semibold tabular-nums">{readiness.days_until_race}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Race-day form</dt>
          <dd className="tabular-nums">
            CTL {Math.round(readiness.race_day_load.ctl)} · TSB {Math.round(readiness.race_day_load.tsb)}
          </dd>
        </dl>
      </div>

      <p className="flex gap-2 rounded-lg bg-muted p-3 text-sm">
        <Flag className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <span className="font-semibold">Taper: </span>
          {readiness.taper_recommendation}
        </span>
      </p>

      <div>
        <h3 className="text-sm font-semibold">Predicted times</h3>
        {predicted.predictions.length > 0 ? (
          <>
            <table className="mt-1 w-full text-sm">
              <thead className="sr-only">
                <tr>
                  <th scope="col">Distance</th>
                  <th scope="col">Predicted time</th>
                </tr>
              </thead>
              <tbody>
                {predicted.predictions.map((p) => (
                  <tr key={p.distance_meters} className="border-b border-border last:border-0">
                    <th scope="row" className="py-1 text-left font-medium">
                      {p.name}
                    </th>
                    <td className="py-1 text-right font-semibold tabular-nums">{p.predicted_time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-1 text-xs text-muted-foreground">
              Estimated with {predicted.model_name}, from your best recent efforts.
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">
            Complete a timed run with a distance to see predictions ({predicted.model_name}).
          </p>
        )}
      </div>

      {readiness.areas_to_focus.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">Areas to focus</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {readiness.areas_to_focus.map((area) => (
              <li key={area} className="flex gap-2">
                <Target className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                {area}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
