// One message of the conversation: the athlete's on the right, the coach's on the left with the numbers it used
// as links to where they come from, its proposed actions as cards, and who understood the message (docs/coach.md, "Web").
import type { CoachActionDto, CoachAnswerSourceDto, CoachCitationDto } from '@stamina/contract';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { ActionCard } from './action-card.tsx';

/** The words under a coach answer saying who understood the message: in text, never colour alone. */
const SOURCE_LABELS: Record<CoachAnswerSourceDto, string> = {
  built_in: 'Answered by the built-in rules',
  model: 'Answered by the language model',
};

export function MessageBubble({
  from,
  text,
  citations = [],
  actions = [],
  streaming = false,
  source = null,
}: {
  from: 'athlete' | 'coach';
  text: string;
  citations?: CoachCitationDto[];
  actions?: CoachActionDto[];
  streaming?: boolean;
  /** Who answered a stored coach message: the built-in rules or the language model. */
  source?: CoachAnswerSourceDto | null;
}) {
  const mine = from === 'athlete';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={mine ? 'You' : 'Coach'}
        className={cn(
          'max-w-[85%] space-y-2 rounded-2xl px-4 py-3 text-sm',
          mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-card',
        )}
      >
        <p className="whitespace-pre-wrap break-words">
          {text}
          {streaming ? (
            <span className="ml-1 inline-block animate-pulse" aria-hidden="true">
              ▍
            </span>
          ) : null}
        </p>
        {citations.length ? (
          <div>
            <h3 className="sr-only">Where these numbers come from</h3>
            <ul className="flex flex-wrap gap-1.5">
              {citations.map((c) => (
                <li key={`${c.label}|${c.value}|${c.path}`}>
                  <Link
                    to={c.path}
                    className="inline-flex rounded-full border border-border bg-muted px-2 py-0.5 text-xs text-foreground underline-offset-2 hover:underline"
                  >
                    {c.label}: {c.value}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {actions.length ? (
          <div className="space-y-2">
            {actions.map((a) => (
              <ActionCard key={a.id} action={a} />
            ))}
          </div>
        ) : null}
        {!mine && source ? (
          <p className="text-xs text-muted-foreground" data-testid="coach-source">
            {SOURCE_LABELS[source]}
          </p>
        ) : null}
      </article>
    </li>
  );
}
