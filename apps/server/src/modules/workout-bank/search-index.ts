// The search index each process keeps (docs/workout-bank.md, "Search index in each process"): the filter and
// sort attributes of every template, and for each search term already asked, the templates its PostgreSQL
// full-text query matches with their ts_rank. A search is worked out in memory and the database reads only
// the page's rows, in a statement that also returns the search state; a state other than the index's means
// another transaction (in any process) changed templates, and the index catches up before answering.
import { equipmentKey } from '@stamina/core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import type * as repo from './repository.ts';
import * as queries from './search-index-queries.ts';

interface Entry {
  id: string;
  discipline: string;
  target: string;
  difficulty: number;
  duration: number;
  distance: number | null;
  tss: number;
  phases: string[];
  weather: string[];
  /** Equipment names as `equipmentKey` reads them, so 'indoor_trainer' finds 'indoor trainer'. */
  equipment: string[];
  tags: string[];
  avgRating: number;
  ratingCount: number;
  popularity: number;
  createdAt: number;
  isVerified: boolean;
  isPublic: boolean;
  createdByUser: boolean;
  owner: string | null;
  /** The name's place in the database's order of names (equal names share it). */
  nameRank: number;
  /** The id's place in uuid order. */
  idRank: number;
}

interface Index {
  state: queries.SearchState;
  /** Whole rows already read, as of `state`: a catch-up drops the rows it sees changed. */
  rows: LRUCache<string, repo.TemplateRow>;
  entries: Entry[];
  byId: Map<string, number>;
  /** Per prefix term: its lexemes ('' for a stop word) and the entries it matches with their ts_rank. */
  terms: LRUCache<string, TermHits>;
  /** Scratch of a search, reused (a search's work in memory runs without yielding): the rank of each entry, and
   * the search that last saw it. */
  score: Float64Array;
  seen: Int32Array;
  /** The search that last accepted the entry (it matched and passed the filters). */
  accepted: Int32Array;
  searches: number;
  /** Every entry's position in each order but relevance ('duration:asc'), built when first asked. */
  orders: Map<string, Int32Array>;
}

interface TermHits {
  lexemes: string;
  at: Int32Array;
  rank: Float64Array;
}

/** The filters the index answers: all of a search's but the category, which only SQL reads. */
type IndexFilters = Omit<repo.TemplateFilters, 'category'>;

export interface IndexQuery {
  athleteId: string;
  filters: IndexFilters;
  /** Prefix terms ('threshold:*'), or empty for no text. */
  terms: readonly string[];
  hasText: boolean;
  hints: { disciplines: string[]; targets: string[]; durationMinutes: number | null };
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Hits kept at most, summed over the cached terms (about 12 bytes each). */
const MAX_CACHED_HITS = 2_000_000;
/** Whole rows kept (a page's rows are read once, then served from memory while unchanged). */
const MAX_CACHED_ROWS = 20_000;
/** Catch-ups a search may need before it answers from the database alone. */
const MAX_ATTEMPTS = 3;

function toEntry(a: queries.SearchAttributes, nameRank: number, idRank: number): Entry {
  return {
    id: a[0],
    discipline: a[1],
    target: a[2],
    difficulty: a[3],
    duration: a[4],
    distance: a[5],
    tss: a[6],
    phases: a[7],
    weather: a[8],
    equipment: (a[9] as string[]).map(equipmentKey),
    tags: a[10],
    avgRating: a[11],
    ratingCount: a[12],
    popularity: a[13],
    createdAt: a[14],
    isVerified: a[15],
    isPublic: a[16],
    createdByUser: a[17],
    owner: a[18],
    nameRank,
    idRank,
  };
}

const overlaps = (have: readonly string[], wanted: readonly string[]) => have.some((v) => wanted.includes(v));

/**
 * The filters as one test of an entry, built of the filters given only; the same rules as
 * `repo.filterConditions`.
 */
function matcher(athleteId: string, f: IndexFilters): (e: Entry) => boolean {
  const tests: ((e: Entry) => boolean)[] = [];
  const list = <T>(wanted: readonly T[] | undefined, value: (e: Entry) => T) => {
    if (wanted?.length) tests.push((e) => wanted.includes(value(e)));
  };
  const overlap = (wanted: readonly string[] | undefined, values: (e: Entry) => readonly string[]) => {
    if (wanted?.length) tests.push((e) => overlaps(values(e), wanted));
  };
  const atLeast = (min: number | undefined, value: (e: Entry) => number | null) => {
    if (min !== undefined) tests.push((e) => value(e) !== null && value(e)! >= min);
  };
  const atMost = (max: number | undefined, value: (e: Entry) => number | null) => {
    if (max !== undefined) tests.push((e) => value(e) !== null && value(e)! <= max);
  };
  const is = (wanted: boolean | undefined, value: (e: Entry) => boolean) => {
    if (wanted !== undefined) tests.push((e) => value(e) === wanted);
  };
  list(f.disciplines, (e) => e.discipline);
  list(f.primary_targets, (e) => e.target);
  list(f.difficulty_levels, (e) => e.difficulty);
  atLeast(f.min_duration_minutes, (e) => e.duration);
  atMost(f.max_duration_minutes, (e) => e.duration);
  atLeast(f.min_distance_meters, (e) => e.distance);
  atMost(f.max_distance_meters, (e) => e.distance);
  atLeast(f.min_tss, (e) => e.tss);
  atMost(f.max_tss, (e) => e.tss);
  overlap(f.training_phases, (e) => e.phases);
  overlap(f.weather_suitability, (e) => e.weather);
  overlap(f.tags, (e) => e.tags);
  if (f.required_equipment?.length) {
    const have = new Set(f.required_equipment.map(equipmentKey));
    tests.push((e) => e.equipment.every((v) => have.has(v)));
  }
  atLeast(f.min_rating, (e) => e.avgRating);
  is(f.is_verified, (e) => e.isVerified);
  is(f.is_public, (e) => e.isPublic);
  is(f.created_by_user, (e) => e.createdByUser);
  const own = f.include_own_templates;
  return (e) => {
    if (!(e.isPublic || (own && e.owner === athleteId))) return false;
    for (const test of tests) if (!test(e)) return false;
    return true;
  };
}

type Compare = (a: number, b: number) => number;

/** The order of a search over entry positions, with the same keys as the SQL search; every order ends on the id. */
function comparator(
  entries: Entry[],
  sortBy: string,
  sortOrder: 'asc' | 'desc',
  score: Float64Array,
): Compare {
  const s = sortOrder === 'asc' ? 1 : -1;
  const byNameThenId = (x: Entry, y: Entry) => x.nameRank - y.nameRank || x.idRank - y.idRank;
  const key = (f: (e: Entry) => number): Compare => {
    return (a, b) => {
      const x = entries[a]!;
      const y = entries[b]!;
      return s * (f(x) - f(y)) || byNameThenId(x, y);
    };
  };
  switch (sortBy) {
    case 'relevance':
      return (a, b) => s * (score[a]! - score[b]!) || byNameThenId(entries[a]!, entries[b]!);
    case 'duration':
      return key((e) => e.duration);
    case 'difficulty':
      return key((e) => e.difficulty);
    case 'rating':
      return (a, b) => {
        const x = entries[a]!;
        const y = entries[b]!;
        return s * (x.avgRating - y.avgRating) || s * (x.ratingCount - y.ratingCount) || byNameThenId(x, y);
      };
    case 'popularity':
      return key((e) => e.popularity);
    case 'tss':
      return key((e) => e.tss);
    case 'created_at':
      return (a, b) => {
        const x = entries[a]!;
        const y = entries[b]!;
        return s * (x.createdAt - y.createdAt) || x.idRank - y.idRank;
      };
    default:
      return (a, b) => {
        const x = entries[a]!;
        const y = entries[b]!;
        return s * (x.nameRank - y.nameRank) || x.idRank - y.idRank;
      };
  }
}

/** The first `k` of `items` in order, sorted; a bounded heap, so a page near the top never sorts every match. */
function firstInOrder(items: number[], k: number, cmp: Compare): number[] {
  if (k <= 0) return [];
  if (k * 4 >= items.length) return items.sort(cmp).slice(0, k);
  // A max-heap of the k best so far: its root is the worst of them.
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && cmp(heap[l]!, heap[top]!) > 0) top = l;
      if (r < heap.length && cmp(heap[r]!, heap[top]!) > 0) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top]!, heap[i]!];
      i = top;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (cmp(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (cmp(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(cmp);
}

export function createSearchIndex(db: Db) {
  let index: Index | null = null;
  let catchingUp: Promise<Index> | null = null;

  async function load(): Promise<Index> {
    const { state, rows } = await queries.searchIndexLoad(db);
    const ids = rows.map(([a]) => a[0]).sort();
    const idRank = new Map(ids.map((id, i) => [id, i]));
    const entries = rows.map(([a, nameRank]) => toEntry(a, Number(nameRank), idRank.get(a[0])!));
    return {
      state,
      rows: new LRUCache<string, repo.TemplateRow>({ max: MAX_CACHED_ROWS }),
      score: new Float64Array(entries.length),
      seen: new Int32Array(entries.length),
      accepted: new Int32Array(entries.length),
      searches: 0,
      orders: new Map(),
      entries,
      byId: new Map(entries.map((e, i) => [e.id, i])),
      terms: new LRUCache<string, TermHits>({
        maxSize: MAX_CACHED_HITS,
        sizeCalculation: (h) => Math.max(1, h.at.length),
      }),
    };
  }

  /** Brings the index up to the state the database holds: only the changed rows, unless the text changed. */
  async function catchUp(seen: queries.SearchState | null): Promise<Index> {
    const current = index;
    if (current && seen && seen.version === current.state.version) return current;
    catchingUp ??= (async () => {
      try {
        if (!current || (seen && seen.textVersion !== current.state.textVersion)) {
          index = await load();
          return index;
        }
        const { state, rows } = await queries.searchIndexChanges(db, current.state.version);
        if (state.textVersion !== current.state.textVersion || rows.some((a) => !current.byId.has(a[0]))) {
          index = await load();
          return index;
        }
        for (const a of rows) {
          const at = current.byId.get(a[0])!;
          const old = current.entries[at]!;
          current.entries[at] = toEntry(a, old.nameRank, old.idRank);
          current.rows.delete(a[0]);
        }
        current.orders.clear();
        current.state = state;
        return current;
      } finally {
        catchingUp = null;
      }
    })();
    return catchingUp;
  }

  /** The hits of each term, from the cache or in one statement for those missing; null when the text moved on. */
  async function termHits(ix: Index, terms: readonly string[]): Promise<TermHits[] | null> {
    const missing = terms.filter((term) => !ix.terms.has(term));
    if (missing.length) {
      const found = await queries.searchTerms(db, missing);
      if (found.textVersion !== ix.state.textVersion) return null;
      for (const { term, lexemes, hits } of found.terms) {
        const pairs = hits ? hits.split(',') : [];
        const at = new Int32Array(pairs.length);
        const rank = new Float64Array(pairs.length);
        let n = 0;
        for (const pair of pairs) {
          const colon = pair.indexOf(':');
          const position = ix.byId.get(pair.slice(0, colon));
          if (position === undefined) return null;
          at[n] = position;
          rank[n] = Number(pair.slice(colon + 1));
          n++;
        }
        ix.terms.set(term, { lexemes, at: at.subarray(0, n), rank: rank.subarray(0, n) });
      }
    }
    return terms.map((term) => ix.terms.get(term)!);
  }

  /** Every entry's position in an order other than relevance, sorted once per version of the index. */
  function orderOf(ix: Index, sortBy: string, sortOrder: 'asc' | 'desc'): Int32Array {
    const key = `${sortBy}:${sortOrder}`;
    let order = ix.orders.get(key);
    if (!order) {
      order = Int32Array.from(ix.entries.keys()).sort(comparator(ix.entries, sortBy, sortOrder, ix.score));
      ix.orders.set(key, order);
    }
    return order;
  }

  /** The page's entry positions and the count of all matches, worked out in memory; null when the text moved on. */
  async function plan(ix: Index, q: IndexQuery) {
    const hits = q.hasText ? await termHits(ix, q.terms) : [];
    if (!hits) return null;
    // From here on nothing yields, so the scratch is this search's alone.
    const { entries, score, seen, accepted } = ix;
    const accepts = matcher(q.athleteId, q.filters);
    const byRelevance = q.sortBy === 'relevance';
    // By relevance the candidates are ranked here; in any other order they are only marked, and the page is
    // read off that order's presorted list.
    const candidates: number[] = [];
    let total = 0;
    if (ix.searches === 0x7fffffff) {
      ix.searches = 0;
      seen.fill(0);
      accepted.fill(0);
    }
    const search = ++ix.searches;
    const consider = (at: number) => {
      if (accepts(entries[at]!)) {
        accepted[at] = search;
        total++;
        if (byRelevance) candidates.push(at);
      }
    };
    if (q.hasText) {
      // docs/workout-bank.md, "Search and ranking": terms match by OR; the text rank is the mean of the
      // distinct lexemes' ts_rank, which is what ts_rank gives the OR of them.
      const distinct = new Map<string, TermHits>();
      for (const h of hits) if (h.lexemes) distinct.set(h.lexemes, h);
      for (const h of distinct.values()) {
        for (let i = 0; i < h.at.length; i++) {
          const at = h.at[i]!;
          if (seen[at] !== search) {
            seen[at] = search;
            score[at] = 0;
            consider(at);
          }
          score[at]! += h.rank[i]! / distinct.size;
        }
      }
    } else {
      for (let at = 0; at < entries.length; at++) {
        score[at] = 0;
        consider(at);
      }
    }
    if (!byRelevance) {
      const order = orderOf(ix, q.sortBy, q.sortOrder);
      const page: number[] = [];
      let skipped = 0;
      for (let i = 0; i < order.length && page.length < q.limit; i++) {
        const at = order[i]!;
        if (accepted[at] !== search) continue;
        if (skipped < q.offset) skipped++;
        else page.push(at);
      }
      return { page, total };
    }
    const { disciplines, targets, durationMinutes } = q.hints;
    for (const at of candidates) {
      const e = entries[at]!;
      if (disciplines.includes(e.discipline)) score[at]! += 1;
      if (targets.includes(e.target)) score[at]! += 1;
      if (durationMinutes)
        score[at]! += Math.max(0, 1 - Math.abs(e.duration - durationMinutes) / durationMinutes);
    }
    const cmp = comparator(entries, q.sortBy, q.sortOrder, score);
    const first = firstInOrder(candidates, q.offset + q.limit, cmp);
    return { page: first.slice(q.offset), total };
  }

  return {
    /**
     * A search answered from the index; the page's rows not yet in memory are read by id in one statement
     * with the search state, which confirms the index is current;
     * null when the index kept falling behind (the caller then searches in SQL).
     */
    async search(q: IndexQuery): Promise<{ rows: repo.TemplateRow[]; total: number } | null> {
      let ix = index ?? (await catchUp(null));
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const planned = await plan(ix, q);
        if (planned) {
          const plannedAt = ix.state.version;
          const ids = planned.page.map((at) => ix.entries[at]!.id);
          const missing = ids.filter((id) => !ix.rows.has(id));
          const { state, rows } = await queries.searchPage(db, q.athleteId, missing);
          if (state.version === plannedAt && rows.length === missing.length) {
            // Read in the same snapshot as the version the page was planned at: the rows are that version's.
            for (const row of rows) ix.rows.set(row.id, row);
            const page = ids.map((id) => ix.rows.get(id));
            if (page.every((row) => row !== undefined)) return { rows: page, total: planned.total };
          }
          ix = await catchUp(state);
        } else {
          ix = await catchUp({ version: -1, textVersion: -1 });
        }
      }
      return null;
    },
  };
}
