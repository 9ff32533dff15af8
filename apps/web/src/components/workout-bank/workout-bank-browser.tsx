// The Workout Bank browser (docs/workout-bank.md, "Web page"): the search box (300 ms debounce), the tabs Browse,
// Popular, Saved, For You and Mine, the plain-language search, the Categories drawer, the Filters panel, sport
// chips, the category sidebar on very wide screens, paging, and the template detail modal. The /workout-bank page shows it whole; the add-workout
// dialog's Browse Templates shows it as a picker, whose detail modal adds the template on the dialog's day.
import type { Workout } from '@stamina/contract';
import { difficultyLabel } from '@stamina/core';
import { FolderTree, Search, SlidersHorizontal, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useCategories } from '../../api/workout-bank/categories.ts';
import { SEARCH_PAGE_SIZE } from '../../api/workout-bank/keys.ts';
import type { TemplateSearchParams } from '../../api/workout-bank/search.ts';
import type { WorkoutCategory, WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { cn } from '../../lib/cn.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { BrowseResults, PopularTab, RecommendedTab, SavedTab } from './bank-lists.tsx';
import { BANK_TEXTS, DISCIPLINE_LABELS, DISCIPLINES, groupCategories } from './format.ts';
import { MineTab } from './mine-tab.tsx';
import { NaturalSearch } from './natural-search.tsx';
import { TemplateDetailDialog } from './template-detail-dialog.tsx';

const SEARCH_DEBOUNCE_MS = 300;
/** A horizontal swipe longer than this moves between tabs. */
const SWIPE_THRESHOLD_PX = 50;

const BANK_TABS = [
  { value: 'browse', label: 'Browse' },
  { value: 'popular', label: 'Popular' },
  { value: 'saved', label: 'Saved' },
  { value: 'recommended', label: 'For You' },
  { value: 'mine', label: 'Mine' },
] as const;
export type BankTab = (typeof BANK_TABS)[number]['value'];

export interface BankFilters {
  difficulties: number[];
  minDuration: number | null;
  maxDuration: number | null;
  minRating: number | null;
  verifiedOnly: boolean;
}
const NO_FILTERS: BankFilters = {
  difficulties: [],
  minDuration: null,
  maxDuration: null,
  minRating: null,
  verifiedOnly: false,
};

/** How many filters of the panel are set (the badge on the Filters button). */
function filterCount(filters: BankFilters): number {
  return (
    (filters.difficulties.length > 0 ? 1 : 0) +
    (filters.minDuration !== null ? 1 : 0) +
    (filters.maxDuration !== null ? 1 : 0) +
    (filters.minRating !== null ? 1 : 0) +
    (filters.verifiedOnly ? 1 : 0)
  );
}

/**
 * The search a Browse state stands for. With nothing typed or chosen it is the whole library, 20 a page, by name
 * (what an athlete opening the Bank expects to leaf through; the popular list is the Popular tab's, and is empty on
 * a new server). Without a text the results are sorted by name; with one, by relevance.
 */
function browseSearch(
  text: string,
  discipline: string | null,
  category: WorkoutCategory | null,
  filters: BankFilters,
  page: number,
): TemplateSearchParams {
  const query = text.trim();
  return {
    ...(query ? { search_query: query } : { sort_by: 'name', sort_order: 'asc' }),
    ...(discipline ? { disciplines: [discipline] } : {}),
    ...(category ? { category: category.slug } : {}),
    ...(filters.difficulties.length ? { difficulty_levels: [...filters.difficulties].sort() } : {}),
    ...(filters.minDuration !== null ? { min_duration_minutes: filters.minDuration } : {}),
    ...(filters.maxDuration !== null ? { max_duration_minutes: filters.maxDuration } : {}),
    ...(filters.minRating !== null ? { min_rating: filters.minRating } : {}),
    ...(filters.verifiedOnly ? { is_verified: true } : {}),
    // The athlete's own private templates are found too (docs/workout-bank.md, "Web page").
    include_own_templates: true,
    page,
    page_size: SEARCH_PAGE_SIZE,
  };
}

export interface WorkoutBankBrowserProps {
  /** Picker mode: the detail modal adds the chosen template on this day. */
  pickDate?: string;
  /** After a template became a workout (the picker closes on it). */
  onAdded?: (workout: Workout) => void;
  /** The category sidebar on very wide screens (the page has room; the picker does not). */
  sidebar?: boolean;
}

export function WorkoutBankBrowser({ pickDate, onAdded, sidebar = false }: WorkoutBankBrowserProps) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [tab, setTab] = useState<BankTab>('browse');
  const [discipline, setDiscipline] = useState<string | null>(null);
  const [category, setCategory] = useState<WorkoutCategory | null>(null);
  const [filters, setFilters] = useState<BankFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [selected, setSelected] = useState<WorkoutTemplate | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const criteria = JSON.stringify([query.trim(), discipline, category?.slug, filters]);
  const [paging, setPaging] = useState({ criteria, page: 1 });
  const page = paging.criteria === criteria ? paging.page : 1;
  const tabsId = useId();
  const swipe = useRef<{ x: number; y: number } | null>(null);

  const open = (template: WorkoutTemplate) => {
    setSelected(template);
    setDetailOpen(true);
  };
  const pickCategory = (next: WorkoutCategory | null) => {
    setCategory(next);
    setTab('browse');
    setDrawerOpen(false);
  };
  const moveTab = (step: number) => {
    const index = BANK_TABS.findIndex((t) => t.value === tab);
    const next = BANK_TABS[index + step];
    if (next) setTab(next.value);
  };
  const activeFilters = filterCount(filters);

  return (
    <div className={cn(sidebar && '2xl:grid 2xl:grid-cols-[15rem_minmax(0,1fr)] 2xl:gap-6')}>
      {sidebar ? (
        <aside aria-label="Categories" className="hidden 2xl:block">
          <CategoryList selected={category} onPick={pickCategory} />
        </aside>
      ) : null}
      <div className="min-w-0">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <input
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setTab('browse');
            }}
            placeholder={BANK_TEXTS.searchPlaceholder}
            aria-label="Search workouts"
            className="block h-12 w-full rounded-xl border border-input bg-background pr-3 pl-10 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>

        <div
          role="tablist"
          aria-label="Workout Bank"
          className="mt-3 flex gap-1 rounded-lg border border-border bg-muted p-1"
        >
          {BANK_TABS.map((t) => (
            <button
              key={t.value}
              type="button"
              role="tab"
              id={`${tabsId}-${t.value}`}
              aria-selected={tab === t.value}
              aria-controls={`${tabsId}-panel`}
              tabIndex={tab === t.value ? 0 : -1}
              onClick={() => setTab(t.value)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight') moveTab(1);
                if (event.key === 'ArrowLeft') moveTab(-1);
              }}
              className={cn(
                'h-9 flex-1 rounded-md px-2 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                tab === t.value
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>

        <div
          id={`${tabsId}-panel`}
          role="tabpanel"
          aria-labelledby={`${tabsId}-${tab}`}
          className="mt-4 min-h-[50vh]"
          onTouchStart={(event) => {
            const touch = event.touches[0];
            swipe.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
          }}
          onTouchEnd={(event) => {
            const start = swipe.current;
            const touch = event.changedTouches[0];
            swipe.current = null;
            if (!start || !touch) return;
            const dx = touch.clientX - start.x;
            const dy = touch.clientY - start.y;
            if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) moveTab(dx < 0 ? 1 : -1);
          }}
        >
          {tab === 'browse' ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setDrawerOpen(true)}
                  className={cn(sidebar && '2xl:hidden')}
                >
                  <FolderTree className="h-4 w-4" aria-hidden="true" />
                  Categories
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-expanded={filtersOpen}
                  aria-label={activeFilters > 0 ? `Filters (${activeFilters} active)` : 'Filters'}
                  onClick={() => setFiltersOpen((v) => !v)}
                >
                  <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
                  Filters
                  {activeFilters > 0 ? (
                    <Badge variant="accent" className="px-1.5 py-0">
                      {activeFilters}
                    </Badge>
                  ) : null}
                </Button>
                {activeFilters > 0 ? (
                  <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                    Clear
                  </Button>
                ) : null}
                {category ? (
                  <span className="inline-flex items-center gap-1 rounded-full border border-primary/40 bg-accent py-1 pr-1 pl-3 text-sm text-accent-foreground">
                    {category.name}
                    <button
                      type="button"
                      aria-label={`Remove category ${category.name}`}
                      onClick={() => setCategory(null)}
                      className="rounded-full p-0.5 hover:bg-background/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </span>
                ) : null}
              </div>
              {filtersOpen ? (
                <FiltersPanel
                  filters={filters}
                  onChange={setFilters}
                  onClear={() => setFilters(NO_FILTERS)}
                />
              ) : null}
              <fieldset className="mt-3 -mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1">
                <legend className="sr-only">Sport</legend>
                {[null, ...DISCIPLINES].map((d) => (
                  <button
                    key={d ?? 'all'}
                    type="button"
                    aria-pressed={discipline === d}
                    onClick={() => setDiscipline(d)}
                    className={cn(
                      'h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      discipline === d
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-border bg-card text-foreground hover:border-primary',
                    )}
                  >
                    {d ? DISCIPLINE_LABELS[d] : 'All'}
                  </button>
                ))}
              </fieldset>
              <NaturalSearch onOpen={open}>
                <BrowseResults
                  search={browseSearch(query, discipline, category, filters, page)}
                  onOpen={open}
                  onPage={(next) => setPaging({ criteria, page: next })}
                />
              </NaturalSearch>
            </>
          ) : tab === 'popular' ? (
            <PopularTab onOpen={open} />
          ) : tab === 'saved' ? (
            <SavedTab onOpen={open} />
          ) : tab === 'mine' ? (
            <MineTab onOpen={open} />
          ) : (
            <RecommendedTab onOpen={open} />
          )}
        </div>
      </div>

      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogContent layout="drawer">
          <div className="flex items-center justify-between">
            <DialogTitle className="text-lg font-semibold">Categories</DialogTitle>
            <DialogCloseButton label="Close categories" />
          </div>
          <DialogDescription className="sr-only">Browse templates by category</DialogDescription>
          <CategoryList selected={category} onPick={pickCategory} />
        </DialogContent>
      </Dialog>

      <TemplateDetailDialog
        template={selected}
        open={detailOpen}
        onOpenChange={setDetailOpen}
        onOpenTemplate={open}
        {...(pickDate ? { pickDate } : {})}
        {...(onAdded ? { onAdded } : {})}
      />
    </div>
  );
}

function CategoryList({
  selected,
  onPick,
}: {
  selected: WorkoutCategory | null;
  onPick: (category: WorkoutCategory | null) => void;
}) {
  const categories = useCategories();
  if (categories.isPending) return <Spinner label="Loading categories" className="mt-4 h-5 w-5" />;
  if (categories.isError) {
    return (
      <div role="alert" className="mt-4 text-sm text-muted-foreground">
        <p>Categories could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => categories.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <nav aria-label="Categories" className="mt-2 space-y-4">
      <button
        type="button"
        aria-pressed={selected === null}
        onClick={() => onPick(null)}
        className={categoryItem(selected === null)}
      >
        All workouts
      </button>
      {groupCategories(categories.data).map((group) => (
        <section key={group.type}>
          <h3 className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {group.label}
          </h3>
          <ul className="mt-1">
            {group.categories.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={selected?.id === c.id}
                  onClick={() => onPick(c)}
                  className={categoryItem(selected?.id === c.id)}
                >
                  <span className="truncate">{c.name}</span>
                  <span className="ml-auto text-xs text-muted-foreground tabular-nums">
                    {c.template_count}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

const categoryItem = (active: boolean) =>
  cn(
    'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    active ? 'bg-accent font-medium text-accent-foreground' : 'hover:bg-muted',
  );

const DURATION_CHOICES = [20, 30, 45, 60, 90, 120, 180] as const;
const RATING_CHOICES = [3, 3.5, 4, 4.5] as const;

/** One labelled select of numbers with an 'Any' choice (null): the filters' durations and rating. */
function NumberChoice({
  label,
  value,
  choices,
  format,
  onChange,
}: {
  label: string;
  value: number | null;
  choices: readonly number[];
  format: (choice: number) => string;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="block h-10 w-full rounded-lg border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">Any</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {format(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}

function FiltersPanel({
  filters,
  onChange,
  onClear,
}: {
  filters: BankFilters;
  onChange: (filters: BankFilters) => void;
  onClear: () => void;
}) {
  return (
    <section aria-label="Filters" className="mt-3 rounded-xl border border-border bg-card p-4">
      <fieldset>
        <legend className="text-sm font-medium">Difficulty</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((level) => {
            const on = filters.difficulties.includes(level);
            return (
              <button
                key={level}
                type="button"
                aria-pressed={on}
                onClick={() =>
                  onChange({
                    ...filters,
                    difficulties: on
                      ? filters.difficulties.filter((d) => d !== level)
                      : [...filters.difficulties, level],
                  })
                }
                className={cn(
                  'h-8 rounded-full border px-3 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  on
                    ? 'border-primary bg-accent text-accent-foreground'
                    : 'border-border hover:border-primary',
                )}
              >
                {difficultyLabel(level)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <NumberChoice
          label="Min duration"
          value={filters.minDuration}
          choices={DURATION_CHOICES}
          format={(m) => `${m} min`}
          onChange={(minDuration) => onChange({ ...filters, minDuration })}
        />
        <NumberChoice
          label="Max duration"
          value={filters.maxDuration}
          choices={DURATION_CHOICES}
          format={(m) => `${m} min`}
          onChange={(maxDuration) => onChange({ ...filters, maxDuration })}
        />
        <NumberChoice
          label="Min rating"
          value={filters.minRating}
          choices={RATING_CHOICES}
          format={(r) => `${r}+ stars`}
          onChange={(minRating) => onChange({ ...filters, minRating })}
        />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={filters.verifiedOnly}
            onChange={(e) => onChange({ ...filters, verifiedOnly: e.target.checked })}
            className="h-4 w-4 accent-[var(--primary)]"
          />
          Verified only
        </label>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={filterCount(filters) === 0}>
          Clear
        </Button>
      </div>
    </section>
  );
}
