// Request and response schemas of the /api/auth area (docs/auth.md; the fields' rules: "Account rules").
import { PASSWORD_MIN_LENGTH, PRIMARY_SPORTS, RACE_TYPES, WEEK_STARTS } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';

const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

const ZPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters');

const ZName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

const ZTimezone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const ZSignupRequest = z.object({
  name: ZName,
  email: ZEmail,
  password: ZPassword,
  timezone: ZTimezone.optional(),
});
export type SignupRequest = z.input<typeof ZSignupRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  timezone: ZTimezone.optional(),
});
export type LoginRequest = z.input<typeof ZLoginRequest>;

export const ZRefreshRequest = z.object({
  refresh_token: z
    .string({ error: 'refresh_token is required' })
    .min(1, 'refresh_token is required')
    .max(512),
});

export const ZEmailOnlyRequest = z.object({ email: ZEmail });

export const ZPasswordResetConfirmRequest = z.object({
  token: z.string().min(1, 'token is required').max(512),
  password: ZPassword,
});

// The token is checked by the handler, so that a browser with a broken link is redirected rather than shown JSON.
export const ZConfirmQuery = z.object({ token: z.string().max(2048).optional() });

/** The one-time code the confirmation link hands the web app (in the fragment of /confirm), for a session. */
export const ZConfirmExchangeRequest = z.object({
  code: z.string({ error: 'code is required' }).min(1, 'code is required').max(512),
});
export type ConfirmExchangeRequest = z.input<typeof ZConfirmExchangeRequest>;

export const ZGender = z.enum(['male', 'female', 'other', 'prefer-not-to-say']);
export const ZPrimarySport = z.enum(PRIMARY_SPORTS);
/** The goal events of the profile form: the same list as a plan's race types (core RACE_TYPES). */
export const ZGoalEvent = z.enum(RACE_TYPES);
/** How distances and paces are shown: metric (the default) or imperial. */
const ZUnits = z.enum(['metric', 'imperial'], { error: 'units must be metric or imperial' });
/** The day the athlete's weeks start on (core WEEK_STARTS): the calendar, the week's figures, the coach and the plan. */
const ZWeekStart = z
  .enum(WEEK_STARTS, { error: `weekStart must be one of ${WEEK_STARTS.join(', ')}` })
  .describe(
    'The day weeks start on: the calendar, the weekly figures, the coach and the plan (default monday)',
  );

export const ZUserMetadata = z
  .object({
    name: z.string().optional(),
    birthday: ZIsoDate.nullable().optional(),
    gender: ZGender.nullable().optional(),
    primarySports: z.array(ZPrimarySport).optional(),
    goalEvent: ZGoalEvent.nullable().optional(),
    goalDate: ZIsoDate.nullable().optional(),
    language: z.string().optional(),
    timezone: z.string().optional(),
    units: ZUnits.optional(),
    weekStart: ZWeekStart.optional(),
  })
  .meta({ id: 'UserMetadata' });

export const ZUser = z
  .object({
    id: z.uuid(),
    athlete_id: z.uuid().describe('The athlete profile of this account: the {id} of the per-athlete calls'),
    email: z.string(),
    name: z.string(),
    user_metadata: ZUserMetadata,
    email_confirmed_at: z.string().nullable(),
    created_at: z.string(),
    pending_email: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Only in the answer of PUT /api/auth/profile that changed the email: the new address a confirmation link was sent to; `email` stays the old one until it is followed',
      ),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof ZUser>;

export const ZSession = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_at: z.number().int().describe('Unix seconds when the access token expires'),
    token_type: z.literal('bearer'),
    user: ZUser,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof ZSession>;

export const ZProfileUpdateRequest = z
  .object({
    name: ZName.optional(),
    /** A new address takes effect once the link mailed to it is followed (docs/profile.md, "Changing the email"). */
    email: ZEmail.optional(),
    birthday: ZIsoDate.nullable().optional(),
    gender: ZGender.nullable().optional(),
    primarySports: z.array(ZPrimarySport).max(4).optional(),
    goalEvent: ZGoalEvent.nullable().optional(),
    goalDate: ZIsoDate.nullable().optional(),
    language: z.string().min(2).max(10).optional(),
    timezone: ZTimezone.optional(),
    units: ZUnits.optional(),
    weekStart: ZWeekStart.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to update');
export type ProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;

export const ZSignupResponse = z.object({
  user: ZUser,
  message: z.string(),
});
