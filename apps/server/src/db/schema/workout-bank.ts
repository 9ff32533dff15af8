// The Workout Bank (docs/workout-bank.md): shared templates seeded from the library, athletes' own templates,
// categories, and each athlete's favourites, ratings and views/uses of templates.
import { TEMPLATE_CATEGORY_TYPES } from '@stamina/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';
import { oneOf } from './one-of.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const workoutTemplates = pgTable(
  'workout_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key of a library template (null for an athlete's own); the seed updates in place by it. */
    slug: text('slug'),
    /** sha256 of the library entry as written; a changed hash means the seed rewrites the row. */
    contentHash: text('content_hash'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    keyFocus: text('key_focus').notNull().default(''),
    discipline: text('discipline').notNull(),
    /** The sport the structure is parsed as (a brick parses as bike, recovery as its own sport). */
    sport: text('sport').notNull(),
    difficultyLevel: smallint('difficulty_level').notNull(),
    primaryTarget: text('primary_target').notNull(),
    intensity: text('intensity').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    trainingPhases: text('training_phases').array().notNull().default(sql`'{}'::text[]`),
    requiredEquipment: text('required_equipment').array().notNull().default(sql`'{}'::text[]`),
    weatherSuitability: text('weather_suitability').array().notNull().default(sql`'{}'::text[]`),
    structureText: text('structure_text').notNull(),
    /** Derived by the core parser at seed or save time, never typed (docs/workout-bank.md, "Derived fields"). */
    estimatedDurationMinutes: integer('estimated_duration_minutes').notNull(),
    estimatedDistanceMeters: integer('estimated_distance_meters'),
    zone1Percentage: doublePrecision('zone1_percentage').notNull().default(0),
    zone2Percentage: doublePrecision('zone2_percentage').notNull().default(0),
    zone3Percentage: doublePrecision('zone3_percentage').notNull().default(0),
    zone4Percentage: doublePrecision('zone4_percentage').notNull().default(0),
    zone5Percentage: doublePrecision('zone5_percentage').notNull().default(0),
    estimatedTss: doublePrecision('estimated_tss').notNull().default(0),
    isVerified: boolean('is_verified').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    createdByUser: boolean('created_by_user').notNull().default(false),
    /** The athlete who wrote an own template; null for the library. */
    ownerAthleteId: uuid('owner_athlete_id').references(() => athletes.id, { onDelete: 'cascade' }),
    avgRating: doublePrecision('avg_rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    usageCount: integer('usage_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** Weighted text for full-text search: name (A), key focus and tags (B), description (C). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(key_focus, '') || ' ' || coalesce(primary_target, '') || ' ' || discipline), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The search version of the row's last change, set by a trigger from `workout_bank_search_state` in the
     * same transaction (docs/workout-bank.md, "Search index in each process").
     */
    searchVersion: bigint('search_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('workout_templates_slug_idx').on(t.slug),
    index('workout_templates_search_version_idx').on(t.searchVersion),
    index('workout_templates_owner_idx').on(t.ownerAthleteId),
    index('workout_templates_discipline_idx').on(t.discipline, t.estimatedDurationMinutes),
    // fastupdate off: new rows go straight into the index, never into a pending list every search would scan
    // (docs/workout-bank.md, "Search index in each process").
    index('workout_templates_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('workout_templates_tags_idx').using('gin', t.tags),
    check('workout_templates_difficulty_check', sql`${t.difficultyLevel} between 1 and 5`),
  ],
);

/**
 * One row: the version of what searches read from the templates, bumped by a trigger on every insert, update
 * and delete of a template in the writing transaction; `text_version` moves too when a change touches the
 * searched text or the name (docs/workout-bank.md, "Search index in each process").
 */
export const workoutBankSearchState = pgTable(
  'workout_bank_search_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    textVersion: bigint('text_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('workout_bank_search_state_single_check', sql`${t.id} = 1`)],
);

export const workoutCategories = pgTable(
  'workout_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    categoryType: text('category_type').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    uniqueIndex('workout_categories_slug_idx').on(t.slug),
    check('workout_categories_type_check', oneOf(t.categoryType, TEMPLATE_CATEGORY_TYPES)),
  ],
);

export const workoutTemplateCategories = pgTable(
  'workout_template_categories',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => workoutTemplates.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => workoutCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.categoryId] }),
    index('workout_template_categories_category_idx').on(t.categoryId),
  ],
);

export const workoutFavorites = pgTable(
  'workout_favorites',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => workoutTemplates.id, { onDelete: 'cascade' }),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    uniqueIndex('workout_favorites_athlete_template_idx').on(t.athleteId, t.templateId),
  ],
);

export const workoutRatings = pgTable(
  'workout_ratings',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => workoutTemplates.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    effectivenessRating: smallint('effectiveness_rating'),
    enjoymentRating: smallint('enjoyment_rating'),
    difficultyRating: smallint('difficulty_rating'),
    reviewText: text('review_text'),
    fitnessLevelWhenCompleted: text('fitness_level_when_completed'),
    completedAsPrescribed: boolean('completed_as_prescribed'),
    modificationsMade: text('modifications_made'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    uniqueIndex('workout_ratings_athlete_template_idx').on(t.athleteId, t.templateId),
    index('workout_ratings_template_idx').on(t.templateId, t.createdAt),
    check('workout_ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const workoutTemplateEvents = pgTable(
  'workout_template_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => workoutTemplates.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    /** 'view' or 'use' (a conversion onto the calendar). */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('workout_template_events_time_idx').on(t.createdAt, t.templateId),
    index('workout_template_events_athlete_idx').on(t.athleteId),
    check('workout_template_events_kind_check', sql`${t.kind} in ('view', 'use')`),
  ],
);
