// /coach, the coach chat (docs/coach.md, "Web"): the stored conversation, 'Ask your coach anything...' (Enter
// sends, Shift+Enter makes a new line, an empty message cannot be sent), the quick-suggestions panel, answers
// streamed as they are written with their numbers linked to where they come from, and proposed changes as
// cards to confirm. Opened from the Journey page (topic: the plan) or the dashboard's "Ask why" (readiness).
import { COACH_SUGGESTIONS } from '@stamina/core';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { messagesInOrder, useCoachMessages } from '../../api/coach/messages.ts';
import { useSendCoachMessage } from '../../api/coach/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageError } from '../../components/ui/page-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { MessageBubble } from './components/message-bubble.tsx';

export const COACH_PLACEHOLDER = 'Ask your coach anything...';

/** What the page opens with, by the topic it was opened with. */
export const TOPIC_PROMPTS = {
  plan: { label: 'Topic: your training plan', text: 'How does my plan look this week?' },
  readiness: { label: 'Topic: today’s readiness', text: 'Why is my readiness what it is today?' },
} as const;
type Topic = keyof typeof TOPIC_PROMPTS;

function topicOf(state: unknown): Topic | null {
  const topic = (state as { topic?: unknown } | null)?.topic;
  return topic === 'plan' || topic === 'readiness' ? topic : null;
}

export function CoachPage() {
  const location = useLocation();
  const topic = topicOf(location.state);
  const messages = useCoachMessages();
  const [draft, setDraft] = useState<string>(topic ? TOPIC_PROMPTS[topic].text : '');
  const [pending, setPending] = useState<{ text: string; reply: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendCoachMessage((delta) => setPending((p) => (p ? { ...p, reply: p.reply + delta } : p)));
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const list = messagesInOrder(messages.data?.pages);
  const model = messages.data?.pages[0]?.model ?? false;

  // The newest message (and the answer as it streams) stays in view.
  const scrollKey = `${list.length}:${pending?.reply.length ?? -1}`;
  useEffect(() => {
    if (scrollKey) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [scrollKey]);

  function ask(text: string) {
    const message = text.trim();
    if (!message || send.isPending) return;
    setFailure(null);
    setPending({ text: message, reply: '' });
    setDraft('');
    send.mutate(message, {
      onError: (err) => {
        setFailure(errorMessage(err));
        setDraft(message);
      },
      onSettled: () => setPending(null),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    ask(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while composing an accented letter) writes into the message.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      ask(draft);
    }
  }

  if (messages.isError) {
    return (
      <>
        <PageHeader title="Coach" />
        <PageError
          title="Could not load your conversation"
          message={errorMessage(messages.error)}
          retry={messages}
        />
      </>
    );
  }

  const empty = !messages.isPending && list.length === 0 && !pending;
  const canSend = draft.trim().length > 0 && !send.isPending;

  return (
    <>
      <PageHeader title="Coach" description="Answers from your own training, recovery and plan." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="flex min-h-[60vh] flex-col p-0">
          {topic ? (
            <p className="border-b border-border px-4 py-2 text-xs font-medium text-muted-foreground">
              {TOPIC_PROMPTS[topic].label}
            </p>
          ) : null}
          <div className="flex-1 overflow-y-auto p-4">
            {messages.hasNextPage ? (
              <div className="mb-3 flex justify-center">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => messages.fetchNextPage()}
                  disabled={messages.isFetchingNextPage}
                >
                  Load earlier messages
                </Button>
              </div>
            ) : null}
            {messages.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner label="Loading your conversation" />
              </div>
            ) : null}
            {empty ? (
              <p className="py-10 text-center text-sm text-muted-foreground">
                No messages yet. Ask about today’s readiness, your week, a workout or your race, or pick a
                suggestion.
              </p>
            ) : null}
            <ul className="space-y-3" aria-label="Messages" aria-live="polite">
              {list.map((m) => (
                <MessageBubble
                  key={m.id}
                  from={m.role}
                  text={m.text}
                  citations={m.citations}
                  actions={m.actions}
                  source={m.source}
                />
              ))}
              {pending ? (
                <>
                  <MessageBubble from="athlete" text={pending.text} />
                  <MessageBubble from="coach" text={pending.reply || 'Thinking…'} streaming />
                </>
              ) : null}
            </ul>
            <div ref={endRef} />
          </div>
          <form onSubmit={onSubmit} className="border-t border-border p-3">
            {failure ? (
              <p role="alert" className="mb-2 text-sm text-destructive">
                {failure}
              </p>
            ) : null}
            <div className="flex items-end gap-2">
              <textarea
                ref={inputRef}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder={COACH_PLACEHOLDER}
                aria-label="Message your coach"
                rows={2}
                maxLength={2000}
                className="min-h-11 flex-1 resize-y rounded-lg border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
              <Button type="submit" size="icon" aria-label="Send" disabled={!canSend}>
                <Send className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
            {!messages.isPending && !model ? (
              <p className="mt-2 text-xs text-muted-foreground" data-testid="coach-no-model">
                No AI model is connected: your coach answers with built-in rules, from your own data.
              </p>
            ) : null}
          </form>
        </Card>
        <aside aria-labelledby="coach-suggestions-title">
          <Card className="p-4">
            <h2 id="coach-suggestions-title" className="mb-3 text-sm font-semibold">
              Quick suggestions
            </h2>
            <ul className="flex flex-wrap gap-2 lg:flex-col">
              {COACH_SUGGESTIONS.map((s) => (
                <li key={s}>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-auto min-h-9 py-1.5 text-left"
                    disabled={send.isPending}
                    onClick={() => ask(s)}
                  >
                    {s}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        </aside>
      </div>
    </>
  );
}
