import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_CONFIG, normalizeWidgetConfig } from '../src/index.ts';

describe('normalizeWidgetConfig', () => {
  it('keeps a well-formed list', () => {
    const custom = [{ id: 'x', name: 'X', description: 'd', enabled: false, order: 3 }];
    expect(normalizeWidgetConfig(custom)).toEqual(custom);
  });

  it('falls back to the spec defaults for anything malformed', () => {
    expect(normalizeWidgetConfig(null)).toEqual(DEFAULT_WIDGET_CONFIG);
    expect(
      normalizeWidgetConfig([{ id: 'x', name: 'X', description: 'd', enabled: 'yes', order: 1 }]),
    ).toEqual(DEFAULT_WIDGET_CONFIG);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.object()), (junk) => {
        expect(normalizeWidgetConfig(junk)).toEqual(DEFAULT_WIDGET_CONFIG);
      }),
    );
  });

  it('has the spec default order and enabled flags', () => {
    expect(DEFAULT_WIDGET_CONFIG.map((w) => [w.id, w.enabled, w.order])).toEqual([
      ['todays-workout', true, 0],
      ['recovery-panel', true, 1],
      ['weekly-summary', true, 2],
      ['race-countdown', true, 3],
      ['streak-tracker', false, 4],
      ['readiness-score', true, 5],
    ]);
  });
});
