import fs from 'node:fs';
import { computeActivityFigures } from '@stamina/core';
import { decodeActivityFile } from './src/modules/activities/decode/index.ts';

const dir = '/work/shared/fixtures/activities/';
for (const f of fs.readdirSync(dir).filter((f) => /\.(fit|gpx|tcx)$/.test(f))) {
  const r = decodeActivityFile(new Uint8Array(fs.readFileSync(dir + f)), f);
  for (const s of r.sessions) {
    const t0 = Date.now();
    const dev = computeActivityFigures(s, { thresholds: {} });
    const rec = computeActivityFigures({ ...s, totals: {} }, { thresholds: {} });
    const ms = Date.now() - t0;
    const T = s.totals;
    console.log(
      f,
      s.sport,
      ms + 'ms',
      JSON.stringify({
        el: [T.elapsedSeconds, rec.elapsedSeconds],
        tm: [T.timerSeconds, rec.movingSeconds],
        d: [T.distance, rec.distanceM],
        hr: [T.avgHeartRate, rec.avgHr],
        np: [T.normalizedPower, rec.normalizedPower],
        ap: [T.avgPower, rec.avgPower],
        asc: [T.ascent, rec.ascentM],
        tss: [dev.tss, dev.tssMethod, T.trainingStressScore],
        cad: [T.avgCadence, rec.avgCadence],
        n: dev.sampleCount,
      }),
    );
  }
}
