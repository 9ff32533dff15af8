// The plan forms' values and the rules that turn them into API bodies: the contract's schemas first, then the
// date rules the schema cannot know (the race lies after today and after the plan's first day).
import {
  type RaceType,
  type TrainingPlan,
  type TrainingPlanCreateRequest,
  type TrainingPlanUpdateRequest,
  ZTrainingPlanCreateRequest,
  ZTrainingPlanUpdateRequest,
} from '@stamina/contract';
import type { z } from 'zod';

export interface CreatePlanValues {
  raceType: RaceType | '';
  /** yyyy-MM-dd, as the date input gives it. */
  raceDate: string;
  title: string;
  targetTime: string;
  startDate: string;
}

type PlanField = 'race_type' | 'race_date' | 'title' | 'target_time' | 'start_date';
export type FieldErrors = Partial<Record<PlanField, string>>;

export type Validation<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

// The contract's messages name API fields; people read these instead.
const MESSAGES: Record<PlanField, string> = {
  race_type: 'Choose the kind of race you are training for.',
  race_date: 'Choose the race date.',
  title: 'Give your plan a name (at most 200 characters).',
  target_time: 'Write the target time as h:mm:ss or mm:ss, for example 3:30:00 or 45:00.',
  start_date: 'Choose a valid start date.',
};

const RACE_DATE_NOT_FUTURE = 'The race date must be after today.';
const START_NOT_BEFORE_RACE = 'The plan must start before the race date.';

/** 'Marathon 2027' once a race date is known, else just the race type. */
export function suggestedTitle(raceType: RaceType | '', raceDate: string): string {
  if (!raceType) return '';
  const year = /^\d{4}-/.test(raceDate) ? raceDate.slice(0, 4) : '';
  return year ? `${raceType} ${year}` : raceType;
}

function issuesToErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as PlanField | undefined;
    if (field && field in MESSAGES && !errors[field]) errors[field] = MESSAGES[field];
  }
  return errors;
}

/** The POST body, or the errors to show next to each field. `today` is yyyy-MM-dd. */
export function validateCreate(
  values: CreatePlanValues,
  today: string,
): Validation<TrainingPlanCreateRequest> {
  const candidate: Record<string, unknown> = {
    title: values.title,
    race_type: values.raceType || undefined,
    race_date: values.raceDate,
  };
  if (values.targetTime.trim()) candidate.target_time = values.targetTime.trim();
  if (values.startDate) candidate.start_date = values.startDate;

  const parsed = ZTrainingPlanCreateRequest.safeParse(candidate);
  const errors = parsed.success ? {} : issuesToErrors(parsed.error);
  // The schema lets race_type be absent (plans made elsewhere may have none); this form always asks for one.
  if (!values.raceType) errors.race_type = MESSAGES.race_type;
  if (!errors.race_date && values.raceDate <= today) errors.race_date = RACE_DATE_NOT_FUTURE;
  if (!errors.race_date && !errors.start_date && values.startDate && values.startDate >= values.raceDate) {
    errors.start_date = START_NOT_BEFORE_RACE;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

export interface EditPlanValues {
  title: string;
  raceDate: string;
  targetTime: string;
}

export function editValuesFromPlan(plan: TrainingPlan): EditPlanValues {
  return { title: plan.title, raceDate: plan.race_date ?? '', targetTime: plan.target_time ?? '' };
}

/** The PUT body; a cleared target time is sent as null so the stored one goes rather than silently staying. */
export function validateEdit(
  values: EditPlanValues,
  plan: TrainingPlan,
): Validation<TrainingPlanUpdateRequest> {
  const candidate = {
    title: values.title,
    race_date: values.raceDate,
    target_time: values.targetTime.trim() || null,
  };
  const parsed = ZTrainingPlanUpdateRequest.safeParse(candidate);
  const errors = parsed.success ? {} : issuesToErrors(parsed.error);
  if (!values.raceDate) errors.race_date = MESSAGES.race_date;
  // Editing keeps the plan's first day, so the race must still come after it (the server regenerates phases).
  if (!errors.race_date && values.raceDate <= plan.start_date) {
    errors.race_date = 'The race date must be after the plan starts.';
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
