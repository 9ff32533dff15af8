// Activities as the API sends them, for the activities page and detail tests.
import type { ActivityDetail, ActivityStreams, ActivitySummary } from '@stamina/contract';

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
    zone_seconds: { power: [600, 1200, 1200, 480, 120], hr: [300, 1500, 1400, 400, 0] },
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
      actual_duration_seconds: 3600,
      actual_tss: 74.6,
      compliance: { duration_percent: 100, tss_percent: 93, percent: 96 },
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
