// The API as one typed map: method and path → the schemas of its path parameters, query, body and success
// body. The web client's calls are typed by it (apps/web/src/lib/api-client.ts), so a call cannot send or read
// anything but what these schemas describe. It is the only declaration of an endpoint: the server registers each
// route from its entry (`route(app, 'GET /x', …)`, apps/server/src/plugins/contract-route.ts), so a route never
// repeats a schema and query defaults live here; apps/server/test/endpoint-map.test.ts checks that every operation
// of the server comes from this map. Paths are relative to /api and write parameters as {name}, like the OpenAPI
// document.
import { z } from 'zod';
import {
  ZAccountDeleteRequest,
  ZAccountDeletion,
  ZAccountExport,
  ZAccountImportProgress,
  ZAccountImportReport,
  ZDeletionCancelRequest,
  ZExportDownloadQuery,
  ZExportIdParam,
} from './account.ts';
import {
  ZActivityAnalysis,
  ZActivityDetail,
  ZActivityIdParam,
  ZActivityList,
  ZActivityListQuery,
  ZActivityMatchRequest,
  ZActivityStreams,
  ZActivityStreamsQuery,
  ZActivityUpdateRequest,
  ZCurve,
  ZCurveQuery,
  ZImportBatch,
  ZImportBatchIdParam,
} from './activities.ts';
import {
  ZAdaptationRun,
  ZPlanChange,
  ZPlanChangeIdParam,
  ZPlanChangeList,
  ZPlanChangesQuery,
} from './adaptation.ts';
import {
  ZConfirmExchangeRequest,
  ZConfirmQuery,
  ZEmailOnlyRequest,
  ZLoginRequest,
  ZPasswordResetConfirmRequest,
  ZProfileUpdateRequest,
  ZRefreshRequest,
  ZSession,
  ZSignupRequest,
  ZSignupResponse,
  ZUser,
} from './auth.ts';
import {
  ZCoachAction,
  ZCoachActionIdParam,
  ZCoachMessageList,
  ZCoachMessageRequest,
  ZCoachMessagesQuery,
  ZCoachReply,
  ZCoachReplyQuery,
} from './coach.ts';
import { dataEnvelope, ZMessage } from './common.ts';
import {
  ZAthleteProfile,
  ZAthleteProfileUpdateRequest,
  ZNotification,
  ZNotificationIdParam,
  ZNotificationList,
  ZNotificationsQuery,
  ZNotificationsReadAll,
} from './dashboard.ts';
import {
  ZDevice,
  ZDeviceCallbackRequest,
  ZDeviceCallbackResult,
  ZDeviceConnectRequest,
  ZDeviceConnectStart,
  ZDeviceList,
  ZDeviceProviderRequest,
  ZDeviceUpdateRequest,
  ZStravaChallenge,
  ZStravaChallengeQuery,
  ZSyncRun,
  ZSyncRunIdParam,
  ZWebhookAck,
} from './devices.ts';
import { type EndpointDef, ZDeleted } from './endpoint-def.ts';
import { FIGURES_ENDPOINTS } from './endpoints-figures.ts';
import { ZClientConfig, ZHealth } from './health.ts';
import { ZHealthAreas, ZLogLine, ZLogStreamQuery, ZLogsRecent, ZLogsRecentQuery } from './logs.ts';
import {
  ZDailyEmailQueued,
  ZOneClickUnsubscribeQuery,
  ZPushKey,
  ZPushSubscription,
  ZPushSubscriptionRequest,
  ZPushUnsubscribed,
  ZPushUnsubscribeQuery,
  ZUnsubscribed,
  ZUnsubscribeRequest,
} from './notification-delivery.ts';
import {
  ZGoalContextUpdateRequest,
  ZOnboardingApproval,
  ZOnboardingApproveRequest,
  ZOnboardingPromptRequest,
  ZOnboardingSession,
  ZOnboardingSessionCreateRequest,
  ZOnboardingSessionIdParam,
  ZOnboardingStatusResponse,
  ZPlanOutline,
  ZPlanRebuild,
  ZPlanRebuildRequest,
  ZTranscription,
} from './onboarding.ts';
import {
  ZPlanIdParam,
  ZPlanProgress,
  ZTrainingPlan,
  ZTrainingPlanCreateRequest,
  ZTrainingPlanUpdateRequest,
} from './plans.ts';
import { ZAvatar, ZAvatarDeleted, ZProfileSummary } from './profile.ts';
import {
  ZAthleteZones,
  ZAthleteZonesSaved,
  ZSportMetrics,
  ZSportMetricsSaved,
  ZSportMetricsUpdateRequest,
  ZThresholdEstimateAccept,
  ZThresholdEstimates,
  ZZonesUpdateRequest,
} from './sport-metrics.ts';
import {
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
} from './workout-bank.ts';
import {
  ZCalendarEvent,
  ZCalendarQuery,
  ZParsedWorkout,
  ZParseWorkoutRequest,
  ZTrainingWorkout,
  ZTrainingWorkoutCreateRequest,
  ZTrainingWorkoutListQuery,
  ZTrainingWorkoutUpdateRequest,
  ZWorkout,
  ZWorkoutCompleteRequest,
  ZWorkoutCreateRequest,
  ZWorkoutExportQuery,
  ZWorkoutIdParam,
  ZWorkoutListQuery,
  ZWorkoutUpdateRequest,
} from './workouts.ts';

/** The calendar's body: its events are kept under `calendar_events` (docs/workout-parser.md, "How it is built: parser and store"). */
export const ZCalendarResponse = dataEnvelope(z.object({ calendar_events: z.array(ZCalendarEvent) }));

export const API_ENDPOINTS = {
  'GET /v1/health': { response: dataEnvelope(ZHealth) },
  'GET /v1/client-config': { response: dataEnvelope(ZClientConfig) },
  'GET /v1/health/areas': { response: dataEnvelope(ZHealthAreas) },

  // The testing dashboard's logs (docs/testing-dashboard.md): the caller's own requests only.
  'GET /v1/logs/recent': { query: ZLogsRecentQuery, response: dataEnvelope(ZLogsRecent) },
  'GET /v1/logs/stream': { query: ZLogStreamQuery, response: ZLogLine, eventStream: true },

  // Auth
  'POST /auth/signup': { body: ZSignupRequest, response: dataEnvelope(ZSignupResponse) },
  'POST /auth/login': { body: ZLoginRequest, response: dataEnvelope(ZSession) },
  'POST /auth/refresh': { body: ZRefreshRequest, response: dataEnvelope(ZSession) },
  'POST /auth/confirm/exchange': { body: ZConfirmExchangeRequest, response: dataEnvelope(ZSession) },
  'POST /auth/resend-confirmation': { body: ZEmailOnlyRequest, response: dataEnvelope(ZMessage) },
  // The links mailed for confirmation: a browser is redirected, other clients get JSON.
  'GET /auth/confirm': { query: ZConfirmQuery, response: dataEnvelope(ZSession) },
  'GET /auth/confirm-email': { query: ZConfirmQuery, response: dataEnvelope(ZMessage) },
  'POST /auth/logout': { response: dataEnvelope(ZMessage) },
  'GET /auth/me': { response: dataEnvelope(ZUser) },
  'PUT /auth/profile': { body: ZProfileUpdateRequest, response: dataEnvelope(ZUser) },
  'POST /auth/password-reset': { body: ZEmailOnlyRequest, response: dataEnvelope(ZMessage) },
  'POST /auth/password-reset/confirm': {
    body: ZPasswordResetConfirmRequest,
    response: dataEnvelope(ZMessage),
  },

  // Athlete profile
  'GET /athletes/me': { response: dataEnvelope(ZAthleteProfile) },
  'PUT /athletes/me': { body: ZAthleteProfileUpdateRequest, response: dataEnvelope(ZAthleteProfile) },
  // The profile picture and the profile page's figures (docs/profile.md)
  'PUT /athletes/me/avatar': { body: 'multipart', response: dataEnvelope(ZAvatar) },
  'GET /athletes/me/avatar': { response: 'file' },
  'DELETE /athletes/me/avatar': { response: dataEnvelope(ZAvatarDeleted) },
  'GET /athletes/me/profile-summary': { response: dataEnvelope(ZProfileSummary) },
  // Data ownership (docs/account.md): delete the account, download everything, import an export.
  'DELETE /athletes/me': { body: ZAccountDeleteRequest, response: dataEnvelope(ZAccountDeletion) },
  'POST /auth/deletion/cancel': { body: ZDeletionCancelRequest, response: dataEnvelope(ZSession) },
  'POST /athletes/me/exports': { response: dataEnvelope(ZAccountExport) },
  'GET /athletes/me/exports/{exportId}': { params: ZExportIdParam, response: dataEnvelope(ZAccountExport) },
  'GET /athletes/me/exports/{exportId}/download': {
    params: ZExportIdParam,
    query: ZExportDownloadQuery,
    response: 'file',
  },
  'POST /athletes/me/import': { body: 'multipart', response: dataEnvelope(ZAccountImportReport) },
  'GET /athletes/me/import': { response: dataEnvelope(ZAccountImportProgress.nullable()) },

  // Thresholds and zones (docs/zones.md)
  'GET /athletes/me/sport-metrics': { response: dataEnvelope(ZSportMetrics) },
  'PUT /athletes/me/sport-metrics': {
    body: ZSportMetricsUpdateRequest,
    response: dataEnvelope(ZSportMetricsSaved),
  },
  'GET /athletes/me/zones': { response: dataEnvelope(ZAthleteZones) },
  'PUT /athletes/me/zones': { body: ZZonesUpdateRequest, response: dataEnvelope(ZAthleteZonesSaved) },
  'GET /athletes/me/threshold-estimates': { response: dataEnvelope(ZThresholdEstimates) },
  'POST /athletes/me/threshold-estimates/accept': {
    body: ZThresholdEstimateAccept,
    response: dataEnvelope(ZSportMetricsSaved),
  },

  // Activities (docs/activities.md); the upload answers 202.
  'POST /activities/import': {
    body: 'multipart',
    response: dataEnvelope(ZImportBatch),
    idempotencyKey: true,
  },
  // Apple Health's export (docs/devices.md, "Apple Health"), reported through the same batch status.
  'POST /activities/import/apple-health': {
    body: 'multipart',
    response: dataEnvelope(ZImportBatch),
    idempotencyKey: true,
  },
  // A Strava or Garmin Connect archive (docs/activities.md, "Platform archives"), reported through the same batch status.
  'POST /activities/import/archive': {
    body: 'multipart',
    response: dataEnvelope(ZImportBatch),
    idempotencyKey: true,
  },
  'GET /activities/imports/{batchId}': { params: ZImportBatchIdParam, response: dataEnvelope(ZImportBatch) },
  'GET /activities': { query: ZActivityListQuery, response: dataEnvelope(ZActivityList) },
  'GET /activities/curves': { query: ZCurveQuery, response: dataEnvelope(ZCurve) },
  'GET /activities/{id}': { params: ZActivityIdParam, response: dataEnvelope(ZActivityDetail) },
  'PUT /activities/{id}': {
    params: ZActivityIdParam,
    body: ZActivityUpdateRequest,
    response: dataEnvelope(ZActivityDetail),
  },
  'DELETE /activities/{id}': { params: ZActivityIdParam, response: ZDeleted },
  'GET /activities/{id}/streams': {
    params: ZActivityIdParam,
    query: ZActivityStreamsQuery,
    response: dataEnvelope(ZActivityStreams),
  },
  'GET /activities/{id}/analysis': { params: ZActivityIdParam, response: dataEnvelope(ZActivityAnalysis) },
  'PUT /activities/{id}/match': {
    params: ZActivityIdParam,
    body: ZActivityMatchRequest,
    response: dataEnvelope(ZActivityDetail),
  },

  ...FIGURES_ENDPOINTS,

  // Coach chat (docs/coach.md)
  'GET /coach/messages': { query: ZCoachMessagesQuery, response: dataEnvelope(ZCoachMessageList) },
  'POST /coach/messages': {
    query: ZCoachReplyQuery,
    body: ZCoachMessageRequest,
    response: dataEnvelope(ZCoachReply),
  },
  'POST /coach/actions/{id}/confirm': { params: ZCoachActionIdParam, response: dataEnvelope(ZCoachAction) },
  'POST /coach/actions/{id}/undo': { params: ZCoachActionIdParam, response: dataEnvelope(ZCoachAction) },

  // Notifications
  'GET /notifications': { query: ZNotificationsQuery, response: dataEnvelope(ZNotificationList) },
  'POST /notifications/read-all': { response: dataEnvelope(ZNotificationsReadAll) },
  'POST /notifications/{id}/read': { params: ZNotificationIdParam, response: dataEnvelope(ZNotification) },
  'GET /notifications/push/key': { response: dataEnvelope(ZPushKey) },
  'POST /notifications/push/subscriptions': {
    body: ZPushSubscriptionRequest,
    response: dataEnvelope(ZPushSubscription),
  },
  'DELETE /notifications/push/subscriptions': {
    query: ZPushUnsubscribeQuery,
    response: dataEnvelope(ZPushUnsubscribed),
  },
  'POST /notifications/unsubscribe': { body: ZUnsubscribeRequest, response: dataEnvelope(ZUnsubscribed) },
  // RFC 8058 one-click from the mail client: the token in the address, the form body `List-Unsubscribe=One-Click`.
  'POST /notifications/unsubscribe/one-click': {
    query: ZOneClickUnsubscribeQuery,
    response: dataEnvelope(ZUnsubscribed),
  },
  'POST /notifications/daily-email/send': { response: dataEnvelope(ZDailyEmailQueued) },

  // The Training API's workout calls (the same workouts as /workout-planning, with its own fields)
  'GET /training/workouts': {
    query: ZTrainingWorkoutListQuery,
    response: dataEnvelope(z.array(ZTrainingWorkout)),
  },
  'GET /training/workouts/today': { response: dataEnvelope(z.array(ZTrainingWorkout)) },
  'POST /training/workouts': {
    body: ZTrainingWorkoutCreateRequest,
    response: dataEnvelope(ZTrainingWorkout),
    idempotencyKey: true,
  },
  'PUT /training/workouts/{workoutId}': {
    params: ZWorkoutIdParam,
    body: ZTrainingWorkoutUpdateRequest,
    response: dataEnvelope(ZTrainingWorkout),
  },
  'DELETE /training/workouts/{workoutId}': { params: ZWorkoutIdParam, response: ZDeleted },
  'POST /training/workouts/{workoutId}/complete': {
    params: ZWorkoutIdParam,
    body: ZWorkoutCompleteRequest.nullish(),
    response: dataEnvelope(ZTrainingWorkout),
  },

  // Training plans
  'GET /training/plans': { response: dataEnvelope(z.array(ZTrainingPlan)) },
  'POST /training/plans': {
    body: ZTrainingPlanCreateRequest,
    response: dataEnvelope(ZTrainingPlan),
    idempotencyKey: true,
  },
  'GET /training/plans/active': { response: dataEnvelope(ZTrainingPlan.nullable()) },
  'PUT /training/plans/{id}': {
    params: ZPlanIdParam,
    body: ZTrainingPlanUpdateRequest,
    response: dataEnvelope(ZTrainingPlan),
  },
  'DELETE /training/plans/{id}': { params: ZPlanIdParam, response: ZDeleted },
  'GET /training/plans/{id}/progress': { params: ZPlanIdParam, response: dataEnvelope(ZPlanProgress) },
  'GET /training/plans/{id}/outline': {
    params: ZPlanIdParam,
    response: dataEnvelope(ZPlanOutline.nullable()),
  },
  'POST /training/plans/{id}/rebuild': {
    params: ZPlanIdParam,
    body: ZPlanRebuildRequest,
    response: dataEnvelope(ZPlanRebuild),
  },
  // Adaptation (docs/adaptation.md)
  'POST /training/plans/{id}/adapt': { params: ZPlanIdParam, response: dataEnvelope(ZAdaptationRun) },
  'GET /training/plans/{id}/changes': {
    params: ZPlanIdParam,
    query: ZPlanChangesQuery,
    response: dataEnvelope(ZPlanChangeList),
  },
  'POST /training/plans/{id}/changes/{changeId}/undo': {
    params: ZPlanChangeIdParam,
    response: dataEnvelope(ZPlanChange),
  },

  // Device connections (docs/devices.md)
  'GET /devices': { response: dataEnvelope(ZDeviceList) },
  'POST /devices/connect': { body: ZDeviceConnectRequest, response: dataEnvelope(ZDeviceConnectStart) },
  'POST /devices/callback': { body: ZDeviceCallbackRequest, response: dataEnvelope(ZDeviceCallbackResult) },
  'POST /devices/sync': { body: ZDeviceProviderRequest, response: dataEnvelope(ZSyncRun) },
  'GET /devices/sync-runs/{id}': { params: ZSyncRunIdParam, response: dataEnvelope(ZSyncRun) },
  // Providers' webhooks: public; the body is read raw, since Garmin's signature covers its bytes.
  'POST /devices/webhooks/garmin': { response: ZWebhookAck },
  'POST /devices/webhooks/strava': { response: ZWebhookAck },
  'GET /devices/webhooks/strava': { query: ZStravaChallengeQuery, response: ZStravaChallenge },
  'PUT /devices/settings': { body: ZDeviceUpdateRequest, response: dataEnvelope(ZDevice) },
  'POST /devices/disconnect': { body: ZDeviceProviderRequest, response: dataEnvelope(ZDevice) },

  // Onboarding (docs/onboarding.md)
  'GET /onboarding/status': { response: dataEnvelope(ZOnboardingStatusResponse) },
  'POST /onboarding/reset': { response: dataEnvelope(ZOnboardingStatusResponse) },
  'POST /onboarding/sessions': {
    body: ZOnboardingSessionCreateRequest,
    response: dataEnvelope(ZOnboardingSession),
    idempotencyKey: true,
  },
  'GET /onboarding/sessions/{id}': {
    params: ZOnboardingSessionIdParam,
    response: dataEnvelope(ZOnboardingSession),
  },
  'POST /onboarding/sessions/{id}/prompt': {
    params: ZOnboardingSessionIdParam,
    body: ZOnboardingPromptRequest,
    response: dataEnvelope(ZOnboardingSession),
  },
  'POST /onboarding/sessions/{id}/devices/skip': {
    params: ZOnboardingSessionIdParam,
    response: dataEnvelope(ZOnboardingSession),
  },
  'PUT /onboarding/sessions/{id}/goal-context': {
    params: ZOnboardingSessionIdParam,
    body: ZGoalContextUpdateRequest,
    response: dataEnvelope(ZOnboardingSession),
  },
  'POST /onboarding/sessions/{id}/approve': {
    params: ZOnboardingSessionIdParam,
    body: ZOnboardingApproveRequest,
    response: dataEnvelope(ZOnboardingApproval),
  },
  'POST /onboarding/transcriptions': { body: 'multipart', response: dataEnvelope(ZTranscription) },

  // Workout planning
  'POST /workout-planning/parse-workout': {
    body: ZParseWorkoutRequest,
    response: dataEnvelope(ZParsedWorkout),
  },
  'GET /workout-planning/workouts': { query: ZWorkoutListQuery, response: dataEnvelope(z.array(ZWorkout)) },
  'GET /workout-planning/workouts/{workoutId}': { params: ZWorkoutIdParam, response: dataEnvelope(ZWorkout) },
  'POST /workout-planning/workouts': {
    body: ZWorkoutCreateRequest,
    response: dataEnvelope(ZWorkout),
    idempotencyKey: true,
  },
  'PUT /workout-planning/workouts/{workoutId}': {
    params: ZWorkoutIdParam,
    body: ZWorkoutUpdateRequest,
    response: dataEnvelope(ZWorkout),
  },
  'DELETE /workout-planning/workouts/{workoutId}': { params: ZWorkoutIdParam, response: ZDeleted },
  'POST /workout-planning/workouts/import': {
    body: 'multipart',
    response: dataEnvelope(ZWorkout),
    idempotencyKey: true,
  },
  'GET /workout-planning/workouts/{workoutId}/export': {
    params: ZWorkoutIdParam,
    query: ZWorkoutExportQuery,
    response: 'file',
  },
  'GET /workout-planning/calendar': { query: ZCalendarQuery, response: ZCalendarResponse },

  // Workout Bank (docs/workout-bank.md)
  'GET /v1/workout-bank/templates': {
    query: ZWorkoutTemplateSearchQuery,
    response: dataEnvelope(ZWorkoutTemplateSearchResponse),
  },
  'POST /v1/workout-bank/templates': {
    body: ZOwnTemplateRequest,
    response: dataEnvelope(ZWorkoutTemplate),
    idempotencyKey: true,
  },
  'GET /v1/workout-bank/templates/{id}': {
    params: ZTemplateIdParam,
    response: dataEnvelope(ZWorkoutTemplate),
  },
  'PUT /v1/workout-bank/templates/{id}': {
    params: ZTemplateIdParam,
    body: ZOwnTemplateRequest,
    response: dataEnvelope(ZWorkoutTemplate),
  },
  'GET /v1/workout-bank/templates/{id}/variants': {
    params: ZTemplateIdParam,
    response: dataEnvelope(ZTemplateVariants),
  },
  'GET /v1/workout-bank/templates/{id}/similar': {
    params: ZTemplateIdParam,
    query: ZSimilarQuery,
    response: dataEnvelope(ZSimilarTemplates),
  },
  'POST /v1/workout-bank/templates/{id}/favorite': {
    params: ZTemplateIdParam,
    body: ZFavoriteRequest.optional(),
    response: dataEnvelope(ZFavorite),
  },
  'DELETE /v1/workout-bank/templates/{id}/favorite': {
    params: ZTemplateIdParam,
    response: dataEnvelope(ZFavoriteRemoved),
  },
  'GET /v1/workout-bank/templates/{id}/favorite/status': {
    params: ZTemplateIdParam,
    response: dataEnvelope(ZFavoriteStatus),
  },
  'POST /v1/workout-bank/templates/{id}/rate': {
    params: ZTemplateIdParam,
    body: ZRatingRequest,
    response: dataEnvelope(ZRateResponse),
  },
  'GET /v1/workout-bank/templates/{id}/rating': {
    params: ZTemplateIdParam,
    response: dataEnvelope(ZMyRating),
  },
  'GET /v1/workout-bank/templates/{id}/ratings': {
    params: ZTemplateIdParam,
    query: ZRatingsPageQuery,
    response: dataEnvelope(ZRatingList),
  },
  'POST /v1/workout-bank/templates/{id}/convert': {
    params: ZTemplateIdParam,
    body: ZConvertRequest,
    response: dataEnvelope(ZConvertResponse),
    idempotencyKey: true,
  },
  'POST /v1/workout-bank/templates/{id}/suggestions': {
    params: ZTemplateIdParam,
    body: ZSuggestionsRequest,
    response: dataEnvelope(ZSuggestions),
  },
  'POST /v1/workout-bank/templates/{id}/view': {
    params: ZTemplateIdParam,
    // Any body, or none: a view carries nothing.
    body: z.object({}).passthrough().optional(),
    response: dataEnvelope(ZViewResponse),
  },
  'GET /v1/workout-bank/favorites': { query: ZFavoritesPageQuery, response: dataEnvelope(ZFavoriteList) },
  'POST /v1/workout-bank/favorites': { body: ZFavoriteCreateRequest, response: dataEnvelope(ZFavorite) },
  'DELETE /v1/workout-bank/favorites/{id}': {
    params: ZFavoriteIdParam,
    response: dataEnvelope(ZFavoriteRemoved),
  },
  'GET /v1/workout-bank/categories': {
    query: ZWorkoutCategoriesQuery,
    response: dataEnvelope(ZWorkoutCategories),
  },
  'GET /v1/workout-bank/recommendations': {
    query: ZRecommendationsQuery,
    response: dataEnvelope(ZRecommendations),
  },
  'GET /v1/workout-bank/popular': { query: ZPopularQuery, response: dataEnvelope(ZPopular) },
  'POST /v1/workout-bank/search/natural': {
    body: ZNaturalSearchRequest,
    response: dataEnvelope(ZNaturalSearchResponse),
  },
  'GET /v1/workout-bank/user/stats': { response: dataEnvelope(ZUserStats) },
  'GET /v1/workout-bank/health': { response: dataEnvelope(ZWorkoutBankHealth) },
} as const satisfies Record<string, EndpointDef>;

export type ApiEndpoints = typeof API_ENDPOINTS;
export type EndpointKey = keyof ApiEndpoints;
/** The endpoints that answer JSON, those that answer a file, and those that answer server-sent events. */
export type EventStreamEndpoint = {
  [K in EndpointKey]: ApiEndpoints[K] extends { eventStream: true } ? K : never;
}[EndpointKey];
export type JsonEndpoint = {
  [K in EndpointKey]: ApiEndpoints[K]['response'] extends 'file'
    ? never
    : K extends EventStreamEndpoint
      ? never
      : K;
}[EndpointKey];
export type FileEndpoint = {
  [K in EndpointKey]: ApiEndpoints[K]['response'] extends 'file' ? K : never;
}[EndpointKey];

/** A browser FormData (this package is typed without the DOM library). */
export interface MultipartForm {
  append(name: string, value: unknown, fileName?: string): void;
  get(name: string): unknown;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Field<E, F extends string> = E extends Record<F, infer S> ? S : undefined;

/** What the caller supplies: path parameters, query and body, each only where the endpoint has one. */
export type EndpointInput<K extends EndpointKey> = (Field<ApiEndpoints[K], 'params'> extends z.ZodType
  ? { params: Input<Field<ApiEndpoints[K], 'params'>> }
  : { params?: never }) &
  (Field<ApiEndpoints[K], 'query'> extends z.ZodType
    ? object extends Input<Field<ApiEndpoints[K], 'query'>>
      ? { query?: Input<Field<ApiEndpoints[K], 'query'>> }
      : { query: Input<Field<ApiEndpoints[K], 'query'>> }
    : { query?: never }) &
  (Field<ApiEndpoints[K], 'body'> extends 'multipart'
    ? { body: MultipartForm }
    : Field<ApiEndpoints[K], 'body'> extends z.ZodType
      ? { body: Input<Field<ApiEndpoints[K], 'body'>> }
      : { body?: never }) &
  (Field<ApiEndpoints[K], 'idempotencyKey'> extends true
    ? { idempotencyKey: string }
    : { idempotencyKey?: never });

/** The success body as the server writes it. */
export type EndpointResponse<K extends JsonEndpoint> = ApiEndpoints[K]['response'] extends z.ZodType
  ? z.output<ApiEndpoints[K]['response']>
  : never;

/** The data of each event of a server-sent event stream. */
export type EventStreamData<K extends EventStreamEndpoint> = ApiEndpoints[K]['response'] extends z.ZodType
  ? z.output<ApiEndpoints[K]['response']>
  : never;
