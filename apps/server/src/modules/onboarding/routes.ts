// /api/onboarding (docs/onboarding.md): sessions from consent to approval, the onboarding status and its reset,
// and the transcription of a voice prompt. Nothing here is cached: the job moves sessions on between polls.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { OnboardingService } from './service.ts';
import { STT_MISSING_MESSAGE } from './stt.ts';

const secure = secured('onboarding');
/** The longest recording sent for transcription. */
const RECORDING_MAX_BYTES = 10 * 1024 * 1024;

export function onboardingRoutes(
  service: OnboardingService,
  options: { authenticate: Authenticate; voiceAvailable: boolean },
) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', options.authenticate);

    route(
      app,
      'GET /onboarding/status',
      {
        schema: {
          ...secure,
          summary: 'Where the athlete is in onboarding, the session to resume, and whether voice input works',
        },
      },
      async (request) => ({ data: await service.status(requireAuth(request)) }),
    );

    route(
      app,
      'POST /onboarding/reset',
      {
        schema: {
          ...secure,
          summary: 'Do onboarding again: onboarding_complete becomes false; the training plan is kept',
        },
      },
      async (request) => ({ data: await service.reset(requireAuth(request)) }),
    );

    route(
      app,
      'POST /onboarding/sessions',
      {
        schema: {
          ...secure,
          summary: 'Start onboarding with the consent version shown (1.0.0); 201 with the CREATED session',
        },
        status: 201,
        errors: errorsWith(409),
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(requireAuth(request), request.body) }),
    );

    route(
      app,
      'GET /onboarding/sessions/{id}',
      {
        schema: {
          ...secure,
          summary:
            'The session: its status as the server works on it, the goal context, and once drafted the first week, the reasons and the plan in numbers',
        },
      },
      async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'POST /onboarding/sessions/{id}/prompt',
      {
        schema: {
          ...secure,
          summary:
            'The goal in plain words (more than 10 characters, at most 2000): parsed at once (NLP_PARSED), then the plan is drafted in the background',
        },
        errors: errorsWith(409),
      },
      async (request) => ({
        data: await service.prompt(requireAuth(request), request.params.id, request.body.prompt),
      }),
    );

    route(
      app,
      'POST /onboarding/sessions/{id}/devices/skip',
      {
        schema: {
          ...secure,
          summary: 'Go on without connecting a device',
        },
      },
      async (request) => ({ data: await service.skipDevices(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'PUT /onboarding/sessions/{id}/goal-context',
      {
        schema: {
          ...secure,
          summary:
            "The review's edits of the goal (PLAN_DRAFTED only): edited fields stop being assumed and the plan is drafted again",
        },
        errors: errorsWith(409),
      },
      async (request) => ({
        data: await service.updateGoalContext(requireAuth(request), request.params.id, request.body),
      }),
    );

    route(
      app,
      'POST /onboarding/sessions/{id}/approve',
      {
        schema: {
          ...secure,
          summary:
            'Turn the drafted plan into the training plan with its planned workouts; an active plan is a 409 unless replace_active_plan',
        },
        errors: errorsWith(409),
      },
      async (request) => ({
        data: await service.approve(requireAuth(request), request.params.id, request.body),
      }),
    );

    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 },
      });
      route(
        scope,
        'POST /onboarding/transcriptions',
        {
          schema: {
            ...secure,
            summary:
              'The text of a voice recording (multipart, one "file" part of at most 10 MB: WebM, Ogg, MP4, MP3 or WAV), from the speech-to-text service set by STT_URL; 503 without one',
            consumes: ['multipart/form-data'],
          },
          errors: errorsWith(413, 415, 502, 503),
        },
        async (request) => {
          const auth = requireAuth(request);
          if (!options.voiceAvailable) throw new AppError('SERVICE_UNAVAILABLE', STT_MISSING_MESSAGE);
          if (!request.isMultipart()) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the recording as multipart/form-data');
          }
          const { files } = await readUpload(request, {
            fileField: 'file',
            what: 'The recording',
            maxSizeLabel: '10 MB',
            maxFiles: 1,
          });
          const file = files[0];
          if (!file) throw new AppError('VALIDATION_FAILED', 'Send the recording in the field "file"');
          return { data: await service.transcribe(auth, file) };
        },
      );
    });
  };
}
