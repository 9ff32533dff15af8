// Templates and a routed fetch answer for the Workout Bank tests.
import type { WorkoutTemplate } from '@stamina/contract';
import { disciplineSport } from '@stamina/core';
import type { RatingList } from '../src/api/workout-bank/types.ts';
import { type Call, json } from './calendar-test-utils.tsx';

let counter = 0;

export function makeTemplate(overrides: Partial<WorkoutTemplate> = {}): WorkoutTemplate {
  counter++;
  return {
    id: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`,
    name: `Template ${counter}`,
    description: 'A steady session.',
    key_focus: 'Aerobic base',
    discipline: 'run',
    sport: disciplineSport(overrides.discipline ?? 'run'),
    estimated_duration_minutes: 45,
    estimated_distance_meters: null,
    difficulty_level: 2,
    primary_target: 'endurance',
    intensity: 'low',
    zone1_percentage: 20,
    zone2_percentage: 80,
    zone3_percentage: 0,
    zone4_percentage: 0,
    zone5_percentage: 0,
    tags: [],
    training_phases: [],
    required_equipment: [],
    weather_suitability: [],
    workout_language_text: 'Warmup: 10min Z1\nMain: 30min Z2\nCooldown: 5min Z1',
    avg_rating: 0,
    rating_count: 0,
    usage_count: 0,
    is_verified: true,
    is_public: true,
    created_by_user: false,
    is_own: false,
    estimated_tss: 40,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export type Rating = RatingList['ratings'][number];

/** Another athlete's 5-star review of `templateId`; `overrides` for what a test is about. */
export function makeRating(templateId: string, overrides: Partial<Rating> = {}): Rating {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    workout_template_id: templateId,
    rating: 5,
    effectiveness_rating: null,
    enjoyment_rating: null,
    difficulty_rating: null,
    review_text: null,
    fitness_level_when_completed: null,
    completed_as_prescribed: null,
    modifications_made: null,
    is_own: false,
    created_at: '2026-03-02T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function searchAnswer(templates: WorkoutTemplate[], extra: Record<string, unknown> = {}) {
  return json(200, {
    data: {
      templates,
      total_count: templates.length,
      page: 1,
      page_size: 20,
      total_pages: 1,
      search_time_ms: 12.4,
      ...extra,
    },
  });
}

const BANK = '/api/v1/workout-bank';

/**
 * Answers every Workout Bank call with an empty or neutral body unless `routes` has an answer for
 * 'METHOD /path-under-the-bank' (path with the template id as-is).
 */
export function bankHandler(
  routes: Record<string, (call: Call) => Response> = {},
  templates: readonly WorkoutTemplate[] = [],
) {
  return (call: Call): Response => {
    const path = call.url.pathname.startsWith(BANK)
      ? call.url.pathname.slice(BANK.length)
      : call.url.pathname;
    const route = routes[`${call.method} ${path}`];
    if (route) return route(call);
    const one = /^\/templates\/([^/]+)$/.exec(path);
    const found = one && call.method === 'GET' ? templates.find((t) => t.id === one[1]) : undefined;
    if (found) return json(200, { data: found });
    if (path === '/popular') return json(200, { data: { timeframe: 'month', templates: [] } });
    if (path === '/favorites') {
      return json(200, { data: { favorites: [], total_count: 0, page: 1, page_size: 12, total_pages: 0 } });
    }
    if (path === '/recommendations') return json(200, { data: { type: 'general', templates: [] } });
    if (path === '/categories') return json(200, { data: { categories: [] } });
    if (path === '/templates') return searchAnswer([]);
    if (path.endsWith('/variants')) {
      return json(200, { data: { template_id: path.split('/')[2], variants: [] } });
    }
    if (path.endsWith('/similar')) return json(200, { data: { templates: [] } });
    if (path.endsWith('/favorite/status'))
      return json(200, { data: { is_favorite: false, favorite_id: null } });
    if (path.endsWith('/rating')) return json(200, { data: { rating: null } });
    if (path.endsWith('/ratings')) {
      return json(200, {
        data: { ratings: [], total_count: 0, page: 1, page_size: 10, total_pages: 0, avg_rating: 0 },
      });
    }
    if (path.endsWith('/view')) return json(200, { data: { recorded: true } });
    return json(404, { message: `Not mocked: ${call.method} ${call.url.pathname}`, code: 'NOT_FOUND' });
  };
}
