// Schemas of the onboarding calls (docs/onboarding.md): a session that takes the athlete's goal in plain words,
// reads their recent training, estimates their profile, drafts a periodised plan, and on approval turns it into
// a training plan of planned workouts. Also the generated plan's outline and rebuild, which the Journey page reads.
import {
  EXPERIENCE_LEVELS,
  INJURIES,
  MAX_WEEKLY_HOURS,
  ONBOARDING_STATUSES,
  PLAN_GENERATOR_RULES,
  TRI_SPORTS,
  WEEK_DAYS,
} from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';
import { ZRaceType, ZTrainingPlan } from './plans.ts';

/** The consent text's version the dialog shows; a session is started only with this one. */
export const ONBOARDING_CONSENT_VERSION = '1.0.0';
/** The longest goal text the server reads (the dialog's counter shows n/2000). */
export const ONBOARDING_PROMPT_MAX = 2000;
/** A goal text must be longer than this, once trimmed. */
export const ONBOARDING_PROMPT_MIN_EXCLUSIVE = 10;

export const ZOnboardingStatus = z.enum(ONBOARDING_STATUSES);
export type OnboardingStatus = z.infer<typeof ZOnboardingStatus>;

export const ZWeekDay = z.enum(WEEK_DAYS, { error: `Use a day of the week: ${WEEK_DAYS.join(', ')}` });
export const ZExperience = z.enum(EXPERIENCE_LEVELS, {
  error: `experience must be one of: ${EXPERIENCE_LEVELS.join(', ')}`,
});
export const ZInjury = z.enum(INJURIES, { error: `injuries are ids: ${INJURIES.join(', ')}` });
export const ZTriSport = z.enum(TRI_SPORTS, { error: `limiters are sports: ${TRI_SPORTS.join(', ')}` });
export const ZGoalSport = z.enum(['triathlon', 'run', 'bike', 'swim'], {
  error: 'sport must be triathlon, run, bike or swim',
});

/** 'H:MM:SS', or 'finish' when the goal is to finish. */
export const ZGoalTarget = z
  .string()
  .regex(/^(finish|\d{1,3}:[0-5]\d:[0-5]\d)$/, "target must be 'finish' or a time like 3:30:00");

const weeklyHours = z
  .number({ error: 'weekly_hours must be a number of hours' })
  .min(PLAN_GENERATOR_RULES.minHours, `weekly_hours must be at least ${PLAN_GENERATOR_RULES.minHours}`)
  .max(MAX_WEEKLY_HOURS, `weekly_hours must be at most ${MAX_WEEKLY_HOURS}`);

export const ZPrimaryEvent = z
  .object({
    sport: ZGoalSport,
    /** What the athlete reads: the race type's name, a custom distance ("50 km") or an event name. */
    distance: z.string(),
    distance_meters: z.number().positive(),
    race_type: ZRaceType,
    date: ZIsoDate,
    target: ZGoalTarget,
  })
  .meta({ id: 'PrimaryEvent' });

/** Sessions of one sport a week: at most two a day. */
const nullableCount = z.number().int().min(1).max(14).nullable();
const nullableMinutes = z.number().positive().nullable();
const nullableKm = z.number().positive().max(1000).nullable();

export const ZGoalPerformance = z
  .object({
    sport: z.enum(['run', 'bike', 'swim', 'triathlon']),
    distance_meters: z.number().positive(),
    race_type: ZRaceType.nullable(),
    time_seconds: z.number().positive(),
    date: ZIsoDate.nullable(),
  })
  .meta({ id: 'GoalPerformance' });

/** What the athlete says of their current training (null: not said; the review asks). */
export const ZGoalAthleteFacts = z
  .object({
    performances: z.array(ZGoalPerformance).max(20),
    current_weekly_hours: z.number().min(0).max(MAX_WEEKLY_HOURS).nullable(),
    current_weekly_km: z.number().min(0).max(500).nullable(),
    /** Sessions a week of each sport now ("I run 3 times a week"): the plan starts at that many. */
    current_weekly_sessions: z.object({ run: nullableCount, bike: nullableCount, swim: nullableCount }),
    longest_recent_minutes: z.object({ run: nullableMinutes, bike: nullableMinutes, swim: nullableMinutes }),
    /** The longest session's distance, km ("longest run 28 km", "never ridden more than 60 miles"). */
    longest_recent_km: z.object({ run: nullableKm, bike: nullableKm, swim: nullableKm }),
    ftp_watts: z.number().min(30).max(700).nullable(),
    css_seconds_per_100m: z.number().min(50).max(400).nullable(),
    threshold_pace_seconds_per_km: z.number().min(120).max(900).nullable(),
    lthr: z.number().min(80).max(230).nullable(),
    max_hr: z.number().min(100).max(240).nullable(),
    events_completed: z.number().int().min(0).max(1000).nullable(),
    years_training: z.number().min(0).max(80).nullable(),
    /** Injuries the athlete says are over ("had a stress fracture in 2025"): for the record, ruling nothing out. */
    past_injuries: z.array(ZInjury).max(INJURIES.length),
    /** The sports the athlete names as their weakness ("weak swimmer"): a triathlete's plan gives them more. */
    limiters: z.array(ZTriSport).max(TRI_SPORTS.length),
  })
  .meta({ id: 'GoalAthleteFacts' });

export const ZSportExclusion = z.object({
  sport: z.enum(['run', 'bike', 'swim', 'strength']),
  day: ZWeekDay,
});

export const ZGoalContext = z
  .object({
    primary_event: ZPrimaryEvent,
    weekly_hours: z.number(),
    weekly_hours_range: z.object({ min: z.number(), max: z.number() }).nullable(),
    experience: ZExperience,
    injuries: z.array(ZInjury),
    preferences: z.object({
      long_run_day: ZWeekDay,
      long_ride_day: ZWeekDay,
      no_swim_day: ZWeekDay,
      rest_days: z.array(ZWeekDay),
      weekday_max_minutes: z.number().nullable(),
      sport_exclusions: z.array(ZSportExclusion),
    }),
    athlete: ZGoalAthleteFacts,
    other_events: z.array(
      z.object({
        sport: ZGoalSport,
        distance: z.string(),
        distance_meters: z.number(),
        race_type: ZRaceType,
        date: z.string().nullable(),
      }),
    ),
    /** What the parser could not settle, in words for the review (e.g. a Boston qualifier with no age given). */
    notes: z.array(z.string()),
    /** For each field: true when it took its default rather than coming from the athlete's text or edit. */
    assumed: z.object({
      sport: z.boolean(),
      distance: z.boolean(),
      date: z.boolean(),
      target: z.boolean(),
      weekly_hours: z.boolean(),
      experience: z.boolean(),
      injuries: z.boolean(),
      long_run_day: z.boolean(),
      long_ride_day: z.boolean(),
      no_swim_day: z.boolean(),
      rest_days: z.boolean(),
    }),
  })
  .meta({ id: 'GoalContext' });
export type GoalContextDto = z.infer<typeof ZGoalContext>;

/** The review's edits: any subset; each edited field stops being assumed. */
export const ZGoalContextUpdateRequest = z
  .object({
    primary_event: z
      .object({
        sport: ZGoalSport.optional(),
        race_type: ZRaceType.optional(),
        /** A custom event's distance; a race type's own distance otherwise. */
        distance_meters: z
          .number()
          .positive('distance_meters must be positive')
          .max(1_000_000, 'distance_meters must be at most 1,000 km')
          .optional(),
        date: ZIsoDate.optional(),
        target: ZGoalTarget.optional(),
      })
      .strict()
      .optional(),
    weekly_hours: weeklyHours.optional(),
    experience: ZExperience.optional(),
    injuries: z.array(ZInjury).max(INJURIES.length).optional(),
    /** Any subset of the athlete facts; the fields given replace the parsed ones. */
    athlete: ZGoalAthleteFacts.partial().strict().optional(),
    preferences: z
      .object({
        long_run_day: ZWeekDay.optional(),
        long_ride_day: ZWeekDay.optional(),
        no_swim_day: ZWeekDay.optional(),
        rest_days: z.array(ZWeekDay).max(5, 'At most 5 rest days a week').optional(),
        weekday_max_minutes: z
          .number()
          .int()
          .min(20, 'weekday_max_minutes must be at least 20')
          .max(600)
          .nullable()
          .optional(),
        sport_exclusions: z.array(ZSportExclusion).max(28).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .meta({ id: 'GoalContextUpdateRequest' });
export type GoalContextUpdateRequest = z.infer<typeof ZGoalContextUpdateRequest>;

export const ZSessionKind = z.enum([
  'easy',
  'recovery',
  'long',
  'strides',
  'tempo',
  'threshold',
  'vo2',
  'race_pace',
  'technique',
  'brick',
  'strength',
  'core',
  'test',
  'race',
]);

/** The plan's first week, day by day (the review lists up to 7 sessions, the ready step up to 3). */
export const ZWeekPlanDraft = z
  .object({
    sessions: z.array(
      z.object({
        dow: ZWeekDay,
        type: ZSessionKind,
        sport: z.enum(['run', 'bike', 'swim', 'strength']),
        duration_min: z.number(),
        /** The session's date and title, and why it is there. */
        date: ZIsoDate,
        title: z.string(),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'WeekPlanDraft' });

/**
 * Whether the goal's target is within reach from the athlete's current level in the weeks left
 * (docs/plan-generator.md, "Feasibility").
 */
export const ZFeasibility = z
  .object({
    /** on_track: the target is within the predicted range; stretch: reachable with everything going right;
     * out_of_reach: beyond what the weeks left can bring; unknown: no result or threshold to predict from. */
    verdict: z.enum(['on_track', 'stretch', 'out_of_reach', 'unknown']),
    /** 'H:MM:SS' the athlete's level predicts on race day, or null when unknown. */
    predicted_time: z.string().nullable(),
    /** The athlete's target, 'H:MM:SS' or null when the goal is to finish. */
    target_time: z.string().nullable(),
    /** A target the plan can reach, offered when the verdict is out_of_reach. */
    suggested_target: z.string().nullable(),
    /** How the prediction was made ("Riegel from your 3:21 marathon", "VDOT 48 from your 10K"). */
    method: z.string().nullable(),
    /** One or two sentences for the athlete. */
    message: z.string(),
  })
  .meta({ id: 'Feasibility' });
export type Feasibility = z.infer<typeof ZFeasibility>;

/** One rule of the plan reviewer with its figure (packages/core reviewPlan; docs/plan-generator.md). */
export const ZPlanReviewFinding = z
  .object({
    rule: z.string(),
    passed: z.boolean(),
    /** 'error' breaks a coaching rule; 'warning' is worth a look. */
    severity: z.enum(['error', 'warning', 'info']),
    /** The measured figure, in words ("largest rise 9 % (week 5)"). */
    figure: z.string(),
    message: z.string(),
  })
  .meta({ id: 'PlanReviewFinding' });

export const ZPlanReview = z
  .object({
    passed: z.boolean(),
    findings: z.array(ZPlanReviewFinding),
  })
  .meta({ id: 'PlanReview' });

export const ZExplainability = z.object({ bullets: z.array(z.string()) }).meta({ id: 'Explainability' });

/** The athlete as the last 12 weeks show them: what the plan starts from. */
export const ZTrainingProfile = z
  .object({
    /** Fitness (CTL) today. */
    ctl: z.number(),
    /** Hours a week actually trained, averaged over the weeks read. */
    weekly_hours: z.number(),
    longest_session_minutes: z.object({ run: z.number(), bike: z.number(), swim: z.number() }),
    thresholds: z.object({
      ftp_watts: z.number().nullable(),
      threshold_pace_seconds_per_km: z.number().nullable(),
      css_seconds_per_100m: z.number().nullable(),
      max_hr: z.number().nullable(),
      lthr: z.number().nullable(),
    }),
    /** What was read: the window, and how much of it held data. */
    data: z.object({
      from: z.string(),
      to: z.string(),
      training_days: z.number().int(),
      activities: z.number().int(),
      completed_workouts: z.number().int(),
      wellness_days: z.number().int(),
      hrv_average: z.number().nullable(),
      resting_hr_average: z.number().nullable(),
      sleep_hours_average: z.number().nullable(),
    }),
  })
  .meta({ id: 'TrainingProfile' });
export type TrainingProfileDto = z.infer<typeof ZTrainingProfile>;

export const ZOnboardingSession = z
  .object({
    onboarding_session_id: z.uuid(),
    status: ZOnboardingStatus,
    /** True once the plan is drafted and until it is approved. */
    ready_for_review: z.boolean(),
    consent_version: z.string(),
    language: z.string(),
    prompt: z.string().nullable(),
    goal_context: ZGoalContext.nullable(),
    /**
     * Who read the goal: 'rules' (the built-in parser) or 'model' (the operator's language model, checked
     * against the built-in reading); null before a goal is sent.
     */
    goal_parsed_by: z.enum(['rules', 'model']).nullable(),
    profile: ZTrainingProfile.nullable(),
    week_plan_draft: ZWeekPlanDraft.nullable(),
    explainability: ZExplainability.nullable(),
    /** Whether the target is within reach (null until the plan is drafted). */
    feasibility: ZFeasibility.nullable(),
    /** The plan reviewer's verdict on the draft (null until the plan is drafted). */
    plan_review: ZPlanReview.nullable(),
    /** The drafted plan in numbers. */
    plan_summary: z
      .object({
        start_date: z.string(),
        race_date: z.string(),
        weeks: z.number().int(),
        sessions: z.number().int(),
        total_hours: z.number(),
        peak_week_hours: z.number(),
      })
      .nullable(),
    devices_skipped: z.boolean(),
    /** The training plan approval created. */
    plan_id: z.uuid().nullable(),
    /** Set when processing failed for good; a new prompt starts it again. */
    error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'OnboardingSession' });
export type OnboardingSession = z.infer<typeof ZOnboardingSession>;

export const ZOnboardingSessionCreateRequest = z
  .object({
    consent_version: z.literal(ONBOARDING_CONSENT_VERSION, {
      error: `consent_version must be ${ONBOARDING_CONSENT_VERSION}, the version of the consent shown`,
    }),
    language: z.literal('en', { error: "language must be 'en'" }).default('en'),
  })
  .strict()
  .meta({ id: 'OnboardingSessionCreateRequest' });

export const ZOnboardingPromptRequest = z
  .object({
    prompt: z
      .string({ error: 'No prompt provided' })
      .trim()
      .refine((s) => s.length > ONBOARDING_PROMPT_MIN_EXCLUSIVE, 'Please provide more details')
      .refine(
        (s) => s.length <= ONBOARDING_PROMPT_MAX,
        `The goal can be at most ${ONBOARDING_PROMPT_MAX} characters`,
      ),
  })
  .strict()
  .meta({ id: 'OnboardingPromptRequest' });

export const ZOnboardingApproveRequest = z
  .object({
    /** Needed when the athlete already has an active plan: it is archived and its future planned sessions removed. */
    replace_active_plan: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'OnboardingApproveRequest' });

export const ZOnboardingApproval = z
  .object({ session: ZOnboardingSession, plan: ZTrainingPlan, workouts_created: z.number().int() })
  .meta({ id: 'OnboardingApproval' });

export const ZOnboardingSessionIdParam = z.object({
  id: z.uuid({ error: 'id must be an onboarding session id' }),
});

export const ZOnboardingStatusResponse = z
  .object({
    /** completed once onboarding is done; wearable_connection otherwise. */
    step: z.enum(['completed', 'wearable_connection']),
    onboarding_complete: z.boolean(),
    wearable_connection_complete: z.boolean(),
    conversational_chat_complete: z.boolean(),
    /** The latest session not yet approved, to resume. */
    active_session: z.object({ onboarding_session_id: z.uuid(), status: ZOnboardingStatus }).nullable(),
    /** Whether voice prompts can be transcribed (STT_URL is set). */
    voice_available: z.boolean(),
  })
  .meta({ id: 'OnboardingStatus' });
export type OnboardingStatusResponse = z.infer<typeof ZOnboardingStatusResponse>;

export const ZTranscription = z.object({ text: z.string() }).meta({ id: 'Transcription' });

// -------------------------------------------------------------------------------------------------------
// A generated plan's outline (the Journey page) and its rebuild.

export const ZPlanOutlineWeek = z
  .object({
    week: z.number().int(),
    start: z.string(),
    end: z.string(),
    phase: z.string(),
    label: z.string(),
    kind: z.enum(['load', 'deload', 'taper', 'race']),
    target_hours: z.number(),
    hours: z.number(),
    tss: z.number(),
    sessions: z.number().int(),
  })
  .meta({ id: 'PlanOutlineWeek' });

export const ZPlanOutline = z
  .object({
    plan_id: z.uuid(),
    goal_context: ZGoalContext,
    profile: ZTrainingProfile,
    explainability: ZExplainability,
    feasibility: ZFeasibility.nullable(),
    review: ZPlanReview.nullable(),
    weeks: z.array(ZPlanOutlineWeek),
    generated_at: z.string(),
  })
  .meta({ id: 'PlanOutline' });
export type PlanOutline = z.infer<typeof ZPlanOutline>;

/** Rebuild after a change of race date or weekly hours: sessions from today on are drafted again. */
export const ZPlanRebuildRequest = z
  .object({
    race_date: ZIsoDate.optional(),
    weekly_hours: weeklyHours.optional(),
    /** Day preferences changed (docs/adaptation.md, "Changes to the goal"); the others keep their value. */
    preferences: z
      .object({
        long_run_day: ZWeekDay.optional(),
        long_ride_day: ZWeekDay.optional(),
        no_swim_day: ZWeekDay.optional(),
        rest_days: z.array(ZWeekDay).max(5, 'At most 5 rest days a week').optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .meta({ id: 'PlanRebuildRequest' });

export const ZPlanRebuild = z
  .object({
    plan: ZTrainingPlan,
    outline: ZPlanOutline,
    workouts_removed: z.number().int(),
    workouts_created: z.number().int(),
  })
  .meta({ id: 'PlanRebuild' });
