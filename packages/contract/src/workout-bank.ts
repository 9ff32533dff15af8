// Schemas of the Workout Bank API under /api/v1/workout-bank (docs/workout-bank.md).
import {
  PRIMARY_TARGETS,
  TEMPLATE_CATEGORY_TYPES,
  TEMPLATE_DISCIPLINES,
  TRAINING_PHASES,
} from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';
import { ZSport, ZWorkout } from './workouts.ts';

export const WORKOUT_BANK_WEATHER = ['indoor', 'sunny', 'cloudy', 'rainy', 'windy', 'hot', 'cold'] as const;
export const WORKOUT_BANK_SORT_BY = [
  'name',
  'relevance',
  'duration',
  'difficulty',
  'rating',
  'popularity',
  'tss',
  'created_at',
] as const;
/** docs/workout-bank.md, "Paging": search pages of 20 by default. */
export const WORKOUT_BANK_PAGE_SIZE = 20;

const ZDiscipline = z.enum(TEMPLATE_DISCIPLINES);

/** A comma-joined list in a query string ('bike,run'), each item checked against `item`. */
function commaList<T extends z.ZodType>(item: T, name: string) {
  return z
    .string()
    .max(1000)
    .transform((value, ctx) => {
      const parts = value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const out: z.infer<T>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: `${name} has an unknown value '${part.slice(0, 40)}'` });
          return z.NEVER;
        }
        out.push(parsed.data as z.infer<T>);
      }
      return out;
    });
}
const queryBool = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');
const queryInt = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
const queryNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
const ZTag = z.string().min(1).max(60);

export const ZWorkoutTemplate = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    key_focus: z.string(),
    discipline: ZDiscipline,
    sport: ZSport.describe(
      'The sport the structure is parsed as (a brick as bike, recovery as the sport it is done in)',
    ),
    estimated_duration_minutes: z.number().int(),
    estimated_distance_meters: z.number().int().nullable(),
    difficulty_level: z.number().int().min(1).max(5),
    primary_target: z.string(),
    intensity: z.string(),
    zone1_percentage: z.number(),
    zone2_percentage: z.number(),
    zone3_percentage: z.number(),
    zone4_percentage: z.number(),
    zone5_percentage: z.number(),
    tags: z.array(z.string()),
    training_phases: z.array(z.string()),
    required_equipment: z.array(z.string()),
    weather_suitability: z.array(z.string()),
    workout_language_text: z
      .string()
      .describe('The structure in plain language, as the workout parser reads it'),
    avg_rating: z.number(),
    rating_count: z.number().int(),
    usage_count: z.number().int(),
    is_verified: z.boolean(),
    is_public: z.boolean(),
    created_by_user: z.boolean(),
    is_own: z.boolean().describe('The caller wrote this template'),
    estimated_tss: z.number(),
    created_at: z.string(),
  })
  .meta({ id: 'WorkoutTemplate' });
export type WorkoutTemplate = z.infer<typeof ZWorkoutTemplate>;

export const ZWorkoutTemplateSearchQuery = z.object({
  search_query: z.string().max(200, 'search_query must be at most 200 characters').optional(),
  disciplines: commaList(ZDiscipline, 'disciplines').optional(),
  primary_targets: commaList(z.enum(PRIMARY_TARGETS), 'primary_targets').optional(),
  difficulty_levels: commaList(z.coerce.number().int().min(1).max(5), 'difficulty_levels').optional(),
  min_duration_minutes: queryInt('min_duration_minutes', 0, 1440).optional(),
  max_duration_minutes: queryInt('max_duration_minutes', 0, 1440).optional(),
  min_distance_meters: queryInt('min_distance_meters', 0, 1_000_000).optional(),
  max_distance_meters: queryInt('max_distance_meters', 0, 1_000_000).optional(),
  min_tss: queryNumber('min_tss', 0, 2000).optional(),
  max_tss: queryNumber('max_tss', 0, 2000).optional(),
  training_phases: commaList(z.enum(TRAINING_PHASES), 'training_phases').optional(),
  weather_suitability: commaList(z.enum(WORKOUT_BANK_WEATHER), 'weather_suitability').optional(),
  required_equipment: commaList(ZTag, 'required_equipment').optional(),
  tags: commaList(ZTag, 'tags').optional(),
  min_rating: queryNumber('min_rating', 0, 5).optional(),
  is_verified: queryBool('is_verified').optional(),
  is_public: queryBool('is_public').optional(),
  include_own_templates: queryBool('include_own_templates').optional(),
  created_by_user: queryBool('created_by_user').optional(),
  sort_by: z
    .enum(WORKOUT_BANK_SORT_BY, { error: `sort_by must be one of ${WORKOUT_BANK_SORT_BY.join(', ')}` })
    .optional(),
  sort_order: z.enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' }).optional(),
  page: queryInt('page', 1, 10_000).default(1),
  page_size: queryInt('page_size', 1, 100).default(WORKOUT_BANK_PAGE_SIZE),
  category: z.string().max(100).optional().describe('A category id or slug'),
});
export type WorkoutTemplateSearchQuery = z.infer<typeof ZWorkoutTemplateSearchQuery>;

export const ZWorkoutTemplateSearchResponse = z
  .object({
    templates: z.array(ZWorkoutTemplate),
    total_count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
    search_time_ms: z.number(),
  })
  .meta({ id: 'WorkoutTemplateSearchResponse' });
export type WorkoutTemplateSearchResponse = z.infer<typeof ZWorkoutTemplateSearchResponse>;

export const ZWorkoutCategory = z
  .object({
    id: z.uuid(),
    name: z.string(),
    category_type: z.enum(TEMPLATE_CATEGORY_TYPES),
    sort_order: z.number().int(),
    slug: z.string(),
    template_count: z.number().int(),
  })
  .meta({ id: 'WorkoutCategory' });
export const ZWorkoutCategoriesQuery = z.object({
  type: z
    .enum(TEMPLATE_CATEGORY_TYPES, { error: 'type must be discipline, target, phase or intensity' })
    .optional(),
});
export const ZWorkoutCategories = z.object({ categories: z.array(ZWorkoutCategory) });

export const ZTemplateIdParam = z.object({ id: z.string().max(100) });
export const ZFavoriteIdParam = z.object({ id: z.string().max(100) });
export const ZFavoritesPageQuery = z.object({
  page: queryInt('page', 1, 10_000).default(1),
  page_size: queryInt('page_size', 1, 100).default(12),
});
export const ZRatingsPageQuery = z.object({
  page: queryInt('page', 1, 10_000).default(1),
  page_size: queryInt('page_size', 1, 100).default(10),
});
export const ZSimilarQuery = z.object({ limit: queryInt('limit', 1, 50).default(5) });

export const ZTemplateVariant = z
  .object({
    label: z.enum(['shorter', 'longer']),
    scale_factor: z.number(),
    estimated_duration_minutes: z.number().int(),
    estimated_tss: z.number(),
    workout_language_text: z.string(),
    zone_distribution: z.object({
      zone_1: z.number(),
      zone_2: z.number(),
      zone_3: z.number(),
      zone_4: z.number(),
      zone_5: z.number(),
    }),
  })
  .meta({ id: 'WorkoutTemplateVariant' });
export const ZTemplateVariants = z.object({ template_id: z.uuid(), variants: z.array(ZTemplateVariant) });
export const ZSimilarTemplates = z.object({
  templates: z.array(ZWorkoutTemplate.extend({ similarity: z.number() })),
});

export const ZFavoriteRequest = z.object({ notes: z.string().max(2000).nullish() });
export const ZFavoriteCreateRequest = z.object({
  workout_template_id: z.string().max(100),
  notes: z.string().max(2000).nullish(),
});
export const ZFavorite = z
  .object({
    id: z.uuid(),
    workout_template_id: z.uuid(),
    notes: z.string().nullable(),
    created_at: z.string(),
    template: ZWorkoutTemplate,
  })
  .meta({ id: 'WorkoutFavorite' });
export const ZFavoriteList = z.object({
  favorites: z.array(ZFavorite),
  total_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
});
export const ZFavoriteStatus = z.object({ is_favorite: z.boolean(), favorite_id: z.uuid().nullable() });
export const ZFavoriteRemoved = z.object({ is_favorite: z.literal(false), removed: z.boolean() });

const ZStars = z.number().int().min(1, 'ratings run from 1 to 5').max(5, 'ratings run from 1 to 5');
export const ZRatingRequest = z
  .object({
    rating: ZStars,
    effectiveness_rating: ZStars.nullish(),
    enjoyment_rating: ZStars.nullish(),
    difficulty_rating: ZStars.nullish(),
    review_text: z.string().max(4000).nullish(),
    fitness_level_when_completed: z.enum(['beginner', 'intermediate', 'advanced', 'elite']).nullish(),
    completed_as_prescribed: z.boolean().nullish(),
    modifications_made: z.string().max(2000).nullish(),
  })
  .meta({ id: 'WorkoutRatingRequest' });
export type RatingRequest = z.infer<typeof ZRatingRequest>;
export const ZRating = z
  .object({
    id: z.uuid(),
    workout_template_id: z.uuid(),
    rating: z.number().int(),
    effectiveness_rating: z.number().int().nullable(),
    enjoyment_rating: z.number().int().nullable(),
    difficulty_rating: z.number().int().nullable(),
    review_text: z.string().nullable(),
    fitness_level_when_completed: z.string().nullable(),
    completed_as_prescribed: z.boolean().nullable(),
    modifications_made: z.string().nullable(),
    is_own: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WorkoutRating' });
export const ZRateResponse = z.object({
  rating: ZRating,
  avg_rating: z.number(),
  rating_count: z.number().int(),
});
export const ZMyRating = z.object({ rating: ZRating.nullable() });
export const ZRatingList = z.object({
  ratings: z.array(ZRating),
  total_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
  avg_rating: z.number(),
});

export const ZRecommendationsQuery = z.object({
  type: z
    .enum(['general', 'recovery', 'challenge', 'discipline'], {
      error: 'type must be general, recovery, challenge or discipline',
    })
    .default('general'),
  limit: queryInt('limit', 1, 50).default(12),
});
export const ZRecommendations = z.object({
  type: z.string(),
  templates: z.array(ZWorkoutTemplate.extend({ score: z.number(), reasons: z.array(z.string()) })),
});
export const ZPopularQuery = z.object({
  timeframe: z
    .enum(['week', 'month', 'year'], { error: 'timeframe must be week, month or year' })
    .default('month'),
  limit: queryInt('limit', 1, 50).default(12),
});
export const ZPopular = z.object({
  timeframe: z.string(),
  templates: z.array(ZWorkoutTemplate.extend({ views: z.number().int(), uses: z.number().int() })),
});

export const ZNaturalSearchRequest = z.object({
  query: z.string().trim().min(1, 'query is empty').max(200, 'query must be at most 200 characters'),
  limit: z.number().int().min(1).max(50).default(10),
});
export const ZNaturalSearchResponse = z.object({
  query: z.string(),
  filters: z.object({
    disciplines: z.array(z.string()),
    primary_targets: z.array(z.string()),
    duration_minutes: z.number().nullable(),
    min_duration_minutes: z.number().nullable(),
    max_duration_minutes: z.number().nullable(),
    text: z.string(),
  }),
  templates: z.array(ZWorkoutTemplate),
  total_count: z.number().int(),
  search_time_ms: z.number(),
});

export const ZConvertRequest = z
  .object({
    scheduled_date: ZIsoDate,
    scheduled_start_time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'scheduled_start_time must be HH:MM')
      .nullish(),
    custom_scaling: z
      .number()
      .min(0.25, 'custom_scaling must be at least 0.25')
      .max(3, 'custom_scaling must be at most 3')
      .nullish(),
    notes: z.string().max(2000).nullish(),
  })
  .meta({ id: 'WorkoutTemplateConvertRequest' });
export const ZConvertResponse = z.object({
  workout: ZWorkout,
  template_id: z.uuid(),
  scale_factor: z.number(),
});

export const ZSuggestionsRequest = z
  .object({
    available_time: z.number().int().min(5, 'available_time must be at least 5 minutes').max(600).nullish(),
    fitness_level: z.enum(['beginner', 'intermediate', 'advanced', 'elite']).nullish(),
    equipment_available: z.array(z.string().max(60)).max(50).nullish(),
    weather_conditions: z.enum(WORKOUT_BANK_WEATHER).nullish(),
  })
  .meta({ id: 'WorkoutTemplateSuggestionsRequest' });
export const ZSuggestions = z.object({
  template_id: z.uuid(),
  scale_factor: z.number(),
  estimated_duration_minutes: z.number().int(),
  estimated_tss: z.number(),
  workout_language_text: z.string(),
  changes: z.array(z.string()),
  missing_equipment: z.array(z.string()),
  weather_ok: z.boolean(),
});
export const ZViewResponse = z.object({ recorded: z.literal(true) });

export const ZUserStats = z.object({
  favorites_count: z.number().int(),
  ratings_count: z.number().int(),
  average_rating_given: z.number().nullable(),
  templates_viewed: z.number().int(),
  templates_used: z.number().int(),
  own_templates: z.number().int(),
  favorite_discipline: z.string().nullable(),
});
export const ZWorkoutBankHealth = z.object({
  status: z.literal('ok'),
  templates: z.number().int(),
  categories: z.number().int(),
});

export const ZOwnTemplateRequest = z
  .object({
    name: z.string().trim().min(1, 'name is empty').max(120),
    description: z.string().max(2000).default(''),
    key_focus: z.string().max(200).default(''),
    discipline: ZDiscipline,
    difficulty_level: z.number().int().min(1).max(5),
    primary_target: z.enum(PRIMARY_TARGETS).default('endurance'),
    tags: z.array(ZTag).max(20).default([]),
    training_phases: z.array(z.enum(TRAINING_PHASES)).max(9).default([]),
    required_equipment: z.array(ZTag).max(20).default([]),
    weather_suitability: z.array(z.enum(WORKOUT_BANK_WEATHER)).max(7).default([]),
    workout_language_text: z.string().trim().min(1, 'workout_language_text is empty').max(10_000),
    is_public: z.boolean().default(false),
  })
  .meta({ id: 'OwnWorkoutTemplateRequest' });
export type OwnTemplateRequest = z.infer<typeof ZOwnTemplateRequest>;
