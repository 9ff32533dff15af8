// Prints the table of docs/activities.md, "Analysis": our kJ, VI, EF and decoupling of every shared recording
// beside the device's own figures where it wrote them (FIT session total_work, avg and normalized power).
// Run: cd apps/server && npx tsx scripts/analysis-table.ts
import { readFileSync } from 'node:fs';
import { Decoder, Stream } from '@garmin/fitsdk';
import { activityCurves, computeActivityFigures, efficiencyFigures } from '@stamina/core';
import { decodeActivityFile } from '../src/modules/activities/decode/index.ts';
import { activityFixturePath } from '../test/activity-fixtures.ts';

const FILES = [
  'bike-power-edge530-autopause.fit',
  'bike-power-edge810-vector.fit',
  'bike-power-indoor-edge800.fit',
  'bike-power-wahoo-elemnt.fit',
  'bike-power-edge705.tcx',
  'bike-hr-coros-pace2.fit',
  'run-hr-fenix2.fit',
  'run-hr-fr410.tcx',
  'run-hr-fr110-smartrecording.fit',
];

function deviceSession(bytes: Buffer): Record<string, number | undefined> {
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  const { messages } = decoder.read();
  const s = (messages.sessionMesgs ?? [])[0] as Record<string, number | undefined> | undefined;
  return s ?? {};
}

console.log(
  '| File | kJ (device / ours) | Avg power W (device / ours) | NP W (device / ours) | VI | EF | Decoupling % |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const name of FILES) {
  const bytes = readFileSync(activityFixturePath(name));
  const recording = decodeActivityFile(bytes, name);
  const session = recording.sessions[0]!;
  const figures = computeActivityFigures(session, { thresholds: {} });
  const streams = figures.streams as Record<string, (number | null)[]>;
  const eff = efficiencyFigures(streams, {
    sport: session.sport,
    normalizedPower: figures.normalizedPower,
    avgPower: figures.avgPower,
    avgHr: figures.avgHr,
    weightKg: null,
  });
  activityCurves(streams, session.sport);
  const device = name.endsWith('.fit') ? deviceSession(bytes) : {};
  const kj = device.totalWork !== undefined ? Math.round(device.totalWork / 1000) : '–';
  const np = device.normalizedPower ?? '–';
  const avg = device.avgPower ?? '–';
  const f = (v: number | null, d = 2) => (v === null ? '–' : v.toFixed(d));
  console.log(
    `| ${name} | ${kj} / ${eff.kilojoules ?? '–'} | ${avg} / ${figures.avgPower ?? '–'} | ${np} / ${f(figures.normalizedPower, 1)} | ${f(eff.variability_index)} | ${f(eff.efficiency_factor)} | ${f(eff.decoupling_percent, 1)} |`,
  );
}
