// Schemas of the profile page's figures and the profile picture (docs/profile.md).
import { z } from 'zod';

/** The picture just stored: its version, which GET /api/athletes/me/avatar serves until the next upload. */
export const ZAvatar = z
  .object({
    avatar_version: z.string(),
    content_type: z.literal('image/webp'),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'Avatar' });
export type Avatar = z.infer<typeof ZAvatar>;

export const ZAvatarDeleted = z.object({ avatar_version: z.null() });

/** Where a figure of the profile page comes from: recorded activities, completed workouts, or nothing yet. */
export const ZProfileSource = z.enum(['activities', 'workouts', 'none']);
export type ProfileSource = z.infer<typeof ZProfileSource>;

/** GET /api/athletes/me/profile-summary (docs/profile.md, "The profile page"). */
export const ZProfileSummary = z
  .object({
    this_year: z.object({
      year: z.number().int(),
      source: ZProfileSource,
      workouts: z.number().int(),
      total_seconds: z.number(),
      distance_meters: z.number(),
    }),
    current_goal: z
      .object({
        plan_id: z.string(),
        title: z.string(),
        race_type: z.string().nullable(),
        race_date: z.string().nullable(),
        target_time: z.string().nullable(),
        days_until: z.number().int().nullable(),
      })
      .nullable(),
    personal_records: z.object({
      source: ZProfileSource,
      records: z.array(
        z.object({
          key: z.enum(['5k', '10k', 'half_marathon', 'marathon']),
          label: z.string(),
          distance_meters: z.number(),
          duration_seconds: z.number(),
          date: z.string(),
          source: z.enum(['activity', 'workout']),
          activity_id: z.string().nullable(),
        }),
      ),
    }),
  })
  .meta({ id: 'ProfileSummary' });
export type ProfileSummary = z.infer<typeof ZProfileSummary>;
