// Strength sessions of the library (docs/workout-bank.md, "The library"). Loads are % of one-rep max or RPE,
// so they scale to each athlete; sets of reps are timed by the parser's rule for strength.
import { ANY_WEATHER, entry, type LibraryTemplate } from './types.ts';

type Difficulty = 1 | 2 | 3 | 4 | 5;
const strength = (fields: Parameters<typeof entry>[2]) => entry('strength', 'strength', fields);
const GYM = ['barbell', 'gym'];
const HOME = ['mat'];

/** Maximal strength: heavy, few reps, long rests. */
const heavy: LibraryTemplate[] = (
  [
    ['Back squat', 5, 5, 80, 3],
    ['Deadlift', 5, 3, 85, 4],
    ['Front squat', 4, 5, 75, 3],
    ['Romanian deadlift', 4, 6, 70, 3],
    ['Bench press', 5, 5, 80, 3],
    ['Trap-bar deadlift', 4, 4, 85, 4],
    ['Bulgarian split squat', 3, 8, 70, 3],
    ['Hip thrust', 4, 6, 80, 3],
    ['Back squat triples', 6, 3, 87, 5],
    ['Deadlift doubles', 5, 2, 90, 5],
    ['Overhead press', 4, 6, 75, 3],
    ['Step-up', 3, 8, 65, 2],
    ['Box squat', 4, 5, 75, 3],
    ['Walking lunge', 3, 10, 60, 2],
  ] as const
).map(([lift, sets, reps, percent, difficulty]) =>
  strength({
    name: `${lift} ${sets}x${reps} @ ${percent}%`,
    description: `${sets} sets of ${reps} ${lift.toLowerCase()} at ${percent}% of your one-rep max with full rests, after a general warm-up.`,
    key_focus: 'Maximal strength',
    difficulty: difficulty as Difficulty,
    primary_target: 'strength',
    tags: ['strength', 'heavy', lift.toLowerCase()],
    phases: ['muscular_force'],
    equipment: GYM,
    weather: [...ANY_WEATHER],
    structure: `Warmup 10min easy\nMain ${sets}x${reps} ${lift.toLowerCase()} @ ${percent}%, 3min rest\nCooldown 5min stretch`,
  }),
);

const circuits: LibraryTemplate[] = (
  [
    ['Bodyweight circuit', 3, '10 push-ups, 15 air squats, 20 lunges', 2, HOME],
    ['Runner legs circuit', 3, '12 step ups, 15 calf raises, 10 single leg deadlifts', 2, ['dumbbells']],
    ['Kettlebell circuit', 4, '15 kettlebell swings, 10 goblet squats, 10 rows', 3, ['kettlebell']],
    ['Triathlete full body', 3, '10 pull-ups, 12 push-ups, 15 squats, 10 dips', 3, ['pull-up bar']],
    [
      'Upper body for swimmers',
      3,
      '12 band pull aparts, 10 push-ups, 12 rows, 10 dips',
      2,
      ['resistance band'],
    ],
    [
      'Glute and hip circuit',
      3,
      '15 glute bridges, 12 clamshells, 10 lateral lunges',
      1,
      ['resistance band', 'mat'],
    ],
    ['Dumbbell full body', 4, '10 thrusters, 10 rows, 12 lunges, 10 presses', 3, ['dumbbells']],
    ['Plyometric circuit', 4, '10 box jumps, 10 jump squats, 20 skips', 4, ['plyo box']],
    ['Cyclist leg circuit', 4, '12 split squats, 12 step ups, 15 wall sits', 3, ['dumbbells']],
    ['Stability ball circuit', 3, '12 hamstring curls, 10 pikes, 15 back extensions', 2, ['stability ball']],
    ['Conditioning finisher', 5, '10 burpees, 15 kettlebell swings, 20 mountain climbers', 4, ['kettlebell']],
    [
      'Band circuit for runners',
      3,
      '15 monster walks, 15 lateral walks, 12 glute bridges',
      1,
      ['resistance band'],
    ],
    ['Quick hotel-room circuit', 3, '15 squats, 10 push-ups, 20 mountain climbers', 2, HOME],
  ] as const
).map(([name, rounds, moves, difficulty, kit]) =>
  strength({
    name,
    description: `${rounds} rounds of ${moves}, with a minute of rest between rounds.`,
    key_focus: 'Strength endurance',
    difficulty: difficulty as Difficulty,
    primary_target: 'strength',
    tags: ['circuit', 'strength endurance'],
    phases: ['muscular_endurance', 'muscular_force'],
    equipment: [...kit],
    weather: [...ANY_WEATHER],
    structure: `Warmup 10min easy\nMain ${rounds} rounds: ${moves}, 1min rest\nCooldown 5min stretch`,
  }),
);

const core: LibraryTemplate[] = (
  [
    ['Core stability basics', 3, '30s plank, 30s side plank, 20 crunches', 1],
    ['Core for runners', 3, '45s plank, 15 dead bugs, 15 bird dogs', 2],
    ['Core for swimmers', 3, '30s hollow hold, 15 superman, 30s side plank', 2],
    ['Anti-rotation core', 3, '12 pallof press, 30s side plank, 15 russian twists', 3],
    ['Core endurance ladder', 4, '45s plank, 45s side plank, 20 dead bugs', 3],
    ['Advanced core', 4, '60s plank, 15 leg raises, 20 russian twists, 30s hollow hold', 4],
  ] as const
).map(([name, rounds, moves, difficulty]) =>
  strength({
    name,
    description: `A short core session: ${rounds} rounds of ${moves}. Fits after an easy run or ride.`,
    key_focus: 'Core stability',
    difficulty: difficulty as Difficulty,
    primary_target: 'strength',
    tags: ['core', 'stability', 'short'],
    phases: ['muscular_endurance'],
    equipment: HOME,
    weather: [...ANY_WEATHER],
    structure: `Warmup 10min easy\nMain ${rounds}x (${moves}), 1min rest\nCooldown 5min stretch`,
  }),
);

const other: LibraryTemplate[] = [
  strength({
    name: 'Tabata squats',
    description: 'Eight rounds of 20 seconds of fast squats and 10 seconds rest: short and intense.',
    key_focus: 'Anaerobic power',
    difficulty: 4,
    primary_target: 'vo2max',
    tags: ['tabata', 'HIIT', 'short'],
    phases: ['anaerobic_endurance'],
    equipment: HOME,
    weather: [...ANY_WEATHER],
    structure: 'Warmup 10min easy\nMain Tabata squats 8x 20s on, 10s off\nCooldown 10min stretch',
  }),
  strength({
    name: 'Olympic lift technique',
    description: 'Light cleans and snatches for speed and coordination, never to failure.',
    key_focus: 'Power and technique',
    difficulty: 3,
    primary_target: 'technique',
    tags: ['power', 'technique', 'olympic lifts'],
    phases: ['technique_drills', 'speed_neuromuscular'],
    equipment: GYM,
    weather: [...ANY_WEATHER],
    structure:
      'Warmup 10min easy\nMain 5x3 power clean @ 60%, 2min rest\n5x3 snatch @ 50%, 2min rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'Plyometrics for runners',
    description: 'Low-volume jumps for a stiffer, springier stride, on a soft surface.',
    key_focus: 'Reactive strength',
    difficulty: 3,
    primary_target: 'speed',
    tags: ['plyometrics', 'power', 'running'],
    phases: ['speed_neuromuscular'],
    equipment: ['plyo box'],
    weather: [...ANY_WEATHER],
    structure:
      'Warmup 10min easy\nMain 4x 10 box jumps, 90s rest\n3x 20 pogo jumps, 90s rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'Eccentric calf and Achilles',
    description: 'Slow heel drops and bent-knee calf raises: prehab for the Achilles and calves.',
    key_focus: 'Injury prevention',
    difficulty: 1,
    primary_target: 'strength',
    tags: ['prehab', 'calves', 'injury prevention'],
    phases: ['muscular_force', 'recovery_regeneration'],
    equipment: ['step'],
    weather: [...ANY_WEATHER],
    structure:
      'Warmup 10min easy\n3x 15 heel drops, 60s rest\n3x 15 calf raises, 60s rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'Shoulder prehab for swimmers',
    description: 'Band rotations and scapular work to keep shoulders healthy through swim volume.',
    key_focus: 'Shoulder health',
    difficulty: 1,
    primary_target: 'strength',
    tags: ['prehab', 'shoulders', 'swimming'],
    phases: ['muscular_force', 'recovery_regeneration'],
    equipment: ['resistance band'],
    weather: [...ANY_WEATHER],
    structure:
      'Warmup 10min easy\n3x 15 external rotations, 45s rest\n3x 15 band pull aparts, 45s rest\n3x 12 face pulls, 45s rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'Strength maintenance in season',
    description: 'Two heavy lifts and core, kept short so they do not dull race-season legs.',
    key_focus: 'Keeping strength in season',
    difficulty: 2,
    primary_target: 'strength',
    tags: ['maintenance', 'in season', 'short'],
    phases: ['muscular_force'],
    equipment: GYM,
    weather: [...ANY_WEATHER],
    structure:
      'Warmup 10min easy\nMain 3x5 squats @ 75%, 2min rest\n3x5 deadlift @ 75%, 2min rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'EMOM kettlebell',
    description: 'Every minute on the minute: 12 swings, rest the remainder. Twenty minutes.',
    key_focus: 'Power endurance',
    difficulty: 3,
    primary_target: 'strength',
    tags: ['EMOM', 'kettlebell', 'conditioning'],
    phases: ['muscular_endurance', 'anaerobic_endurance'],
    equipment: ['kettlebell'],
    weather: [...ANY_WEATHER],
    structure: 'Warmup 5min easy\nMain 20x 12 kettlebell swings, 24s rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'Strength test: 5-rep max squat',
    description: 'Work up to a heavy set of five; estimate your one-rep max from it.',
    key_focus: 'Benchmark strength',
    difficulty: 5,
    primary_target: 'testing',
    tags: ['test', 'benchmark', 'squat'],
    phases: ['testing_benchmark'],
    equipment: GYM,
    weather: [...ANY_WEATHER],
    structure: 'Warmup 10min easy\nMain 5x5 squats @ RPE 9, 3min rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'Upper-body pull day',
    description: 'Pull-ups and rows for a stronger swim catch and better posture on the bike.',
    key_focus: 'Pulling strength',
    difficulty: 3,
    primary_target: 'strength',
    tags: ['upper body', 'pull', 'swimming'],
    phases: ['muscular_force'],
    equipment: ['pull-up bar', 'dumbbells'],
    weather: [...ANY_WEATHER],
    structure:
      'Warmup 10min easy\nMain 4x 6 pull-ups, 2min rest\n4x 10 rows @ 70%, 90s rest\nCooldown 5min stretch',
  }),
  strength({
    name: 'Single-leg stability',
    description: 'Single-leg balance, pistols to a box and step-downs: knee control for running.',
    key_focus: 'Single-leg control',
    difficulty: 2,
    primary_target: 'strength',
    tags: ['single leg', 'stability', 'running'],
    phases: ['muscular_force', 'technique_drills'],
    equipment: ['step'],
    weather: [...ANY_WEATHER],
    structure:
      'Warmup 10min easy\n3x 10 step downs, 60s rest\n3x 8 pistol squats, 60s rest\n3x 45s single leg balance, 30s rest\nCooldown 5min stretch',
  }),
];

export const STRENGTH_TEMPLATES: LibraryTemplate[] = [...heavy, ...circuits, ...core, ...other];
