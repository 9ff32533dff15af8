// Bike sessions of the library (docs/workout-bank.md, "The library"). Targets are % FTP or zones, so each
// session scales to the athlete's own FTP when it is put on the calendar.
import { entry, type LibraryTemplate, OUTDOOR } from './types.ts';

const bike = (fields: Parameters<typeof entry>[2]) => entry('bike', 'bike', fields);
const TRAINER = ['bike', 'indoor trainer', 'power meter'];
const TRAINER_OR_ROAD = ['indoor', 'sunny', 'cloudy', 'rainy', 'windy', 'hot', 'cold'] as const;

const endurance: LibraryTemplate[] = (
  [
    [45, 1],
    [60, 1],
    [90, 2],
    [120, 2],
    [150, 3],
    [180, 3],
    [75, 1],
    [105, 2],
    [210, 4],
    [240, 4],
    [270, 5],
    [300, 5],
  ] as Array<[number, number]>
).map(([minutes, difficulty]) =>
  bike({
    name: `Endurance ride ${minutes >= 60 ? `${minutes / 60}h` : `${minutes}min`}`,
    description: `A steady aerobic ride of ${minutes} minutes at a conversational effort, the foundation of cycling fitness.`,
    key_focus: 'Aerobic base and fat oxidation',
    difficulty: difficulty as 1 | 2 | 3 | 4 | 5,
    primary_target: 'endurance',
    tags: ['endurance', 'zone 2', minutes >= 180 ? 'long ride' : 'base'],
    phases: ['aerobic_endurance'],
    equipment: ['bike'],
    weather: [...OUTDOOR],
    structure: `Warmup 10min @ 55% FTP\nMain ${minutes - 20}min @ 65-75% FTP\nCooldown 10min @ 50% FTP`,
  }),
);

const threshold: LibraryTemplate[] = [
  [2, 20, 5, 4],
  [3, 12, 4, 3],
  [4, 10, 5, 4],
  [3, 15, 5, 4],
  [5, 8, 4, 3],
  [2, 30, 8, 5],
  [6, 5, 3, 3],
  [3, 10, 3, 3],
  [2, 15, 5, 3],
  [4, 12, 4, 4],
].map(([reps, work, rest, difficulty]) =>
  bike({
    name: `Threshold ${reps}x${work}min`,
    description: `${reps} efforts of ${work} minutes at FTP with ${rest} minutes of easy spinning between: raises the power you can hold for an hour.`,
    key_focus: 'Threshold power (FTP)',
    difficulty: difficulty as 1 | 2 | 3 | 4 | 5,
    primary_target: 'threshold',
    tags: ['threshold', 'FTP', 'intervals'],
    phases: ['threshold_development', 'muscular_endurance'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure: `Warmup 15min ramp 50-75% FTP\nMain ${reps}x ${work}min @ 95-100% FTP w/ ${rest}min @ 55% FTP\nCooldown 10min @ 50% FTP`,
  }),
);

const sweetSpot: LibraryTemplate[] = [
  [2, 15, 5, 2],
  [3, 15, 5, 3],
  [2, 20, 5, 3],
  [3, 20, 5, 4],
  [4, 12, 4, 3],
  [1, 45, 0, 4],
  [5, 10, 3, 3],
  [2, 40, 10, 5],
].map(([reps, work, rest, difficulty]) =>
  bike({
    name: reps === 1 ? `Sweet spot ${work}min block` : `Sweet spot ${reps}x${work}min`,
    description: `Sweet spot work (88-93% FTP): much of the gain of threshold work for less fatigue.`,
    key_focus: 'Sweet spot and muscular endurance',
    difficulty: difficulty as 1 | 2 | 3 | 4 | 5,
    primary_target: 'threshold',
    tags: ['sweet spot', 'threshold', 'FTP'],
    phases: ['muscular_endurance', 'threshold_development'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure:
      reps === 1
        ? `Warmup 15min ramp 50-75% FTP\nMain ${work}min @ 88-93% FTP\nCooldown 10min @ 50% FTP`
        : `Warmup 15min ramp 50-75% FTP\nMain ${reps}x ${work}min @ 88-93% FTP w/ ${rest}min @ 55% FTP\nCooldown 10min @ 50% FTP`,
  }),
);

const vo2: LibraryTemplate[] = [
  [5, 3, 3, 4],
  [4, 4, 4, 4],
  [5, 4, 4, 5],
  [6, 3, 3, 5],
  [3, 5, 5, 4],
  [8, 2, 2, 4],
  [10, 1, 1, 3],
  [4, 5, 5, 5],
].map(([reps, work, rest, difficulty]) =>
  bike({
    name: `VO2max ${reps}x${work}min`,
    description: `${reps} hard efforts of ${work} minutes at 110-120% FTP with equal recovery, to lift aerobic ceiling.`,
    key_focus: 'Maximal aerobic power (VO2max)',
    difficulty: difficulty as 1 | 2 | 3 | 4 | 5,
    primary_target: 'vo2max',
    tags: ['VO2max', 'intervals', 'hard'],
    phases: ['anaerobic_endurance'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure: `Warmup 15min ramp 50-75% FTP\nMain ${reps}x ${work}min @ 110-120% FTP w/ ${rest}min @ 50% FTP\nCooldown 10min @ 50% FTP`,
  }),
);

const shortIntervals: LibraryTemplate[] = [
  bike({
    name: '30/30s micro intervals',
    description:
      'Three sets of ten 30-second surges at 130% FTP with 30 seconds easy: lots of time near VO2max.',
    key_focus: 'VO2max with short surges',
    difficulty: 4,
    primary_target: 'vo2max',
    tags: ['micro intervals', 'VO2max'],
    phases: ['anaerobic_endurance'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure:
      'Warmup 15min ramp 50-75% FTP\nMain 3x (10x (30s @ 130% FTP, 30s @ 50% FTP)), 5min @ 50% FTP\nCooldown 10min @ 50% FTP',
  }),
  bike({
    name: '40/20s',
    description: '40 seconds hard, 20 seconds easy, in three sets: a classic anaerobic capacity builder.',
    key_focus: 'Anaerobic capacity',
    difficulty: 5,
    primary_target: 'vo2max',
    tags: ['micro intervals', 'anaerobic'],
    phases: ['anaerobic_endurance'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure:
      'Warmup 15min ramp 50-75% FTP\nMain 3x (10x 40s @ 120% FTP, 20s @ 50% FTP), 5min easy\nCooldown 10min easy',
  }),
  bike({
    name: 'Neuromuscular sprints',
    description: 'Eight flat-out 15-second sprints with long recoveries: peak power and sprint technique.',
    key_focus: 'Sprint power',
    difficulty: 3,
    primary_target: 'speed',
    tags: ['sprints', 'power', 'neuromuscular'],
    phases: ['speed_neuromuscular'],
    equipment: ['bike'],
    weather: [...TRAINER_OR_ROAD],
    structure: 'Warmup 20min @ 60% FTP\nMain 8x 15s @ 300% FTP, 2min45s easy\nCooldown 15min @ 50% FTP',
  }),
  bike({
    name: 'Standing starts',
    description: 'Six hard standing starts from a near stop, big gear, with full recovery.',
    key_focus: 'Force and acceleration',
    difficulty: 3,
    primary_target: 'speed',
    tags: ['sprints', 'force', 'big gear'],
    phases: ['speed_neuromuscular', 'muscular_force'],
    equipment: ['bike'],
    weather: [...OUTDOOR],
    structure: 'Warmup 20min Z2\nMain 6x 20s all out, 4min40s easy spin\nCooldown 15min Z1',
  }),
  bike({
    name: 'Tabata on the bike',
    description: 'Two Tabata blocks of 20 seconds all out and 10 seconds easy. Short and brutal.',
    key_focus: 'Anaerobic power',
    difficulty: 5,
    primary_target: 'vo2max',
    tags: ['tabata', 'anaerobic', 'short'],
    phases: ['anaerobic_endurance'],
    equipment: TRAINER,
    weather: ['indoor', 'rainy', 'cold', 'hot'],
    structure:
      'Warmup 10min ramp 50-75% FTP\nMain 2x (8x 20s @ 170% FTP, 10s @ 40% FTP), 5min @ 50% FTP\nCooldown 5min @ 50% FTP',
  }),
  bike({
    name: 'Spin-ups and cadence drills',
    description: 'Short high-cadence spin-ups within an easy ride: smoother pedalling at any power.',
    key_focus: 'Pedalling efficiency',
    difficulty: 1,
    primary_target: 'technique',
    tags: ['cadence', 'technique', 'drills'],
    phases: ['technique_drills'],
    equipment: ['bike'],
    weather: [...TRAINER_OR_ROAD],
    structure: 'Warmup 10min Z2\nMain 6x 1min Z2 110rpm, 2min Z2 90rpm\nCooldown 10min Z1',
  }),
  bike({
    name: 'Single-leg drills',
    description: 'Alternate single-leg pedalling on the trainer to even out the stroke.',
    key_focus: 'Pedalling technique',
    difficulty: 2,
    primary_target: 'technique',
    tags: ['technique', 'drills', 'trainer'],
    phases: ['technique_drills'],
    equipment: TRAINER,
    weather: ['indoor', 'rainy', 'cold', 'hot'],
    structure: 'Warmup 10min Z2\nMain 8x 1min Z2 single leg, 1min Z1\nCooldown 10min Z1',
  }),
];

const tempo: LibraryTemplate[] = [
  [2, 20, 2],
  [3, 20, 3],
  [2, 30, 3],
  [1, 60, 4],
  [3, 15, 2],
  [2, 40, 4],
].map(([reps, work, difficulty]) =>
  bike({
    name: reps === 1 ? `Tempo hour` : `Tempo ${reps}x${work}min`,
    description: 'Sustained tempo at 76-87% FTP: strong and steady, the pace of a long race.',
    key_focus: 'Tempo endurance',
    difficulty: difficulty as 1 | 2 | 3 | 4 | 5,
    primary_target: 'tempo',
    tags: ['tempo', 'steady', 'muscular endurance'],
    phases: ['muscular_endurance'],
    equipment: ['bike', 'power meter'],
    weather: [...TRAINER_OR_ROAD],
    structure:
      reps === 1
        ? `Warmup 15min @ 60% FTP\nMain ${work}min @ 80-85% FTP\nCooldown 15min @ 50% FTP`
        : `Warmup 15min @ 60% FTP\nMain ${reps}x ${work}min @ 80-85% FTP w/ 5min @ 55% FTP\nCooldown 10min @ 50% FTP`,
  }),
);

const mixed: LibraryTemplate[] = [
  bike({
    name: 'Over-unders',
    description:
      'Alternating just under and just over FTP teaches you to clear lactate while still working hard.',
    key_focus: 'Lactate clearance at threshold',
    difficulty: 4,
    primary_target: 'threshold',
    tags: ['over-unders', 'threshold', 'race simulation'],
    phases: ['threshold_development'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure:
      'Warmup 15min ramp 50-75% FTP\nMain 3x (4x (1min @ 105% FTP, 2min @ 90% FTP)), 4min @ 50% FTP\nCooldown 10min @ 50% FTP',
  }),
  bike({
    name: 'Long ride with tempo blocks',
    description: 'A three-hour endurance ride with three 20-minute tempo blocks: race-day durability.',
    key_focus: 'Durability and tempo',
    difficulty: 4,
    primary_target: 'endurance',
    tags: ['long ride', 'tempo', 'durability'],
    phases: ['aerobic_endurance', 'muscular_endurance'],
    equipment: ['bike'],
    weather: [...OUTDOOR],
    structure: 'Warmup 20min Z2\nMain 3x (20min @ 80-85% FTP, 20min @ 65-70% FTP)\nCooldown 40min Z2',
  }),
  bike({
    name: 'Hill repeats seated',
    description: 'Seated climbs at threshold, low cadence, to build climbing strength.',
    key_focus: 'Climbing strength',
    difficulty: 4,
    primary_target: 'threshold',
    tags: ['hills', 'climbing', 'low cadence'],
    phases: ['muscular_force', 'threshold_development'],
    equipment: ['bike'],
    weather: [...OUTDOOR],
    structure: 'Warmup 15min Z2\nMain 5x 6min @ 95% FTP 60rpm, 4min easy spin\nCooldown 15min Z1',
  }),
  bike({
    name: 'Low-cadence force intervals',
    description: 'Big-gear efforts at tempo power and 55-60 rpm: strength on the bike.',
    key_focus: 'Muscular force',
    difficulty: 3,
    primary_target: 'strength',
    tags: ['force', 'low cadence', 'big gear'],
    phases: ['muscular_force'],
    equipment: ['bike'],
    weather: [...TRAINER_OR_ROAD],
    structure: 'Warmup 15min Z2\nMain 5x 5min @ 85% FTP 55rpm, 3min Z1\nCooldown 10min Z1',
  }),
  bike({
    name: 'Pyramid at VO2max',
    description: 'A pyramid of 1-2-3-4-3-2-1 minutes above FTP with equal recovery.',
    key_focus: 'VO2max with varied durations',
    difficulty: 5,
    primary_target: 'vo2max',
    tags: ['pyramid', 'VO2max'],
    phases: ['anaerobic_endurance'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure:
      'Warmup 15min ramp 50-75% FTP\nMain 1-2-3-4-3-2-1 min @ 110% FTP with equal recovery\nCooldown 10min @ 50% FTP',
  }),
  bike({
    name: 'Threshold ladder',
    description: 'Steps of 2, 4, 6 and 8 minutes at threshold with 2 minutes easy between.',
    key_focus: 'Threshold power',
    difficulty: 3,
    primary_target: 'threshold',
    tags: ['ladder', 'threshold'],
    phases: ['threshold_development'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure: 'Warmup 15min Z2\nMain 2-4-6-8 min @ threshold, 2min easy between\nCooldown 10min Z1',
  }),
  bike({
    name: 'Race-pace 40k efforts',
    description: 'Two 20-minute blocks at time-trial power: practise holding race effort in position.',
    key_focus: 'Time-trial pacing',
    difficulty: 4,
    primary_target: 'race_pace',
    tags: ['race pace', 'time trial', 'aero'],
    phases: ['threshold_development', 'muscular_endurance'],
    equipment: ['bike', 'power meter'],
    weather: [...OUTDOOR],
    structure:
      'Warmup 20min ramp 50-75% FTP\nMain 2x 20min @ 95% FTP w/ 6min @ 55% FTP\nCooldown 15min @ 50% FTP',
  }),
  bike({
    name: 'Half-Ironman race simulation',
    description: 'A long ride with an hour at half-Ironman power: nutrition and pacing rehearsal.',
    key_focus: 'Half-distance race pace',
    difficulty: 4,
    primary_target: 'race_pace',
    tags: ['race pace', '70.3', 'long ride'],
    phases: ['muscular_endurance'],
    equipment: ['bike', 'power meter'],
    weather: [...OUTDOOR],
    structure: 'Warmup 30min Z2\nMain 2x 45min @ 78-82% FTP w/ 10min Z2\nCooldown 20min Z1',
  }),
  bike({
    name: 'Ironman race simulation',
    description:
      'Three and a half hours with two long blocks at Ironman power: the key long session before a full distance.',
    key_focus: 'Ironman pacing and fuelling',
    difficulty: 5,
    primary_target: 'race_pace',
    tags: ['race pace', 'Ironman', 'long ride'],
    phases: ['aerobic_endurance', 'muscular_endurance'],
    equipment: ['bike', 'power meter'],
    weather: [...OUTDOOR],
    structure: 'Warmup 30min Z2\nMain 2x 60min @ 70-75% FTP w/ 15min @ 65% FTP\nCooldown 30min Z2',
  }),
  bike({
    name: 'FTP test (20 minutes)',
    description: 'A 5-minute opener then a 20-minute all-out effort; FTP is 95% of the 20-minute power.',
    key_focus: 'Benchmark FTP',
    difficulty: 5,
    primary_target: 'testing',
    tags: ['test', 'FTP', 'benchmark'],
    phases: ['testing_benchmark'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure: 'FTP test: 20min warm up, 5min all out, 10min easy, 20min max effort, 10min cool down',
  }),
  bike({
    name: 'Ramp test',
    description:
      'One-minute steps rising until you cannot hold the power; estimates FTP with less pacing skill.',
    key_focus: 'Benchmark FTP',
    difficulty: 4,
    primary_target: 'testing',
    tags: ['test', 'ramp', 'benchmark'],
    phases: ['testing_benchmark'],
    equipment: TRAINER,
    weather: ['indoor', 'rainy', 'cold', 'hot'],
    structure: 'Warmup 10min @ 50% FTP\nMain 20min ramp 60-130% FTP\nCooldown 10min @ 45% FTP',
  }),
  bike({
    name: 'Openers before a race',
    description: 'A short ride with a few efforts at race power to wake the legs the day before.',
    key_focus: 'Race readiness',
    difficulty: 2,
    primary_target: 'race_pace',
    tags: ['openers', 'taper', 'pre-race'],
    phases: ['speed_neuromuscular'],
    equipment: ['bike'],
    weather: [...TRAINER_OR_ROAD],
    structure:
      'Warmup 15min Z2\nMain 3x 1min @ 105% FTP, 2min easy\n3x 15s @ 150% FTP, 1min45s easy\nCooldown 10min Z1',
  }),
];

/** Short threshold sessions for a lunch hour: 40-50 minutes in all. */
const express: LibraryTemplate[] = [
  [2, 10, 5, 3],
  [3, 8, 3, 3],
  [3, 7, 3, 3],
  [1, 20, 0, 3],
  [4, 5, 2, 3],
].map(([reps, work, rest, difficulty]) =>
  bike({
    name: reps === 1 ? `Express threshold ${work}min` : `Express threshold ${reps}x${work}min`,
    description: `A short threshold ride for a busy day: ${reps === 1 ? `one ${work}-minute block` : `${reps} efforts of ${work} minutes`} at FTP between a brisk warm-up and cool-down.`,
    key_focus: 'Threshold power (FTP) in little time',
    difficulty: difficulty as 1 | 2 | 3 | 4 | 5,
    primary_target: 'threshold',
    tags: ['threshold', 'FTP', 'short'],
    phases: ['threshold_development'],
    equipment: TRAINER,
    weather: [...TRAINER_OR_ROAD],
    structure:
      reps === 1
        ? `Warmup 10min ramp 50-75% FTP\nMain ${work}min @ 95-100% FTP\nCooldown 10min @ 50% FTP`
        : `Warmup 10min ramp 50-75% FTP\nMain ${reps}x ${work}min @ 95-105% FTP w/ ${rest}min @ 55% FTP\nCooldown 5min @ 50% FTP`,
  }),
);

export const BIKE_TEMPLATES: LibraryTemplate[] = [
  ...endurance,
  ...threshold,
  ...express,
  ...sweetSpot,
  ...vo2,
  ...shortIntervals,
  ...tempo,
  ...mixed,
];
