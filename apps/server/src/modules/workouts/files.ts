// Workout files: export a stored workout's structure as .zwo, .fit, .mrc or .erg, and create a workout from an
// uploaded .zwo, .mrc, .erg or .fit. The format code is pure and lives in packages/core (the FIT bytes here, with
// the FIT SDK; the FIT step mapping in core).
import {
  WORKOUT_FILE_FORMAT_NAMES,
  WORKOUT_FILE_MAX_BYTES,
  WORKOUT_FILE_SPORTS,
  WORKOUT_IMPORT_FORMATS,
  WORKOUT_TEXT_MAX_LENGTH,
  type Workout,
  type WorkoutExportQuery,
  type WorkoutFileFormat,
  ZWorkoutImportFields,
} from '@stamina/contract';
import {
  type FileThresholds,
  fromErg,
  fromMrc,
  fromZwo,
  type Interval,
  renderWorkout,
  toErg,
  toMrc,
  toZwo,
  type WorkoutFileContent,
  WorkoutFileError,
  workoutFileName,
} from '@stamina/core';
import { AppError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { ThresholdReader } from '../thresholds/index.ts';
import { encodeFitWorkout, readFitWorkout } from './fit.ts';
import type { WorkoutService } from './service.ts';

const WORKOUT_FILE_CONTENT_TYPES: Record<WorkoutFileFormat, string> = {
  zwo: 'application/xml; charset=utf-8',
  fit: 'application/vnd.ant.fit',
  mrc: 'text/plain; charset=utf-8',
  erg: 'text/plain; charset=utf-8',
};

/** Which sports each format can carry. */

type ImportFormat = (typeof WORKOUT_IMPORT_FORMATS)[number];
const TEXT_READERS: Record<Exclude<ImportFormat, 'fit'>, (text: string) => WorkoutFileContent> = {
  zwo: fromZwo,
  mrc: fromMrc,
  erg: fromErg,
};

export interface ExportedFile {
  body: string | Buffer;
  contentType: string;
  /** The Content-Disposition header: an ASCII file name, and the title itself for clients that read filename*. */
  disposition: string;
}

/** RFC 5987 encoding for filename*: everything but unreserved characters is percent-encoded. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function disposition(title: string, format: WorkoutFileFormat): string {
  const ascii = workoutFileName(title, format);
  const full = `${title.replace(/[\\/:*?"<>|\s]+/g, ' ').trim() || 'workout'}.${format}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(full)}`;
}

function stepsOf(workout: Workout): Interval[] {
  const s = workout.workout_structure;
  if (!s) return [];
  return [...s.warmup_intervals, ...s.main_intervals, ...s.cooldown_intervals] as Interval[];
}

const isImportFormat = (ext: string): ext is ImportFormat =>
  (WORKOUT_IMPORT_FORMATS as readonly string[]).includes(ext);

function readText(file: UploadedFile, extension: Exclude<ImportFormat, 'fit'>): WorkoutFileContent {
  const text = new TextDecoder('utf-8').decode(file.bytes);
  if (text.includes('\u0000')) {
    throw new AppError(
      'VALIDATION_FAILED',
      `"${file.fileName}" is binary data, not a .${extension} text file`,
    );
  }
  return TEXT_READERS[extension](text);
}

export function createWorkoutFileService(
  workouts: WorkoutService,
  thresholds?: Pick<ThresholdReader, 'thresholdsOn'>,
) {
  /**
   * What a file is written with, from the athlete's thresholds on the workout's day (docs/zones.md): the FTP
   * (the one asked for wins), and the pace zones of the workout's sport when they come from the athlete's
   * threshold pace or CSS, or an edited table (never from a default: a watch would hold the athlete to it).
   */
  async function basisFor(auth: AuthContext, workout: Workout, askedFtp: number | undefined) {
    const on = await thresholds?.thresholdsOn(auth.athleteId, workout.workout_date);
    const ftpWatts = askedFtp ?? (on?.cycling.known.ftp ? on.cycling.ftpWatts : undefined);
    const paceSport = workout.sport === 'swim' ? 'swimming' : workout.sport === 'run' ? 'running' : undefined;
    const table = on?.zones.find((z) => z.sport === paceSport && z.kind === 'pace');
    const paceZones = table && (!table.from_defaults || table.method === 'custom') ? table.zones : undefined;
    const fileThresholds: FileThresholds = ftpWatts ? { ftpWatts } : {};
    return { fileThresholds, paceZones };
  }

  return {
    async exportFile(auth: AuthContext, id: string, query: WorkoutExportQuery): Promise<ExportedFile> {
      const workout = await workouts.get(auth, id);
      const { format } = query;
      if (!WORKOUT_FILE_SPORTS[format].includes(workout.sport)) {
        throw new AppError(
          'VALIDATION_FAILED',
          `${WORKOUT_FILE_FORMAT_NAMES[format]} files are for ${WORKOUT_FILE_SPORTS[format].join(' and ')} workouts; this is a ${workout.sport} workout`,
        );
      }
      const intervals = stepsOf(workout);
      if (!intervals.some((step) => Math.round(step.duration_seconds) > 0)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'This workout has no timed steps to export. Describe it in the workout text first, for example "10min easy, 5x 3min @ Z4 with 2min rest".',
        );
      }
      const input = { title: workout.title, sport: workout.sport, intervals };
      const { fileThresholds, paceZones } = await basisFor(auth, workout, query.ftp_watts);
      const body =
        format === 'zwo'
          ? toZwo(input, fileThresholds)
          : format === 'mrc'
            ? toMrc(input, fileThresholds)
            : format === 'erg'
              ? toErg(input, fileThresholds)
              : Buffer.from(encodeFitWorkout({ ...input, paceZones, poolLengthMeters: query.pool_length_m }));
      return {
        body,
        contentType: WORKOUT_FILE_CONTENT_TYPES[format],
        disposition: disposition(workout.title, format),
      };
    },

    /** Reads the file, renders its steps as canonical text, and creates the workout from that text. */
    async importFile(auth: AuthContext, file: UploadedFile | undefined, rawFields: Record<string, string>) {
      const fields = ZWorkoutImportFields.safeParse(rawFields);
      if (!fields.success) {
        const issues = fields.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'form',
          message: issue.message,
        }));
        throw new AppError('VALIDATION_FAILED', `${issues[0]!.field}: ${issues[0]!.message}`, issues);
      }
      if (!file) throw new AppError('VALIDATION_FAILED', 'Attach the workout file in the form field "file"');
      if (file.bytes.length > WORKOUT_FILE_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The workout file is larger than 1 MB');
      }
      const extension = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase() ?? '';
      if (!isImportFormat(extension)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `${file.fileName ? `"${file.fileName}" is not` : 'The file is not'} a workout file this app reads: upload a .zwo, .mrc, .erg or .fit file`,
        );
      }
      let content: WorkoutFileContent;
      try {
        // Watts and heart rates in a FIT workout are zoned with the athlete's thresholds of that day.
        const on =
          extension === 'fit'
            ? await thresholds?.thresholdsOn(auth.athleteId, fields.data.workout_date)
            : undefined;
        content =
          extension === 'fit'
            ? readFitWorkout(
                file.bytes,
                on && { ...on.cycling, restingHr: on.cycling.restingHr ?? undefined },
              )
            : readText(file, extension);
      } catch (error) {
        if (error instanceof WorkoutFileError) {
          throw new AppError('VALIDATION_FAILED', `Could not read "${file.fileName}": ${error.message}`);
        }
        throw error;
      }
      const workoutText = renderWorkout(content.intervals);
      if (workoutText.length > WORKOUT_TEXT_MAX_LENGTH) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The workout in "${file.fileName}" is too long to keep as text (over ${WORKOUT_TEXT_MAX_LENGTH} characters)`,
        );
      }
      const stem = file.fileName.replace(/\.[^.]*$/, '').trim();
      const title = (fields.data.title ?? (content.title.trim() || stem || 'Imported workout')).slice(0, 200);
      return workouts.create(auth, {
        title,
        workout_date: fields.data.workout_date,
        sport: content.sport,
        workout_language_text: workoutText,
        workout_data: { source_file: { format: extension, name: file.fileName.slice(0, 200) } },
      });
    },
  };
}

export type WorkoutFileService = ReturnType<typeof createWorkoutFileService>;
