// Queries of the Workout Bank. Every read of templates is scoped by visibility: public, or the caller's own.

import { equipmentKey } from '@stamina/core';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Conn, Db } from '../../db/client.ts';
import { jsonObject } from '../../db/json-rows.ts';
import {
  workoutBankSearchState,
  workoutCategories,
  workoutFavorites,
  workoutRatings,
  workoutTemplateCategories,
  workoutTemplateEvents,
  workoutTemplates,
} from '../../db/schema/index.ts';

export type TemplateRow = Omit<typeof workoutTemplates.$inferSelect, 'searchVector' | 'searchVersion'>;
export type TemplateInsert = typeof workoutTemplates.$inferInsert;
export type RatingRow = typeof workoutRatings.$inferSelect;

const t = workoutTemplates;
/** Every column but the search vector, which no answer shows and which is costly to read back. */
const {
  searchVector: _searchVector,
  searchVersion: _searchVersion,
  ...templateColumns
} = getTableColumns(workoutTemplates);
/** A search page's rows, read as one JSON value (db/json-rows.ts). */
export const pageObject = jsonObject(templateColumns);

/** A template the athlete may see: public, or their own. */
export function visibleTo(athleteId: string): SQL {
  return or(eq(t.isPublic, true), eq(t.ownerAthleteId, athleteId)) as SQL;
}

export async function findVisible(db: Conn, athleteId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select(templateColumns)
    .from(t)
    .where(and(eq(t.id, id), visibleTo(athleteId)))
    .limit(1);
  return row;
}

/**
 * Whether the athlete may name this template on a workout: a public one, or one of their own (another athlete's
 * private template stays unknown to them). The workouts module asks it on the caller's connection.
 */
export async function templateVisibleTo(db: Conn, athleteId: string, templateId: string): Promise<boolean> {
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, templateId), visibleTo(athleteId)))
    .limit(1);
  return rows.length > 0;
}

export interface SearchPlan {
  where: SQL[];
  /** A prefix tsquery text ('threshold:* | bike:*'), or null for no text. */
  tsquery: string | null;
  /** Bonus terms for ranking: discipline and target hints and a duration wanted. */
  hints: { disciplines: string[]; targets: string[]; durationMinutes: number | null };
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** docs/workout-bank.md, "Search and ranking": text rank plus hint bonuses, on the GIN index. */
export async function search(db: Db, plan: SearchPlan) {
  const where = [...plan.where];
  // A constant rank is cast: a bare `0` in ORDER BY would name a column position.
  let rank: SQL = sql`0::float8`;
  if (plan.tsquery) {
    const query = sql`to_tsquery('english', ${plan.tsquery})`;
    where.push(sql`${t.searchVector} @@ ${query}`);
    rank = sql`ts_rank(${t.searchVector}, ${query})`;
  }
  const { disciplines, targets, durationMinutes } = plan.hints;
  if (disciplines.length)
    rank = sql`${rank} + (case when ${inArray(t.discipline, disciplines)} then 1 else 0 end)`;
  if (targets.length)
    rank = sql`${rank} + (case when ${inArray(t.primaryTarget, targets)} then 1 else 0 end)`;
  if (durationMinutes) {
    rank = sql`${rank} + greatest(0, 1 - abs(${t.estimatedDurationMinutes} - ${durationMinutes})::float8 / ${durationMinutes})`;
  }
  const dir = plan.sortOrder === 'asc' ? 'asc' : 'desc';
  // Each order as its sort keys and directions; every order ends on the id, so pages never overlap.
  const keys: Array<[SQL, 'asc' | 'desc']> = (() => {
    switch (plan.sortBy) {
      case 'relevance':
        return [
          [rank, dir],
          [sql`${t.name}`, 'asc'],
        ];
      case 'duration':
        return [
          [sql`${t.estimatedDurationMinutes}`, dir],
          [sql`${t.name}`, 'asc'],
        ];
      case 'difficulty':
        return [
          [sql`${t.difficultyLevel}`, dir],
          [sql`${t.name}`, 'asc'],
        ];
      case 'rating':
        return [
          [sql`${t.avgRating}`, dir],
          [sql`${t.ratingCount}`, dir],
          [sql`${t.name}`, 'asc'],
        ];
      case 'popularity':
        return [
          [sql`${t.usageCount} * 3 + ${t.viewCount}`, dir],
          [sql`${t.name}`, 'asc'],
        ];
      case 'tss':
        return [
          [sql`${t.estimatedTss}`, dir],
          [sql`${t.name}`, 'asc'],
        ];
      case 'created_at':
        return [[sql`${t.createdAt}`, dir]];
      default:
        return [[sql`${t.name}`, dir]];
    }
  })();
  // The SQL search, used with a category (docs/workout-bank.md, "Search index in each process"): one statement.
  // The matches are read once, narrow (id and sort keys), into a CTE that gives both the count and the page;
  // only the page's rows are read whole, as one JSON value.
  const keyColumns = sql.join(
    keys.map(([expr], i) => sql`${expr} as ${sql.raw(`"k${i}"`)}`),
    sql`, `,
  );
  const order = (prefix: string) =>
    sql.raw([...keys.map(([, d], i) => `${prefix}"k${i}" ${d}`), `${prefix}"id" asc`].join(', '));
  const result = await db.execute(sql`
    with "m" as (select ${t.id} as "id", ${keyColumns} from ${t} where ${and(...where)}),
    "p" as (select * from "m" order by ${order('')} limit ${plan.limit} offset ${plan.offset})
    select (select count(*) from "m")::int as "total",
      (select coalesce(json_agg(${pageObject.object} order by ${order('"p".')}), '[]'::json)
        from "p" join ${t} on ${t.id} = "p"."id") as "rows"`);
  const [row] = (result as unknown as { rows: { total: number; rows: unknown }[] }).rows;
  return { rows: pageObject.revive(row?.rows) as TemplateRow[], total: Number(row?.total ?? 0) };
}

/**
 * Locks the search state first in a transaction that writes templates, so every writer takes the state's lock
 * before any template row's (the trigger takes it after), and two writers never wait on each other in a cycle.
 */
export async function lockSearchState(tx: Conn) {
  await tx.execute(sql`select 1 from ${workoutBankSearchState} where id = 1 for update`);
}

function categoryCondition(idOrSlug: string): SQL {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const match = isUuid ? eq(workoutCategories.id, idOrSlug) : eq(workoutCategories.slug, idOrSlug);
  return sql`exists (select 1 from ${workoutTemplateCategories} join ${workoutCategories} on ${workoutCategories.id} = ${workoutTemplateCategories.categoryId} where ${workoutTemplateCategories.templateId} = ${t.id} and ${match})`;
}

export async function categories(db: Db, type: string | undefined) {
  return db
    .select({
      id: workoutCategories.id,
      slug: workoutCategories.slug,
      name: workoutCategories.name,
      categoryType: workoutCategories.categoryType,
      sortOrder: workoutCategories.sortOrder,
      templateCount:
        sql<number>`(select count(*) from workout_template_categories tc join workout_templates wt on wt.id = tc.template_id where tc.category_id = "workout_categories"."id" and wt.is_public)`.mapWith(
          Number,
        ),
    })
    .from(workoutCategories)
    .where(type ? eq(workoutCategories.categoryType, type) : undefined)
    .orderBy(workoutCategories.categoryType, workoutCategories.sortOrder);
}

export async function candidates(db: Db, athleteId: string, where: SQL | undefined, limit: number) {
  return db
    .select(templateColumns)
    .from(t)
    .where(and(visibleTo(athleteId), where))
    .orderBy(desc(t.avgRating), asc(t.name))
    .limit(limit);
}

// Favourites

export async function upsertFavorite(db: Conn, athleteId: string, templateId: string, notes: string | null) {
  const [row] = await db
    .insert(workoutFavorites)
    .values({ athleteId, templateId, notes })
    .onConflictDoUpdate({
      target: [workoutFavorites.athleteId, workoutFavorites.templateId],
      set: { notes: sql`coalesce(excluded.notes, ${workoutFavorites.notes})` },
    })
    .returning();
  return row!;
}

export async function favoriteFor(db: Conn, athleteId: string, templateId: string) {
  const [row] = await db
    .select()
    .from(workoutFavorites)
    .where(and(eq(workoutFavorites.athleteId, athleteId), eq(workoutFavorites.templateId, templateId)))
    .limit(1);
  return row;
}

/** Deletes the caller's favourite whose id, or whose template's id, is `id`; the rows removed. */
export async function deleteFavorite(db: Conn, athleteId: string, id: string) {
  return db
    .delete(workoutFavorites)
    .where(
      and(
        eq(workoutFavorites.athleteId, athleteId),
        or(eq(workoutFavorites.id, id), eq(workoutFavorites.templateId, id)),
      ),
    )
    .returning({ id: workoutFavorites.id });
}

export async function listFavorites(db: Db, athleteId: string, limit: number, offset: number) {
  const rows = await db
    .select({
      favorite: workoutFavorites,
      template: templateColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(workoutFavorites)
    .innerJoin(t, eq(t.id, workoutFavorites.templateId))
    .where(and(eq(workoutFavorites.athleteId, athleteId), visibleTo(athleteId)))
    .orderBy(desc(workoutFavorites.createdAt), desc(workoutFavorites.id))
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [c] = await db
      .select({ n: count() })
      .from(workoutFavorites)
      .where(eq(workoutFavorites.athleteId, athleteId));
    total = c?.n ?? 0;
  }
  return { rows, total };
}

// Ratings

/**
 * Stores the athlete's rating and recomputes the template's average and count in one transaction, with the
 * template's row locked, so concurrent ratings never leave a stale average (docs/workout-bank.md, "Ratings").
 */
export async function rate(
  db: Db,
  athleteId: string,
  templateId: string,
  values: Omit<RatingRow, 'id' | 'athleteId' | 'templateId' | 'createdAt' | 'updatedAt'>,
) {
  return db.transaction(async (tx) => {
    await lockSearchState(tx);
    await tx.execute(sql`select 1 from ${t} where ${t.id} = ${templateId} for update`);
    const [rating] = await tx
      .insert(workoutRatings)
      .values({ athleteId, templateId, ...values })
      .onConflictDoUpdate({
        target: [workoutRatings.athleteId, workoutRatings.templateId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    const [agg] = await tx
      .select({
        avg: sql<number>`coalesce(avg(${workoutRatings.rating}), 0)`.mapWith(Number),
        n: count(),
      })
      .from(workoutRatings)
      .where(eq(workoutRatings.templateId, templateId));
    const avg = Math.round((agg?.avg ?? 0) * 100) / 100;
    await tx
      .update(t)
      .set({ avgRating: avg, ratingCount: agg?.n ?? 0 })
      .where(eq(t.id, templateId));
    return { rating: rating!, avg, count: agg?.n ?? 0 };
  });
}

export async function ratingFor(db: Db, athleteId: string, templateId: string) {
  const [row] = await db
    .select()
    .from(workoutRatings)
    .where(and(eq(workoutRatings.athleteId, athleteId), eq(workoutRatings.templateId, templateId)))
    .limit(1);
  return row;
}

export async function listRatings(db: Db, templateId: string, limit: number, offset: number) {
  const rows = await db
    .select({ rating: workoutRatings, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(workoutRatings)
    .where(eq(workoutRatings.templateId, templateId))
    .orderBy(desc(workoutRatings.updatedAt), desc(workoutRatings.id))
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [c] = await db
      .select({ n: count() })
      .from(workoutRatings)
      .where(eq(workoutRatings.templateId, templateId));
    total = c?.n ?? 0;
  }
  return { rows: rows.map((r) => r.rating), total };
}

export async function ratedTags(db: Db, athleteId: string) {
  return db
    .select({ tags: t.tags, rating: workoutRatings.rating })
    .from(workoutRatings)
    .innerJoin(t, eq(t.id, workoutRatings.templateId))
    .where(eq(workoutRatings.athleteId, athleteId));
}

// Views and uses

/**
 * Records a view or a use. A view counts once per athlete, template and (UTC) day (docs/workout-bank.md,
 * "Ratings and popularity"): another view that day writes nothing. Under the search-state lock, so two views
 * at once cannot both be the first.
 */
export async function recordEvent(db: Conn, athleteId: string, templateId: string, kind: 'view' | 'use') {
  await lockSearchState(db);
  if (kind === 'view') {
    const e = workoutTemplateEvents;
    const [seen] = await db
      .select({ id: e.id })
      .from(e)
      .where(
        and(
          eq(e.athleteId, athleteId),
          eq(e.templateId, templateId),
          eq(e.kind, 'view'),
          gte(e.createdAt, sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`),
        ),
      )
      .limit(1);
    if (seen) return;
  }
  await db.insert(workoutTemplateEvents).values({ athleteId, templateId, kind });
  await db
    .update(t)
    .set(kind === 'view' ? { viewCount: sql`${t.viewCount} + 1` } : { usageCount: sql`${t.usageCount} + 1` })
    .where(eq(t.id, templateId));
}

export async function popular(db: Db, athleteId: string, since: Date, limit: number) {
  const e = workoutTemplateEvents;
  // A view counts once per athlete and day, also for views stored before that rule (docs/workout-bank.md).
  const viewsOnce = sql`count(distinct (${e.athleteId}, (${e.createdAt} at time zone 'UTC')::date)) filter (where ${e.kind} = 'view')`;
  const views = sql<number>`${viewsOnce}`.mapWith(Number);
  const uses = sql<number>`count(*) filter (where ${e.kind} = 'use')`.mapWith(Number);
  return db
    .select({ template: templateColumns, views, uses })
    .from(e)
    .innerJoin(t, eq(t.id, e.templateId))
    .where(and(gte(e.createdAt, since), visibleTo(athleteId)))
    .groupBy(t.id)
    .orderBy(desc(sql`count(*) filter (where ${e.kind} = 'use') * 3 + ${viewsOnce}`), asc(t.name))
    .limit(limit);
}

export async function stats(db: Db, athleteId: string) {
  const e = workoutTemplateEvents;
  const [favorites] = await db
    .select({ n: count() })
    .from(workoutFavorites)
    .where(eq(workoutFavorites.athleteId, athleteId));
  const [ratings] = await db
    .select({
      n: count(),
      avg: sql<number | null>`avg(${workoutRatings.rating})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(workoutRatings)
    .where(eq(workoutRatings.athleteId, athleteId));
  const [events] = await db
    .select({
      viewed: sql<number>`count(distinct ${e.templateId}) filter (where ${e.kind} = 'view')`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${e.kind} = 'use')`.mapWith(Number),
    })
    .from(e)
    .where(eq(e.athleteId, athleteId));
  const [own] = await db.select({ n: count() }).from(t).where(eq(t.ownerAthleteId, athleteId));
  const [discipline] = await db
    .select({ discipline: t.discipline, n: count() })
    .from(workoutFavorites)
    .innerJoin(t, eq(t.id, workoutFavorites.templateId))
    .where(eq(workoutFavorites.athleteId, athleteId))
    .groupBy(t.discipline)
    .orderBy(desc(count()), asc(t.discipline))
    .limit(1);
  return {
    favorites: favorites?.n ?? 0,
    ratings: ratings?.n ?? 0,
    avgGiven: ratings?.avg ?? null,
    viewed: events?.viewed ?? 0,
    used: events?.used ?? 0,
    own: own?.n ?? 0,
    favoriteDiscipline: discipline?.discipline ?? null,
  };
}

export async function counts(db: Db) {
  const [templates] = await db.select({ n: count() }).from(t).where(eq(t.isPublic, true));
  const [cats] = await db.select({ n: count() }).from(workoutCategories);
  return { templates: templates?.n ?? 0, categories: cats?.n ?? 0 };
}

export async function insertTemplate(db: Conn, values: TemplateInsert) {
  const [row] = await db.insert(t).values(values).returning(templateColumns);
  return row!;
}

/** Rewrites an own template, only its owner's; undefined when the caller owns no such template. */
export async function updateOwnTemplate(
  db: Conn,
  id: string,
  ownerAthleteId: string,
  values: Partial<TemplateInsert>,
) {
  const [row] = await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.ownerAthleteId, ownerAthleteId)))
    .returning(templateColumns);
  return row;
}

export interface TemplateFilters {
  disciplines?: string[] | undefined;
  primary_targets?: string[] | undefined;
  difficulty_levels?: number[] | undefined;
  min_duration_minutes?: number | undefined;
  max_duration_minutes?: number | undefined;
  min_distance_meters?: number | undefined;
  max_distance_meters?: number | undefined;
  min_tss?: number | undefined;
  max_tss?: number | undefined;
  training_phases?: string[] | undefined;
  weather_suitability?: string[] | undefined;
  required_equipment?: string[] | undefined;
  tags?: string[] | undefined;
  min_rating?: number | undefined;
  is_verified?: boolean | undefined;
  is_public?: boolean | undefined;
  include_own_templates?: boolean | undefined;
  created_by_user?: boolean | undefined;
  category?: string | undefined;
}

export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The WHERE of a search (docs/workout-bank.md, "Search and ranking"). Browsing shows public templates; with
 * include_own_templates the caller's private ones too. Lists match any of their values, except required
 * equipment: a template matches when it needs nothing beyond the equipment listed.
 */
export function filterConditions(athleteId: string, f: TemplateFilters): SQL[] {
  const where: SQL[] = [];
  where.push(f.include_own_templates ? (visibleTo(athleteId) as SQL) : (and(eq(t.isPublic, true)) as SQL));
  if (f.disciplines?.length) where.push(inArray(t.discipline, f.disciplines));
  if (f.primary_targets?.length) where.push(inArray(t.primaryTarget, f.primary_targets));
  if (f.difficulty_levels?.length) where.push(inArray(t.difficultyLevel, f.difficulty_levels));
  if (f.min_duration_minutes !== undefined)
    where.push(gte(t.estimatedDurationMinutes, f.min_duration_minutes));
  if (f.max_duration_minutes !== undefined)
    where.push(lte(t.estimatedDurationMinutes, f.max_duration_minutes));
  if (f.min_distance_meters !== undefined) where.push(gte(t.estimatedDistanceMeters, f.min_distance_meters));
  if (f.max_distance_meters !== undefined) where.push(lte(t.estimatedDistanceMeters, f.max_distance_meters));
  if (f.min_tss !== undefined) where.push(gte(t.estimatedTss, f.min_tss));
  if (f.max_tss !== undefined) where.push(lte(t.estimatedTss, f.max_tss));
  if (f.training_phases?.length) where.push(sql`${t.trainingPhases} && ${textArray(f.training_phases)}`);
  if (f.weather_suitability?.length)
    where.push(sql`${t.weatherSuitability} && ${textArray(f.weather_suitability)}`);
  if (f.required_equipment?.length)
    // Names compared as core's equipmentKey reads them (lower case, '_' and '-' as spaces).
    where.push(
      sql`not exists (select 1 from unnest(${t.requiredEquipment}) e where btrim(regexp_replace(regexp_replace(lower(e), '[_-]+', ' ', 'g'), '[[:space:]]+', ' ', 'g')) <> all(${textArray(f.required_equipment.map(equipmentKey))}))`,
    );
  if (f.tags?.length) where.push(sql`${t.tags} && ${textArray(f.tags)}`);
  if (f.min_rating !== undefined) where.push(gte(t.avgRating, f.min_rating));
  if (f.is_verified !== undefined) where.push(eq(t.isVerified, f.is_verified));
  if (f.is_public !== undefined) where.push(eq(t.isPublic, f.is_public));
  if (f.created_by_user !== undefined) where.push(eq(t.createdByUser, f.created_by_user));
  if (f.category) where.push(categoryCondition(f.category));
  return where;
}
