// Recovery sessions of the library (docs/workout-bank.md, "The library"): very easy movement that helps the
// body absorb training. Each is parsed as the sport it is done in (mobility and yoga as strength).

import type { Sport } from '@stamina/core';
import { ANY_WEATHER, entry, type LibraryTemplate, OUTDOOR } from './types.ts';

const recovery = (sport: Sport, fields: Parameters<typeof entry>[2]) => entry('recovery', sport, fields);
const POOL = ['indoor', 'sunny', 'cloudy', 'rainy', 'windy', 'hot', 'cold'] as const;

const spins = [20, 30, 40, 45, 60, 75, 90].map((minutes) =>
  recovery('bike', {
    name: `Recovery spin ${minutes}min`,
    description: `${minutes} minutes of very easy spinning at high cadence: blood flow without load.`,
    key_focus: 'Active recovery',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['recovery', 'easy spin', 'zone 1'],
    phases: ['recovery_regeneration'],
    equipment: ['bike'],
    weather: [...POOL],
    structure: `Recovery spin ${minutes}min Z1 @ 45-55% FTP, 90rpm`,
  }),
);

const jogs = [20, 25, 30, 35, 40, 45].map((minutes) =>
  recovery('run', {
    name: `Recovery jog ${minutes}min`,
    description: `${minutes} minutes of very easy jogging on soft ground; walk breaks are fine.`,
    key_focus: 'Active recovery',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['recovery', 'jog', 'zone 1'],
    phases: ['recovery_regeneration'],
    equipment: ['running shoes'],
    weather: [...OUTDOOR],
    structure: `${minutes}min recovery run Z1`,
  }),
);

const walks = [20, 30, 45, 60, 90].map((minutes) =>
  recovery('run', {
    name: `Recovery walk ${minutes}min`,
    description: `A ${minutes}-minute brisk walk outdoors: the gentlest way to move on a rest day.`,
    key_focus: 'Rest-day movement',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['recovery', 'walk', 'rest day'],
    phases: ['recovery_regeneration'],
    equipment: [],
    weather: ['sunny', 'cloudy', 'cold', 'windy'],
    structure: `${minutes}min walk`,
  }),
);

const swims = [20, 25, 30, 40, 50].map((minutes) =>
  recovery('swim', {
    name: `Easy recovery swim ${minutes}min`,
    description: `${minutes} minutes of easy mixed-stroke swimming: loosens the back and shoulders.`,
    key_focus: 'Active recovery',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['recovery', 'swim', 'mixed strokes'],
    phases: ['recovery_regeneration'],
    equipment: ['pool'],
    weather: [...POOL],
    structure: `Swim ${minutes}min very easy`,
  }),
);

const mobility: LibraryTemplate[] = (
  [
    ['Mobility flow', 20, 'Full-body mobility: hips, thoracic spine, ankles and shoulders.', ['mat']],
    ['Yoga for athletes', 30, 'A gentle yoga flow for tight hips and hamstrings.', ['mat']],
    ['Long yoga session', 45, 'A longer, slow yoga session for a recovery week.', ['mat']],
    ['Foam rolling routine', 20, 'Foam rolling of calves, quads, glutes and upper back.', ['foam roller']],
    [
      'Stretching after a long run',
      25,
      'Static stretching of the running muscles after a long run.',
      ['mat'],
    ],
    ['Hip mobility for cyclists', 20, 'Hip flexor and glute mobility for hours in the saddle.', ['mat']],
    [
      'Shoulder mobility for swimmers',
      20,
      'Gentle shoulder and thoracic mobility for swim volume.',
      ['resistance band'],
    ],
    ['Ankle and foot mobility', 20, 'Ankle, foot and calf mobility for runners.', ['mat']],
    ['Post-ride stretch', 20, 'Stretching for quads, hip flexors and lower back after a ride.', ['mat']],
    ['Evening yoga', 40, 'A calm evening yoga session that prepares for sleep.', ['mat']],
    [
      'Breathing and stretching',
      30,
      'Slow breathing with light stretching: calms the nervous system.',
      ['mat'],
    ],
  ] as const
).map(([name, minutes, description, kit]) =>
  recovery('strength', {
    name,
    description,
    key_focus: 'Mobility and recovery',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['mobility', 'recovery', 'flexibility'],
    phases: ['recovery_regeneration'],
    equipment: [...kit],
    weather: [...ANY_WEATHER],
    structure: `${minutes}min mobility & stretching Z1`,
  }),
);

const flush: LibraryTemplate[] = [
  recovery('bike', {
    name: 'Flush ride with spin-ups',
    description: 'An easy ride with a few short high-cadence spin-ups to flush the legs after a race.',
    key_focus: 'Post-race recovery',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['recovery', 'post-race', 'cadence'],
    phases: ['recovery_regeneration'],
    equipment: ['bike'],
    weather: [...POOL],
    structure: '15min Z1\n5x 30s Z2 110rpm, 90s Z1\n15min Z1',
  }),
  recovery('run', {
    name: 'Shake-out run',
    description: 'A short, easy run with four relaxed strides, the day before a race or after travel.',
    key_focus: 'Loosen up before a race',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['shake-out', 'pre-race', 'strides'],
    phases: ['recovery_regeneration', 'speed_neuromuscular'],
    equipment: ['running shoes'],
    weather: [...OUTDOOR],
    structure: '20min recovery run Z1\n4x 20s strides w/ 40s walk',
  }),
  recovery('swim', {
    name: 'Recovery swim with drills',
    description: 'Easy swimming and technique drills at low effort the day after a hard session.',
    key_focus: 'Recovery with technique',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['recovery', 'drills'],
    phases: ['recovery_regeneration', 'technique_drills'],
    equipment: ['pool'],
    weather: [...POOL],
    structure:
      'Warmup 200m very easy\nMain 6x 50m drill w/ 20s rest\n300m very easy\nCooldown 100m very easy',
  }),
  recovery('bike', {
    name: 'Coffee ride',
    description:
      'A sociable, very easy ride of an hour and a half with a stop: recovery that feels like a treat.',
    key_focus: 'Easy volume and recovery',
    difficulty: 2,
    primary_target: 'recovery',
    tags: ['recovery', 'social', 'easy'],
    phases: ['recovery_regeneration', 'aerobic_endurance'],
    equipment: ['bike'],
    weather: ['sunny', 'cloudy'],
    structure: '45min Z1, 45min Z2',
  }),
  recovery('run', {
    name: 'Walk-run recovery',
    description: 'Alternating walking and easy jogging: recovery or a return after a break.',
    key_focus: 'Gentle return to running',
    difficulty: 1,
    primary_target: 'recovery',
    tags: ['walk-run', 'return to run', 'recovery'],
    phases: ['recovery_regeneration'],
    equipment: ['running shoes'],
    weather: [...OUTDOOR],
    structure: '8x (2min recovery run Z1, 1min walk)',
  }),
  recovery('run', {
    name: 'Aqua jogging',
    description: 'Deep-water running with a belt: running-specific work with no impact.',
    key_focus: 'Low-impact recovery',
    difficulty: 2,
    primary_target: 'recovery',
    tags: ['aqua jogging', 'low impact', 'injury'],
    phases: ['recovery_regeneration'],
    equipment: ['pool', 'aqua belt'],
    weather: [...POOL],
    structure: '30min recovery run Z1',
  }),
];

export const RECOVERY_TEMPLATES: LibraryTemplate[] = [
  ...spins,
  ...jogs,
  ...walks,
  ...swims,
  ...mobility,
  ...flush,
];
