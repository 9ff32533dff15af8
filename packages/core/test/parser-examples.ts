// Real-style workout texts with what the parser must make of them: the total duration in seconds and the
// number of work intervals in the main phase (non-rest steps after expansion; warm-up and cool-down not
// counted, so the headline example has 5).
//
// Expected values follow the documented rules (docs/workout-parser.md), with no athlete thresholds:
//   run  threshold pace 300 s/km; per zone ×1.3 / 1.2 / 1.08 / 1.0 / 0.92 → 390, 360, 324, 300, 276 s/km
//   swim CSS 105 s/100m;          per zone ×1.2 / 1.12 / 1.05 / 1.0 / 0.95 → 126, 117.6, 110.25, 105, 99.75
//   bike 20 / 27 / 31 / 35 / 38 km/h by zone
//   strength: 3 s per rep; no intensity → zone 2; each step rounded to whole seconds.
import type { Sport } from '../src/index.ts';

export interface ParserExample {
  sport: Sport;
  text: string;
  /** Seconds. */
  total: number;
  /** Non-rest intervals in the main phase. */
  work: number;
}

const run = (text: string, total: number, work: number): ParserExample => ({
  sport: 'run',
  text,
  total,
  work,
});
const bike = (text: string, total: number, work: number): ParserExample => ({
  sport: 'bike',
  text,
  total,
  work,
});
const swim = (text: string, total: number, work: number): ParserExample => ({
  sport: 'swim',
  text,
  total,
  work,
});
const strength = (text: string, total: number, work: number): ParserExample => ({
  sport: 'strength',
  text,
  total,
  work,
});

export const PARSER_EXAMPLES: readonly ParserExample[] = [
  // Run
  run('Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min', 3000, 5),
  run('Easy run 45min Z2', 2700, 1),
  run('30min easy', 1800, 1),
  // 400m at Z5 = 110 s; 200m jog (rest, Z1) = 78 s.
  run('WU 10min, 6x 400m @ 5k pace w/ 200m jog, CD 10min', 2328, 6),
  run('10min warm up, 3x(1km @ 4:00/km, 90s rest), 10min cool down', 2190, 3),
  run('Long run 1h30 easy', 5400, 1),
  run('Warmup 15min\nMain set 4x\n - 5min threshold\n - 2min easy jog\nCooldown 10min', 3180, 4),
  run('20min easy + 6x 20s strides, 40s walk', 1560, 7),
  run('Tempo: 15min WU, 20min @ 4:30/km, 10min CD', 2700, 1),
  run('Fartlek 10x 1min on, 1min off; 10min easy', 1800, 11),
  // The recovery has no duration: the 60 s default.
  run('Hill repeats 8x 60s hard, jog down recovery', 960, 8),
  run('Recovery run 30min @ 150bpm', 1800, 1),
  run('10min easy then 20min tempo; 10min easy', 2400, 3),
  run('main set: 3x 8min threshold, 2min jog', 1800, 3),
  run('2x (3x (1min Z5, 1min rest), 3min easy)', 1080, 6),
  run("5 x 3' @ Z4 / 2' jog", 1500, 5),
  // 2km Z2 = 720 s; 800m at 3:50/km = 184 s; 400m jog = 156 s.
  run('WU 2km easy\n6x 800m @ 3:50/km, 400m jog\nCD 2km easy', 3480, 6),
  run('6x400', 864, 6),
  run('15min easy\n\n5x 3min Z4, 2min rest', 2400, 6),
  run('Warmup:\n10min easy\n5min steady\n\nMain: 5x 3min Z4, 90s jog\nCooldown: 10min', 2850, 5),
  run('1:30:00 easy', 5400, 1),
  run(`5'30" hard, 2' easy, 5'30" hard`, 780, 2),
  run('3-4min Z3 x4', 840, 4),
  run('5x 1km @ 4:10/km, with 2min recovery', 1850, 5),
  run("8x 400m w/ 1' rest", 1632, 8),
  run('20min @ 80% max HR', 1200, 1),
  run('45min Z2 HR', 2700, 1),
  run('Easy 45 minute run', 2700, 1),
  run('10min WU, 30min @ HR 150-160, 10min CD', 3000, 1),
  // 7:15/mi = 270 s/km.
  run('5km @ 7:15/mi', 1350, 1),
  // 2 mi Z2 = 1159 s; 4 mi Z3 = 2086 s; 1 mi Z2 = 579 s.
  run('warm up 2 miles easy, 4 miles at marathon pace, cool down 1 mile', 3824, 1),
  run('3x 2km @ threshold, 3min jog', 2340, 3),
  // 200m Z5 = 55 s; 200m walk (rest) = 78 s.
  run('12x 200m fast, 200m walk', 1596, 12),
  run('10min easy, 4x strides, 10min easy', 1280, 6),
  run('Progression run: 20min easy, 15min steady, 10min tempo', 2700, 3),
  run("WU 15', 3 x 10' @ LT w/ 3' jog, CD 15'", 4140, 3),
  run('Intervals 5 x 1000m @ 3:45/km, RI 2min', 1725, 5),
  // 1 mi at Z4 = 483 s; 400m jog recovery = 156 s.
  run('4 x 1 mile @ 10k pace, 400m jog recovery', 2556, 4),
  run('30 min easy with 6 x 20 sec strides', 1920, 7),
  run('60min Z2', 3600, 1),
  run('WU 10min\n3x 5min @ RPE 7, 2min walk\nCD 10min', 2460, 3),
  run('40min steady @ 4:50-5:00/km', 2400, 1),

  // Bike
  bike('Warmup: 10min Z1-Z2\nMain: 3x 10min @ 90% FTP, 5min easy spin\nCooldown: 10min Z1', 3900, 3),
  bike('2x20min @ 250-270w w/ 5min rest', 3000, 2),
  bike('Endurance ride 2h Z2, 90rpm', 7200, 1),
  bike('WU 15min, 5x 5min VO2max @ 120% FTP RI 5min, CD 15min', 4800, 5),
  bike('Over-unders: 4x (2min @ 95% FTP, 1min @ 105% FTP), 5min recovery', 1020, 8),
  bike('Warm up 10 min, 10x 30s sprint / 4min30s easy, cool down 10 min', 4200, 10),
  // 40 km at 31 km/h.
  bike('40km steady Z3', 4645, 1),
  bike('1h30 endurance', 5400, 1),
  bike('3x 10min Z3-Z4', 1800, 3),
  bike('3x10 @ 250w', 1800, 3),
  bike('2h Z2 @ 85-95rpm', 7200, 1),
  bike('Sweet spot: 3x 15min @ 88-94% FTP, 5min easy spin', 3600, 3),
  bike('WU 20min\n4x 8min @ threshold, 4min Z1\nCD 10min', 3960, 5),
  bike('1h easy spin', 3600, 1),
  bike('60 min Z2 with 5x 1min high cadence 110rpm', 3900, 6),
  bike('Tabata: 8x 20s all out, 10s rest', 240, 8),
  bike('30min @ 200w', 1800, 1),
  bike('45min tempo @ 80-85% FTP', 2700, 1),
  bike('VO2: 6x 3min @ 115% FTP, 3min easy', 1260, 7),
  bike('Warmup 15min progressive\nMain 2x 20min sweet spot, 10min Z1 between\nCooldown 10min', 4500, 3),
  bike('Z2 ride 3 hours', 10800, 1),
  bike('90 min endurance ride with 3x 10min at tempo', 7200, 4),
  bike('4x 4min @ 300-320w RI 4min', 1920, 4),
  bike('Recovery spin 45min Z1', 2700, 1),
  // 20 km at 27 km/h.
  bike('20km @ Z2', 2667, 1),
  bike('2x (10min Z3, 5min Z2)', 1800, 4),
  bike('1h30 Z2 + 3x 5min Z4', 6300, 4),
  bike('Sprints 10x 10s max, 50s easy spin', 600, 10),
  bike('Warmup: 10min easy; Main: 2x 15min @ 95% FTP w/ 5min rest; Cooldown: 10min easy', 3600, 2),
  bike('3h endurance ride Z2 @ 180w', 10800, 1),
  bike('Warmup 10min\nMain set 3x\n  5min @ 105% FTP\n  5min Z1 recovery\nCooldown 10min', 3000, 3),
  bike('1 hour Z2, 150-160 bpm', 3600, 1),

  // Swim
  // 400m Z2 = 470 s; 10x (100 + 20); 200m Z2 = 235 s.
  swim('WU 400m easy, 10x100m @ 1:40/100m RI 20s, CD 200m', 1905, 10),
  swim('300 choice, 8x50 kick, 4x200 pull @ CSS, 200 easy', 1900, 14),
  swim('Warmup: 200m free\nMain: 5x 200m @ 1:45/100m, 30s rest\nCooldown: 100m easy', 1553, 5),
  swim('1500m continuous aerobic', 1764, 1),
  swim('4x(100m drill, 100m swim), 20s float', 964, 8),
  swim('8x50m RI 20s', 632, 8),
  // 400 yd = 365.76 m at 98 s/100m.
  swim('400yd @ 1:30/100yd', 358, 1),
  swim('4x 25m sprint, 20s rest', 180, 4),
  swim('10x100 on 1:45', 1050, 10),
  swim('WU 300m\nMain set 3x\n  - 200m @ CSS\n  - 100m easy\n  - 30s rest\nCD 200m', 1662, 3),
  swim('Warm up 400 easy, 6x 50 kick, 10x 100 @ 1:35/100m with 15s rest, 200 cool down', 2159, 16),
  swim('2000m steady', 2205, 1),
  swim('3x 400m pull @ Z3, 30s rest', 1413, 3),
  swim('20x 50m fast, 10s rest', 1200, 20),
  swim('Warmup 200m easy\n4x 50m build\n8x 100m @ 1:50/100m, 20s rest\nCooldown 200m', 1746, 12),
  swim('1000m easy swim', 1176, 1),
  swim('5x 200m IM, 30s rest', 1325, 5),
  swim('4x 100m kick, 15s rest', 532, 4),
  swim('Main: 3x (4x 50m hard, 10s rest), 1min rest', 816, 12),
  swim('400m warm up, 8x 25m sprint w/ 30s rest, 400m cool down', 1380, 8),
  swim('Swim 30min continuous', 1800, 1),
  swim('Warmup: 300m\nMain: 6x 150m @ 1:50/100m, 20s rest\nCooldown: 200m', 1698, 6),
  swim('100m easy, 100m steady, 100m hard', 333, 3),
  // "1-5" is not understood (a warning); the rest is.
  swim('10x 100m descending 1-5, 20s rest', 1380, 10),
  swim('500yd easy', 538, 1),

  // Strength: a set of N reps lasts 3N seconds.
  strength('3x10 squats, 90s rest', 360, 3),
  strength('5x5 deadlift @ RPE 8, 3min rest', 975, 5),
  strength('3 rounds: 10 push-ups, 15 air squats, 20 lunges, 1min rest', 585, 9),
  strength('Warmup 10min easy\nPlank 3x 45s, 30s rest\nCooldown: 5min stretch', 1125, 3),
  strength('4x8 bench press @ 75%, 2min rest', 576, 4),
  strength('3 sets of 12 lunges', 108, 3),
  strength('20 push-ups', 60, 1),
  strength('Circuit 3x: 10 burpees, 20 squats, 30s plank, 1min rest', 540, 9),
  strength('AMRAP 20min', 1200, 1),
  strength('5x 1min plank, 30s rest', 450, 5),
  strength('Squats 4x8 @ 70%, 90s rest', 456, 4),
  strength('3x 15 kettlebell swings, 60s rest', 315, 3),
  strength('Core: 3x (30s plank, 30s side plank, 20 crunches), 1min rest', 420, 9),
  strength('4 rounds:\n- 10 pull-ups\n- 15 push-ups\n- 20 squats\n- 2min rest', 1020, 12),
  strength('Deadlift 5x3 @ 85%, 3min rest', 945, 5),
  strength('30min strength circuit', 1800, 1),
  strength('3x 12 rows, 3x 12 curls, 60s rest', 396, 6),
  strength('Warmup: 5min row easy\nMain: 4x 10 goblet squats, 90s rest\nCooldown: 5min stretch', 1080, 4),
  strength('2x 20 walking lunges, 1min rest', 240, 2),
  strength('Bench press 5x5, squat 5x5, 3min rest', 1050, 10),
];
