// The coach chat (docs/coach.md): the stored conversation, a reply with its citations and proposed actions, and
// the confirmation of an action.
import { COACH_ACTION_KINDS, COACH_ANSWER_SOURCES } from '@stamina/core';
import { z } from 'zod';

/** The longest message an athlete can send. */
export const COACH_MESSAGE_MAX_CHARS = 2000;

export const ZCoachCitation = z
  .object({
    label: z.string(),
    value: z.string(),
    /** Where the number is shown in the app, e.g. /metrics or /calendar?date=2026-11-28. */
    path: z.string(),
  })
  .meta({ id: 'CoachCitation' });
export type CoachCitationDto = z.infer<typeof ZCoachCitation>;

/** Who understood and answered a coach message: the built-in rules or the language model. */
export const ZCoachAnswerSource = z.enum(COACH_ANSWER_SOURCES);
export type CoachAnswerSourceDto = z.infer<typeof ZCoachAnswerSource>;

export const ZCoachActionStatus = z.enum(['proposed', 'applied', 'dismissed']);

export const ZCoachAction = z
  .object({
    id: z.uuid(),
    kind: z.enum(COACH_ACTION_KINDS),
    workout_id: z.uuid(),
    workout_title: z.string(),
    workout_date: z.string(),
    /** The card's line: what confirming does. */
    summary: z.string(),
    reason: z.string(),
    status: ZCoachActionStatus,
    /** The plan change recorded when it was applied (undo it through the plan's changes). */
    change_id: z.uuid().nullable(),
    plan_id: z.uuid().nullable(),
    applied_at: z.string().nullable(),
    /** The applied change was undone since (from the plan's change history). */
    undone: z.boolean(),
  })
  .meta({ id: 'CoachAction' });
export type CoachActionDto = z.infer<typeof ZCoachAction>;

export const ZCoachMessage = z
  .object({
    id: z.uuid(),
    role: z.enum(['athlete', 'coach']),
    text: z.string(),
    citations: z.array(ZCoachCitation),
    actions: z.array(ZCoachAction),
    /** Who answered, on a coach message; null on the athlete's own. */
    source: ZCoachAnswerSource.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CoachMessage' });
export type CoachMessageDto = z.infer<typeof ZCoachMessage>;

/** GET /api/coach/messages?page&page_size: page 1 is the newest; each page is oldest first. */
export const ZCoachMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZCoachMessageList = z
  .object({
    items: z.array(ZCoachMessage),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    /** Whether a language model answers (LLM_* set); without one the built-in coach does. */
    model: z.boolean(),
  })
  .meta({ id: 'CoachMessageList' });
export type CoachMessageList = z.infer<typeof ZCoachMessageList>;

export const ZCoachMessageRequest = z
  .object({
    text: z
      .string({ error: 'text must be a string' })
      .trim()
      .min(1, 'Write a message first')
      .max(COACH_MESSAGE_MAX_CHARS, `Keep a message under ${COACH_MESSAGE_MAX_CHARS} characters`),
  })
  .strict();
export type CoachMessageRequest = z.input<typeof ZCoachMessageRequest>;

/** ?stream=true (or Accept: text/event-stream) streams the reply as server-sent events. */
export const ZCoachReplyQuery = z.object({
  stream: z.enum(['true', 'false'], { error: 'stream must be true or false' }).optional(),
});

export const ZCoachReply = z
  .object({
    reply: z.string(),
    citations: z.array(ZCoachCitation),
    actions: z.array(ZCoachAction),
    /** Who answered: the built-in coach or the language model. */
    source: ZCoachAnswerSource,
    /** Both stored messages: the athlete's, then the coach's. */
    messages: z.array(ZCoachMessage),
  })
  .meta({ id: 'CoachReply' });
export type CoachReplyDto = z.infer<typeof ZCoachReply>;

export const ZCoachActionIdParam = z.object({ id: z.uuid({ error: 'id must be a coach action id' }) });
