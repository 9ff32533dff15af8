// /api/v1/workout-bank (docs/workout-bank.md): thin routes, each one service call.
import {
  dataEnvelope,
  ZConvertResponse,
  ZFavorite,
  ZFavoriteList,
  ZFavoriteRemoved,
  ZFavoriteStatus,
  ZMyRating,
  ZNaturalSearchResponse,
  ZPopular,
  ZRatingList,
  ZRecommendations,
  ZSimilarTemplates,
  ZSuggestions,
  ZTemplateVariants,
  ZUserStats,
  ZViewResponse,
  ZWorkoutBankHealth,
  ZWorkoutCategories,
  ZWorkoutTemplate,
  ZWorkoutTemplateSearchResponse,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { WorkoutBankService } from './service.ts';

export function workoutBankRoutes(
  service: WorkoutBankService,
  authenticate: Authenticate,
  cachedReads: Authenticate = authenticate,
) {
  return async function register(app: FastifyInstance) {
    // The search answers from the athlete's read cache (docs/workout-bank.md, "Search index in each process"); the rest are fresh.
    app.addHook('onRequest', function pickAuthenticate(request, reply, done) {
      const search =
        request.method === 'GET' && request.routeOptions.url?.endsWith('/workout-bank/templates');
      (search ? cachedReads : authenticate).call(this, request, reply, done);
    });
    const secure = secured('workout-bank');
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: dataEnvelope(schema), ...errors });
    const created = <T extends z.ZodType>(schema: T) => ({ 201: dataEnvelope(schema), ...errors });

    route(
      app,
      'GET /v1/workout-bank/templates',
      {
        schema: {
          ...secure,
          summary: 'Search templates: filters, full-text search with ranking, sorting and paging',
        },
        errors: ok(ZWorkoutTemplateSearchResponse),
      },
      async (request) => ({ data: await service.search(requireAuth(request), request.query) }),
    );

    route(
      app,
      'POST /v1/workout-bank/templates',
      {
        schema: {
          ...secure,
          summary: "Save an athlete's own template, private or public",
        },
        errors: created(ZWorkoutTemplate),
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.createOwn(requireAuth(request), request.body) }),
    );

    route(
      app,
      'GET /v1/workout-bank/templates/{id}',
      {
        schema: {
          ...secure,
          summary: 'One template',
        },
        errors: ok(ZWorkoutTemplate),
      },
      async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'PUT /v1/workout-bank/templates/{id}',
      {
        schema: {
          ...secure,
          summary:
            "Rewrite one of the athlete's own templates (its text, visibility, …); anyone else's is 404",
        },
        errors: ok(ZWorkoutTemplate),
      },
      async (request) => ({
        data: await service.updateOwn(requireAuth(request), request.params.id, request.body),
      }),
    );

    route(
      app,
      'GET /v1/workout-bank/templates/{id}/variants',
      {
        schema: {
          ...secure,
          summary: 'The same session scaled shorter and longer',
        },
        errors: ok(ZTemplateVariants),
      },
      async (request) => ({ data: await service.variants(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'GET /v1/workout-bank/templates/{id}/similar',
      {
        schema: {
          ...secure,
          summary: 'Templates alike by discipline, zone profile and tags',
        },
        errors: ok(ZSimilarTemplates),
      },
      async (request) => ({
        data: await service.similar(requireAuth(request), request.params.id, request.query.limit),
      }),
    );

    route(
      app,
      'POST /v1/workout-bank/templates/{id}/favorite',
      {
        schema: {
          ...secure,
          summary: 'Add the template to favourites, with notes',
        },
        errors: ok(ZFavorite),
      },
      async (request) => ({
        data: await service.addFavorite(requireAuth(request), request.params.id, request.body?.notes),
      }),
    );

    route(
      app,
      'DELETE /v1/workout-bank/templates/{id}/favorite',
      {
        schema: {
          ...secure,
          summary: 'Remove the template from favourites',
        },
        errors: ok(ZFavoriteRemoved),
      },
      async (request) => ({
        data: await service.removeFavoriteByTemplate(requireAuth(request), request.params.id),
      }),
    );

    route(
      app,
      'GET /v1/workout-bank/templates/{id}/favorite/status',
      {
        schema: {
          ...secure,
          summary: 'Whether the template is a favourite',
        },
        errors: ok(ZFavoriteStatus),
      },
      async (request) => ({ data: await service.favoriteStatus(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'POST /v1/workout-bank/templates/{id}/rate',
      {
        schema: {
          ...secure,
          summary:
            'Rate the template (one rating per athlete; a second replaces the first; 403 for your own template)',
        },
        errors: errorsWith(403),
      },
      async (request) => ({
        data: await service.rate(requireAuth(request), request.params.id, request.body),
      }),
    );

    route(
      app,
      'GET /v1/workout-bank/templates/{id}/rating',
      {
        schema: {
          ...secure,
          summary: "The caller's rating",
        },
        errors: ok(ZMyRating),
      },
      async (request) => ({ data: await service.myRating(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'GET /v1/workout-bank/templates/{id}/ratings',
      {
        schema: {
          ...secure,
          summary: 'Ratings of the template, newest first',
        },
        errors: ok(ZRatingList),
      },
      async (request) => ({
        data: await service.ratings(
          requireAuth(request),
          request.params.id,
          request.query.page,
          request.query.page_size,
        ),
      }),
    );

    route(
      app,
      'POST /v1/workout-bank/templates/{id}/convert',
      {
        schema: {
          ...secure,
          summary: 'Put the template on the calendar as a workout',
        },
        errors: created(ZConvertResponse),
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await service.convert(requireAuth(request), request.params.id, request.body) }),
    );

    route(
      app,
      'POST /v1/workout-bank/templates/{id}/suggestions',
      {
        schema: {
          ...secure,
          summary: 'The template adapted to time, fitness, equipment and weather, with the changes explained',
        },
        errors: ok(ZSuggestions),
      },
      async (request) => ({
        data: await service.suggestions(requireAuth(request), request.params.id, request.body),
      }),
    );

    route(
      app,
      'POST /v1/workout-bank/templates/{id}/view',
      {
        schema: {
          ...secure,
          summary: 'Record that the caller viewed the template',
        },
        errors: ok(ZViewResponse),
      },
      async (request) => ({ data: await service.view(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'GET /v1/workout-bank/favorites',
      {
        schema: {
          ...secure,
          summary: "The caller's favourites, newest first",
        },
        errors: ok(ZFavoriteList),
      },
      async (request) => ({
        data: await service.favorites(requireAuth(request), request.query.page, request.query.page_size),
      }),
    );

    route(
      app,
      'POST /v1/workout-bank/favorites',
      {
        schema: {
          ...secure,
          summary: 'Add a favourite (offline replay)',
        },
        errors: ok(ZFavorite),
      },
      async (request) => ({
        data: await service.addFavorite(
          requireAuth(request),
          request.body.workout_template_id,
          request.body.notes,
        ),
      }),
    );

    route(
      app,
      'DELETE /v1/workout-bank/favorites/{id}',
      {
        schema: {
          ...secure,
          summary: "Remove a favourite by its id or its template's id (offline replay)",
        },
        errors: ok(ZFavoriteRemoved),
      },
      async (request) => ({ data: await service.removeFavorite(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'GET /v1/workout-bank/categories',
      {
        schema: {
          ...secure,
          summary: 'Categories of the four types, in sort order',
        },
        errors: ok(ZWorkoutCategories),
      },
      async (request) => ({ data: await service.categories(request.query.type) }),
    );

    route(
      app,
      'GET /v1/workout-bank/recommendations',
      {
        schema: {
          ...secure,
          summary: 'Templates recommended for the caller, each with its reasons',
        },
        errors: ok(ZRecommendations),
      },
      async (request) => ({
        data: await service.recommendations(requireAuth(request), request.query.type, request.query.limit),
      }),
    );

    route(
      app,
      'GET /v1/workout-bank/popular',
      {
        schema: {
          ...secure,
          summary: 'Most viewed and used templates over a week, month or year',
        },
        errors: ok(ZPopular),
      },
      async (request) => ({
        data: await service.popular(requireAuth(request), request.query.timeframe, request.query.limit),
      }),
    );

    route(
      app,
      'POST /v1/workout-bank/search/natural',
      {
        schema: {
          ...secure,
          summary: "Plain-language search ('45 min threshold ride'): the filters read, and the results",
        },
        errors: ok(ZNaturalSearchResponse),
      },
      async (request) => ({
        data: await service.naturalSearch(requireAuth(request), request.body.query, request.body.limit),
      }),
    );

    route(
      app,
      'GET /v1/workout-bank/user/stats',
      {
        schema: {
          ...secure,
          summary: "The caller's Workout Bank figures",
        },
        errors: ok(ZUserStats),
      },
      async (request) => ({ data: await service.stats(requireAuth(request)) }),
    );

    route(
      app,
      'GET /v1/workout-bank/health',
      {
        schema: {
          ...secure,
          summary: 'The Workout Bank answers',
        },
        errors: ok(ZWorkoutBankHealth),
      },
      async () => ({ data: await service.health() }),
    );
  };
}
