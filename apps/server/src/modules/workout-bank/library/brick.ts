// Brick sessions (docs/workout-bank.md, "Bricks"): a ride straight into a run. The parser knows one sport per
// text, so a brick is written as a ride (% FTP, zones) whose run part is timed and zoned, never given in
// kilometres: parsed as a bike session, the times and zones stay right for both parts.
import { entry, type LibraryTemplate, OUTDOOR } from './types.ts';

type Difficulty = 1 | 2 | 3 | 4 | 5;
const brick = (fields: Parameters<typeof entry>[2]) => entry('brick', 'bike', fields);
const KIT = ['bike', 'running shoes'];

const classic: LibraryTemplate[] = (
  [
    [45, 15, 2],
    [60, 15, 2],
    [60, 20, 3],
    [75, 20, 3],
    [90, 30, 3],
    [120, 30, 4],
    [150, 40, 4],
    [180, 45, 5],
    [210, 60, 5],
    [30, 10, 1],
    [100, 25, 3],
    [45, 20, 2],
  ] as Array<[number, number, number]>
).map(([ride, runMinutes, difficulty]) =>
  brick({
    name: `Endurance brick ${ride}+${runMinutes}`,
    description: `${ride} minutes of steady riding straight into a ${runMinutes}-minute easy run: teaches the legs to run off the bike.`,
    key_focus: 'Bike-to-run transition',
    difficulty: difficulty as Difficulty,
    primary_target: 'endurance',
    tags: ['brick', 'transition', 'endurance'],
    phases: ['aerobic_endurance'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure: `Warmup 10min @ 55% FTP\nMain ${ride - 10}min ride @ 65-75% FTP\n${runMinutes}min run off the bike Z2`,
  }),
);

const racePace: LibraryTemplate[] = [
  [40, 10, 3, 'Sprint'],
  [60, 20, 4, 'Olympic'],
  [90, 30, 4, '70.3'],
  [120, 40, 5, 'Ironman'],
].map(([ride, runMinutes, difficulty, race]) =>
  brick({
    name: `${race} race-pace brick`,
    description: `Ride and run at ${race} race effort: pacing, fuelling and the first minutes off the bike.`,
    key_focus: `${race} race pace`,
    difficulty: difficulty as Difficulty,
    primary_target: 'race_pace',
    tags: ['brick', 'race pace', String(race)],
    phases: ['muscular_endurance', 'threshold_development'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure: `Warmup 15min @ 60% FTP\nMain ${ride}min ride @ ${race === 'Sprint' || race === 'Olympic' ? '90-95' : race === '70.3' ? '80-85' : '70-75'}% FTP\n${runMinutes}min run off the bike @ ${race === 'Sprint' || race === 'Olympic' ? 'Z4' : 'Z3'}\nCooldown 5min walk`,
  }),
);

const repeats: LibraryTemplate[] = [
  [3, 15, 5, 4],
  [4, 10, 5, 4],
  [2, 20, 10, 4],
  [3, 10, 5, 3],
  [5, 8, 3, 5],
  [2, 30, 10, 5],
  [4, 12, 6, 4],
].map(([reps, ride, runMinutes, difficulty]) =>
  brick({
    name: `Brick repeats ${reps}x (${ride}min bike + ${runMinutes}min run)`,
    description: `${reps} rounds of a hard ride straight into a short run: transition practice under fatigue.`,
    key_focus: 'Repeated transitions',
    difficulty: difficulty as Difficulty,
    primary_target: 'threshold',
    tags: ['brick', 'repeats', 'transition'],
    phases: ['threshold_development', 'muscular_endurance'],
    equipment: ['bike', 'running shoes', 'indoor trainer'],
    weather: ['indoor', 'sunny', 'cloudy', 'cold'],
    structure: `Warmup 15min @ 60% FTP\nMain ${reps}x (${ride}min bike @ 90-95% FTP, ${runMinutes}min run @ Z4)\nCooldown 10min easy`,
  }),
);

const varied: LibraryTemplate[] = [
  brick({
    name: 'Short transition brick',
    description: 'A 30-minute ride with a 10-minute run: the smallest useful brick, good in the base phase.',
    key_focus: 'Transition habit',
    difficulty: 1,
    primary_target: 'technique',
    tags: ['brick', 'short', 'transition'],
    phases: ['technique_drills', 'aerobic_endurance'],
    equipment: KIT,
    weather: [...OUTDOOR, 'indoor'],
    structure: '30min ride Z2\n10min run off the bike Z2',
  }),
  brick({
    name: 'Tempo ride, steady run',
    description: 'A tempo block on the bike then a steady run to settle your run cadence quickly.',
    key_focus: 'Run cadence off the bike',
    difficulty: 3,
    primary_target: 'tempo',
    tags: ['brick', 'tempo'],
    phases: ['muscular_endurance'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure: 'Warmup 15min Z2\nMain 40min ride @ 80-85% FTP\n20min run off the bike Z3',
  }),
  brick({
    name: 'Threshold bike, tempo run',
    description: 'Two threshold blocks on the bike then a tempo run: a hard race-specific day.',
    key_focus: 'Threshold under fatigue',
    difficulty: 5,
    primary_target: 'threshold',
    tags: ['brick', 'threshold'],
    phases: ['threshold_development'],
    equipment: ['bike', 'running shoes', 'power meter'],
    weather: [...OUTDOOR],
    structure: 'Warmup 15min Z2\nMain 2x 15min @ 95-100% FTP w/ 5min @ 55% FTP\n25min run off the bike Z3',
  }),
  brick({
    name: 'VO2 bike, strides run',
    description: 'Short VO2max efforts on the bike then an easy run with strides for leg speed.',
    key_focus: 'Speed off the bike',
    difficulty: 4,
    primary_target: 'vo2max',
    tags: ['brick', 'VO2max', 'strides'],
    phases: ['anaerobic_endurance', 'speed_neuromuscular'],
    equipment: ['bike', 'running shoes', 'indoor trainer'],
    weather: ['indoor', 'sunny', 'cloudy'],
    structure:
      'Warmup 15min @ 60% FTP\nMain 5x 3min @ 115% FTP w/ 3min @ 50% FTP\n15min run off the bike Z2\n4x 20s strides w/ 40s walk',
  }),
  brick({
    name: 'Long ride, run at race pace',
    description:
      'A long ride at endurance power then a run at race pace: the key session of an Ironman build.',
    key_focus: 'Race durability',
    difficulty: 5,
    primary_target: 'race_pace',
    tags: ['brick', 'long ride', 'Ironman'],
    phases: ['aerobic_endurance', 'muscular_endurance'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure: '3h ride Z2 @ 65-72% FTP\n45min run off the bike Z3',
  }),
  brick({
    name: 'Indoor trainer and treadmill brick',
    description: 'A trainer ride and a treadmill run back to back, for bad weather.',
    key_focus: 'Transition indoors',
    difficulty: 2,
    primary_target: 'endurance',
    tags: ['brick', 'indoor', 'treadmill'],
    phases: ['aerobic_endurance'],
    equipment: ['bike', 'indoor trainer', 'treadmill'],
    weather: ['indoor', 'rainy', 'cold', 'hot', 'windy'],
    structure: 'Warmup 10min @ 55% FTP\nMain 50min ride @ 70% FTP\n20min run off the bike Z2',
  }),
  brick({
    name: 'Hilly ride, flat run',
    description: 'Seated climbs on the bike then a steady flat run: strength carried into run form.',
    key_focus: 'Strength into running form',
    difficulty: 4,
    primary_target: 'strength',
    tags: ['brick', 'hills', 'strength'],
    phases: ['muscular_force', 'muscular_endurance'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure: 'Warmup 15min Z2\nMain 4x 8min @ 90% FTP 65rpm w/ 4min easy spin\n20min run off the bike Z2',
  }),
  brick({
    name: 'Race-week brick',
    description: 'A short ride and run with a few race-pace touches to stay sharp in race week.',
    key_focus: 'Sharpness before a race',
    difficulty: 2,
    primary_target: 'race_pace',
    tags: ['brick', 'taper', 'race week'],
    phases: ['speed_neuromuscular'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure:
      'Warmup 10min Z2\nMain 3x 2min @ 95% FTP w/ 2min easy\n10min run off the bike Z2\n3x 1min @ Z4 w/ 1min walk',
  }),
  brick({
    name: 'Brick test',
    description:
      'A 20-minute time trial on the bike then a 5-minute all-out run: benchmark for race fitness.',
    key_focus: 'Benchmark race fitness',
    difficulty: 5,
    primary_target: 'testing',
    tags: ['brick', 'test', 'benchmark'],
    phases: ['testing_benchmark'],
    equipment: ['bike', 'running shoes', 'power meter'],
    weather: ['sunny', 'cloudy', 'cold'],
    structure:
      'Warmup 15min @ 60% FTP\nMain 20min max effort\n5min run off the bike all out\nCooldown 10min walk',
  }),
  brick({
    name: 'Recovery brick',
    description: 'Very easy ride then a short jog: keeps the transition habit in a recovery week.',
    key_focus: 'Active recovery with transition',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['brick', 'recovery', 'easy'],
    phases: ['recovery_regeneration'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure: '40min recovery ride Z1\n10min run off the bike Z1',
  }),
  brick({
    name: 'Double brick',
    description: 'Bike, run, bike, run: two transitions in one session at steady effort.',
    key_focus: 'Repeated transitions',
    difficulty: 4,
    primary_target: 'endurance',
    tags: ['brick', 'double', 'transition'],
    phases: ['aerobic_endurance', 'muscular_endurance'],
    equipment: KIT,
    weather: [...OUTDOOR],
    structure:
      '45min ride @ 70-75% FTP\n15min run off the bike Z3\n30min ride @ 70-75% FTP\n15min run off the bike Z3',
  }),
  brick({
    name: 'Sweet spot brick',
    description: 'Sweet-spot intervals then a steady 20-minute run.',
    key_focus: 'Sweet spot into running',
    difficulty: 3,
    primary_target: 'threshold',
    tags: ['brick', 'sweet spot'],
    phases: ['muscular_endurance', 'threshold_development'],
    equipment: ['bike', 'running shoes', 'power meter'],
    weather: [...OUTDOOR, 'indoor'],
    structure:
      'Warmup 15min @ 60% FTP\nMain 3x 10min @ 88-93% FTP w/ 5min @ 55% FTP\n20min run off the bike Z3',
  }),
];

export const BRICK_TEMPLATES: LibraryTemplate[] = [...classic, ...racePace, ...repeats, ...varied];
