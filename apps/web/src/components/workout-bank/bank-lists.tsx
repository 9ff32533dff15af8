// The Workout Bank browser's lists (docs/workout-bank.md, "Web page"): the search results of the Browse tab with
// their count and pager, and the Popular, Saved and For You tabs, each with its loading, empty and error states.
import { type ReactNode, useEffect, useState } from 'react';
import { FAVORITES_TAB, POPULAR_TAB } from '../../api/workout-bank/keys.ts';
import { useFavorites, usePopular, useRecommendations } from '../../api/workout-bank/lists.ts';
import { type TemplateSearchParams, useTemplateSearch } from '../../api/workout-bank/search.ts';
import type { WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { Button } from '../ui/button.tsx';
import { Pager } from '../ui/pager.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { BANK_TEXTS, foundText, searchTimeText } from './format.ts';
import { TemplateCard } from './template-card.tsx';

function Loading() {
  return (
    <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
      <Spinner label={BANK_TEXTS.loading} className="h-5 w-5" />
      <span aria-hidden="true">{BANK_TEXTS.loading}</span>
    </div>
  );
}

function Empty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center gap-1 py-12 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

function ListError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-12 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">{children}</ul>;
}

export function BrowseResults({
  search,
  onOpen,
  onPage,
}: {
  search: TemplateSearchParams;
  onOpen: (template: WorkoutTemplate) => void;
  onPage: (page: number) => void;
}) {
  const results = useTemplateSearch(search);

  if (results.isPending) return <Loading />;
  if (results.isError) {
    return (
      <ListError
        title={BANK_TEXTS.searchErrorTitle}
        message={BANK_TEXTS.searchError}
        onRetry={() => void results.refetch()}
      />
    );
  }
  const data = results.data;
  return (
    <>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        <span className="font-semibold text-foreground">{foundText(data.total_count)}</span>{' '}
        <span>({searchTimeText(data.search_time_ms)})</span>
      </p>
      {data.templates.length === 0 ? (
        <Empty title={BANK_TEXTS.noResults} hint={BANK_TEXTS.noResultsHint} />
      ) : (
        <Grid>
          {data.templates.map((t) => (
            <li key={t.id}>
              <TemplateCard template={t} onOpen={onOpen} />
            </li>
          ))}
        </Grid>
      )}
      {/* The page asked for: while it loads the previous one stays on screen, and Next must not ask for it again. */}
      <Pager className="mt-4" page={search.page ?? data.page} totalPages={data.total_pages} onPage={onPage} />
    </>
  );
}

export function PopularTab({ onOpen }: { onOpen: (template: WorkoutTemplate) => void }) {
  const popular = usePopular(POPULAR_TAB.timeframe, POPULAR_TAB.limit);
  if (popular.isPending) return <Loading />;
  if (popular.isError) {
    return (
      <ListError
        title="Unable to load popular workouts"
        message="Please try again."
        onRetry={() => void popular.refetch()}
      />
    );
  }
  if (popular.data.templates.length === 0) {
    return <Empty title={BANK_TEXTS.noPopular} hint={BANK_TEXTS.noPopularHint} />;
  }
  return (
    <Grid>
      {popular.data.templates.map((t) => (
        <li key={t.id}>
          <TemplateCard template={t} onOpen={onOpen} />
        </li>
      ))}
    </Grid>
  );
}

export function SavedTab({ onOpen }: { onOpen: (template: WorkoutTemplate) => void }) {
  const [page, setPage] = useState<number>(FAVORITES_TAB.page);
  const favorites = useFavorites(page);
  const lastPage = favorites.data?.total_pages ?? 1;
  const emptied = favorites.data !== undefined && favorites.data.favorites.length === 0 && page > 1;
  useEffect(() => {
    // The last favourites of a page were removed: show the last page that still has some.
    if (emptied) setPage(Math.max(1, Math.min(page - 1, lastPage)));
  }, [emptied, page, lastPage]);
  if (favorites.isPending || emptied) return <Loading />;
  if (favorites.isError) {
    return (
      <ListError
        title="Unable to load your favorites"
        message="Please try again."
        onRetry={() => void favorites.refetch()}
      />
    );
  }
  const data = favorites.data;
  if (data.favorites.length === 0) {
    return <Empty title={BANK_TEXTS.noFavorites} hint={BANK_TEXTS.noFavoritesHint} />;
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {data.total_count} {data.total_count === 1 ? 'favorite' : 'favorites'}
      </p>
      <Grid>
        {data.favorites.map((f) => (
          <li key={f.id}>
            <TemplateCard
              template={f.template}
              onOpen={onOpen}
              footer={
                f.notes ? <span className="text-xs italic text-muted-foreground">{f.notes}</span> : null
              }
            />
          </li>
        ))}
      </Grid>
      <Pager className="mt-4" page={page} totalPages={data.total_pages} onPage={setPage} />
    </>
  );
}

export function RecommendedTab({ onOpen }: { onOpen: (template: WorkoutTemplate) => void }) {
  const recommended = useRecommendations();
  if (recommended.isPending) return <Loading />;
  if (recommended.isError) {
    return (
      <ListError
        title="Unable to load recommendations"
        message="Please try again."
        onRetry={() => void recommended.refetch()}
      />
    );
  }
  if (recommended.data.templates.length === 0) {
    return <Empty title={BANK_TEXTS.noRecommendations} hint={BANK_TEXTS.noRecommendationsHint} />;
  }
  return (
    <Grid>
      {recommended.data.templates.map((t) => (
        <li key={t.id}>
          <TemplateCard
            template={t}
            onOpen={onOpen}
            footer={
              t.reasons[0] ? <span className="text-xs font-medium text-primary">{t.reasons[0]}</span> : null
            }
          />
        </li>
      ))}
    </Grid>
  );
}
