// /api/v1/workout-bank (docs/workout-bank.md): thin routes, each one service call.
import {
  dataEnvelope,
  ZConvertRequest,
  ZConvertResponse,
  ZFavorite,
  ZFavoriteCreateRequest,
  ZFavoriteIdParam,
  ZFavoriteList,
  ZFavoriteRemoved,
  ZFavoriteRequest,
  ZFavoriteStatus,
  ZFavoritesPageQuery,
  ZMyRating,
  ZNaturalSearchRequest,
  ZNaturalSearchResponse,
  ZOwnTemplateRequest,
  ZPopular,
  ZPopularQuery,
  ZRateResponse,
  ZRatingList,
  ZRatingRequest,
  ZRatingsPageQuery,
  ZRecommendations,
  ZRecommendationsQuery,
  ZSimilarQuery,
  ZSimilarTemplates,
  ZSuggestions,
  ZSuggestionsRequest,
  ZTemplateIdParam,
  ZTemplateVariants,
  ZUserStats,
  ZViewResponse,
  ZWorkoutBankHealth,
  ZWorkoutCategories,
  ZWorkoutCategoriesQuery,
  ZWorkoutTemplate,
  ZWorkoutTemplateSearchQuery,
  ZWorkoutTemplateSearchResponse,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { WorkoutBankService } from './service.ts';

const ZEmptyBody = z.object({}).passthrough().optional();

export function workoutBankRoutes(
  service: WorkoutBankService,
  authenticate: Authenticate,
  cachedReads: Authenticate = authenticate,
) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The search answers from the athlete's read cache (docs/workout-bank.md, "Search index in each process"); the rest are fresh.
    app.addHook('onRequest', function pickAuthenticate(request, reply, done) {
      const search =
        request.method === 'GET' && request.routeOptions.url?.endsWith('/workout-bank/templates');
      (search ? cachedReads : authenticate).call(this, request, reply, done);
    });
    const route = secured('workout-bank');
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: dataEnvelope(schema), ...errors });
    const created = <T extends z.ZodType>(schema: T) => ({ 201: dataEnvelope(schema), ...errors });

    app.get(
      '/templates',
      {
        schema: {
          ...route,
          summary: 'Search templates: filters, full-text search with ranking, sorting and paging',
          querystring: ZWorkoutTemplateSearchQuery,
          response: ok(ZWorkoutTemplateSearchResponse),
        },
      },
      async (request) => ({ data: await service.search(requireAuth(request), request.query) }),
    );

    app.post(
      '/templates',
      {
        config: { idempotent: true },
        schema: {
          ...route,
          summary: "Save an athlete's own template, private or public",
          body: ZOwnTemplateRequest,
          response: created(ZWorkoutTemplate),
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.createOwn(requireAuth(request), request.body) }),
    );

    app.get(
      '/templates/:id',
      {
        schema: {
          ...route,
          summary: 'One template',
          params: ZTemplateIdParam,
          response: ok(ZWorkoutTemplate),
        },
      },
      async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
    );

    app.put(
      '/templates/:id',
      {
        schema: {
          ...route,
          summary:
            "Rewrite one of the athlete's own templates (its text, visibility, …); anyone else's is 404",
          params: ZTemplateIdParam,
          body: ZOwnTemplateRequest,
          response: ok(ZWorkoutTemplate),
        },
      },
      async (request) => ({
        data: await service.updateOwn(requireAuth(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/templates/:id/variants',
      {
        schema: {
          ...route,
          summary: 'The same session scaled shorter and longer',
          params: ZTemplateIdParam,
          response: ok(ZTemplateVariants),
        },
      },
      async (request) => ({ data: await service.variants(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/templates/:id/similar',
      {
        schema: {
          ...route,
          summary: 'Templates alike by discipline, zone profile and tags',
          params: ZTemplateIdParam,
          querystring: ZSimilarQuery,
          response: ok(ZSimilarTemplates),
        },
      },
      async (request) => ({
        data: await service.similar(requireAuth(request), request.params.id, request.query.limit),
      }),
    );

    app.post(
      '/templates/:id/favorite',
      {
        schema: {
          ...route,
          summary: 'Add the template to favourites, with notes',
          params: ZTemplateIdParam,
          body: ZFavoriteRequest.optional(),
          response: ok(ZFavorite),
        },
      },
      async (request) => ({
        data: await service.addFavorite(requireAuth(request), request.params.id, request.body?.notes),
      }),
    );

    app.delete(
      '/templates/:id/favorite',
      {
        schema: {
          ...route,
          summary: 'Remove the template from favourites',
          params: ZTemplateIdParam,
          response: ok(ZFavoriteRemoved),
        },
      },
      async (request) => ({
        data: await service.removeFavoriteByTemplate(requireAuth(request), request.params.id),
      }),
    );

    app.get(
      '/templates/:id/favorite/status',
      {
        schema: {
          ...route,
          summary: 'Whether the template is a favourite',
          params: ZTemplateIdParam,
          response: ok(ZFavoriteStatus),
        },
      },
      async (request) => ({ data: await service.favoriteStatus(requireAuth(request), request.params.id) }),
    );

    app.post(
      '/templates/:id/rate',
      {
        schema: {
          ...route,
          summary:
            'Rate the template (one rating per athlete; a second replaces the first; 403 for your own template)',
          params: ZTemplateIdParam,
          body: ZRatingRequest,
          response: { 200: dataEnvelope(ZRateResponse), ...errorsWith(403) },
        },
      },
      async (request) => ({
        data: await service.rate(requireAuth(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/templates/:id/rating',
      {
        schema: {
          ...route,
          summary: "The caller's rating",
          params: ZTemplateIdParam,
          response: ok(ZMyRating),
        },
      },
      async (request) => ({ data: await service.myRating(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/templates/:id/ratings',
      {
        schema: {
          ...route,
          summary: 'Ratings of the template, newest first',
          params: ZTemplateIdParam,
          querystring: ZRatingsPageQuery,
          response: ok(ZRatingList),
        },
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

    app.post(
      '/templates/:id/convert',
      {
        config: { idempotent: true },
        schema: {
          ...route,
          summary: 'Put the template on the calendar as a workout',
          params: ZTemplateIdParam,
          body: ZConvertRequest,
          response: created(ZConvertResponse),
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await service.convert(requireAuth(request), request.params.id, request.body) }),
    );

    app.post(
      '/templates/:id/suggestions',
      {
        schema: {
          ...route,
          summary: 'The template adapted to time, fitness, equipment and weather, with the changes explained',
          params: ZTemplateIdParam,
          body: ZSuggestionsRequest,
          response: ok(ZSuggestions),
        },
      },
      async (request) => ({
        data: await service.suggestions(requireAuth(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/templates/:id/view',
      {
        schema: {
          ...route,
          summary: 'Record that the caller viewed the template',
          params: ZTemplateIdParam,
          body: ZEmptyBody,
          response: ok(ZViewResponse),
        },
      },
      async (request) => ({ data: await service.view(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/favorites',
      {
        schema: {
          ...route,
          summary: "The caller's favourites, newest first",
          querystring: ZFavoritesPageQuery,
          response: ok(ZFavoriteList),
        },
      },
      async (request) => ({
        data: await service.favorites(requireAuth(request), request.query.page, request.query.page_size),
      }),
    );

    app.post(
      '/favorites',
      {
        schema: {
          ...route,
          summary: 'Add a favourite (offline replay)',
          body: ZFavoriteCreateRequest,
          response: ok(ZFavorite),
        },
      },
      async (request) => ({
        data: await service.addFavorite(
          requireAuth(request),
          request.body.workout_template_id,
          request.body.notes,
        ),
      }),
    );

    app.delete(
      '/favorites/:id',
      {
        schema: {
          ...route,
          summary: "Remove a favourite by its id or its template's id (offline replay)",
          params: ZFavoriteIdParam,
          response: ok(ZFavoriteRemoved),
        },
      },
      async (request) => ({ data: await service.removeFavorite(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/categories',
      {
        schema: {
          ...route,
          summary: 'Categories of the four types, in sort order',
          querystring: ZWorkoutCategoriesQuery,
          response: ok(ZWorkoutCategories),
        },
      },
      async (request) => ({ data: await service.categories(request.query.type) }),
    );

    app.get(
      '/recommendations',
      {
        schema: {
          ...route,
          summary: 'Templates recommended for the caller, each with its reasons',
          querystring: ZRecommendationsQuery,
          response: ok(ZRecommendations),
        },
      },
      async (request) => ({
        data: await service.recommendations(requireAuth(request), request.query.type, request.query.limit),
      }),
    );

    app.get(
      '/popular',
      {
        schema: {
          ...route,
          summary: 'Most viewed and used templates over a week, month or year',
          querystring: ZPopularQuery,
          response: ok(ZPopular),
        },
      },
      async (request) => ({
        data: await service.popular(requireAuth(request), request.query.timeframe, request.query.limit),
      }),
    );

    app.post(
      '/search/natural',
      {
        schema: {
          ...route,
          summary: "Plain-language search ('45 min threshold ride'): the filters read, and the results",
          body: ZNaturalSearchRequest,
          response: ok(ZNaturalSearchResponse),
        },
      },
      async (request) => ({
        data: await service.naturalSearch(requireAuth(request), request.body.query, request.body.limit),
      }),
    );

    app.get(
      '/user/stats',
      { schema: { ...route, summary: "The caller's Workout Bank figures", response: ok(ZUserStats) } },
      async (request) => ({ data: await service.stats(requireAuth(request)) }),
    );

    app.get(
      '/health',
      { schema: { ...route, summary: 'The Workout Bank answers', response: ok(ZWorkoutBankHealth) } },
      async () => ({ data: await service.health() }),
    );
  };
}
