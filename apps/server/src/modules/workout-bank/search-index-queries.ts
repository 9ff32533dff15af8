// The queries of each process's search index (docs/workout-bank.md, "Search index in each process";
// search-index.ts keeps it). Each read returns the search state it was read with, in the same statement, so what
// a process keeps is always stamped with the version it comes from. The template columns and the visibility rule
// are repository.ts's.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workoutTemplates as t, workoutBankSearchState } from '../../db/schema/index.ts';
import { pageObject, type TemplateRow, textArray, visibleTo } from './repository.ts';

/** The search state's versions; a statement reading them sees the rows of the same snapshot. */
export interface SearchState {
  version: number;
  textVersion: number;
}

/**
 * A template's search attributes as one JSON array: id, discipline, primary target, difficulty, duration,
 * distance, TSS, phases, weather, equipment, tags, average rating, rating count, popularity (uses × 3 + views),
 * created at (ms), verified, public, created by a user, owner.
 */
export type SearchAttributes = [
  string,
  string,
  string,
  number,
  number,
  number | null,
  number,
  string[],
  string[],
  string[],
  string[],
  number,
  number,
  number,
  number,
  boolean,
  boolean,
  boolean,
  string | null,
];

const attributeArray = sql`json_build_array(${t.id}, ${t.discipline}, ${t.primaryTarget}, ${t.difficultyLevel},
  ${t.estimatedDurationMinutes}, ${t.estimatedDistanceMeters}, ${t.estimatedTss}, ${t.trainingPhases},
  ${t.weatherSuitability}, ${t.requiredEquipment}, ${t.tags}, ${t.avgRating}, ${t.ratingCount},
  ${t.usageCount} * 3 + ${t.viewCount}, extract(epoch from ${t.createdAt}) * 1000, ${t.isVerified}, ${t.isPublic},
  ${t.createdByUser}, ${t.ownerAthleteId})`;

const parseJson = <T>(raw: unknown): T => (typeof raw === 'string' ? JSON.parse(raw) : raw) as T;

function firstRow<T>(result: unknown): T {
  return (result as { rows: T[] }).rows[0]!;
}

/** Every template's search attributes with its name's rank (dense, by the database's order of names). */
export async function searchIndexLoad(db: Db) {
  const row = firstRow<{ version: string; text_version: string; rows: unknown }>(
    await db.execute(sql`
      select s.version, s.text_version, (
        select coalesce(json_agg(json_build_array("a", "name_rank")), '[]'::json) from (
          select ${attributeArray} as "a", dense_rank() over (order by ${t.name}) as "name_rank" from ${t}
        ) x
      ) as "rows"
      from ${workoutBankSearchState} s where s.id = 1`),
  );
  return {
    state: { version: Number(row.version), textVersion: Number(row.text_version) },
    rows: parseJson<[SearchAttributes, number][]>(row.rows),
  };
}

/** The search attributes of the templates changed since a version. */
export async function searchIndexChanges(db: Db, since: number) {
  const row = firstRow<{ version: string; text_version: string; rows: unknown }>(
    await db.execute(sql`
      select s.version, s.text_version, (
        select coalesce(json_agg(${attributeArray}), '[]'::json) from ${t} where ${t.searchVersion} > ${since}
      ) as "rows"
      from ${workoutBankSearchState} s where s.id = 1`),
  );
  return {
    state: { version: Number(row.version), textVersion: Number(row.text_version) },
    rows: parseJson<SearchAttributes[]>(row.rows),
  };
}

/**
 * For each prefix term ('threshold:*'), its query's text (its lexemes; empty for a stop word) and every
 * template it matches with the term's ts_rank, as 'id:rank,id:rank…', on the GIN index.
 */
export async function searchTerms(db: Db, terms: readonly string[]) {
  const result = await db.execute(sql`
    select s.text_version, u.term, q.q::text as "lexemes",
      (select string_agg(${t.id}::text || ':' || ts_rank(${t.searchVector}, q.q)::text, ',')
        from ${t} where ${t.searchVector} @@ q.q) as "hits"
    from ${workoutBankSearchState} s,
      unnest(${textArray(terms)}) as u(term),
      lateral (select to_tsquery('english', u.term) as q) q
    where s.id = 1`);
  const rows = (
    result as unknown as {
      rows: { text_version: string; term: string; lexemes: string; hits: string | null }[];
    }
  ).rows;
  return {
    textVersion: Number(rows[0]?.text_version ?? -1),
    terms: rows.map((r) => ({ term: r.term, lexemes: r.lexemes, hits: r.hits })),
  };
}

/**
 * The search state, and the templates of `ids` that the athlete may see (in the order given), read in the same
 * snapshot.
 */
export async function searchPage(db: Db, athleteId: string, ids: readonly string[]) {
  const idArray = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const rows = ids.length
    ? sql`(select coalesce(json_agg(${pageObject.object} order by array_position(${idArray}, ${t.id})), '[]'::json)
        from ${t} where ${t.id} = any(${idArray}) and ${visibleTo(athleteId)})`
    : sql`'[]'::json`;
  const row = firstRow<{ version: string; text_version: string; rows: unknown }>(
    await db.execute(sql`
      select s.version, s.text_version, ${rows} as "rows" from ${workoutBankSearchState} s where s.id = 1`),
  );
  return {
    state: { version: Number(row.version), textVersion: Number(row.text_version) },
    rows: pageObject.revive(row.rows) as TemplateRow[],
  };
}
