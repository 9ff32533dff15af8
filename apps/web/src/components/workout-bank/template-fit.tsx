// "Fit it to my day" in a template's detail (docs/workout-bank.md, "Suggestions"): the athlete's time, equipment,
// weather and fitness, and the session the server fits to them, with what changed and why.
import { WORKOUT_BANK_WEATHER } from '@stamina/contract';
import { formatTemplateDuration, withImperialFigures } from '@stamina/core';
import { type FormEvent, useId, useState } from 'react';
import { type FitInput, useFitTemplate } from '../../api/workout-bank/own.ts';
import type { WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { Button } from '../ui/button.tsx';

const LEVELS = ['beginner', 'intermediate', 'advanced', 'elite'] as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const control =
  'block h-10 w-full rounded-lg border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The form's values as the request: blanks left out, equipment split on commas. */
function fitRequest(minutes: string, equipment: string, weather: string, level: string): FitInput {
  const time = Number(minutes);
  const kit = equipment
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return {
    ...(minutes.trim() && Number.isInteger(time) ? { available_time: time } : {}),
    ...(kit.length ? { equipment_available: kit } : {}),
    ...(weather ? { weather_conditions: weather as NonNullable<FitInput['weather_conditions']> } : {}),
    ...(level ? { fitness_level: level as NonNullable<FitInput['fitness_level']> } : {}),
  };
}

export function TemplateFit({ template }: { template: WorkoutTemplate }) {
  const fit = useFitTemplate();
  const units = useUnits();
  const [minutes, setMinutes] = useState('');
  const [equipment, setEquipment] = useState('');
  const [weather, setWeather] = useState('');
  const [level, setLevel] = useState('');
  const ids = { minutes: useId(), equipment: useId(), weather: useId(), level: useId(), title: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    fit.mutate({ templateId: template.id, body: fitRequest(minutes, equipment, weather, level) });
  }

  const result = fit.data?.template_id === template.id ? fit.data : null;
  return (
    <section className="mt-5 rounded-xl border border-border p-3" aria-labelledby={ids.title}>
      <h3 id={ids.title} className="text-sm font-semibold">
        Fit it to my day
      </h3>
      <form onSubmit={submit} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <div>
          <label htmlFor={ids.minutes} className="block text-xs font-medium">
            Minutes I have
          </label>
          <input
            id={ids.minutes}
            type="number"
            inputMode="numeric"
            min={5}
            max={600}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            className={control}
          />
        </div>
        <div>
          <label htmlFor={ids.level} className="block text-xs font-medium">
            My fitness
          </label>
          <select id={ids.level} value={level} onChange={(e) => setLevel(e.target.value)} className={control}>
            <option value="">Any</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {capital(l)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.weather} className="block text-xs font-medium">
            Weather
          </label>
          <select
            id={ids.weather}
            value={weather}
            onChange={(e) => setWeather(e.target.value)}
            className={control}
          >
            <option value="">Any</option>
            {WORKOUT_BANK_WEATHER.map((w) => (
              <option key={w} value={w}>
                {capital(w)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={ids.equipment} className="block text-xs font-medium">
            Equipment I have
          </label>
          <input
            id={ids.equipment}
            value={equipment}
            placeholder="bike, indoor trainer"
            onChange={(e) => setEquipment(e.target.value)}
            className={control}
          />
        </div>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="col-span-2 sm:col-span-4 sm:justify-self-end"
          disabled={fit.isPending}
        >
          {fit.isPending ? 'Fitting...' : 'Fit it'}
        </Button>
      </form>
      {fit.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage(fit.error)}
        </p>
      ) : null}
      {result ? (
        <div className="mt-3 space-y-2 text-sm" aria-live="polite">
          <p className="font-medium">
            {formatTemplateDuration(result.estimated_duration_minutes)} · TSS{' '}
            {Math.round(result.estimated_tss)}
          </p>
          <ul className="list-disc space-y-0.5 pl-5">
            {result.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          <p className="whitespace-pre-wrap rounded-lg bg-muted px-3 py-2">
            {withImperialFigures(result.workout_language_text, units)}
          </p>
        </div>
      ) : null}
    </section>
  );
}
