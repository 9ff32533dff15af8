// The Metrics API (docs/wellness.md): the wellness store, scores, trends and the CSV import under /api/metrics,
// and the recovery, analysis, current, history and summary reads under /api/v1/metrics. Each `[/{id}]` path
// answers for the caller and for the caller's own athlete id; any other id is a 404. Schemas and default spans:
// the contract's endpoint map.
import fastifyMultipart from '@fastify/multipart';
import { WELLNESS_CSV_MAX_BYTES, ZErrorResponse } from '@stamina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { ifMatchOf, ifNoneMatchAny } from '../../lib/preconditions.ts';
import { readUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { requireOwnAthlete } from '../../plugins/own-athlete-routes.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { MetricsService } from './service.ts';
import type { DayPrecondition } from './store.ts';

const secure = secured('metrics');
const doc = (summary: string, description?: string) => ({
  schema: { ...secure, summary, ...(description ? { description } : {}) },
});

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
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);

    route(
      app,
      'GET /metrics',
      doc('Wellness days from start_date to end_date (default the last 30 days), with recovery scores'),
      async (request) => ({ data: await service.list(requireAuth(request), request.query) }),
    );

    route(
      app,
      'POST /metrics',
      {
        ...doc(
          "Log a day's wellness: 201 when the date is new, 200 when its fields were updated",
          'At least one value besides the date: a body whose fields are all absent or null is a 400 and writes nothing (clear a day with PUT or DELETE /api/metrics/{id}; docs/wellness.md). ' +
            'With `If-Match: "<updated_at>"` (the day\'s `updated_at` as this API gives it) the entry is written only while the day is still that version, and with `If-None-Match: *` only while the day has no entry; otherwise 412 PRECONDITION_FAILED and nothing changes (docs/offline.md, "Conflicts").',
        ),
        status: [200, 201],
        errors: errorsWith(412),
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

    route(
      app,
      'PUT /metrics/{id}',
      {
        ...doc(
          'Change fields of a wellness day (a new date must not have an entry: 409)',
          'With `If-Match: "<updated_at>"` the change is applied only while the day is still that version; otherwise 412 PRECONDITION_FAILED and nothing changes (docs/offline.md, "Conflicts").',
        ),
        errors: { 409: ZErrorResponse, ...errorsWith(412) },
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

    route(app, 'DELETE /metrics/{id}', doc('Delete a wellness day'), async (request) => ({
      data: await service.remove(requireAuth(request), request.params.id),
    }));

    route(
      app,
      'GET /metrics/recovery-trends',
      doc('Daily recovery scores (null on days without data), trend and mean'),
      async (r) => ({ data: await service.recoveryTrends(requireAuth(r), r.query.days) }),
    );
    route(app, 'GET /metrics/readiness-trends', doc('Daily readiness scores, trend and mean'), async (r) => ({
      data: await service.readinessTrends(requireAuth(r), r.query.days),
    }));
    route(
      app,
      'GET /metrics/recovery-recommendations',
      doc("Today's recovery recommendations"),
      async (r) => ({ data: await service.recommendations(requireAuth(r)) }),
    );
    route(app, 'POST /metrics/calculate-readiness', doc('Readiness of a day (default today)'), async (r) => ({
      data: await service.calculateReadiness(requireAuth(r), r.body?.date),
    }));
    route(
      app,
      'POST /metrics/calculate-recovery/{id}',
      doc('Recovery score of a day (default today); null without wellness data that day'),
      async (r) => ({ data: await service.calculateRecovery(requireOwnAthlete(r), r.body?.date) }),
    );

    // Multipart (and a raw text/csv body) only in the import route's own scope; every other route takes JSON.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: { fileSize: WELLNESS_CSV_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
      });
      scope.addContentTypeParser(
        'text/csv',
        { parseAs: 'string', bodyLimit: WELLNESS_CSV_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
      route(
        scope,
        'POST /metrics/import',
        {
          bodyLimit: WELLNESS_CSV_MAX_BYTES,
          schema: {
            ...secure,
            summary:
              'Import wellness history from a CSV (multipart field "file", or a text/csv body); dry_run previews. Any rejected row: 400 with the report as detail, nothing written',
            consumes: ['multipart/form-data', 'text/csv'],
          },
          errors: errorsWith(413, 415),
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
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);

    route(
      app,
      'GET /v1/metrics/recovery',
      doc('Recovery score of a day (default today) with baselines, trends and advice; null without data'),
      async (request) => ({ data: await service.recoveryFor(requireAuth(request), request.query.date) }),
    );
    route(
      app,
      'GET /v1/metrics/recovery-analysis',
      doc('Daily recovery scores over the last days (7 by default), averages and advice'),
      async (r) => ({ data: await service.analysis(requireAuth(r), r.query.days) }),
    );
    route(
      app,
      'GET /v1/metrics/current',
      doc('The latest value and date of each metric; null when never logged'),
      async (request) => ({ data: await service.current(requireAuth(request)) }),
    );
    route(
      app,
      'GET /v1/metrics/history',
      doc('One metric per day over the last days (30 by default); days without it are left out'),
      async (request) => ({
        data: await service.history(requireAuth(request), request.query.type, request.query.days),
      }),
    );
    route(
      app,
      'GET /v1/metrics/summary',
      doc('Latest, mean, min, max, count and trend of each metric over a week, month or 3 months'),
      async (request) => ({ data: await service.summary(requireAuth(request), request.query.period) }),
    );
    const shortcuts = [
      ['GET /v1/metrics/hrv', 'hrv', 30],
      ['GET /v1/metrics/sleep', 'sleep_hours', 30],
      ['GET /v1/metrics/vo2max', 'vo2max', 90],
      ['GET /v1/metrics/resting-hr', 'resting_hr', 30],
    ] as const;
    for (const [key, type, days] of shortcuts) {
      route(app, key, doc(`${type} per day over the last days (${days} by default)`), async (request) => ({
        data: await service.history(requireAuth(request), type, request.query.days),
      }));
    }
  };
}
