// The template detail modal (docs/workout-bank.md, "Web page"): what the session is, its intensity chart, the
// favourite heart, ratings and reviews, shorter and longer variants, similar templates, and 'Add to calendar'
// on a date (POST /templates/{id}/convert). Opening it records a view. In the add-workout dialog's picker the
// date is the dialog's, fixed.
import type { Workout } from '@stamina/contract';
import { difficultyLabel, formatTemplateDuration, parseWorkout, withImperialFigures } from '@stamina/core';
import { parseISO } from 'date-fns';
import { BadgeCheck, CalendarPlus, Clock, Gauge, Heart, Star } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  useConvertTemplate,
  useRateTemplate,
  useRecordView,
  useToggleFavorite,
} from '../../api/workout-bank/mutations.ts';
import {
  useFavoriteStatus,
  useMyRating,
  useSimilarTemplates,
  useTemplate,
  useTemplateRatings,
  useTemplateVariants,
} from '../../api/workout-bank/template.ts';
import type { WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay, todayIso } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { SportIcon } from '../sport-icon.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogTitle } from '../ui/dialog.tsx';
import { Pager } from '../ui/pager.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { DISCIPLINE_LABELS, formatRating } from './format.ts';
import { TemplateFit } from './template-fit.tsx';

// The chart brings Recharts: load it only when a template is opened.
const IntensityChart = lazy(() =>
  import('../workouts/intensity-chart.tsx').then((m) => ({ default: m.IntensityChart })),
);

const DETAIL_TEXTS = {
  addToCalendar: 'Add to calendar',
  added: 'Added to your calendar',
  addFailed: 'Failed to add workout',
  save: 'Save to favorites',
  saved: 'Saved',
  favoriteFailed: 'Failed to update favorites',
  savedOffline: "Saved to favorites offline. It will be sent when you're back online.",
  removedOffline: "Removed from favorites offline. It will be sent when you're back online.",
  rated: 'Thanks for rating this workout',
  rateFailed: 'Failed to save your rating',
  noReviews: 'No reviews yet',
  loadFailed: 'Failed to load workout',
} as const;

export interface TemplateDetailDialogProps {
  /** The template to show; null closes nothing but shows nothing. */
  template: WorkoutTemplate | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens another template (a similar one) in this modal. */
  onOpenTemplate: (template: WorkoutTemplate) => void;
  /** The picker's day: the date is fixed and the button reads 'Add to <day>'. */
  pickDate?: string;
  /** After the template became a workout. */
  onAdded?: (workout: Workout) => void;
}

const dayLabel = (date: string) => formatDay(date, 'short');

export function TemplateDetailDialog({
  template: initial,
  open,
  onOpenChange,
  onOpenTemplate,
  pickDate,
  onAdded,
}: TemplateDetailDialogProps) {
  const id = open && initial ? initial.id : null;
  const detail = useTemplate(id, initial ?? undefined);
  const template = detail.data ?? initial;
  const recordView = useRecordView();
  const viewed = useRef<string | null>(null);

  // One view per opening of a template (also under StrictMode's double effects).
  useEffect(() => {
    if (!id) {
      viewed.current = null;
      return;
    }
    if (viewed.current === id) return;
    viewed.current = id;
    recordView.mutate(id, { onError: (err) => console.warn('Failed to record a template view', err) });
  }, [id, recordView.mutate]);

  return (
    <Dialog open={open && template !== null} onOpenChange={onOpenChange}>
      <DialogContent layout="sheet" width={44} aria-describedby={undefined}>
        {template ? (
          <TemplateDetail
            key={template.id}
            template={template}
            loadError={detail.isError && !detail.data ? errorMessage(detail.error) : null}
            onOpenTemplate={onOpenTemplate}
            {...(pickDate ? { pickDate } : {})}
            onAdded={(workout) => {
              onAdded?.(workout);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplateDetail({
  template,
  loadError,
  onOpenTemplate,
  pickDate,
  onAdded,
}: {
  template: WorkoutTemplate;
  loadError: string | null;
  onOpenTemplate: (template: WorkoutTemplate) => void;
  pickDate?: string;
  onAdded: (workout: Workout) => void;
}) {
  // The sport the server parsed the text as (a recovery swim is a swim), so the chart matches its duration.
  const sport = template.sport;
  const units = useUnits();
  const intervals = useMemo(
    () => parseWorkout(template.workout_language_text, { sport }).intervals,
    [template.workout_language_text, sport],
  );
  const rating = formatRating(template.avg_rating, template.rating_count);

  return (
    <>
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <SportIcon sport={sport} className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-muted-foreground">
            {DISCIPLINE_LABELS[template.discipline] ?? template.discipline}
          </p>
          <DialogTitle className="text-xl font-semibold leading-tight break-words">
            {template.name}
          </DialogTitle>
        </div>
        <FavoriteButton templateId={template.id} />
        <DialogCloseButton />
      </div>

      {loadError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {DETAIL_TEXTS.loadFailed}: {loadError}
        </p>
      ) : null}

      <ul className="mt-3 flex flex-wrap gap-2 text-sm">
        <Fact icon={<Clock className="h-4 w-4" aria-hidden="true" />}>
          {formatTemplateDuration(template.estimated_duration_minutes)}
        </Fact>
        <Fact icon={<Gauge className="h-4 w-4" aria-hidden="true" />}>
          {difficultyLabel(template.difficulty_level)}
        </Fact>
        <Fact>TSS {Math.round(template.estimated_tss)}</Fact>
        {rating ? (
          <Fact icon={<Star className="h-4 w-4 fill-warning text-warning" aria-hidden="true" />}>
            {rating} ({template.rating_count} {template.rating_count === 1 ? 'rating' : 'ratings'})
          </Fact>
        ) : null}
        {template.is_verified ? (
          <Fact icon={<BadgeCheck className="h-4 w-4 text-success" aria-hidden="true" />}>Verified</Fact>
        ) : null}
      </ul>

      {template.description ? (
        <p className="mt-3 text-sm text-muted-foreground">{template.description}</p>
      ) : null}
      {template.key_focus ? (
        <p className="mt-2 text-sm">
          <span className="font-medium">Key focus: </span>
          {template.key_focus}
        </p>
      ) : null}
      {template.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1" aria-label="Tags">
          {template.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}

      <AddToCalendar template={template} onAdded={onAdded} {...(pickDate ? { pickDate } : {})} />
      <TemplateFit template={template} />

      <section className="mt-5">
        <h3 className="mb-2 text-sm font-semibold">Intensity profile</h3>
        <Suspense fallback={<div className="h-56 animate-pulse rounded-xl bg-muted sm:h-64" />}>
          <IntensityChart intervals={intervals} sport={sport} />
        </Suspense>
      </section>

      <section className="mt-4">
        <h3 className="text-sm font-semibold">Workout</h3>
        <p className="mt-1 whitespace-pre-wrap rounded-lg bg-muted px-3 py-2 text-sm">
          {withImperialFigures(template.workout_language_text, units)}
        </p>
      </section>

      <Ratings template={template} />
      <Similar templateId={template.id} onOpenTemplate={onOpenTemplate} />
    </>
  );
}

function Fact({ icon, children }: { icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-card px-2.5 py-1">
      {icon}
      {children}
    </li>
  );
}

function FavoriteButton({ templateId }: { templateId: string }) {
  const status = useFavoriteStatus(templateId);
  const toggle = useToggleFavorite();
  const isFavorite = toggle.isPending
    ? Boolean(toggle.variables?.favorite)
    : (status.data?.is_favorite ?? false);
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={isFavorite ? DETAIL_TEXTS.saved : DETAIL_TEXTS.save}
      title={isFavorite ? DETAIL_TEXTS.saved : DETAIL_TEXTS.save}
      disabled={status.isPending || toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { templateId, favorite: !isFavorite },
          {
            // Kept on the device: treated as done, with a quiet word that it is still to be sent.
            onSuccess: (outcome) => {
              if (outcome.queued)
                toast.info(outcome.isFavorite ? DETAIL_TEXTS.savedOffline : DETAIL_TEXTS.removedOffline);
            },
            onError: (err) => toast.error(DETAIL_TEXTS.favoriteFailed, { description: errorMessage(err) }),
          },
        )
      }
      className={buttonClasses('ghost', 'icon')}
    >
      <Heart
        className={cn('h-5 w-5', isFavorite && 'fill-destructive text-destructive')}
        aria-hidden="true"
      />
    </button>
  );
}

function AddToCalendar({
  template,
  pickDate,
  onAdded,
}: {
  template: WorkoutTemplate;
  pickDate?: string;
  onAdded: (workout: Workout) => void;
}) {
  const [date, setDate] = useState(() => pickDate ?? todayIso());
  const [scale, setScale] = useState(1);
  const variants = useTemplateVariants(template.id);
  const convert = useConvertTemplate();
  const dateId = useId();
  const versionId = useId();
  const target = pickDate ?? date;

  const versions = [
    { scale: 1, label: `Standard · ${formatTemplateDuration(template.estimated_duration_minutes)}` },
    ...(variants.data?.variants ?? []).map((v) => ({
      scale: v.scale_factor,
      label: `${v.label === 'shorter' ? 'Shorter' : 'Longer'} · ${formatTemplateDuration(v.estimated_duration_minutes)} · TSS ${Math.round(v.estimated_tss)}`,
    })),
  ];

  function add() {
    convert.mutate(
      { templateId: template.id, scheduledDate: target, customScaling: scale === 1 ? null : scale },
      {
        onSuccess: ({ workout }) => {
          toast.success(DETAIL_TEXTS.added, { description: `${workout.title} on ${dayLabel(target)}` });
          onAdded(workout);
        },
        onError: (err) => toast.error(DETAIL_TEXTS.addFailed, { description: errorMessage(err) }),
      },
    );
  }

  return (
    <section className="mt-4 rounded-xl border border-border bg-card p-3" aria-label="Add to calendar">
      <div className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        {pickDate ? null : (
          <div className="space-y-1">
            <label htmlFor={dateId} className="block text-sm font-medium">
              Date
            </label>
            <input
              id={dateId}
              type="date"
              required
              value={date}
              onChange={(event) => setDate(event.target.value)}
              className="block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          </div>
        )}
        <div className={cn('space-y-1', pickDate && 'sm:col-span-2')}>
          <label htmlFor={versionId} className="block text-sm font-medium">
            Version
          </label>
          <select
            id={versionId}
            value={String(scale)}
            onChange={(event) => setScale(Number(event.target.value))}
            className="block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {versions.map((v) => (
              <option key={v.scale} value={String(v.scale)}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={add} disabled={convert.isPending || !target}>
          {convert.isPending ? (
            <Spinner label="Adding" className="h-4 w-4" />
          ) : (
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          )}
          {pickDate ? `Add to ${dayLabel(pickDate)}` : DETAIL_TEXTS.addToCalendar}
        </Button>
      </div>
    </section>
  );
}

function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} role="img" aria-label={`${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn('h-4 w-4', i <= value ? 'fill-warning text-warning' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}

function Ratings({ template }: { template: WorkoutTemplate }) {
  const mine = useMyRating(template.id);
  const [page, setPage] = useState(1);
  const list = useTemplateRatings(template.id, page);
  const rate = useRateTemplate();
  const [stars, setStars] = useState<number | null>(null);
  const [review, setReview] = useState<string | null>(null);
  const reviewId = useId();
  const own = mine.data ?? null;
  const chosen = stars ?? own?.rating ?? 0;
  const text = review ?? own?.review_text ?? '';

  function submit() {
    if (chosen < 1) return;
    rate.mutate(
      {
        templateId: template.id,
        rating: { rating: chosen, ...(text.trim() ? { review_text: text.trim() } : {}) },
      },
      {
        onSuccess: () => {
          toast.success(DETAIL_TEXTS.rated);
          setStars(null);
          setReview(null);
        },
        onError: (err) => toast.error(DETAIL_TEXTS.rateFailed, { description: errorMessage(err) }),
      },
    );
  }

  const ratings = list.data?.ratings ?? [];
  return (
    <section className="mt-5" aria-labelledby={`${reviewId}-heading`}>
      <h3 id={`${reviewId}-heading`} className="text-sm font-semibold">
        Ratings and reviews
      </h3>
      <div className="mt-2 rounded-xl border border-border bg-card p-3">
        <fieldset>
          <legend className="text-sm font-medium">
            {own ? `Your rating: ${own.rating} of 5` : 'Rate this workout'}
          </legend>
          <div className="mt-1 flex gap-1">
            {[1, 2, 3, 4, 5].map((i) => (
              <button
                key={i}
                type="button"
                aria-pressed={i <= chosen}
                aria-label={`${i} ${i === 1 ? 'star' : 'stars'}`}
                onClick={() => setStars(i)}
                className="rounded-md p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Star
                  aria-hidden="true"
                  className={cn(
                    'h-6 w-6',
                    i <= chosen ? 'fill-warning text-warning' : 'text-muted-foreground',
                  )}
                />
              </button>
            ))}
          </div>
        </fieldset>
        <label htmlFor={reviewId} className="mt-2 block text-sm font-medium">
          Review (optional)
        </label>
        <textarea
          id={reviewId}
          value={text}
          maxLength={4000}
          rows={2}
          onChange={(event) => setReview(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <Button className="mt-2" size="sm" onClick={submit} disabled={chosen < 1 || rate.isPending}>
          {rate.isPending ? <Spinner label="Saving" className="h-4 w-4" /> : null}
          {own ? 'Update Rating' : 'Submit Rating'}
        </Button>
      </div>

      {list.isPending ? (
        <Spinner label="Loading reviews" className="mt-3 h-5 w-5" />
      ) : ratings.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{DETAIL_TEXTS.noReviews}</p>
      ) : (
        <>
          <ul className="mt-3 space-y-2">
            {ratings.map((r) => (
              <li key={r.id} className="rounded-lg border border-border p-3 text-sm">
                <div className="flex items-center gap-2">
                  <Stars value={r.rating} />
                  <span className="text-xs text-muted-foreground">
                    {r.is_own ? 'You · ' : ''}
                    {formatDay(parseISO(r.updated_at))}
                  </span>
                </div>
                {r.review_text ? <p className="mt-1 whitespace-pre-wrap">{r.review_text}</p> : null}
              </li>
            ))}
          </ul>
          <Pager
            className="mt-2"
            label="Review pages"
            directions="newer-older"
            variant="ghost"
            page={page}
            totalPages={list.data?.total_pages ?? 1}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

function Similar({
  templateId,
  onOpenTemplate,
}: {
  templateId: string;
  onOpenTemplate: (template: WorkoutTemplate) => void;
}) {
  const similar = useSimilarTemplates(templateId);
  const templates = similar.data?.templates ?? [];
  if (templates.length === 0) return null;
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold">Similar workouts</h3>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {templates.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              onClick={() => onOpenTemplate(t)}
              className="flex w-full items-center gap-2 rounded-lg border border-border bg-card p-2.5 text-left text-sm hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <SportIcon sport={t.sport} className="h-4 w-4 shrink-0" />
              <span className="min-w-0 flex-1 truncate font-medium">{t.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {formatTemplateDuration(t.estimated_duration_minutes)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
