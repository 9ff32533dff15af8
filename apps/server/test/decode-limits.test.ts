// The decoders' limits (docs/activities.md, "Limits"): nesting depth, element count and sessions per file are
// refused with a message naming the limit, every time outside 1900–2100 refuses the file, and the cost of a
// hostile file grows linearly with its size (doubling it must not cost more than about 2.5 times as long).
import { describe, expect, it } from 'vitest';
import { spanIndex } from '../src/modules/activities/decode/fit.ts';
import { DECODE_LIMITS, DecodeError, decodeActivityFile } from '../src/modules/activities/decode/index.ts';
import { exportReader } from '../src/modules/apple-health/parse.ts';
import { fitWithSessions } from './hostile-builders.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function gpx(points: string): Uint8Array {
  return encode(
    `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>${points}</trkseg></trk></gpx>`,
  );
}

const point = (time: string, inner = '') =>
  `<trkpt lat="52.5" lon="13.4"><time>${time}</time>${inner}</trkpt>`;

/** One track point holding `depth` nested extension elements: the H3 file of issue 29. */
const deepGpx = (depth: number) =>
  gpx(
    point('2026-04-01T07:00:00Z', `<extensions>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</extensions>`),
  );

/** `count` track points, one a second, each with a heart rate extension. */
function wideGpx(count: number): Uint8Array {
  const start = Date.parse('2026-04-01T07:00:00Z');
  const points: string[] = [];
  for (let i = 0; i < count; i++) {
    const time = new Date(start + i * 1000).toISOString();
    points.push(
      point(
        time,
        '<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>',
      ),
    );
  }
  return gpx(points.join(''));
}

function tcx(inner: string): Uint8Array {
  return encode(
    `<?xml version="1.0"?><TrainingCenterDatabase><Activities>${inner}</Activities></TrainingCenterDatabase>`,
  );
}

const tcxActivity = (time: string, inner = '') =>
  `<Activity Sport="Running"><Id>${time}</Id><Lap StartTime="${time}"><TotalTimeSeconds>60</TotalTimeSeconds><Track><Trackpoint><Time>${time}</Time>${inner}</Trackpoint></Track></Lap></Activity>`;

/** The fastest of five runs, ms: the machine is shared, so one slow run says nothing. */
function fastest(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Doubling the input costs under 3 times as long (linear is 2, a quadratic cost is 4: 3 sits between them, so a
 * loaded machine's noise does not fail a linear decoder). Measured up to five times, since other processes share
 * the CPU: a quadratic decoder fails every time, noise does not.
 */
function expectLinear(build: (n: number) => Uint8Array, n: number, decode: (bytes: Uint8Array) => void) {
  const small = build(n);
  const large = build(2 * n);
  fastest(() => decode(small)); // warm up the JIT before measuring
  const ratios: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    ratios.push(
      fastest(() => decode(large)) /
        Math.max(
          fastest(() => decode(small)),
          1,
        ),
    );
    if (ratios.at(-1)! < 3) break;
  }
  expect(Math.min(...ratios), `ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}`).toBeLessThan(3);
}

const refusedOrDecoded = (bytes: Uint8Array, name: string) => () => {
  try {
    decodeActivityFile(bytes, name);
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
  }
};

describe('decoder limits', () => {
  it('a GPX or TCX nested deeper than the limit is refused, naming the limit', () => {
    expect(() => decodeActivityFile(deepGpx(200_000), 'deep.gpx')).toThrow(
      new DecodeError(
        `The GPX file nests elements more than ${DECODE_LIMITS.xmlDepth} deep, the limit; no activity file does`,
      ),
    );
    expect(() =>
      decodeActivityFile(
        tcx(tcxActivity('2026-04-01T07:00:00Z', `${'<x>'.repeat(5_000)}${'</x>'.repeat(5_000)}`)),
        'a.tcx',
      ),
    ).toThrow(/TCX file nests elements more than 32 deep/);
    // Real files are far from it: a Garmin extension sits seven deep.
    expect(decodeActivityFile(wideGpx(3), 'ok.gpx').sessions[0]!.records[0]!.heartRate).toBe(140);
  });

  it('deep nesting costs linear time (doubling the depth does not quadruple the time)', {
    timeout: 60_000,
  }, () => {
    expectLinear(deepGpx, 40_000, (b) => refusedOrDecoded(b, 'deep.gpx')());
  });

  it('many track points, TCX track points and FIT records decode in linear time', {
    timeout: 120_000,
  }, () => {
    expectLinear(wideGpx, 8_000, (b) => refusedOrDecoded(b, 'wide.gpx')());
    const manyTcxPoints = (n: number) => {
      const start = Date.parse('2026-04-01T07:00:00Z');
      const points = Array.from(
        { length: n },
        (_, i) =>
          `<Trackpoint><Time>${new Date(start + i * 1000).toISOString()}</Time><HeartRateBpm><Value>140</Value></HeartRateBpm></Trackpoint>`,
      );
      return tcx(
        `<Activity Sport="Running"><Lap StartTime="2026-04-01T07:00:00Z"><Track>${points.join('')}</Track></Lap></Activity>`,
      );
    };
    expectLinear(manyTcxPoints, 8_000, (b) => refusedOrDecoded(b, 'wide.tcx')());
    expectLinear(
      (n) => fitWithSessions(DECODE_LIMITS.sessions, n / DECODE_LIMITS.sessions),
      8_000,
      (b) => refusedOrDecoded(b, 'many.fit')(),
    );
  });

  it('a FIT file with 2,000 sessions is refused, naming the cap; 20 legs still decode', () => {
    expect(() => decodeActivityFile(fitWithSessions(2_000), 'many.fit')).toThrow(
      /holds 2000 sessions; at most 20 are read from one file/,
    );
    expect(decodeActivityFile(fitWithSessions(20), 'legs.fit').sessions).toHaveLength(20);
    const activities = Array.from({ length: 21 }, (_, i) =>
      tcxActivity(new Date(Date.parse('2026-04-01T07:00:00Z') + i * 60_000).toISOString()),
    );
    expect(() => decodeActivityFile(tcx(activities.join('')), 'many.tcx')).toThrow(/at most 20 are read/);
  });

  it('spanIndex places a time in the last span that started at or before it', () => {
    const starts = [10, 20, 20, 30];
    expect([0, 10, 15, 20, 25, 30, 99].map((t) => spanIndex(starts, t))).toEqual([0, 0, 0, 2, 2, 3, 3]);
    expect(spanIndex([5], 1)).toBe(0);
  });

  it('times outside 1900–2100 refuse the file (years 0200, 9999 and 0001 are not stored or shifted)', () => {
    for (const year of ['0200', '9999', '0001', '1899']) {
      const time = `${year}-04-01T07:00:00Z`;
      expect(() => decodeActivityFile(gpx(point(time)), 'old.gpx'), year).toThrow(
        /outside the years 1900 to 2100/,
      );
      expect(() => decodeActivityFile(tcx(tcxActivity(time)), 'old.tcx'), year).toThrow(
        /outside the years 1900 to 2100/,
      );
    }
    // One stray point in year 9999 after a real start is refused too (it would make the activity 8,000 years long).
    expect(() =>
      decodeActivityFile(gpx(point('2026-04-01T07:00:00Z') + point('9999-04-01T07:00:00Z')), 'stray.gpx'),
    ).toThrow(/it says 9999-04-01/);
    // FIT counts seconds from 1989: its latest times (2125) pass 2100.
    expect(() => decodeActivityFile(fitWithSessions(1, 1, '2120-01-01T00:00:00Z'), 'late.fit')).toThrow(
      /outside the years 1900 to 2100/,
    );
    expect(decodeActivityFile(gpx(point('1900-01-01T12:00:00Z')), 'edge.gpx').sessions).toHaveLength(1);
  });

  it('an Apple Health export nested deeper than the limit is refused', () => {
    const reader = exportReader();
    expect(() => {
      reader.write(encode(`<HealthData>${'<x>'.repeat(1_000)}`));
    }).toThrow(/nests elements more than 32 deep/);
  });
});
