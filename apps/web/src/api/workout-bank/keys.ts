// Query keys and freshness of the Workout Bank reads (docs/workout-bank.md, "Web page"). Everything sits under
// ['workout-bank'], so a favourite or a rating can refresh the whole family at once.
const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const workoutBankKeys = {
  all: ['workout-bank'] as const,
  categories: ['workout-bank', 'categories'] as const,
  search: (params: object) => ['workout-bank', 'search', params] as const,
  templates: ['workout-bank', 'template'] as const,
  template: (id: string) => ['workout-bank', 'template', id] as const,
  variants: (id: string) => ['workout-bank', 'template', id, 'variants'] as const,
  similar: (id: string, limit: number) => ['workout-bank', 'template', id, 'similar', limit] as const,
  favoriteStatus: (id: string) => ['workout-bank', 'template', id, 'favorite'] as const,
  myRating: (id: string) => ['workout-bank', 'template', id, 'my-rating'] as const,
  ratings: (id: string, page: number) => ['workout-bank', 'template', id, 'ratings', page] as const,
  favorites: ['workout-bank', 'favorites'] as const,
  natural: (query: string) => ['workout-bank', 'natural', query] as const,
  favoritesPage: (page: number, pageSize: number) => ['workout-bank', 'favorites', page, pageSize] as const,
  popular: (timeframe: string, limit: number) => ['workout-bank', 'popular', timeframe, limit] as const,
  recommendations: (type: string, limit: number) => ['workout-bank', 'recommendations', type, limit] as const,
};

export const CATEGORIES_STALE_MS = 5 * MINUTE;
export const TEMPLATE_STALE_MS = 5 * MINUTE;
export const SEARCH_STALE_MS = 30 * SECOND;
export const FAVORITES_STALE_MS = 60 * SECOND;
export const FAVORITE_STATUS_STALE_MS = 30 * SECOND;
export const RECOMMENDATIONS_STALE_MS = 5 * MINUTE;
export const POPULAR_STALE_MS = 10 * MINUTE;

/**
 * The network mode of the reads and the toggle that the device's store answers offline: TanStack Query runs them
 * without a connection (it would otherwise pause them until one returns), so the saved copy or the queue answers.
 */
export const OFFLINE_AWARE = 'offlineFirst' as const;

/** Tab sizes and paging (docs/workout-bank.md, "Web page"). */
export const SEARCH_PAGE_SIZE = 20;
export const POPULAR_TAB = { timeframe: 'month', limit: 12 } as const;
/** The Saved tab starts on page 1 of 12 and pages through all the favourites. */
export const FAVORITES_TAB = { page: 1, pageSize: 12 } as const;
export const RECOMMENDED_TAB = { type: 'general', limit: 12 } as const;
export const SIMILAR_LIMIT = 5;
export const RATINGS_PAGE_SIZE = 10;
/** The Mine tab: the athlete's own templates, newest first, in one page. */
export const MINE_PAGE_SIZE = 100;
export const NATURAL_LIMIT = 12;
