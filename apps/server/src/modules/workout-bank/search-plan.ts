// A search of the bank as its SQL plan and as a query of the in-process search index (docs/workout-bank.md,
// "Search and ranking"): the words and hints read from the text, the sort and the page. Both give one answer.
import type { WorkoutTemplateSearchQuery } from '@stamina/contract';
import { interpretQuery } from '@stamina/core';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import type { IndexQuery } from './search-index.ts';

/** A sanitised prefix tsquery ('threshold:* | bike:*') from words, or null when none is left. */
export function prefixQuery(words: readonly string[]): string | null {
  const clean = [
    ...new Set(
      words
        .flatMap((w) => w.toLowerCase().split(/[^a-z0-9]+/))
        .filter((w) => w.length > 1 && !/^\d+$/.test(w)),
    ),
  ].slice(0, 12);
  return clean.length ? clean.map((w) => `${w}:*`).join(' | ') : null;
}

/**
 * A search as its SQL plan and as a query of the search index (null with a category, which only SQL reads);
 * both give the same answer (docs/workout-bank.md, "Search and ranking").
 */
export function planSearch(athleteId: string, q: WorkoutTemplateSearchQuery) {
  const text = q.search_query?.trim() ?? '';
  const hints = interpretQuery(text);
  const words = text ? [...text.split(/\s+/), ...hints.disciplines, ...hints.primary_targets] : [];
  const tsquery = prefixQuery(
    words.filter((w) => !/^\d/.test(w) && !/^(min|mins|minutes|hours?|h)$/i.test(w)),
  );
  if (text && !tsquery && hints.duration_minutes === null) {
    throw new AppError('VALIDATION_FAILED', 'search_query: has no words to search for');
  }
  const sortBy = q.sort_by ?? (text ? 'relevance' : 'name');
  const sortOrder = q.sort_order ?? (sortBy === 'name' ? 'asc' : 'desc');
  const rankHints = {
    disciplines: hints.disciplines,
    targets: hints.primary_targets,
    durationMinutes: hints.duration_minutes,
  };
  const page = { sortBy, sortOrder, limit: q.page_size, offset: (q.page - 1) * q.page_size } as const;
  const sqlPlan: repo.SearchPlan = {
    where: repo.filterConditions(athleteId, q),
    tsquery,
    hints: rankHints,
    ...page,
  };
  const index: IndexQuery | null = q.category
    ? null
    : {
        athleteId,
        filters: q,
        terms: tsquery ? tsquery.split(' | ') : [],
        hasText: tsquery !== null,
        hints: rankHints,
        ...page,
      };
  return { sql: sqlPlan, index };
}
