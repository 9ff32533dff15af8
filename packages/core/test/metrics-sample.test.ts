import { describe, expect, it } from 'vitest';
import {
  DEFAULT_METRIC_KEYS,
  formatPaceSecondsPerKm,
  METRIC_KEYS,
  METRIC_SPECS,
  metricChange,
  metricSampleSeries,
} from '../src/index.ts';

describe('metricSampleSeries', () => {
  it('gives one value a day ending on the given date, around the spec baseline', () => {
    for (const key of METRIC_KEYS) {
      const series = metricSampleSeries(key, 30, '2025-11-18');
      expect(series).toHaveLength(30);
      expect(series[0]?.date).toBe('2025-10-20');
      expect(series.at(-1)?.date).toBe('2025-11-18');
      const { sampleBaseline, sampleSwing } = METRIC_SPECS[key];
      for (const point of series) {
        expect(Math.abs(point.value - sampleBaseline)).toBeLessThanOrEqual(sampleSwing + 0.05);
      }
    }
  });

  it('is the same for the same days, so a short window is the tail of a long one', () => {
    const long = metricSampleSeries('hrv', 90, '2025-11-18');
    const short = metricSampleSeries('hrv', 7, '2025-11-18');
    expect(short).toEqual(long.slice(-7));
    expect(metricSampleSeries('hrv', 7, '2025-11-18')).toEqual(short);
  });

  it('keeps FTP in fortnightly steps and rounds whole numbers where the unit is whole', () => {
    const ftp = metricSampleSeries('ftp', 28, '2025-11-18');
    expect(new Set(ftp.map((p) => p.value)).size).toBeLessThanOrEqual(3);
    expect(metricSampleSeries('restingHR', 10, '2025-11-18').every((p) => Number.isInteger(p.value))).toBe(
      true,
    );
  });
});

describe('HRV as SDNN', () => {
  it('sits beside HRV, offered only with the athlete’s own data and never a default', () => {
    expect(METRIC_KEYS.indexOf('hrvSdnn')).toBe(METRIC_KEYS.indexOf('hrv') + 1);
    expect(METRIC_SPECS.hrvSdnn).toMatchObject({ label: 'HRV (SDNN)', unit: 'ms', onlyWithOwnData: true });
    expect(METRIC_KEYS.filter((key) => METRIC_SPECS[key].onlyWithOwnData)).toEqual(['hrvSdnn']);
    expect(DEFAULT_METRIC_KEYS).not.toContain('hrvSdnn');
  });
});

describe('metricChange', () => {
  it('compares the latest value with the one seven points back', () => {
    expect(metricChange([40, 41, 42, 43, 44, 45, 46, 47, 50])).toEqual({
      latest: 50,
      previous: 41,
      change: 9,
    });
  });

  it('has no change while the series is seven points or shorter, and nothing without values', () => {
    expect(metricChange([40, 41, 42, 43, 44, 45, 46])).toEqual({ latest: 46, previous: null, change: null });
    expect(metricChange([])).toBeNull();
  });
});

describe('formatPaceSecondsPerKm', () => {
  it('shows m:ss', () => {
    expect(formatPaceSecondsPerKm(380)).toBe('6:20');
    expect(formatPaceSecondsPerKm(245)).toBe('4:05');
    expect(formatPaceSecondsPerKm(-12)).toBe('-0:12');
  });
});
