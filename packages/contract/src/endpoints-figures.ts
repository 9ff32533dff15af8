// The endpoints of the athlete's figures (analytics, training load, dashboard, wellness metrics): part of the
// contract's endpoint map, spread into API_ENDPOINTS (endpoints.ts; kept apart for that file's size). The
// default spans of their queries live here, with their sources.
import { z } from 'zod';
import {
  ZAchievements,
  ZAchievementsQuery,
  ZAnalyticsWeeklyLoad,
  ZDetailedZones,
  ZFitnessProjection,
  ZFitnessTrends,
  ZLoadBalance,
  ZPerformanceTrends,
  ZPerformanceTrendsQuery,
  ZPeriodization,
  ZPeriodQuery,
  ZPolarization,
  ZRaceReadiness,
  ZRaceReadinessQuery,
  ZServiceHealth,
  ZTrainingAnalytics,
  ZTrainingLoad,
  ZWeekStartQuery,
  ZZonesDistribution,
} from './analytics.ts';
import { dataEnvelope } from './common.ts';
import {
  ZDashboardRecovery,
  ZDashboardSummary,
  ZDashboardTrainingLoad,
  ZDashboardWeekQuery,
  ZDashboardWelcome,
  ZRaceCountdownWidget,
  ZReadinessWidget,
  ZStreakWidget,
} from './dashboard.ts';
import type { EndpointDef } from './endpoint-def.ts';
import { ZDeleted } from './endpoint-def.ts';
import {
  ZCurrentMetrics,
  ZDateQuery,
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
} from './metrics.ts';
import {
  ZAthleteIdParam,
  ZBulkTssRequest,
  ZConsistency,
  ZCtlAtlTsbRequest,
  ZDaysQuery,
  ZFitnessFormRecord,
  ZLoadTrendWeek,
  ZStreak,
  ZTssInput,
  ZTssResult,
  ZWeeklyLoad,
  ZWeekSummary,
  ZWeekSummaryQuery,
  ZWeeksQuery,
} from './training-load.ts';

export const FIGURES_ENDPOINTS = {
  // Analytics (docs/training-load.md §13, which gives the default spans; load balance over 12 weeks is ours).
  'GET /analytics/health': { response: dataEnvelope(ZServiceHealth) },
  'GET /analytics/weekly-load': {
    query: ZWeeksQuery(12),
    response: dataEnvelope(z.array(ZAnalyticsWeeklyLoad)),
    ownAthleteId: true,
  },
  'GET /analytics/zones': {
    query: ZPeriodQuery,
    response: dataEnvelope(ZZonesDistribution),
    ownAthleteId: true,
  },
  'GET /analytics/detailed-zones': { response: dataEnvelope(ZDetailedZones), ownAthleteId: true },
  'GET /analytics/polarized': {
    query: ZPeriodQuery,
    response: dataEnvelope(ZPolarization),
    ownAthleteId: true,
  },
  'GET /analytics/fitness-trends': {
    query: ZDaysQuery(90),
    response: dataEnvelope(ZFitnessTrends),
    ownAthleteId: true,
  },
  'GET /analytics/fitness-projection': { response: dataEnvelope(ZFitnessProjection), ownAthleteId: true },
  'GET /analytics/fitness-form': {
    query: ZDaysQuery(42),
    response: dataEnvelope(ZFitnessTrends),
    ownAthleteId: true,
  },
  'GET /analytics/load-balance': {
    query: ZWeeksQuery(12),
    response: dataEnvelope(ZLoadBalance),
    ownAthleteId: true,
  },
  'GET /analytics/consistency': {
    query: ZDaysQuery(28),
    response: dataEnvelope(ZConsistency),
    ownAthleteId: true,
  },
  'GET /analytics/achievements': {
    query: ZAchievementsQuery,
    response: dataEnvelope(ZAchievements),
    ownAthleteId: true,
  },
  'GET /analytics/performance-trends': {
    query: ZPerformanceTrendsQuery,
    response: dataEnvelope(ZPerformanceTrends),
    ownAthleteId: true,
  },
  'GET /analytics/periodization': {
    query: ZWeeksQuery(16),
    response: dataEnvelope(ZPeriodization),
    ownAthleteId: true,
  },
  'GET /analytics/race-readiness': {
    query: ZRaceReadinessQuery,
    response: dataEnvelope(ZRaceReadiness),
    ownAthleteId: true,
  },
  // The Training API's load calls (docs/training-load.md; default spans: docs/ARCHITECTURE.md, "Workouts and the calendar")
  'GET /training/form-fitness/{id}': {
    params: ZAthleteIdParam,
    query: ZDaysQuery(42),
    response: dataEnvelope(z.array(ZFitnessFormRecord)),
  },
  'GET /training/load-trends/{id}': {
    params: ZAthleteIdParam,
    query: ZWeeksQuery(12),
    response: dataEnvelope(z.array(ZLoadTrendWeek)),
  },
  'GET /training/consistency/{id}': {
    params: ZAthleteIdParam,
    query: ZDaysQuery(28),
    response: dataEnvelope(ZConsistency),
  },
  'POST /training/calculate-tss': { body: ZTssInput, response: dataEnvelope(ZTssResult), ownAthleteId: true },
  'POST /training/calculate-bulk-tss': { body: ZBulkTssRequest, response: dataEnvelope(z.array(ZTssResult)) },
  'POST /training/calculate-ctl-atl-tsb/{id}': {
    params: ZAthleteIdParam,
    body: ZCtlAtlTsbRequest,
    response: dataEnvelope(z.array(ZFitnessFormRecord)),
  },
  'GET /training/weekly-load': { query: ZWeeksQuery(12), response: dataEnvelope(z.array(ZWeeklyLoad)) },
  'GET /training/load/{id}': {
    params: ZAthleteIdParam,
    query: ZWeekStartQuery,
    response: dataEnvelope(ZTrainingLoad),
  },
  'GET /training/streak': { response: dataEnvelope(ZStreak) },
  'GET /training/summary/week': { query: ZWeekSummaryQuery, response: dataEnvelope(ZWeekSummary) },
  // The Training API's reads computed by the analytics service (docs/training-load.md)
  'GET /training/zones-distribution': { query: ZPeriodQuery, response: dataEnvelope(ZZonesDistribution) },
  'GET /training/analytics/{id}': {
    params: ZAthleteIdParam,
    query: ZPeriodQuery,
    response: dataEnvelope(ZTrainingAnalytics),
  },

  // Dashboard (docs/dashboard.md, "Dashboard API")
  'GET /dashboard/health': { response: dataEnvelope(ZServiceHealth) },
  'GET /dashboard/summary': { response: dataEnvelope(ZDashboardSummary), ownAthleteId: true },
  'GET /dashboard/welcome': { response: dataEnvelope(ZDashboardWelcome) },
  'GET /dashboard/recovery': {
    query: ZDaysQuery(7),
    response: dataEnvelope(ZDashboardRecovery),
    ownAthleteId: true,
  },
  'GET /dashboard/training-load': { response: dataEnvelope(ZDashboardTrainingLoad), ownAthleteId: true },
  'GET /dashboard/widgets/readiness': { response: dataEnvelope(ZReadinessWidget), ownAthleteId: true },
  'GET /dashboard/widgets/weekly-summary': {
    query: ZDashboardWeekQuery,
    response: dataEnvelope(ZWeekSummary),
    ownAthleteId: true,
  },
  'GET /dashboard/widgets/streak': { response: dataEnvelope(ZStreakWidget), ownAthleteId: true },
  'GET /dashboard/widgets/race-countdown': {
    response: dataEnvelope(ZRaceCountdownWidget),
    ownAthleteId: true,
  },

  // Metrics (wellness)
  'GET /metrics': { query: ZMetricsListQuery, response: dataEnvelope(z.array(ZWellnessDay)) },
  'POST /metrics': {
    body: ZWellnessUpsertRequest,
    response: dataEnvelope(ZWellnessDay),
    idempotencyKey: true,
  },
  'PUT /metrics/{id}': {
    params: ZMetricIdParam,
    body: ZWellnessUpdateRequest,
    response: dataEnvelope(ZWellnessDay),
  },
  'DELETE /metrics/{id}': { params: ZMetricIdParam, response: ZDeleted },
  'POST /metrics/import': {
    query: ZWellnessImportQuery,
    body: 'multipart',
    response: dataEnvelope(ZWellnessImportReport),
    idempotencyKey: true,
  },
  // The scores' reads (docs/wellness.md §6 gives the default spans); a POST without a body means today.
  'GET /metrics/recovery-trends': {
    query: ZDaysQuery(30),
    response: dataEnvelope(ZScoreTrends),
    ownAthleteId: true,
  },
  'GET /metrics/readiness-trends': {
    query: ZDaysQuery(30),
    response: dataEnvelope(ZScoreTrends),
    ownAthleteId: true,
  },
  'GET /metrics/recovery-recommendations': {
    response: dataEnvelope(z.array(z.string())),
    ownAthleteId: true,
  },
  'POST /metrics/calculate-readiness': {
    body: ZScoreRequest.nullish(),
    response: dataEnvelope(ZReadiness),
    ownAthleteId: true,
  },
  'POST /metrics/calculate-recovery/{id}': {
    params: ZAthleteIdParam,
    body: ZScoreRequest.nullish(),
    response: dataEnvelope(ZRecoveryScore.nullable()),
  },
  'GET /v1/metrics/recovery': { query: ZDateQuery, response: dataEnvelope(ZRecoveryScore.nullable()) },
  'GET /v1/metrics/recovery-analysis': {
    query: ZDaysQuery(7),
    response: dataEnvelope(ZRecoveryAnalysis),
    ownAthleteId: true,
  },
  'GET /v1/metrics/current': { response: dataEnvelope(ZCurrentMetrics) },
  'GET /v1/metrics/history': { query: ZMetricHistoryQuery, response: dataEnvelope(ZMetricHistory) },
  'GET /v1/metrics/summary': { query: ZMetricsSummaryQuery, response: dataEnvelope(ZMetricsSummary) },
  'GET /v1/metrics/hrv': { query: ZDaysQuery(30), response: dataEnvelope(ZMetricHistory) },
  'GET /v1/metrics/sleep': { query: ZDaysQuery(30), response: dataEnvelope(ZMetricHistory) },
  'GET /v1/metrics/vo2max': { query: ZDaysQuery(90), response: dataEnvelope(ZMetricHistory) },
  'GET /v1/metrics/resting-hr': { query: ZDaysQuery(30), response: dataEnvelope(ZMetricHistory) },
} as const satisfies Record<string, EndpointDef>;
