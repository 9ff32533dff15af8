// Workout Bank logic (docs/workout-bank.md): search and ranking, templates and their variants and look-alikes,
// favourites, ratings, views and uses, popular and recommended templates, natural search, conversion onto the
// calendar through the workouts service, suggestions, and athletes' own templates.
import type {
  OwnTemplateRequest,
  RatingRequest,
  Workout,
  WorkoutTemplateSearchQuery,
} from '@stamina/contract';
import {
  dateInTimeZone,
  disciplineSport,
  equipmentKey,
  fitSessionLength,
  interpretQuery,
  PLAN_PHASE_FOCUS,
  type RecommendationContext,
  recommendationScore,
  type Sport,
  scaleWorkoutText,
  similarityScore,
} from '@stamina/core';
import { eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workoutTemplates } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { deriveFields } from './library/index.ts';
import * as repo from './repository.ts';
import { createSearchIndex } from './search-index.ts';
import { planSearch, prefixQuery } from './search-plan.ts';
import { paging, toRating, toTemplate, zonesOf } from './views.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const TIMEFRAME_DAYS = { week: 7, month: 30, year: 365 } as const;
const DISCIPLINE_OF_SPORT: Record<string, string> = {
  run: 'run',
  running: 'run',
  bike: 'bike',
  cycling: 'bike',
  swim: 'swim',
  swimming: 'swim',
  strength: 'strength',
};

export interface WorkoutBankDeps {
  workouts: {
    create(auth: AuthContext, body: Parameters<WorkoutsCreate>[1]): Promise<Workout>;
    list(
      auth: AuthContext,
      filter: { dateFrom?: string; dateTo?: string; limit?: number },
    ): Promise<Workout[]>;
  };
  /** The athlete's readiness (0-100 or null) and load (CTL, ATL), e.g. the dashboard's readiness widget. */
  readiness(auth: AuthContext): Promise<{ readiness: number | null; ctl: number; atl: number }>;
  /** The phases of the athlete's active plan (none without one). */
  planPhases(
    auth: AuthContext,
  ): Promise<ReadonlyArray<{ name: string; start_date: string; end_date: string }>>;
  /** Hears of an athlete's new own template (their cached searches are dropped). */
  onOwnTemplate?(athleteId: string): void;
}
type WorkoutsCreate = (
  auth: AuthContext,
  body: {
    title: string;
    workout_date: string;
    sport: Sport;
    workout_language_text?: string;
    template_id?: string | null;
    workout_data?: Record<string, unknown>;
  },
) => Promise<Workout>;

export function createWorkoutBankService(db: Db, deps: WorkoutBankDeps) {
  // docs/workout-bank.md, "Search index in each process".
  const searchIndex = createSearchIndex(db);
  async function visible(auth: AuthContext, id: string): Promise<repo.TemplateRow> {
    const row = UUID.test(id) ? await repo.findVisible(db, auth.athleteId, id) : undefined;
    if (!row) throw notFound('Workout template');
    return row;
  }

  function scaled(row: repo.TemplateRow, factor: number) {
    const text = scaleWorkoutText(row.structureText, factor);
    const derived = deriveFields(text, row.sport as Sport, row.discipline);
    return { text, derived };
  }

  return {
    async search(auth: AuthContext, q: WorkoutTemplateSearchQuery) {
      const started = performance.now();
      const { sql: sqlPlan, index: indexQuery } = planSearch(auth.athleteId, q);
      // docs/workout-bank.md, "Search index in each process": answered from the process's index; a category
      // filter (and an index that keeps falling behind) searches in SQL.
      const found =
        (indexQuery && (await searchIndex.search(indexQuery))) || (await repo.search(db, sqlPlan));
      const { rows, total } = found;
      return {
        templates: rows.map((r) => toTemplate(r, auth.athleteId)),
        ...paging(total, q.page, q.page_size),
        search_time_ms: Math.round((performance.now() - started) * 100) / 100,
      };
    },

    async get(auth: AuthContext, id: string) {
      return toTemplate(await visible(auth, id), auth.athleteId);
    },

    async variants(auth: AuthContext, id: string) {
      const row = await visible(auth, id);
      const variants = (
        [
          ['shorter', 0.75],
          ['longer', 1.25],
        ] as const
      ).map(([label, factor]) => {
        const { text, derived } = scaled(row, factor);
        return {
          label,
          scale_factor: factor,
          estimated_duration_minutes: derived.estimatedDurationMinutes,
          estimated_tss: derived.estimatedTss,
          workout_language_text: text,
          zone_distribution: {
            zone_1: derived.zone1Percentage,
            zone_2: derived.zone2Percentage,
            zone_3: derived.zone3Percentage,
            zone_4: derived.zone4Percentage,
            zone_5: derived.zone5Percentage,
          },
        };
      });
      return { template_id: row.id, variants };
    },

    async similar(auth: AuthContext, id: string, limit: number) {
      const row = await visible(auth, id);
      const pool = await repo.candidates(
        db,
        auth.athleteId,
        sql`${ne(workoutTemplates.id, row.id)} and (${or(
          eq(workoutTemplates.discipline, row.discipline),
          row.tags.length
            ? sql`${workoutTemplates.tags} && array[${sql.join(
                row.tags.map((tag) => sql`${tag}`),
                sql`, `,
              )}]::text[]`
            : sql`false`,
        )})`,
        1000,
      );
      const me = {
        discipline: row.discipline,
        zones: zonesOf(row),
        tags: row.tags,
        durationMinutes: row.estimatedDurationMinutes,
      };
      return {
        templates: pool
          .map((c) => ({
            c,
            s: similarityScore(me, {
              discipline: c.discipline,
              zones: zonesOf(c),
              tags: c.tags,
              durationMinutes: c.estimatedDurationMinutes,
            }),
          }))
          .sort((a, b) => b.s - a.s || a.c.name.localeCompare(b.c.name))
          .slice(0, limit)
          .map(({ c, s }) => ({ ...toTemplate(c, auth.athleteId), similarity: s })),
      };
    },

    async categories(type: string | undefined) {
      const rows = await repo.categories(db, type);
      return {
        categories: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          name: r.name,
          category_type: r.categoryType as 'discipline',
          sort_order: r.sortOrder,
          template_count: r.templateCount,
        })),
      };
    },

    async addFavorite(auth: AuthContext, templateId: string, notes: string | null | undefined) {
      const row = await visible(auth, templateId);
      const fav = await repo.upsertFavorite(db, auth.athleteId, row.id, notes ?? null);
      return {
        id: fav.id,
        workout_template_id: fav.templateId,
        notes: fav.notes,
        created_at: fav.createdAt.toISOString(),
        template: toTemplate(row, auth.athleteId),
      };
    },

    async removeFavoriteByTemplate(auth: AuthContext, templateId: string) {
      const row = await visible(auth, templateId);
      const removed = await repo.deleteFavorite(db, auth.athleteId, row.id);
      return { is_favorite: false as const, removed: removed.length > 0 };
    },

    /** The offline replay's delete: by the favourite's id or its template's id; neither → 404. */
    async removeFavorite(auth: AuthContext, id: string) {
      const removed = UUID.test(id) ? await repo.deleteFavorite(db, auth.athleteId, id) : [];
      if (removed.length === 0) throw notFound('Favorite');
      return { is_favorite: false as const, removed: true };
    },

    async favoriteStatus(auth: AuthContext, templateId: string) {
      const row = await visible(auth, templateId);
      const fav = await repo.favoriteFor(db, auth.athleteId, row.id);
      return { is_favorite: Boolean(fav), favorite_id: fav?.id ?? null };
    },

    async favorites(auth: AuthContext, page: number, pageSize: number) {
      const { rows, total } = await repo.listFavorites(db, auth.athleteId, pageSize, (page - 1) * pageSize);
      return {
        favorites: rows.map(({ favorite, template }) => ({
          id: favorite.id,
          workout_template_id: favorite.templateId,
          notes: favorite.notes,
          created_at: favorite.createdAt.toISOString(),
          template: toTemplate(template, auth.athleteId),
        })),
        ...paging(total, page, pageSize),
      };
    },

    async rate(auth: AuthContext, templateId: string, body: RatingRequest) {
      const row = await visible(auth, templateId);
      // docs/workout-bank.md, "Ratings and popularity": an author's own rating would only be a vote for themself.
      if (row.ownerAthleteId === auth.athleteId)
        throw new AppError(
          'FORBIDDEN',
          'You cannot rate your own template: ratings are what other athletes think of it.',
        );
      const result = await repo.rate(db, auth.athleteId, row.id, {
        rating: body.rating,
        effectivenessRating: body.effectiveness_rating ?? null,
        enjoymentRating: body.enjoyment_rating ?? null,
        difficultyRating: body.difficulty_rating ?? null,
        reviewText: body.review_text ?? null,
        fitnessLevelWhenCompleted: body.fitness_level_when_completed ?? null,
        completedAsPrescribed: body.completed_as_prescribed ?? null,
        modificationsMade: body.modifications_made ?? null,
      });
      return {
        rating: toRating(result.rating, auth.athleteId),
        avg_rating: result.avg,
        rating_count: result.count,
      };
    },

    async myRating(auth: AuthContext, templateId: string) {
      const row = await visible(auth, templateId);
      const rating = await repo.ratingFor(db, auth.athleteId, row.id);
      return { rating: rating ? toRating(rating, auth.athleteId) : null };
    },

    async ratings(auth: AuthContext, templateId: string, page: number, pageSize: number) {
      const row = await visible(auth, templateId);
      const { rows, total } = await repo.listRatings(db, row.id, pageSize, (page - 1) * pageSize);
      return {
        ratings: rows.map((r) => toRating(r, auth.athleteId)),
        ...paging(total, page, pageSize),
        avg_rating: row.avgRating,
      };
    },

    async view(auth: AuthContext, templateId: string) {
      const row = await visible(auth, templateId);
      await db.transaction((tx) => repo.recordEvent(tx, auth.athleteId, row.id, 'view'));
      return { recorded: true as const };
    },

    async popular(
      auth: AuthContext,
      timeframe: keyof typeof TIMEFRAME_DAYS,
      limit: number,
      now = new Date(),
    ) {
      const since = new Date(now.getTime() - TIMEFRAME_DAYS[timeframe] * DAY_MS);
      const rows = await repo.popular(db, auth.athleteId, since, limit);
      return {
        timeframe,
        templates: rows.map((r) => ({
          ...toTemplate(r.template, auth.athleteId),
          views: r.views,
          uses: r.uses,
        })),
      };
    },

    async recommendations(auth: AuthContext, type: string, limit: number, now = new Date()) {
      const today = dateInTimeZone(now, auth.timezone);
      const from = dateInTimeZone(new Date(now.getTime() - 60 * DAY_MS), auth.timezone);
      const [recent, readiness, phases, rated] = await Promise.all([
        deps.workouts.list(auth, { dateFrom: from, dateTo: today, limit: 500 }),
        deps.readiness(auth),
        deps.planPhases(auth),
        repo.ratedTags(db, auth.athleteId),
      ]);
      const phase = phases.find((p) => p.start_date <= today && today <= p.end_date)?.name ?? null;
      const bySport = new Map<string, number>();
      for (const w of recent) {
        const d = DISCIPLINE_OF_SPORT[w.sport];
        if (d) bySport.set(d, (bySport.get(d) ?? 0) + 1);
      }
      const sports = [...bySport.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d);
      if (sports.length >= 3) sports.push('brick');
      const tagScores = new Map<string, number[]>();
      for (const r of rated)
        for (const tag of r.tags)
          tagScores.set(tag.toLowerCase(), [...(tagScores.get(tag.toLowerCase()) ?? []), r.rating]);
      const context: RecommendationContext = {
        sports,
        phaseFocus: phase ? (PLAN_PHASE_FOCUS[phase] ?? []) : [],
        readiness: readiness.readiness ?? 75,
        recentHardLoadRatio: readiness.ctl > 0 ? readiness.atl / readiness.ctl : 1,
        ratedTags: new Map(
          [...tagScores].map(([tag, list]) => [tag, list.reduce((a, b) => a + b, 0) / list.length]),
        ),
      };
      const scopedSports = type === 'discipline' && sports.length ? sports.slice(0, 1) : null;
      const pool = await repo.candidates(
        db,
        auth.athleteId,
        scopedSports ? inArray(workoutTemplates.discipline, scopedSports) : undefined,
        2000,
      );
      return {
        type,
        templates: pool
          .map((row) => ({
            row,
            ...recommendationScore(
              {
                discipline: row.discipline,
                difficulty: row.difficultyLevel,
                primaryTarget: row.primaryTarget,
                phases: row.trainingPhases,
                tags: row.tags,
                avgRating: row.avgRating,
              },
              context,
              type,
            ),
          }))
          .sort(
            (a, b) =>
              b.score - a.score || b.row.avgRating - a.row.avgRating || a.row.name.localeCompare(b.row.name),
          )
          .slice(0, limit)
          .map(({ row, score, reasons }) => ({ ...toTemplate(row, auth.athleteId), score, reasons })),
      };
    },

    async naturalSearch(auth: AuthContext, query: string, limit: number) {
      const started = performance.now();
      const filters = interpretQuery(query);
      const where = repo.filterConditions(auth.athleteId, {
        disciplines: filters.disciplines,
        primary_targets: filters.primary_targets,
        min_duration_minutes: filters.min_duration_minutes ?? undefined,
        max_duration_minutes: filters.max_duration_minutes ?? undefined,
        include_own_templates: true,
      });
      const { rows, total } = await repo.search(db, {
        where,
        tsquery: prefixQuery(filters.text.split(' ')),
        hints: { disciplines: [], targets: [], durationMinutes: filters.duration_minutes },
        sortBy: 'relevance',
        sortOrder: 'desc',
        limit,
        offset: 0,
      });
      return {
        query,
        filters,
        templates: rows.map((r) => toTemplate(r, auth.athleteId)),
        total_count: total,
        search_time_ms: Math.round((performance.now() - started) * 100) / 100,
      };
    },

    /**
     * The template on the calendar as a real workout (docs/workout-bank.md, "Convert"): its text, scaled, goes
     * through the workouts service, which parses it with the athlete's thresholds; the use is recorded.
     */
    async convert(
      auth: AuthContext,
      templateId: string,
      body: {
        scheduled_date: string;
        scheduled_start_time?: string | null;
        custom_scaling?: number | null;
        notes?: string | null;
      },
    ) {
      const row = await visible(auth, templateId);
      const factor = body.custom_scaling ?? 1;
      const text = scaleWorkoutText(row.structureText, factor);
      const workout = await deps.workouts.create(auth, {
        title: row.name.slice(0, 200),
        workout_date: body.scheduled_date,
        sport: row.sport as Sport,
        workout_language_text: text,
        template_id: row.id,
        workout_data: {
          ...(body.notes ? { notes: body.notes } : {}),
          ...(body.scheduled_start_time ? { scheduled_start_time: body.scheduled_start_time } : {}),
          template_discipline: row.discipline,
          scale_factor: factor,
        },
      });
      await db.transaction((tx) => repo.recordEvent(tx, auth.athleteId, row.id, 'use'));
      return { workout, template_id: row.id, scale_factor: factor };
    },

    /** docs/workout-bank.md, "Suggestions". */
    async suggestions(
      auth: AuthContext,
      templateId: string,
      body: {
        available_time?: number | null;
        fitness_level?: string | null;
        equipment_available?: string[] | null;
        weather_conditions?: string | null;
      },
    ) {
      const row = await visible(auth, templateId);
      // docs/workout-bank.md, "Suggestions" and "Fitting to the time": core fits the length and says it.
      const fit = fitSessionLength(
        {
          text: row.structureText,
          sport: row.sport as Sport,
          minutes: row.estimatedDurationMinutes,
          difficulty: row.difficultyLevel,
        },
        { availableMinutes: body.available_time, fitnessLevel: body.fitness_level },
      );
      const { text, factor, changes } = fit;
      const derived = deriveFields(text, row.sport as Sport, row.discipline);
      const have = new Set((body.equipment_available ?? []).map(equipmentKey));
      const missing = body.equipment_available
        ? row.requiredEquipment.filter((e) => !have.has(equipmentKey(e)))
        : [];
      if (missing.length) changes.push(`You need: ${missing.join(', ')}`);
      const weatherOk = !body.weather_conditions || row.weatherSuitability.includes(body.weather_conditions);
      if (!weatherOk) {
        const indoor =
          row.discipline === 'run'
            ? 'on a treadmill'
            : row.discipline === 'bike' || row.discipline === 'brick'
              ? 'on an indoor trainer'
              : 'indoors';
        changes.push(`Not suited to ${body.weather_conditions} weather: do it ${indoor}`);
      }
      if (changes.length === 0) changes.push('No change needed: the session fits as written');
      return {
        template_id: row.id,
        scale_factor: factor,
        estimated_duration_minutes: fit.minutes,
        estimated_tss: derived.estimatedTss,
        workout_language_text: text,
        changes,
        missing_equipment: missing,
        weather_ok: weatherOk,
      };
    },

    async stats(auth: AuthContext) {
      const s = await repo.stats(db, auth.athleteId);
      return {
        favorites_count: s.favorites,
        ratings_count: s.ratings,
        average_rating_given: s.avgGiven === null ? null : Math.round(s.avgGiven * 100) / 100,
        templates_viewed: s.viewed,
        templates_used: s.used,
        own_templates: s.own,
        favorite_discipline: s.favoriteDiscipline,
      };
    },

    async health() {
      const c = await repo.counts(db);
      return { status: 'ok' as const, templates: c.templates, categories: c.categories };
    },

    /** An athlete's own template; its structure is parsed like the library's (docs/workout-bank.md). */
    async createOwn(auth: AuthContext, body: OwnTemplateRequest) {
      const row = await repo.insertTemplate(db, {
        ...ownFields(body),
        isVerified: false,
        createdByUser: true,
        ownerAthleteId: auth.athleteId,
      });
      deps.onOwnTemplate?.(auth.athleteId);
      return toTemplate(row, auth.athleteId);
    },

    /** An own template rewritten by its author; anyone else's answers 404 (docs/workout-bank.md, "Own templates"). */
    async updateOwn(auth: AuthContext, templateId: string, body: OwnTemplateRequest) {
      const fields = ownFields(body);
      const row = UUID.test(templateId)
        ? await repo.updateOwnTemplate(db, templateId, auth.athleteId, fields)
        : undefined;
      if (!row) throw notFound('Workout template');
      deps.onOwnTemplate?.(auth.athleteId);
      return toTemplate(row, auth.athleteId);
    },
  };
}

/** The stored fields of an own template: its text parsed as its discipline's sport (core disciplineSport). */
function ownFields(body: OwnTemplateRequest) {
  const sport = disciplineSport(body.discipline);
  const derived = deriveFields(body.workout_language_text, sport, body.discipline);
  if (derived.estimatedDurationMinutes <= 1 && derived.warnings.length) {
    throw new AppError('VALIDATION_FAILED', `workout_language_text: ${derived.warnings[0]}`);
  }
  const { warnings: _w, ...fields } = derived;
  return {
    name: body.name,
    description: body.description,
    keyFocus: body.key_focus,
    discipline: body.discipline,
    sport,
    difficultyLevel: body.difficulty_level,
    primaryTarget: body.primary_target,
    tags: body.tags,
    trainingPhases: body.training_phases,
    requiredEquipment: body.required_equipment,
    weatherSuitability: body.weather_suitability,
    structureText: body.workout_language_text,
    ...fields,
    isPublic: body.is_public,
  };
}

export type WorkoutBankService = ReturnType<typeof createWorkoutBankService>;
