// Run sessions of the library (docs/workout-bank.md, "The library"). Targets are zones, named paces or
// % threshold pace, so each session scales to the athlete's own threshold pace.
import { entry, type LibraryTemplate, OUTDOOR } from './types.ts';

type Difficulty = 1 | 2 | 3 | 4 | 5;
const run = (fields: Parameters<typeof entry>[2]) => entry('run', 'run', fields);
const RUN_WEATHER = ['sunny', 'cloudy', 'windy', 'cold', 'rainy'] as const;

const easy: LibraryTemplate[] = [
  [20, 1],
  [30, 1],
  [40, 1],
  [45, 2],
  [50, 2],
  [60, 2],
  [25, 1],
  [35, 1],
  [55, 2],
  [70, 2],
  [80, 3],
].map(([minutes, difficulty]) =>
  run({
    name: `Easy run ${minutes}min`,
    description: `${minutes} minutes at a conversational pace: aerobic volume with little fatigue.`,
    key_focus: 'Aerobic base',
    difficulty: difficulty as Difficulty,
    primary_target: 'endurance',
    tags: ['easy', 'zone 2', 'base'],
    phases: ['aerobic_endurance'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER],
    structure: `${minutes}min easy run Z2`,
  }),
);

const long: LibraryTemplate[] = [
  [75, 2, ''],
  [90, 3, ''],
  [105, 3, ''],
  [120, 4, ''],
  [150, 4, ''],
  [90, 4, 'mp'],
  [120, 5, 'mp'],
  [100, 4, 'fast'],
  [180, 5, ''],
].map(([minutes, difficulty, kind]) => {
  const m = minutes as number;
  const finish =
    kind === 'mp'
      ? `, last ${Math.round(m / 3)}min @ marathon pace`
      : kind === 'fast'
        ? ', last 15min @ Z3'
        : '';
  return run({
    name:
      kind === 'mp'
        ? `Long run ${m}min with marathon-pace finish`
        : kind === 'fast'
          ? `Long run ${m}min fast finish`
          : `Long run ${m}min`,
    description:
      kind === ''
        ? `A ${m}-minute long run, easy all the way: endurance, economy and durability.`
        : `A ${m}-minute long run that finishes at a stronger pace, to practise running well on tired legs.`,
    key_focus: kind === 'mp' ? 'Marathon pace on tired legs' : 'Endurance and durability',
    difficulty: difficulty as Difficulty,
    primary_target: kind === 'mp' ? 'race_pace' : 'endurance',
    tags: ['long run', 'endurance', ...(kind ? ['progression'] : [])],
    phases: kind === 'mp' ? ['aerobic_endurance', 'muscular_endurance'] : ['aerobic_endurance'],
    equipment: ['running shoes'],
    weather: [...OUTDOOR],
    structure: `Long run ${m}min Z2${finish}`,
  });
});

const tempo: LibraryTemplate[] = [
  [20, 2],
  [25, 3],
  [30, 3],
  [40, 4],
  [15, 2],
  [35, 3],
  [45, 4],
].map(([minutes, difficulty]) =>
  run({
    name: `Tempo run ${minutes}min`,
    description: `${minutes} minutes continuous at tempo, comfortably hard, between an easy warm-up and cool-down.`,
    key_focus: 'Tempo endurance',
    difficulty: difficulty as Difficulty,
    primary_target: 'tempo',
    tags: ['tempo', 'steady', 'continuous'],
    phases: ['muscular_endurance'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER, 'indoor'],
    structure: `Warmup 15min easy\nMain ${minutes}min @ tempo\nCooldown 10min easy`,
  }),
);

const threshold: LibraryTemplate[] = [
  [3, 10, 2, 3],
  [4, 8, 2, 3],
  [5, 6, 1, 3],
  [2, 15, 3, 4],
  [6, 5, 1, 4],
  [3, 12, 3, 4],
  [4, 10, 2, 5],
  [8, 3, 1, 3],
  [3, 15, 3, 5],
].map(([reps, work, rest, difficulty]) =>
  run({
    name: `Cruise intervals ${reps}x${work}min`,
    description: `${reps} repeats of ${work} minutes at threshold pace with short jog recoveries: raises lactate threshold.`,
    key_focus: 'Lactate threshold',
    difficulty: difficulty as Difficulty,
    primary_target: 'threshold',
    tags: ['threshold', 'cruise intervals', 'intervals'],
    phases: ['threshold_development'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER, 'indoor'],
    structure: `Warmup 15min easy\nMain ${reps}x ${work}min @ threshold pace w/ ${rest}min jog\nCooldown 10min easy`,
  }),
);

const track: LibraryTemplate[] = [
  [12, 400, 200, 4, '5k pace', 'vo2max'],
  [8, 400, 200, 3, '5k pace', 'vo2max'],
  [6, 800, 400, 4, '5k pace', 'vo2max'],
  [5, 1000, 400, 4, '5k pace', 'vo2max'],
  [4, 1200, 400, 5, '5k pace', 'vo2max'],
  [3, 1600, 400, 4, '10k pace', 'threshold'],
  [5, 1600, 400, 5, '10k pace', 'threshold'],
  [10, 200, 200, 3, 'mile pace', 'speed'],
  [16, 200, 200, 4, 'mile pace', 'speed'],
  [4, 2000, 400, 4, '10k pace', 'threshold'],
  [20, 400, 200, 5, '5k pace', 'vo2max'],
  [6, 1000, 400, 4, '10k pace', 'threshold'],
  [8, 600, 200, 4, '5k pace', 'vo2max'],
  [12, 300, 100, 4, 'mile pace', 'speed'],
].map(([reps, meters, jog, difficulty, pace, target]) =>
  run({
    name: `Track ${reps}x${meters}m @ ${pace}`,
    description: `${reps} repeats of ${meters} m at ${pace} with ${jog} m jog recoveries.`,
    key_focus:
      target === 'speed'
        ? 'Speed and running economy'
        : target === 'vo2max'
          ? 'VO2max'
          : 'Threshold at race pace',
    difficulty: difficulty as Difficulty,
    primary_target: target as 'vo2max' | 'threshold' | 'speed',
    tags: ['track', 'intervals', String(pace)],
    phases:
      target === 'speed'
        ? ['speed_neuromuscular']
        : target === 'vo2max'
          ? ['anaerobic_endurance']
          : ['threshold_development'],
    equipment: ['running shoes', 'track'],
    weather: [...OUTDOOR],
    structure: `Warmup 15min easy\nMain ${reps}x ${meters}m @ ${pace} w/ ${jog}m jog\nCooldown 10min easy`,
  }),
);

const other: LibraryTemplate[] = [
  run({
    name: 'Hill repeats 8x60s',
    description: 'Eight hard one-minute hill climbs, jogging back down: strength and power for running.',
    key_focus: 'Hill strength',
    difficulty: 4,
    primary_target: 'strength',
    tags: ['hills', 'strength', 'power'],
    phases: ['muscular_force', 'anaerobic_endurance'],
    equipment: ['running shoes', 'hill'],
    weather: [...OUTDOOR],
    structure: 'Warmup 15min easy\nMain 8x 1min hard uphill w/ 2min jog\nCooldown 10min easy',
  }),
  run({
    name: 'Short hill sprints',
    description:
      'Ten 10-second all-out hill sprints with full recovery: neuromuscular power with low injury risk.',
    key_focus: 'Neuromuscular power',
    difficulty: 2,
    primary_target: 'speed',
    tags: ['hills', 'sprints', 'neuromuscular'],
    phases: ['speed_neuromuscular'],
    equipment: ['running shoes', 'hill'],
    weather: [...OUTDOOR],
    structure: 'Warmup 20min easy\nMain 10x 10s all out uphill, 1min50s walk\nCooldown 10min easy',
  }),
  run({
    name: 'Long hill repeats',
    description: 'Five three-minute climbs at threshold effort: climbing strength and threshold in one.',
    key_focus: 'Climbing at threshold',
    difficulty: 4,
    primary_target: 'threshold',
    tags: ['hills', 'threshold'],
    phases: ['muscular_force', 'threshold_development'],
    equipment: ['running shoes', 'hill'],
    weather: [...OUTDOOR],
    structure: 'Warmup 15min easy\nMain 5x 3min @ threshold uphill w/ 3min jog\nCooldown 10min easy',
  }),
  run({
    name: 'Easy run with strides',
    description: 'An easy run finished with six relaxed strides: keeps the legs quick during base training.',
    key_focus: 'Aerobic base and leg speed',
    difficulty: 1,
    primary_target: 'endurance',
    tags: ['easy', 'strides'],
    phases: ['aerobic_endurance', 'speed_neuromuscular'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER],
    structure: '40min easy run Z2\n6x 20s strides w/ 1min walk',
  }),
  run({
    name: 'Fartlek 1 minute on',
    description: 'Ten one-minute surges at 5k effort inside an easy run, unstructured and playful.',
    key_focus: 'Speed endurance',
    difficulty: 3,
    primary_target: 'vo2max',
    tags: ['fartlek', 'speed'],
    phases: ['anaerobic_endurance'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER],
    structure: 'Warmup 15min easy\nMain 10x 1min @ 5k pace, 1min easy\nCooldown 10min easy',
  }),
  run({
    name: 'Mona fartlek',
    description: 'The classic 20-minute fartlek: 2x90s, 4x60s, 4x30s, 4x15s with equal floats.',
    key_focus: 'Speed endurance',
    difficulty: 4,
    primary_target: 'vo2max',
    tags: ['fartlek', 'speed', 'classic'],
    phases: ['anaerobic_endurance'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER],
    structure:
      'Warmup 15min easy\nMain 2x 90s hard, 90s float\n4x 60s hard, 60s float\n4x 30s hard, 30s float\n4x 15s hard, 15s float\nCooldown 10min easy',
  }),
  run({
    name: 'Progression run 50min',
    description: 'Start easy and finish at threshold, each third faster than the last.',
    key_focus: 'Pacing and aerobic strength',
    difficulty: 3,
    primary_target: 'tempo',
    tags: ['progression', 'tempo'],
    phases: ['aerobic_endurance', 'muscular_endurance'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER, 'indoor'],
    structure: '20min Z2, 20min Z3, 10min Z4',
  }),
  run({
    name: 'Marathon-pace blocks',
    description: 'Three 20-minute blocks at marathon pace with easy running between.',
    key_focus: 'Marathon pace',
    difficulty: 4,
    primary_target: 'race_pace',
    tags: ['marathon', 'race pace'],
    phases: ['muscular_endurance'],
    equipment: ['running shoes'],
    weather: [...OUTDOOR],
    structure: 'Warmup 15min easy\nMain 3x 20min @ marathon pace w/ 5min easy\nCooldown 10min easy',
  }),
  run({
    name: 'Half-marathon pace 2x5km',
    description: 'Two 5 km reps at half-marathon pace: race-specific endurance.',
    key_focus: 'Half-marathon pace',
    difficulty: 4,
    primary_target: 'race_pace',
    tags: ['half marathon', 'race pace'],
    phases: ['threshold_development', 'muscular_endurance'],
    equipment: ['running shoes'],
    weather: [...OUTDOOR],
    structure: 'Warmup 15min easy\nMain 2x 5km @ HM pace w/ 3min jog\nCooldown 10min easy',
  }),
  run({
    name: '5k time trial',
    description: 'A hard 5 km effort after a good warm-up: benchmark for threshold pace and race form.',
    key_focus: 'Benchmark 5k',
    difficulty: 5,
    primary_target: 'testing',
    tags: ['test', 'time trial', '5k'],
    phases: ['testing_benchmark'],
    equipment: ['running shoes', 'track'],
    weather: ['sunny', 'cloudy', 'cold'],
    structure: 'Warmup 15min easy, 4x 20s strides w/ 40s walk\nMain 5km @ 5k pace\nCooldown 10min easy',
  }),
  run({
    name: '30-minute threshold test',
    description:
      'Thirty minutes as hard as you can hold evenly; threshold pace is your average of the last 20.',
    key_focus: 'Benchmark threshold pace',
    difficulty: 5,
    primary_target: 'testing',
    tags: ['test', 'threshold', 'benchmark'],
    phases: ['testing_benchmark'],
    equipment: ['running shoes'],
    weather: ['sunny', 'cloudy', 'cold', 'indoor'],
    structure: 'Warmup 15min easy\nMain 30min max effort\nCooldown 10min easy',
  }),
  run({
    name: 'Treadmill incline intervals',
    description:
      'Steady uphill efforts on the treadmill: strength and aerobic power when the weather is bad.',
    key_focus: 'Uphill strength',
    difficulty: 3,
    primary_target: 'strength',
    tags: ['treadmill', 'incline', 'hills'],
    phases: ['muscular_force', 'muscular_endurance'],
    equipment: ['running shoes', 'treadmill'],
    weather: ['indoor', 'rainy', 'hot', 'cold', 'windy'],
    structure: 'Warmup 10min easy\nMain 6x 3min @ Z4 @ 6% incline w/ 2min easy\nCooldown 10min easy',
  }),
  run({
    name: 'Running drills and strides',
    description: 'A-skips, B-skips and strides after an easy jog: better mechanics and cadence.',
    key_focus: 'Running technique',
    difficulty: 1,
    primary_target: 'technique',
    tags: ['drills', 'technique', 'strides'],
    phases: ['technique_drills'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER],
    structure:
      'Warmup 15min easy\nMain 6x 30s drills, 30s walk\n6x 20s strides w/ 40s walk\nCooldown 10min easy',
  }),
  run({
    name: 'Double threshold morning',
    description:
      'Five 6-minute reps at threshold with one-minute jogs, the first half of a Norwegian-style double day.',
    key_focus: 'Threshold volume',
    difficulty: 4,
    primary_target: 'threshold',
    tags: ['threshold', 'norwegian', 'double'],
    phases: ['threshold_development'],
    equipment: ['running shoes'],
    weather: [...RUN_WEATHER, 'indoor'],
    structure: 'Warmup 15min easy\nMain 5x 6min @ 95-100% threshold pace w/ 1min jog\nCooldown 10min easy',
  }),
  run({
    name: 'Trail run 90min',
    description: 'An easy trail run by effort, walking the steep climbs: aerobic volume with varied terrain.',
    key_focus: 'Aerobic base on trails',
    difficulty: 3,
    primary_target: 'endurance',
    tags: ['trail', 'long run', 'hills'],
    phases: ['aerobic_endurance'],
    equipment: ['trail shoes'],
    weather: ['sunny', 'cloudy', 'cold'],
    structure: '90min trail run Z2',
  }),
];

export const RUN_TEMPLATES: LibraryTemplate[] = [
  ...easy,
  ...long,
  ...tempo,
  ...threshold,
  ...track,
  ...other,
];
