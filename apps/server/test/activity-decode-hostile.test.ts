import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError, decodeActivityFile } from '../src/modules/activities/decode/index.ts';
import { encodeFitWorkout } from '../src/modules/workouts/fit.ts';
import { activityFixture } from './activity-fixtures.ts';

const fixture = (name: string) => new Uint8Array(activityFixture(name));

function decodesOrRefuses(bytes: Uint8Array, name: string): void {
  try {
    const recording = decodeActivityFile(bytes, name);
    expect(recording.sessions.length).toBeGreaterThan(0);
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as Error).message.length).toBeGreaterThan(10);
  }
}

describe('damaged activity files', () => {
  for (const name of ['run-fr15-10k.fit', 'run-hr-fr410.tcx', 'run-hr-garminconnect.gpx']) {
    const original = fixture(name);
    it(`${name}: cut short or with bytes changed, it decodes or is refused with a DecodeError`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: original.length }),
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
          (cut, changes) => {
            const bytes = original.slice(0, cut);
            for (const [at, value] of changes) if (bytes.length > 0) bytes[at % bytes.length] = value;
            decodesOrRefuses(bytes, name);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('random bytes, with or without a FIT header, are refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (random, withHeader) => {
        const bytes = withHeader
          ? new Uint8Array([...fixture('run-fr15-10k.fit').subarray(0, 14), ...random])
          : random;
        decodesOrRefuses(bytes, 'random.fit');
      }),
      { numRuns: 200 },
    );
  });

  it('a FIT workout (not a recording) is refused as such', () => {
    const workout = encodeFitWorkout({
      title: 'Intervals',
      sport: 'bike',
      intervals: [
        {
          name: 'Go',
          duration_seconds: 300,
          repetitions: 1,
          rest_duration_seconds: 0,
          zone: 3,
          targets: {},
          isRest: false,
          phase: 'main',
        },
      ],
    });
    expect(() => decodeActivityFile(workout, 'workout.fit')).toThrow(
      new DecodeError('This FIT file is a workout file, not a recorded activity'),
    );
  });

  it('an XML file that is neither GPX nor TCX, or has an unknown entity, is refused', () => {
    expect(() =>
      decodeActivityFile(new TextEncoder().encode('<?xml version="1.0"?><kml></kml>'), 'a.gpx'),
    ).toThrow(new DecodeError('Not a FIT, GPX or TCX file'));
    const entity = '<gpx creator="x"><trk><name>&xxe;</name></trk></gpx>';
    expect(() => decodeActivityFile(new TextEncoder().encode(entity), 'a.gpx')).toThrow(DecodeError);
    expect(() => decodeActivityFile(new TextEncoder().encode('<gpx creator="x"></gpx>'), 'a.gpx')).toThrow(
      /no timed track points/,
    );
  });
});
