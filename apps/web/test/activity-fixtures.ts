// Activities as the API sends them, for the activities page and detail tests.
import type { ActivityAnalysis, ActivityDetail, ActivityStreams, ActivitySummary } from '@stamina/contract';

let counter = 0;

export function makeActivity(overrides: Partial<ActivitySummary> = {}): ActivitySummary {
  counter++;
  return {
    id: `act-${counter}`,
    name: `Ride ${counter}`,
    sport: 'bike',
    device_sport: 'cycling',
    sub_sport: 'road',
    device_name: 'Garmin Edge 810',
    source: 'upload',
    start_time: '2025-11-15T07:02:00.000Z',
    local_date: '2025-11-15',
    elapsed_seconds: 3725,
    timer_seconds: 3640,
    moving_seconds: 3600,
    distance_m: 32_450,
    ascent_m: 312,
    avg_hr: 142,
    max_hr: 171,
    avg_power: 201,
    max_power: 612,
    avg_speed_mps: 9.01,
    max_speed_mps: 15.2,
    avg_cadence: 88,
    max_cadence: 112,
    calories: 780,
    tss: 74.6,
    tss_method: 'power',
    intensity_factor: 0.84,
    normalized_power: 214,
    workout_id: null,
    multisport_group_id: null,
    leg_index: null,
    has_gps: true,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    ...makeActivity(),
    description: null,
    gear: null,
    laps: [
      {
        index: 0,
        start_time: '2025-11-15T07:02:00.000Z',
        elapsed_seconds: 1800,
        timer_seconds: 1790,
        moving_seconds: 1790,
        distance_m: 16_000,
        ascent_m: 150,
        avg_hr: 138,
        max_hr: 160,
        avg_power: 195,
        max_power: 500,
        avg_speed_mps: 8.9,
        max_speed_mps: 14,
        avg_cadence: 87,
        max_cadence: 110,
        calories: 380,
      },
      {
        index: 1,
        start_time: '2025-11-15T07:32:00.000Z',
        elapsed_seconds: 1925,
        timer_seconds: 1810,
        moving_seconds: 1810,
        distance_m: 16_450,
        ascent_m: 162,
        avg_hr: 146,
        max_hr: 171,
        avg_power: 207,
        max_power: 612,
        avg_speed_mps: 9.1,
        max_speed_mps: 15.2,
        avg_cadence: 89,
        max_cadence: 112,
        calories: 400,
      },
    ],
    zone_seconds: {
      power: [600, 1200, 1200, 480, 120],
      power_levels: [600, 1200, 1380, 300, 60, 40, 20],
      hr: [300, 1500, 1400, 400, 0],
    },
    best_efforts: { power: { '5s': 612, '1min': 410, '5min': 290, '20min': 236 } },
    thresholds: {
      values: { ftp_watts: 255, lthr: 165 },
      defaults_used: ['lthr'],
      effective_from: '2025-09-01',
    },
    stream_types: ['time', 'power', 'heart_rate', 'speed', 'cadence', 'altitude', 'lat', 'lng'],
    rpe: null,
    note: null,
    matched_workout: {
      id: 'w-1',
      title: 'Sweet Spot 2x20',
      workout_date: '2025-11-15',
      planned_duration_minutes: 60,
      planned_tss: 80,
      planned_zone: 4,
      planned_intensity_factor: 0.894,
      actual_duration_seconds: 3600,
      actual_tss: 74.6,
      actual_intensity_factor: 0.864,
      compliance: {
        duration_percent: 100,
        tss_percent: 93,
        intensity_percent: 97,
        zone_percent: null,
        percent: 97,
      },
    },
    ...overrides,
  };
}

/** A short ride: `n` seconds along a small loop with every stream. */
export function makeStreams(n = 120): ActivityStreams {
  const range = Array.from({ length: n }, (_, i) => i);
  return {
    sample_count: n,
    streams: {
      time: range,
      power: range.map((i) => 180 + (i % 20)),
      heart_rate: range.map((i) => 130 + Math.floor(i / 10)),
      speed: range.map(() => 9),
      cadence: range.map(() => 88),
      altitude: range.map((i) => 100 + i / 10),
      lat: range.map((i) => 47.6 + Math.sin(i / 20) / 100),
      lng: range.map((i) => 8.5 + Math.cos(i / 20) / 100),
    },
  };
}

/** The analysis of a 1-hour ride: 2 laps and one 5-minute effort, 72 kg logged on Jan 2. */
export function makeAnalysis(overrides: Partial<ActivityAnalysis> = {}): ActivityAnalysis {
  const best = (value: number, id = 'act-9') => ({ value, activity_id: id, date: '2026-01-01' });
  return {
    activity_id: 'act-1',
    curves: {
      power: [
        { key: '5s', x: 5, value: 610, best_42d: best(650), best_all_time: best(720, 'act-7') },
        { key: '5min', x: 300, value: 290, best_42d: best(300), best_all_time: best(320, 'act-7') },
        { key: '10min', x: 600, value: 250, best_42d: null, best_all_time: null },
      ],
      heart_rate: [{ key: '5s', x: 5, value: 172, best_42d: null, best_all_time: null }],
      pace: [],
    },
    weight_kg: 72,
    weight_date: '2026-01-02',
    kilojoules: 724,
    watts_per_kg: 2.79,
    np_watts_per_kg: 2.97,
    variability_index: 1.06,
    efficiency_factor: 1.51,
    efficiency_basis: 'power',
    decoupling_percent: 3.2,
    first_half_ef: 1.55,
    second_half_ef: 1.5,
    intervals: [
      interval({ kind: 'lap', start_second: 0, end_second: 1800, duration_seconds: 1800, avg_power: 195 }),
      interval({ kind: 'lap', start_second: 1800, end_second: 3600, duration_seconds: 1800, avg_power: 207 }),
      interval({
        kind: 'effort',
        start_second: 1200,
        end_second: 1500,
        duration_seconds: 300,
        avg_power: 288,
        zone: 5,
      }),
    ],
    effort_rule:
      'Efforts: power at or above 88 % of FTP (224 W), smoothed over 10 s, gaps under 15 s merged, at least 30 s long.',
    ...overrides,
  };
}

function interval(
  overrides: Partial<ActivityAnalysis['intervals'][number]>,
): ActivityAnalysis['intervals'][number] {
  return {
    kind: 'lap',
    start_second: 0,
    end_second: 60,
    duration_seconds: 60,
    distance_m: null,
    avg_power: null,
    normalized_power: null,
    avg_hr: 150,
    max_hr: 160,
    avg_speed_mps: null,
    zone: 2,
    zone_basis: 'power',
    ...overrides,
  };
}
