// Every achievement: the earned ones first (newest first, with their date), then the rest by how close they
// are, each with a progress bar and its figures.
import type { AchievementDto } from '@stamina/contract';
import { roundTo } from '@stamina/core';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { AchievementIcon } from '../../../components/achievement-icon.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDay } from '../../../lib/dates.ts';

function sortAchievements(list: readonly AchievementDto[]): AchievementDto[] {
  return [...list].sort((a, b) => {
    if (a.earned !== b.earned) return a.earned ? -1 : 1;
    if (a.earned) return (b.earned_date ?? '').localeCompare(a.earned_date ?? '');
    return b.progress_percentage - a.progress_percentage;
  });
}

/** Unearned achievements shown before 'Show all': the closest ones; the rest of a catalogue of 20+ would bury them. */
const NEXT_SHOWN = 6;

export function AchievementsList({ achievements }: { achievements: readonly AchievementDto[] }) {
  const [all, setAll] = useState(false);
  const sorted = sortAchievements(achievements);
  const earned = sorted.filter((a) => a.earned).length;
  const shown = all ? sorted : sorted.slice(0, earned + NEXT_SHOWN);
  return (
    <div className="space-y-3">
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((a) => (
          <li key={a.id} className="flex gap-3 rounded-lg border border-border p-3">
            <AchievementIcon id={a.id} earned={a.earned} className="mt-0.5" />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-1.5 font-medium">
                {a.name}
                {a.earned ? <CheckCircle2 className="h-4 w-4 text-success" aria-label="Earned" /> : null}
              </p>
              <p className="text-xs text-muted-foreground">{a.description}</p>
              {a.earned ? (
                <p className="mt-1 text-xs font-medium text-success">
                  Earned {a.earned_date ? formatDay(a.earned_date) : ''}
                </p>
              ) : (
                <div className="mt-1.5">
                  <div
                    role="progressbar"
                    aria-label={`${a.name} progress`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(a.progress_percentage)}
                    className="h-1.5 overflow-hidden rounded-full bg-muted"
                  >
                    <div
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${a.progress_percentage}%` }}
                    />
                  </div>
                  <p className="mt-1 text-xs tabular-nums text-muted-foreground">
                    {roundTo(a.current_value, 1)} of {roundTo(a.target_value, 1)} {a.unit}
                  </p>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      {shown.length < sorted.length || all ? (
        <Button variant="outline" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${sorted.length}`}
        </Button>
      ) : null}
    </div>
  );
}
