// The testing dashboard's calls (docs/testing-dashboard.md): the signed-in athlete's own recent request lines,
// their live stream, and the health of each API area.
import { z } from 'zod';

/** The list sizes the Recent logs card offers. */
export const LOG_LIMITS = [20, 50, 100] as const;
export type LogLimit = (typeof LOG_LIMITS)[number];
/** How many lines the server keeps per athlete: the largest list size. */
export const LOG_BUFFER_SIZE = 100;
/** What the web app shows when the live stream cannot connect or drops (docs/testing-dashboard.md). */
export const LOG_STREAM_ERROR = 'Log stream connection error';

/**
 * One request the athlete made with their session: what a person needs to find it again, and nothing of what it
 * carried (no body, header, query string or token).
 */
export const ZLogLine = z
  .object({
    /** The request id, also sent back as `x-request-id` and written on every server log line of the request. */
    request_id: z.string(),
    method: z.string(),
    /** The URL's path, without its query string. */
    path: z.string(),
    status: z.number().int(),
    duration_ms: z.number(),
    /** When the answer was sent (ISO 8601). */
    time: z.string(),
  })
  .meta({ id: 'LogLine' });
export type LogLine = z.infer<typeof ZLogLine>;

export const ZLogsRecentQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be 20, 50 or 100' })
    .refine((n) => (LOG_LIMITS as readonly number[]).includes(n), 'limit must be 20, 50 or 100')
    .default(20),
});

/** Newest first. */
export const ZLogsRecent = z.object({ lines: z.array(ZLogLine) }).meta({ id: 'LogsRecent' });
export type LogsRecent = z.infer<typeof ZLogsRecent>;

/** EventSource cannot send headers, so the stream takes the access token in its query. */
export const ZLogStreamQuery = z.object({ token: z.string() });

export const ZHealthStatus = z.enum(['ok', 'degraded', 'down', 'not_configured']);
export type HealthStatus = z.infer<typeof ZHealthStatus>;

export const ZHealthArea = z
  .object({
    /** database, jobs, files, mail, cache (Redis). */
    area: z.string(),
    label: z.string(),
    status: ZHealthStatus,
    /** What was checked and what came back, for a person. */
    detail: z.string(),
    latency_ms: z.number(),
  })
  .meta({ id: 'HealthArea' });
export type HealthArea = z.infer<typeof ZHealthArea>;

export const ZHealthAreas = z
  .object({
    /** ok when no area is degraded or down. */
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    checked_at: z.string(),
    areas: z.array(ZHealthArea),
  })
  .meta({ id: 'HealthAreas' });
export type HealthAreas = z.infer<typeof ZHealthAreas>;
