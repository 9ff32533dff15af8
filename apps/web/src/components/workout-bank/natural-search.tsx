// The plain-language search of the Browse tab (docs/workout-bank.md, "Natural search" and "Web page"): the athlete
// describes a session ('45 min easy ride'), the server reads it into filters, and the page shows what it read and
// the templates found. Until something is asked, the Browse results (children) show.
import { formatTemplateDuration } from '@stamina/core';
import { Sparkles, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNaturalSearch } from '../../api/workout-bank/own.ts';
import type { NaturalSearch as NaturalAnswer, WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { DISCIPLINE_LABELS, foundText } from './format.ts';
import { TemplateCard } from './template-card.tsx';

const TARGET_LABEL = (target: string) => target.replace(/_/g, ' ');

/** What the server read from the words: 'Bike · threshold · 34min to 56min'. */
function readAs(filters: NaturalAnswer['filters']): string {
  const parts = [
    ...filters.disciplines.map((d) => DISCIPLINE_LABELS[d] ?? d),
    ...filters.primary_targets.map(TARGET_LABEL),
  ];
  if (filters.min_duration_minutes !== null && filters.max_duration_minutes !== null) {
    parts.push(
      `${formatTemplateDuration(filters.min_duration_minutes)} to ${formatTemplateDuration(filters.max_duration_minutes)}`,
    );
  }
  if (filters.text) parts.push(`“${filters.text}”`);
  return parts.length ? parts.join(' · ') : 'anything';
}

export function NaturalSearch({
  onOpen,
  children,
}: {
  onOpen: (template: WorkoutTemplate) => void;
  children: ReactNode;
}) {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const found = useNaturalSearch(asked);
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setAsked(text.trim());
  }

  return (
    <>
      <form onSubmit={submit} className="mt-3 flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium">
            Describe a session
          </label>
          <input
            id={inputId}
            value={text}
            maxLength={200}
            placeholder="45 min easy ride"
            onChange={(e) => setText(e.target.value)}
            className="block h-10 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>
        <Button type="submit" size="sm" variant="outline" className="h-10" disabled={!text.trim()}>
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          Find
        </Button>
      </form>
      {!asked ? (
        children
      ) : (
        <section aria-label="Described search" className="mt-4">
          <div className="flex items-center gap-2">
            <p className="min-w-0 flex-1 text-sm text-muted-foreground" aria-live="polite">
              {found.data ? (
                <>
                  <span className="font-semibold text-foreground">{foundText(found.data.total_count)}</span>{' '}
                  for {readAs(found.data.filters)}
                </>
              ) : null}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setAsked('');
                setText('');
              }}
            >
              <X className="h-4 w-4" aria-hidden="true" />
              Clear
            </Button>
          </div>
          {found.isPending ? (
            <Spinner label="Searching" className="mx-auto mt-6 h-5 w-5" />
          ) : found.isError ? (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {errorMessage(found.error)}
            </p>
          ) : found.data.templates.length === 0 ? (
            <p className="mt-6 text-center text-sm text-muted-foreground">
              No workouts match. Try fewer words, or another duration.
            </p>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {found.data.templates.map((t) => (
                <li key={t.id}>
                  <TemplateCard template={t} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
