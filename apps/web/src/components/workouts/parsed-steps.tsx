// The editor's list of parsed steps: time, zone and name of each step, with why the parser put it in its zone
// (the target, the word, its place in a set, or the default) in a tooltip on the zone badge. The badge is a
// button, so the tooltip opens on keyboard focus as well as on hover (docs/workout-parser.md, "Zone source").
import * as Tooltip from '@radix-ui/react-tooltip';
import { type Interval, ZONES, type Zone, type ZoneSource } from '@stamina/core';
import { formatClock } from './format.ts';

const KIND_LABELS: Record<ZoneSource['kind'], string> = {
  target: 'From its target',
  word: 'From the words',
  recovery: 'A recovery in the set',
  default: 'Default',
};

const PHASE_LABELS: Record<Interval['phase'], string> = {
  warmup: 'Warmup',
  main: 'Main',
  cooldown: 'Cooldown',
};

/** What the tooltip says: "Zone 4 Threshold. From its target: 250 W = 100% FTP". */
export function zoneReason(interval: Interval): string {
  const zone: Zone = interval.isRest ? 1 : interval.zone;
  const info = ZONES[zone - 1] ?? ZONES[1]!;
  const head = `Zone ${info.zone} ${info.name}`;
  const source = interval.zone_source;
  return source ? `${head}. ${KIND_LABELS[source.kind]}: ${source.why}` : head;
}

export function ParsedSteps({ intervals }: { intervals: readonly Interval[] }) {
  const steps = intervals.filter((step) => step.duration_seconds > 0);
  if (steps.length === 0) return null;
  let clock = 0;
  return (
    <Tooltip.Provider delayDuration={200}>
      <div>
        <h4 className="text-sm font-medium">Steps</h4>
        <ol aria-label="Parsed steps" className="mt-2 max-h-64 space-y-1 overflow-y-auto pr-1 text-sm">
          {steps.map((step, index) => {
            const start = clock;
            clock += step.duration_seconds;
            const zone: Zone = step.isRest ? 1 : step.zone;
            const info = ZONES[zone - 1] ?? ZONES[1]!;
            const reason = zoneReason(step);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity but their place
              <li key={index} className="flex items-center gap-2">
                <span className="w-12 shrink-0 tabular-nums text-muted-foreground">{formatClock(start)}</span>
                <Tooltip.Root>
                  <Tooltip.Trigger asChild>
                    <button
                      type="button"
                      aria-label={reason}
                      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span
                        aria-hidden="true"
                        className="h-2 w-2 rounded-full"
                        style={{ backgroundColor: info.color }}
                      />
                      {step.isRest ? 'Rest' : `Z${info.zone}`}
                    </button>
                  </Tooltip.Trigger>
                  <Tooltip.Portal>
                    <Tooltip.Content
                      sideOffset={6}
                      className="z-50 max-w-72 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow"
                    >
                      {reason}
                    </Tooltip.Content>
                  </Tooltip.Portal>
                </Tooltip.Root>
                <span className="min-w-0 flex-1 truncate">{step.name}</span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {formatClock(step.duration_seconds)}
                  <span className="sr-only"> long, {PHASE_LABELS[step.phase] ?? step.phase}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </Tooltip.Provider>
  );
}
