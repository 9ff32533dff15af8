// /settings/metrics: Metrics & Zones (docs/zones.md; the toggles: "What is stored"). The tracked-metric toggles
// (saved on the athlete profile), each sport's thresholds from a chosen day, and the zone tables, derived
// (auto-calculate on, the default) or edited. Saving re-labels planned workouts, which the page lists.
import type { RelabelledWorkout, ThresholdSport, ZoneTable } from '@stamina/contract';
import { PRIMARY_SPORT_LABELS, PRIMARY_SPORTS } from '@stamina/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useState } from 'react';
import { invalidateAfter } from '../../api/invalidation.ts';
import { saveSportMetrics, useSportMetrics } from '../../api/settings/sport-metrics.ts';
import {
  athleteKeys,
  useAthleteProfile,
  useUpdateAthleteProfile,
} from '../../api/settings/update-athlete-profile.ts';
import { saveZones, useZones } from '../../api/settings/zones.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ThresholdEstimatesCard } from '../../components/thresholds/estimates-card.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay, todayIso } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { CogganLevels } from './coggan-levels.tsx';
import {
  FormError,
  formatClock,
  mergeRelabelled,
  methodText,
  paceToUnit,
  paceUnitLabel,
  type SportValues,
  sportMetricsRequests,
  sportValuesOf,
  type Tab,
  TRACKED_METRICS,
  type TrackedMetrics,
  tableKey,
  unitText,
  ZONE_NAMES,
  type ZoneInputs,
  zoneInputsOf,
  zonesRequest,
} from './metrics-form.ts';

const TABS: readonly { value: Tab; label: string }[] = PRIMARY_SPORTS.map((value) => ({
  value,
  label: PRIMARY_SPORT_LABELS[value],
}));

export function MetricsSettings() {
  const profile = useAthleteProfile();
  const metrics = useSportMetrics();
  const zones = useZones();
  const loading = profile.isPending || metrics.isPending || zones.isPending;
  const failed = profile.isError || metrics.isError || zones.isError;
  return (
    <>
      <PageHeader title="Metrics & Zones" />
      {failed ? (
        <Alert variant="destructive">
          Could not load your metrics and zones.{' '}
          <button
            type="button"
            className="underline"
            onClick={() => {
              void profile.refetch();
              void metrics.refetch();
              void zones.refetch();
            }}
          >
            Try Again
          </button>
        </Alert>
      ) : loading ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading metrics and zones" />
        </div>
      ) : (
        <MetricsForm
          tracked={profile.data!.tracked_metrics}
          metrics={metrics.data!}
          tables={zones.data!.tables}
        />
      )}
    </>
  );
}

function MetricsForm({
  tracked: storedTracked,
  metrics,
  tables,
}: {
  tracked: TrackedMetrics;
  metrics: NonNullable<ReturnType<typeof useSportMetrics>['data']>;
  tables: ZoneTable[];
}) {
  const units = useUnits();
  const client = useQueryClient();
  const updateProfile = useUpdateAthleteProfile();
  const [tracked, setTracked] = useState(storedTracked);
  const [values, setValues] = useState<SportValues>(() => sportValuesOf(metrics, units));
  const [autoCalculate, setAutoCalculate] = useState(() => tables.every((t) => t.auto_calculate));
  const [zoneInputs, setZoneInputs] = useState<ZoneInputs>(() => zoneInputsOf(tables, units));
  const [effectiveFrom, setEffectiveFrom] = useState(todayIso);
  const [tab, setTab] = useState<Tab>('running');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [relabelled, setRelabelled] = useState<RelabelledWorkout[] | null>(null);

  // Fresh answers (after a save, or from another device) replace what the tables show while auto-calculating.
  useEffect(() => {
    if (autoCalculate) setZoneInputs(zoneInputsOf(tables, units));
  }, [tables, units, autoCalculate]);

  async function onSave() {
    setError(null);
    setSaving(true);
    try {
      const requests = sportMetricsRequests(values, metrics, units, effectiveFrom);
      const changedTracked = TRACKED_METRICS.some(({ key }) => tracked[key] !== storedTracked[key]);
      if (changedTracked)
        client.setQueryData(athleteKeys.me, await updateProfile.mutateAsync({ tracked_metrics: tracked }));
      const moved: RelabelledWorkout[] = [];
      for (const request of requests) moved.push(...(await saveSportMetrics(request)).relabelled_workouts);
      moved.push(
        ...(await saveZones(zonesRequest(tables, zoneInputs, autoCalculate, units))).relabelled_workouts,
      );
      setRelabelled(mergeRelabelled(moved));
      await invalidateAfter(client, 'thresholds');
      toast.success('Metrics & Zones saved');
    } catch (caught) {
      const message =
        caught instanceof FormError || caught instanceof ApiError
          ? caught.message
          : 'Could not save your metrics and zones';
      setError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  const sportTables = (sport: ThresholdSport) => tables.filter((t) => t.sport === sport);

  return (
    <div className="space-y-6">
      {/* Estimates from recordings, one click to accept (docs/zones.md, "Estimates from recordings"). */}
      <ThresholdEstimatesCard always />
      <Card className="p-5">
        <h2 id="tracked-title" className="text-lg font-semibold">
          Tracked Metrics
        </h2>
        <ul className="mt-3 grid gap-x-6 sm:grid-cols-2" aria-labelledby="tracked-title">
          {TRACKED_METRICS.map(({ key, label }) => (
            <li key={key} className="flex items-center justify-between gap-4 border-b border-border py-3">
              <span id={`track-${key}`} className="font-medium">
                {label}
              </span>
              <Switch
                checked={tracked[key]}
                onCheckedChange={(on) => setTracked((t) => ({ ...t, [key]: on }))}
                aria-labelledby={`track-${key}`}
              />
            </li>
          ))}
        </ul>
      </Card>

      <Card className="space-y-5 p-5">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 id="auto-title" className="text-lg font-semibold">
              Auto-calculate zones
            </h2>
            <p id="auto-text" className="text-sm text-muted-foreground">
              Zones follow your thresholds. Turn off to edit the zone tables yourself.
            </p>
          </div>
          <Switch
            checked={autoCalculate}
            onCheckedChange={setAutoCalculate}
            aria-labelledby="auto-title"
            aria-describedby="auto-text"
          />
        </div>

        <div
          role="tablist"
          aria-label="Sport"
          className="grid grid-cols-2 gap-1 rounded-lg border border-border bg-muted p-1 sm:grid-cols-4"
        >
          {TABS.map((t) => (
            <button
              key={t.value}
              type="button"
              role="tab"
              id={`tab-${t.value}`}
              aria-selected={tab === t.value}
              aria-controls={`panel-${t.value}`}
              tabIndex={tab === t.value ? 0 : -1}
              onClick={() => setTab(t.value)}
              onKeyDown={(event) => {
                const i = TABS.findIndex((x) => x.value === tab);
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (step === 0) return;
                const next = TABS[(i + step + TABS.length) % TABS.length]!.value;
                setTab(next);
                document.getElementById(`tab-${next}`)?.focus();
              }}
              className={cn(
                'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                tab === t.value
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>

        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="space-y-6">
          <SportInputs tab={tab} values={values} setValues={setValues} defaults={metrics.defaults} />
          {tab === 'triathlon' ? (
            <p className="text-sm text-muted-foreground">
              Triathlon shows the running, cycling and swimming values together; zones are set on each sport's
              tab.
            </p>
          ) : (
            sportTables(tab).map((table) => (
              <Fragment key={tableKey(table.sport, table.kind)}>
                <ZoneTableEditor
                  table={table}
                  rows={zoneInputs[tableKey(table.sport, table.kind)] ?? []}
                  disabled={autoCalculate}
                  units={units}
                  onChange={(rows) =>
                    setZoneInputs((z) => ({ ...z, [tableKey(table.sport, table.kind)]: rows }))
                  }
                />
                {table.levels ? <CogganLevels levels={table.levels} /> : null}
              </Fragment>
            ))
          )}
        </div>

        <div className="flex flex-wrap items-end gap-4 border-t border-border pt-5">
          <label className="space-y-1.5 text-sm font-medium">
            <span className="block">Values apply from</span>
            <input
              type="date"
              value={effectiveFrom}
              max="2100-12-31"
              onChange={(e) => setEffectiveFrom(e.target.value || todayIso())}
              className="block h-11 rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          </label>
          <Button onClick={() => void onSave()} disabled={saving} className="ml-auto">
            {saving ? 'Saving…' : 'Save Metrics & Zones'}
          </Button>
        </div>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {relabelled ? <Relabelled workouts={relabelled} /> : null}
      </Card>
    </div>
  );
}

type Defaults = NonNullable<ReturnType<typeof useSportMetrics>['data']>['defaults'];

function SportInputs({
  tab,
  values,
  setValues,
  defaults,
}: {
  tab: Tab;
  values: SportValues;
  setValues: (update: (v: SportValues) => SportValues) => void;
  defaults: Defaults;
}) {
  const units = useUnits();
  const paceUnit = paceUnitLabel(units);
  const runDefault = formatClock(paceToUnit(defaults.threshold_pace_seconds_per_km, units));
  const cssDefault = formatClock(defaults.css_seconds_per_100m);
  const input = <S extends keyof SportValues>(sport: S, key: keyof SportValues[S]) => ({
    value: values[sport][key] as string,
    onChange: (value: string) => setValues((v) => ({ ...v, [sport]: { ...v[sport], [key]: value } })),
  });
  const fields: {
    label: string;
    unit: string;
    pace?: boolean;
    fallback?: string;
    bind: ReturnType<typeof input>;
  }[] =
    tab === 'running'
      ? [
          {
            label: 'Threshold Pace',
            unit: paceUnit,
            pace: true,
            fallback: runDefault,
            bind: input('running', 'pace'),
          },
          {
            label: 'Max HR',
            unit: 'bpm',
            fallback: String(defaults.max_hr),
            bind: input('running', 'maxHr'),
          },
          { label: 'Resting HR', unit: 'bpm', bind: input('running', 'restingHr') },
          { label: 'Threshold HR (LTHR)', unit: 'bpm', bind: input('running', 'lthr') },
        ]
      : tab === 'cycling'
        ? [
            {
              label: 'FTP',
              unit: 'watts',
              fallback: String(defaults.ftp_watts),
              bind: input('cycling', 'ftp'),
            },
            {
              label: 'Max HR',
              unit: 'bpm',
              fallback: String(defaults.max_hr),
              bind: input('cycling', 'maxHr'),
            },
            { label: 'Resting HR', unit: 'bpm', bind: input('cycling', 'restingHr') },
            { label: 'Max Power (5 s)', unit: 'watts', bind: input('cycling', 'maxPower') },
            { label: 'Threshold HR (LTHR)', unit: 'bpm', bind: input('cycling', 'lthr') },
          ]
        : tab === 'swimming'
          ? [
              {
                label: 'CSS',
                unit: 'min/100m',
                pace: true,
                fallback: cssDefault,
                bind: input('swimming', 'css'),
              },
              {
                label: 'Threshold 100',
                unit: 'min/100m',
                pace: true,
                bind: input('swimming', 'threshold100'),
              },
              {
                label: 'Max HR',
                unit: 'bpm',
                fallback: String(defaults.max_hr),
                bind: input('swimming', 'maxHr'),
              },
            ]
          : [
              {
                label: 'Run Threshold Pace',
                unit: paceUnit,
                pace: true,
                fallback: runDefault,
                bind: input('running', 'pace'),
              },
              {
                label: 'FTP',
                unit: 'watts',
                fallback: String(defaults.ftp_watts),
                bind: input('cycling', 'ftp'),
              },
              {
                label: 'CSS',
                unit: 'min/100m',
                pace: true,
                fallback: cssDefault,
                bind: input('swimming', 'css'),
              },
              {
                label: 'Run Max HR',
                unit: 'bpm',
                fallback: String(defaults.max_hr),
                bind: input('running', 'maxHr'),
              },
              {
                label: 'Bike Max HR',
                unit: 'bpm',
                fallback: String(defaults.max_hr),
                bind: input('cycling', 'maxHr'),
              },
              {
                label: 'Swim Max HR',
                unit: 'bpm',
                fallback: String(defaults.max_hr),
                bind: input('swimming', 'maxHr'),
              },
            ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {fields.map((field) => (
        <MetricInput key={field.label} {...field} />
      ))}
    </div>
  );
}

function MetricInput({
  label,
  unit,
  pace,
  fallback,
  bind,
}: {
  label: string;
  unit: string;
  pace?: boolean;
  fallback?: string;
  bind: { value: string; onChange(value: string): void };
}) {
  const id = useId();
  const usingDefault = bind.value.trim() === '' && fallback !== undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        {label} <span className="font-normal text-muted-foreground">({unit})</span>
      </label>
      <input
        id={id}
        inputMode={pace ? 'text' : 'numeric'}
        placeholder={pace ? (fallback ?? '7:30') : fallback}
        value={bind.value}
        onChange={(e) => bind.onChange(e.target.value)}
        aria-describedby={usingDefault ? `${id}-default` : undefined}
        className="block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      {usingDefault ? (
        <p id={`${id}-default`} className="text-xs text-muted-foreground">
          <Badge variant="warning">Default</Badge> {fallback} {unit} is used until you enter yours
        </p>
      ) : null}
    </div>
  );
}

const KIND_TITLES = { power: 'Power Zones', hr: 'Heart Rate Zones', pace: 'Pace Zones' } as const;

function ZoneTableEditor({
  table,
  rows,
  disabled,
  units,
  onChange,
}: {
  table: ZoneTable;
  rows: { min: string; max: string }[];
  disabled: boolean;
  units: ReturnType<typeof useUnits>;
  onChange(rows: { min: string; max: string }[]): void;
}) {
  const unit = unitText(table, units);
  const title = `${KIND_TITLES[table.kind]} (${unit})`;
  const isPace = table.kind === 'pace';
  const set = (i: number, key: 'min' | 'max', value: string) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, [key]: value } : row)));
  return (
    <section aria-label={`${table.sport} ${title}`} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{title}</h3>
        {table.from_defaults && table.auto_calculate ? <Badge variant="warning">From defaults</Badge> : null}
        {!table.auto_calculate ? <Badge variant="accent">Edited</Badge> : null}
      </div>
      <p className="text-sm text-muted-foreground">{methodText(table)}</p>
      <table className="w-full table-fixed text-sm">
        <colgroup>
          <col className="w-28 sm:w-36" />
          <col />
          <col />
        </colgroup>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-medium">
              Zone
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Min
            </th>
            <th scope="col" className="py-1 font-medium">
              Max
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={ZONE_NAMES[i]} className="border-t border-border">
              <th scope="row" className="py-2 pr-2 text-left font-medium whitespace-nowrap">
                {i + 1} {ZONE_NAMES[i]}
              </th>
              {(['min', 'max'] as const).map((key) => (
                <td key={key} className={cn('py-2', key === 'min' && 'pr-2')}>
                  <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-2">
                    <input
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      value={row[key]}
                      disabled={disabled}
                      aria-label={`${table.sport} ${KIND_TITLES[table.kind]}: zone ${i + 1} ${key}`}
                      onChange={(e) => set(i, key, e.target.value)}
                      className="block h-9 w-full min-w-0 max-w-28 rounded-md border border-input bg-background px-2 text-base text-foreground tabular-nums disabled:opacity-70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    />
                    {isPace && Number(row[key]) > 0 ? (
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {formatClock(Number(row[key]))}
                      </span>
                    ) : null}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Relabelled({ workouts }: { workouts: RelabelledWorkout[] }) {
  if (workouts.length === 0) return <Alert variant="success">Saved. No planned workout changed zone.</Alert>;
  return (
    <Alert variant="success">
      <p className="font-medium">
        {workouts.length === 1 ? '1 planned workout was' : `${workouts.length} planned workouts were`}{' '}
        re-labelled:
      </p>
      <ul className="mt-2 space-y-1">
        {workouts.map((w) => (
          <li key={w.id}>
            {formatDay(w.workout_date)}: {w.title}, Z{w.from_zone ?? '?'} → Z{w.to_zone ?? '?'}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
