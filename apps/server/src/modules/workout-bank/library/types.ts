// The shape of a library entry (docs/workout-bank.md, "The library"). Only what a coach writes is here: the
// duration, zone percentages and TSS are derived from `structure` by the core parser when the bank is seeded.
import type { Sport } from '@stamina/core';

export type Discipline = 'swim' | 'bike' | 'run' | 'brick' | 'strength' | 'recovery';
type PrimaryTarget =
  | 'endurance'
  | 'tempo'
  | 'threshold'
  | 'vo2max'
  | 'speed'
  | 'race_pace'
  | 'technique'
  | 'strength'
  | 'recovery'
  | 'testing';
type TrainingPhase =
  | 'aerobic_endurance'
  | 'muscular_endurance'
  | 'muscular_force'
  | 'speed_neuromuscular'
  | 'anaerobic_endurance'
  | 'threshold_development'
  | 'technique_drills'
  | 'recovery_regeneration'
  | 'testing_benchmark';
export type Weather = 'indoor' | 'sunny' | 'cloudy' | 'rainy' | 'windy' | 'hot' | 'cold';

export interface LibraryTemplate {
  /** Stable key: the seed finds the row by it, so renaming a template keeps its favourites and ratings. */
  slug: string;
  name: string;
  description: string;
  key_focus: string;
  discipline: Discipline;
  /** The parser's sport for `structure` (a brick is parsed as a ride with its run written in minutes). */
  sport: Sport;
  difficulty: 1 | 2 | 3 | 4 | 5;
  primary_target: PrimaryTarget;
  tags: string[];
  phases: TrainingPhase[];
  equipment: string[];
  weather: Weather[];
  structure: string;
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** One entry; its slug is its discipline and name unless given. */
export function entry(
  discipline: Discipline,
  sport: Sport,
  fields: Omit<LibraryTemplate, 'slug' | 'discipline' | 'sport'> & { slug?: string },
): LibraryTemplate {
  return { ...fields, discipline, sport, slug: fields.slug ?? `${discipline}-${slugify(fields.name)}` };
}

export const OUTDOOR: Weather[] = ['sunny', 'cloudy', 'windy', 'cold'];
export const ANY_WEATHER: Weather[] = ['indoor', 'sunny', 'cloudy', 'rainy', 'windy', 'hot', 'cold'];
