// Sprint and anaerobic .zwo files are about their efforts (docs/workout-parser.md, "Workout files"): the hand-written
// files of fixtures/workout-files/zwo-efforts, in the style of the public AC_ and NM_ collections (efforts at
// 120-150 % FTP or all out, 15-60 s, with long recoveries at 40-50 % FTP), read as zone 5, through the file and
// through the text an import keeps; plain easy blocks that are not between efforts stay work.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromZwo, parseWorkout, primaryZone, renderWorkout, workoutTss } from '../src/index.ts';

const DIR = fileURLToPath(new URL('./fixtures/workout-files/zwo-efforts/', import.meta.url));
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.zwo'));

describe('.zwo sprint and anaerobic files', () => {
  it('holds the four hand-written files', () => {
    expect(FILES.sort()).toEqual([
      'AC_6x30s-on-4m30-off.zwo',
      'AC_steady-efforts-long-recoveries.zwo',
      'NM_max-efforts-free-ride.zwo',
      'NM_sprints-15s.zwo',
    ]);
  });

  for (const file of FILES) {
    it(`${file}: main zone 5, from the file and from its imported text`, () => {
      const content = fromZwo(readFileSync(`${DIR}${file}`, 'utf8'));
      expect(primaryZone(content.intervals)).toBe(5);
      // Every easy block between efforts is a recovery; the efforts keep their zone.
      const main = content.intervals.filter((s) => s.phase === 'main');
      for (const step of main) expect(step.isRest || step.zone === 5).toBe(true);
      // The import keeps the workout as text and parses it back: still zone 5.
      const parsed = parseWorkout(renderWorkout(content.intervals), { sport: 'bike' });
      expect(primaryZone(parsed.intervals)).toBe(5);
      // And the calendar's TSS of such a session scores it as the zone-5 session it is.
      const minutes = Math.round(parsed.total_duration_estimated / 60);
      expect(workoutTss({ sport: 'bike', duration_minutes: minutes, intensity_zone: 5 })).toBeGreaterThan(
        workoutTss({ sport: 'bike', duration_minutes: minutes, intensity_zone: 1 })!,
      );
    });
  }

  it('leaves easy blocks that are not recoveries as work: a recovery spin, and the ride home after a set', () => {
    const spin = fromZwo(`<workout_file><name>Spin</name><sportType>bike</sportType><workout>
      <SteadyState Duration="2700" Power="0.5"/></workout></workout_file>`);
    expect(spin.intervals.every((s) => !s.isRest)).toBe(true);
    expect(primaryZone(spin.intervals)).toBe(1);
    const home = fromZwo(`<workout_file><name>Set and home</name><sportType>bike</sportType><workout>
      <SteadyState Duration="30" Power="1.5"/><SteadyState Duration="270" Power="0.5"/>
      <SteadyState Duration="30" Power="1.5"/><SteadyState Duration="1800" Power="0.5"/></workout></workout_file>`);
    expect(home.intervals.map((s) => s.isRest)).toEqual([false, true, false, false]);
  });

  it("trusts a file's own rest marks: an easy block between efforts in this app's export stays work", () => {
    const own =
      fromZwo(`<workout_file><author>Stamina</author><name>Own</name><sportType>bike</sportType><workout>
      <SteadyState Duration="300" Power="1.0"/><SteadyState Duration="300" Power="0.5"/>
      <SteadyState Duration="300" Power="1.0"/></workout></workout_file>`);
    expect(own.intervals.map((s) => s.isRest)).toEqual([false, false, false]);
  });
});
