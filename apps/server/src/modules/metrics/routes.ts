// The Metrics API (docs/wellness.md): the wellness store, scores, trends and the CSV import under /api/metrics,
// and the recovery, analysis, current, history and summary reads under /api/v1/metrics. Each `[/{id}]` path
// answers for the caller and for the caller's own athlete id; any other id is a 404.
import fastifyMultipart from '@fastify/multipart';
import {
  dataEnvelope,
  WELLNESS_CSV_MAX_BYTES,
  ZCurrentMetrics,
  ZDateQuery,
  ZDaysQuery,
  ZErrorResponse,
  ZMetricHistory,
  ZMetricHistoryQuery,
  ZMetricIdParam,
  ZMetricsListQuery,
  ZMetricsSummary,
  ZMetricsSummaryQuery,
  ZReadiness,
  ZRecoveryAnalysis,
  ZRecoveryScore,
  ZScoreRequest,
  ZScoreTrends,
  ZWellnessDay,
  ZWellnessImportQuery,
  ZWellnessImportReport,
  ZWellnessUpdateRequest,
  ZWellnessUpsertRequest,
} from '@stamina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { ifMatchOf, ifNoneMatchAny } from '../../lib/preconditions.ts';
import { readUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { type OwnIdRequest, routeWithOwnId } from '../../plugins/own-athlete-routes.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { MetricsService } from './service.ts';
import type { DayPrecondition } from './store.ts';

const route = secured('metrics');
/** Default spans (docs/wellness.md §6): recovery analysis 7 days, metric histories 30, VO2 max 90. */
const ANALYSIS_DAYS = 7;
const TREND_DAYS = 30;
const HISTORY_DAYS = 30;
const VO2MAX_DAYS = 90;
const ZDeleted = dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));
// A POST without a body reaches validation as null: it means "today".
const ZOptionalScoreRequest = ZScoreRequest.nullish();

/** `path` and `path/{id}` (the caller's own athlete id) with one schema and one handler. */
function both<Q extends z.ZodType, B extends z.ZodType | undefined, R extends z.ZodType>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  options: { summary: string; querystring?: Q; body?: B; response: R; withoutId?: boolean },
  handler: (r: OwnIdRequest<Q>) => Promise<z.input<R>>,
) {
  routeWithOwnId(app, method, path, { ...options, tags: route.tags }, handler);
}

/** A binary file (a NUL byte or invalid UTF-8) is not a CSV; the text otherwise, without judging its columns. */
function csvText(bytes: Buffer, fileName?: string): string {
  if (fileName && /\.[^.]+$/.test(fileName) && !/\.(csv|txt|tsv)$/i.test(fileName))
    throw new AppError('VALIDATION_FAILED', `${fileName} is not a CSV file: upload a .csv`);
  if (bytes.includes(0)) throw new AppError('VALIDATION_FAILED', 'The file is binary, not a CSV text file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The file is not UTF-8 text: export the CSV as UTF-8');
  }
}

/** The CSV from the multipart field `file`, or a raw text/csv body. */
async function readCsv(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    if (typeof request.body === 'string') return csvText(Buffer.from(request.body, 'utf8'));
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Upload the CSV as multipart/form-data (field "file") or text/csv',
    );
  }
  const { files } = await readUpload(request, {
    fileField: 'file',
    what: 'The CSV',
    maxSizeLabel: '5 MB',
    maxFiles: 1,
  });
  const file = files[0];
  if (!file) throw new AppError('VALIDATION_FAILED', 'Send the CSV in the field "file"');
  return csvText(file.bytes, file.fileName);
}

/** A day write's precondition from its headers: If-Match (a version) or If-None-Match: * (no entry yet), not both. */
function dayPrecondition(headers: FastifyRequest['headers']): DayPrecondition | undefined {
  const since = ifMatchOf(headers['if-match'], 'this wellness day');
  const absent = ifNoneMatchAny(headers['if-none-match']);
  if (since && absent) {
    throw new AppError('VALIDATION_FAILED', 'Send If-Match or If-None-Match, not both');
  }
  if (since) return { since };
  return absent ? { absent: true } : undefined;
}

/** Routes under /api/metrics. */
export function metricsRoutes(service: MetricsService, authenticate: Authenticate, claimUpload: ClaimUpload) {
  return async function register(fastify: FastifyInstance) {
    fastify.addHook('onRequest', authenticate);
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/',
      {
        schema: {
          ...route,
          summary:
            'Wellness days from start_date to end_date (default the last 30 days), with recovery scores',
          querystring: ZMetricsListQuery,
          response: { 200: dataEnvelope(z.array(ZWellnessDay)), ...errors },
        },
      },
      async (request) => ({ data: await service.list(requireAuth(request), request.query) }),
    );

    app.post(
      '/',
      {
        config: { idempotent: true },
        schema: {
          ...route,
          summary: "Log a day's wellness: 201 when the date is new, 200 when its fields were updated",
          description:
            'At least one value besides the date: a body whose fields are all absent or null is a 400 and writes nothing (clear a day with PUT or DELETE /api/metrics/{id}; docs/wellness.md). ' +
            'With `If-Match: "<updated_at>"` (the day\'s `updated_at` as this API gives it) the entry is written only while the day is still that version, and with `If-None-Match: *` only while the day has no entry; otherwise 412 PRECONDITION_FAILED and nothing changes (docs/offline.md, "Conflicts").',
          body: ZWellnessUpsertRequest,
          response: {
            200: dataEnvelope(ZWellnessDay),
            201: dataEnvelope(ZWellnessDay),
            ...errorsWith(412),
          },
        },
      },
      async (request, reply) => {
        const { created, day } = await service.upsert(
          requireAuth(request),
          request.body,
          dayPrecondition(request.headers),
        );
        return reply.code(created ? 201 : 200).send({ data: day });
      },
    );

    app.put(
      '/:id',
      {
        schema: {
          ...route,
          summary: 'Change fields of a wellness day (a new date must not have an entry: 409)',
          description:
            'With `If-Match: "<updated_at>"` the change is applied only while the day is still that version; otherwise 412 PRECONDITION_FAILED and nothing changes (docs/offline.md, "Conflicts").',
          params: ZMetricIdParam,
          body: ZWellnessUpdateRequest,
          response: { 200: dataEnvelope(ZWellnessDay), 409: ZErrorResponse, ...errorsWith(412) },
        },
      },
      async (request) => ({
        data: await service.update(
          requireAuth(request),
          request.params.id,
          request.body,
          ifMatchOf(request.headers['if-match'], 'this wellness day'),
        ),
      }),
    );

    app.delete(
      '/:id',
      {
        schema: {
          ...route,
          summary: 'Delete a wellness day',
          params: ZMetricIdParam,
          response: { 200: ZDeleted, ...errors },
        },
      },
      async (request) => ({ data: await service.remove(requireAuth(request), request.params.id) }),
    );

    both(
      fastify,
      'GET',
      '/recovery-trends',
      {
        summary: 'Daily recovery scores (null on days without data), trend and mean',
        querystring: ZDaysQuery(TREND_DAYS),
        response: ZScoreTrends,
      },
      (r) => service.recoveryTrends(r.auth, r.query.days),
    );
    both(
      fastify,
      'GET',
      '/readiness-trends',
      {
        summary: 'Daily readiness scores, trend and mean',
        querystring: ZDaysQuery(TREND_DAYS),
        response: ZScoreTrends,
      },
      (r) => service.readinessTrends(r.auth, r.query.days),
    );
    both(
      fastify,
      'GET',
      '/recovery-recommendations',
      { summary: "Today's recovery recommendations", response: z.array(z.string()) },
      (r) => service.recommendations(r.auth),
    );
    both(
      fastify,
      'POST',
      '/calculate-readiness',
      { summary: 'Readiness of a day (default today)', body: ZOptionalScoreRequest, response: ZReadiness },
      (r) => service.calculateReadiness(r.auth, (r.body as z.infer<typeof ZOptionalScoreRequest>)?.date),
    );
    both(
      fastify,
      'POST',
      '/calculate-recovery',
      {
        summary: 'Recovery score of a day (default today); null without wellness data that day',
        body: ZOptionalScoreRequest,
        response: ZRecoveryScore.nullable(),
        withoutId: true,
      },
      (r) => service.calculateRecovery(r.auth, (r.body as z.infer<typeof ZOptionalScoreRequest>)?.date),
    );

    // Multipart (and a raw text/csv body) only in the import route's own scope; every other route takes JSON.
    await fastify.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: { fileSize: WELLNESS_CSV_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
      });
      scope.addContentTypeParser(
        'text/csv',
        { parseAs: 'string', bodyLimit: WELLNESS_CSV_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/import',
        {
          bodyLimit: WELLNESS_CSV_MAX_BYTES,
          config: { idempotent: true },
          schema: {
            ...route,
            summary:
              'Import wellness history from a CSV (multipart field "file", or a text/csv body); dry_run previews. Any rejected row: 400 with the report as detail, nothing written',
            consumes: ['multipart/form-data', 'text/csv'],
            querystring: ZWellnessImportQuery,
            response: {
              200: dataEnvelope(ZWellnessImportReport),
              413: ZErrorResponse,
              415: ZErrorResponse,
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const auth = requireAuth(request);
          const text = await readCsv(request);
          if (request.isMultipart() && (await claimUpload(request, reply, [text]))) return reply;
          return { data: await service.importCsv(auth, text, request.query.dry_run) };
        },
      );
    });
  };
}

/** Routes under /api/v1/metrics. */
export function metricsV1Routes(service: MetricsService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    fastify.addHook('onRequest', authenticate);
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/recovery',
      {
        schema: {
          ...route,
          summary:
            'Recovery score of a day (default today) with baselines, trends and advice; null without data',
          querystring: ZDateQuery,
          response: { 200: dataEnvelope(ZRecoveryScore.nullable()), ...errors },
        },
      },
      async (request) => ({ data: await service.recoveryFor(requireAuth(request), request.query.date) }),
    );
    both(
      fastify,
      'GET',
      '/recovery-analysis',
      {
        summary: 'Daily recovery scores over the last days (7 by default), averages and advice',
        querystring: ZDaysQuery(ANALYSIS_DAYS),
        response: ZRecoveryAnalysis,
      },
      (r) => service.analysis(r.auth, r.query.days),
    );
    app.get(
      '/current',
      {
        schema: {
          ...route,
          summary: 'The latest value and date of each metric; null when never logged',
          response: { 200: dataEnvelope(ZCurrentMetrics), ...errors },
        },
      },
      async (request) => ({ data: await service.current(requireAuth(request)) }),
    );
    app.get(
      '/history',
      {
        schema: {
          ...route,
          summary: 'One metric per day over the last days (30 by default); days without it are left out',
          querystring: ZMetricHistoryQuery,
          response: { 200: dataEnvelope(ZMetricHistory), ...errors },
        },
      },
      async (request) => ({
        data: await service.history(requireAuth(request), request.query.type, request.query.days),
      }),
    );
    app.get(
      '/summary',
      {
        schema: {
          ...route,
          summary: 'Latest, mean, min, max, count and trend of each metric over a week, month or 3 months',
          querystring: ZMetricsSummaryQuery,
          response: { 200: dataEnvelope(ZMetricsSummary), ...errors },
        },
      },
      async (request) => ({ data: await service.summary(requireAuth(request), request.query.period) }),
    );
    const shortcuts = [
      ['/hrv', 'hrv', HISTORY_DAYS],
      ['/sleep', 'sleep_hours', HISTORY_DAYS],
      ['/vo2max', 'vo2max', VO2MAX_DAYS],
      ['/resting-hr', 'resting_hr', HISTORY_DAYS],
    ] as const;
    for (const [path, type, days] of shortcuts) {
      app.get(
        path,
        {
          schema: {
            ...route,
            summary: `${type} per day over the last days (${days} by default)`,
            querystring: ZDaysQuery(days),
            response: { 200: dataEnvelope(ZMetricHistory), ...errors },
          },
        },
        async (request) => ({ data: await service.history(requireAuth(request), type, request.query.days) }),
      );
    }
  };
}
