// How the bank's rows are answered (docs/workout-bank.md): a template and a rating as the API shows them to
// an athlete (their own marked so), and the page fields of a paged list.
import type { WorkoutTemplate } from '@stamina/contract';
import type { Sport } from '@stamina/core';
import type * as repo from './repository.ts';

export function toTemplate(row: repo.TemplateRow, athleteId: string): WorkoutTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    key_focus: row.keyFocus,
    discipline: row.discipline as WorkoutTemplate['discipline'],
    sport: row.sport as Sport,
    estimated_duration_minutes: row.estimatedDurationMinutes,
    estimated_distance_meters: row.estimatedDistanceMeters,
    difficulty_level: row.difficultyLevel,
    primary_target: row.primaryTarget,
    intensity: row.intensity,
    zone1_percentage: row.zone1Percentage,
    zone2_percentage: row.zone2Percentage,
    zone3_percentage: row.zone3Percentage,
    zone4_percentage: row.zone4Percentage,
    zone5_percentage: row.zone5Percentage,
    tags: row.tags,
    training_phases: row.trainingPhases,
    required_equipment: row.requiredEquipment,
    weather_suitability: row.weatherSuitability,
    workout_language_text: row.structureText,
    avg_rating: row.avgRating,
    rating_count: row.ratingCount,
    usage_count: row.usageCount,
    is_verified: row.isVerified,
    is_public: row.isPublic,
    created_by_user: row.createdByUser,
    is_own: row.ownerAthleteId === athleteId,
    estimated_tss: row.estimatedTss,
    created_at: row.createdAt.toISOString(),
  };
}

export function toRating(row: repo.RatingRow, athleteId: string) {
  return {
    id: row.id,
    workout_template_id: row.templateId,
    rating: row.rating,
    effectiveness_rating: row.effectivenessRating,
    enjoyment_rating: row.enjoymentRating,
    difficulty_rating: row.difficultyRating,
    review_text: row.reviewText,
    fitness_level_when_completed: row.fitnessLevelWhenCompleted,
    completed_as_prescribed: row.completedAsPrescribed,
    modifications_made: row.modificationsMade,
    is_own: row.athleteId === athleteId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const zonesOf = (row: repo.TemplateRow) =>
  [
    row.zone1Percentage,
    row.zone2Percentage,
    row.zone3Percentage,
    row.zone4Percentage,
    row.zone5Percentage,
  ] as const;

/** The page fields of a paged answer. */
export function paging(total: number, page: number, pageSize: number) {
  return { total_count: total, page, page_size: pageSize, total_pages: Math.ceil(total / pageSize) };
}
