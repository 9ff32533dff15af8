// Labels of the Workout Bank page (docs/workout-bank.md, "Web page"): disciplines, the four category groups,
// tags shown on a card, ratings.
import { DISCIPLINE_LABELS as LABELS, TEMPLATE_DISCIPLINES } from '@stamina/core';
import type { WorkoutCategory } from '../../api/workout-bank/types.ts';

// The disciplines and their names are core's vocabulary (the server seeds its categories from the same).
export const DISCIPLINE_LABELS: Readonly<Record<string, string>> = LABELS;
export const DISCIPLINES = TEMPLATE_DISCIPLINES;

/** The category groups, in the page's order, with their headings. */
const CATEGORY_GROUPS = [
  { type: 'discipline', label: 'Sports' },
  { type: 'target', label: 'Training Focus' },
  { type: 'phase', label: 'Training Phase' },
  { type: 'intensity', label: 'Intensity Level' },
] as const;

export function groupCategories(categories: readonly WorkoutCategory[]) {
  return CATEGORY_GROUPS.map((group) => ({
    ...group,
    categories: categories
      .filter((c) => c.category_type === group.type)
      .sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name)),
  }));
}

const MAX_CARD_TAGS = 3;

/** At most three tags, and how many more there are ('+N'). */
export function cardTags(tags: readonly string[], max = MAX_CARD_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** '4.3' for an average, or null when nobody rated. */
export function formatRating(avg: number, count?: number): string | null {
  if (count === 0 || !avg) return null;
  return avg.toFixed(1);
}

/** 'Found 12 workouts', the wording of docs/workout-bank.md, 'Web page', for any count. */
export function foundText(count: number): string {
  return `Found ${count} ${count === 1 ? 'workout' : 'workouts'}`;
}

/** The search time as the server measured it, in whole ms (under 1 ms reads '<1ms'). */
export function searchTimeText(ms: number): string {
  return ms < 1 ? '<1ms' : `${Math.round(ms)}ms`;
}

export const BANK_TEXTS = {
  searchPlaceholder: 'Search workouts...',
  noResults: 'No Workouts Found',
  noResultsHint: 'Try another search, or clear the filters.',
  searchErrorTitle: 'Search Error',
  searchError: 'There was an error searching for workouts. Please try again.',
  noPopular: 'No Popular Workouts',
  noPopularHint: 'Templates athletes view and use this month show here.',
  noFavorites: 'No Favorites Yet',
  noFavoritesHint: 'Save a template with the heart to find it here.',
  noRecommendations: 'No Recommendations',
  noRecommendationsHint: 'Plan and rate a few workouts, and suggestions will follow.',
  loading: 'Loading workouts...',
} as const;
