// A Workout Bank session fitted to the athlete's time and fitness (docs/workout-bank.md, "Suggestions"): scaled,
// then cut with fewer repeats where short efforts do not scale, and described with the length it really has.
import { type ParseOptions, parseWorkout } from '../workouts/parser/index.ts';
import { scaleWorkoutText, trimRepeatsToFit } from './index.ts';

export interface FitTemplate {
  /** The session in the workout language. */
  text: string;
  sport: ParseOptions['sport'];
  /** The template's stored length, whole minutes. */
  minutes: number;
  difficulty: number;
}

export interface FitRequest {
  availableMinutes?: number | null;
  fitnessLevel?: string | null;
}

export interface FitResult {
  text: string;
  factor: number;
  /** The fitted text's own length, whole minutes (at least 1), as the template's derived length is measured. */
  minutes: number;
  /** What changed, every figure the fitted session's own. */
  changes: string[];
}

/** A text's length in whole minutes, as the template's derived fields count it. */
export function sessionMinutes(text: string, sport: ParseOptions['sport']): number {
  return Math.max(1, Math.round(parseWorkout(text, { sport }).total_duration_estimated / 60));
}

/**
 * Fits the session to the time available and the athlete's fitness. The changes name the fitted session's own
 * length, measured from its text, never the length aimed at: a 60-minute 30/30 session asked for in 30 minutes
 * says the figure it ends at (docs/workout-bank.md, "Fitting to the time").
 */
export function fitSessionLength(t: FitTemplate, req: FitRequest): FitResult {
  const available = req.availableMinutes && req.availableMinutes > 0 ? req.availableMinutes : null;
  const shorten = available !== null && available < t.minutes;
  let factor = shorten ? available / t.minutes : 1;
  let eased = false;
  let lengthened = false;
  if (req.fitnessLevel === 'beginner' && t.difficulty >= 4) {
    factor *= 0.8;
    eased = true;
  } else if ((req.fitnessLevel === 'advanced' || req.fitnessLevel === 'elite') && t.difficulty <= 2) {
    const grow = Math.min(1.2, available ? available / (t.minutes * factor) : 1.2);
    if (grow > 1.01) {
      factor *= grow;
      lengthened = true;
    }
  }
  factor = Math.round(factor * 100) / 100;
  let text = scaleWorkoutText(t.text, factor);
  let minutes = sessionMinutes(text, t.sport);
  if (available !== null && minutes > available && (shorten || eased)) {
    // Short efforts do not scale: fewer repeats instead.
    text = trimRepeatsToFit(text, available, t.sport);
    minutes = sessionMinutes(text, t.sport);
  }
  const changes: string[] = [];
  if (shorten) changes.push(`Shortened from ${t.minutes} to ${minutes} minutes to fit your ${available}`);
  if (eased)
    changes.push(
      shorten
        ? 'Cut by a further fifth: this session is hard for a beginner'
        : `Cut by a fifth, to ${minutes} minutes: this session is hard for a beginner`,
    );
  if (lengthened && minutes > t.minutes)
    changes.push(`Lengthened from ${t.minutes} to ${minutes} minutes: an easy session for your fitness`);
  return { text, factor, minutes, changes };
}
