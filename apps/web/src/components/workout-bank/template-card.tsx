// A template in a list (docs/workout-bank.md, "Web page"): discipline, name, focus, duration, difficulty,
// rating, at most three tags then '+N'. The whole card is one button that opens the detail modal.
import { difficultyLabel, formatTemplateDuration } from '@stamina/core';
import { BadgeCheck, Clock, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { cn } from '../../lib/cn.ts';
import { SportIcon } from '../sport-icon.tsx';
import { cardTags, DISCIPLINE_LABELS, formatRating } from './format.ts';

function DifficultyDots({ level }: { level: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {[1, 2, 3, 4, 5].map((i) => (
          <span
            key={i}
            className={cn('h-1.5 w-1.5 rounded-full', i <= level ? 'bg-primary' : 'bg-muted-foreground/30')}
          />
        ))}
      </span>
      {difficultyLabel(level)}
    </span>
  );
}

export function TemplateCard({
  template,
  onOpen,
  footer,
}: {
  template: WorkoutTemplate;
  onOpen: (template: WorkoutTemplate) => void;
  /** A line under the card's facts (a recommendation's reason, a favourite's notes). */
  footer?: ReactNode;
}) {
  const { shown, more } = cardTags(template.tags);
  const rating = formatRating(template.avg_rating, template.rating_count);
  return (
    <button
      type="button"
      onClick={() => onOpen(template)}
      aria-label={`${template.name}, ${DISCIPLINE_LABELS[template.discipline] ?? template.discipline}, ${formatTemplateDuration(template.estimated_duration_minutes)}, ${difficultyLabel(template.difficulty_level)}`}
      className={cn(
        'flex h-full w-full flex-col gap-2 rounded-xl border border-border bg-card p-4 text-left text-card-foreground shadow-sm transition-colors',
        'hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
      )}
    >
      <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <span className="flex h-7 w-7 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <SportIcon sport={template.sport} className="h-4 w-4" />
        </span>
        {DISCIPLINE_LABELS[template.discipline] ?? template.discipline}
        {template.is_verified ? (
          <span className="ml-auto inline-flex items-center gap-1 text-success">
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            Verified
          </span>
        ) : null}
      </span>
      <span className="block font-semibold leading-snug">{template.name}</span>
      {template.key_focus || template.description ? (
        <span className="line-clamp-2 text-sm text-muted-foreground">
          {template.key_focus || template.description}
        </span>
      ) : null}
      <span className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Clock className="h-3.5 w-3.5" aria-hidden="true" />
          {formatTemplateDuration(template.estimated_duration_minutes)}
        </span>
        <DifficultyDots level={template.difficulty_level} />
        {rating ? (
          <span className="inline-flex items-center gap-1">
            <Star className="h-3.5 w-3.5 fill-warning text-warning" aria-hidden="true" />
            {rating}
            <span className="sr-only"> out of 5</span>
          </span>
        ) : null}
        <span>TSS {Math.round(template.estimated_tss)}</span>
      </span>
      {shown.length > 0 ? (
        <span className="flex flex-wrap gap-1">
          {shown.map((tag) => (
            <span key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground">
              {tag}
            </span>
          ))}
          {more > 0 ? (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              +{more}
            </span>
          ) : null}
        </span>
      ) : null}
      {footer}
    </button>
  );
}
