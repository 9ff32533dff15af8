// Quick examples per sport and the parsing tips of the workout editor (docs/screens.md, "Workout editor and dialogs").
import type { Sport } from '@stamina/core';

export interface WorkoutExample {
  label: string;
  text: string;
}

export const WORKOUT_EXAMPLES: Record<Sport, readonly WorkoutExample[]> = {
  run: [
    {
      label: 'Threshold intervals',
      text: 'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min',
    },
    { label: 'Easy aerobic', text: 'Warmup: 10min Z1\nMain: 40min Z2\nCooldown: 5min Z1' },
    {
      label: 'Tempo blocks',
      text: 'Warmup: 15min easy\nMain: 3x 10min tempo with 2min easy jog\nCooldown: 10min easy',
    },
    {
      label: 'Track 800s',
      text: 'Warmup: 15min easy\nMain: 6x 800m @ 3:50/km with 90s rest\nCooldown: 10min easy',
    },
  ],
  bike: [
    {
      label: 'FTP intervals',
      text: 'Warmup: 15min Z2\nMain: 4x 8min @ 95% FTP with 4min recovery\nCooldown: 10min Z1',
    },
    {
      label: 'Sweet spot',
      text: 'Warmup: 10min easy\nMain: 3x 12min sweet spot with 5min rest\nCooldown: 10min easy',
    },
    { label: 'VO2 max', text: 'Warmup: 15min Z2\nMain: 8x 1min Z5 with 2min recovery\nCooldown: 10min Z1' },
    { label: 'Endurance ride', text: 'Warmup: 10min Z1\nMain: 90min Z2 @ 180w\nCooldown: 10min Z1' },
  ],
  swim: [
    {
      label: 'CSS 100s',
      text: 'Warmup: 400m easy\nMain: 10x 100m @ 1:40/100m with 15s rest\nCooldown: 200m easy',
    },
    {
      label: 'Threshold 200s',
      text: 'Warmup: 300m easy\nMain: 4x 200m threshold with 30s rest\nCooldown: 200m easy',
    },
    {
      label: 'Sprint 50s',
      text: 'Warmup: 300m easy\nMain: 8x 50m sprint with 30s rest\nCooldown: 200m easy',
    },
  ],
  strength: [
    { label: 'Circuit', text: 'Warmup: 10min easy\nMain: 4x 8min Z3 with 2min rest\nCooldown: 5min easy' },
    {
      label: 'Power blocks',
      text: 'Warmup: 10min easy\nMain: 6x 4min Z4 with 1min rest\nCooldown: 5min easy',
    },
    {
      label: 'Mobility and core',
      text: 'Warmup: 5min easy\nMain: 3x 10min Z2 with 90s rest\nCooldown: 10min recovery',
    },
  ],
  yoga: [
    { label: 'Gentle flow', text: '45min Z1' },
    { label: 'Vinyasa', text: 'Warmup: 10min Z1\nMain: 40min Z2\nCooldown: 10min Z1' },
  ],
  rowing: [
    { label: 'Steady row', text: 'Warmup: 10min Z1\nMain: 40min Z2\nCooldown: 5min Z1' },
    {
      label: 'Row intervals',
      text: 'Warmup: 10min easy\nMain: 5x 4min Z4 with 2min rest\nCooldown: 10min easy',
    },
  ],
  hiking: [{ label: 'Day hike', text: '3h Z2' }],
  xc_ski: [
    { label: 'Easy classic', text: 'Warmup: 15min Z1\nMain: 60min Z2\nCooldown: 10min Z1' },
    {
      label: 'Skate intervals',
      text: 'Warmup: 15min easy\nMain: 6x 3min Z4 with 2min easy\nCooldown: 10min easy',
    },
  ],
  other: [{ label: 'Easy session', text: '45min Z2' }],
};

/**
 * The editor's parsing tips (docs/screens.md, 'Workout editor and dialogs'); `code` parts are typed exactly like
 * that in the text.
 */
export const PARSING_TIPS: readonly {
  lead: string;
  parts: readonly string[];
  joiner: string;
  code: boolean;
}[] = [
  { lead: '', parts: ['repetitions x duration @ intensity'], joiner: '', code: true },
  { lead: 'Rest as', parts: ['2min recovery', '90s rest'], joiner: ' or ', code: true },
  { lead: 'Phases', parts: ['Warmup:', 'Main:', 'Cooldown:'], joiner: ' ', code: true },
  { lead: 'Zones', parts: ['1-5', 'easy/tempo/threshold'], joiner: ' or ', code: false },
  { lead: 'Power', parts: ['250w', '85% FTP'], joiner: ' or ', code: true },
  { lead: 'Pace', parts: ['4:30/km', '1:40/100m'], joiner: ' or ', code: true },
];
