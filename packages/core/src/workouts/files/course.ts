// .mrc and .erg trainer files (bike): a [COURSE HEADER], then [COURSE DATA] with one "minutes value" point a line,
// then an optional [COURSE TEXT] of messages. MRC values are percent of FTP, ERG values are watts with the FTP in
// the header. Each step is written as two points (its start and its end), so steps meet in a vertical jump.
// Course text marks where each phase starts ("Warmup", "Main set", "Cooldown") and each rest step ("Recovery").
import type { Interval, Phase } from '../types.ts';
import {
  checkSteps,
  DEFAULT_FTP_WATTS,
  type FileThresholds,
  fileInterval,
  fileSteps,
  isRestLabel,
  parseDecimal,
  percentTargets,
  REST_LABEL,
  type WorkoutFileContent,
  WorkoutFileError,
  type WorkoutFileInput,
  workoutFileName,
  zoneForFtpFraction,
} from './common.ts';

type Units = 'PERCENT' | 'WATTS';
const EXTENSION: Record<Units, string> = { PERCENT: 'mrc', WATTS: 'erg' };
const PHASE_LABEL: Record<Phase, string> = { warmup: 'Warmup', main: 'Main set', cooldown: 'Cooldown' };
/** How long a trainer shows each course text message, in seconds. */
const MESSAGE_SECONDS = 10;

const minutes = (seconds: number) => (seconds / 60).toFixed(2);
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

function writeCourse(workout: WorkoutFileInput, units: Units, ftpWatts: number, thresholds?: FileThresholds) {
  const steps = fileSteps(workout.intervals, thresholds);
  const value = (fraction: number) =>
    units === 'PERCENT' ? String(Math.round(fraction * 1000) / 10) : String(Math.round(fraction * ftpWatts));
  const data: string[] = [];
  const messages: string[] = [];
  let at = 0;
  let phase: Phase | undefined;
  for (const step of steps) {
    // A ramp runs from its first power to its last; any other step holds one power.
    data.push(
      `${minutes(at)}\t${value(step.ramp ? step.low : step.fraction)}`,
      `${minutes(at + step.seconds)}\t${value(step.ramp ? step.high : step.fraction)}`,
    );
    if (step.phase !== phase) messages.push(`${at}\t${PHASE_LABEL[step.phase]}\t${MESSAGE_SECONDS}`);
    if (step.isRest) messages.push(`${at}\t${REST_LABEL}\t${MESSAGE_SECONDS}`);
    phase = step.phase;
    at += step.seconds;
  }
  const extension = EXTENSION[units];
  return [
    '[COURSE HEADER]',
    'VERSION = 2',
    'UNITS = ENGLISH',
    `DESCRIPTION = ${oneLine(workout.title)}`,
    `FILE NAME = ${workoutFileName(workout.title, extension)}`,
    ...(units === 'WATTS' ? [`FTP = ${ftpWatts}`] : []),
    `MINUTES ${units}`,
    '[END COURSE HEADER]',
    '[COURSE DATA]',
    ...data,
    '[END COURSE DATA]',
    ...(messages.length ? ['[COURSE TEXT]', ...messages, '[END COURSE TEXT]'] : []),
    '',
  ].join('\r\n');
}

/** Writes a bike workout as an .mrc file (percent of FTP over minutes). */
export function toMrc(workout: WorkoutFileInput, thresholds?: FileThresholds): string {
  return writeCourse(workout, 'PERCENT', thresholds?.ftpWatts ?? DEFAULT_FTP_WATTS, thresholds);
}

/** Writes a bike workout as an .erg file (watts over minutes); without a known FTP, DEFAULT_FTP_WATTS is assumed. */
export function toErg(workout: WorkoutFileInput, thresholds?: FileThresholds): string {
  const ftp = Math.round(
    thresholds?.ftpWatts && thresholds.ftpWatts > 0 ? thresholds.ftpWatts : DEFAULT_FTP_WATTS,
  );
  return writeCourse(workout, 'WATTS', ftp, thresholds);
}

// Reading.
type Section = 'COURSE HEADER' | 'COURSE DATA' | 'COURSE TEXT';
const SECTION_ORDER: readonly Section[] = ['COURSE HEADER', 'COURSE DATA', 'COURSE TEXT'];

interface Course {
  header: Map<string, string>;
  units: Units | undefined;
  points: Array<{ seconds: number; value: number; line: number }>;
  messages: Map<number, string[]>;
}

function readCourse(text: string, what: string): Course {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const course: Course = { header: new Map(), units: undefined, points: [], messages: new Map() };
  const seen: Section[] = [];
  let open: Section | undefined;
  let lastSeconds = -1;

  lines.forEach((raw, index) => {
    const line = raw.trim();
    const n = index + 1;
    if (line === '' || line.startsWith(';') || line.startsWith('#')) return;
    const marker = /^\[\s*(END\s+)?([A-Z ]+?)\s*\]$/i.exec(line);
    if (marker) {
      const name = marker[2]!.toUpperCase().replace(/\s+/g, ' ') as Section;
      if (!SECTION_ORDER.includes(name))
        throw new WorkoutFileError(`Line ${n}: unknown section [${marker[2]}]`);
      if (marker[1]) {
        if (open !== name) throw new WorkoutFileError(`Line ${n}: [END ${name}] without an open [${name}]`);
        open = undefined;
        return;
      }
      if (open) throw new WorkoutFileError(`Line ${n}: [${name}] starts before [END ${open}]`);
      if (seen.includes(name)) throw new WorkoutFileError(`Line ${n}: [${name}] appears twice`);
      const expected = SECTION_ORDER[seen.length];
      if (name !== expected) {
        throw new WorkoutFileError(
          `Line ${n}: sections are out of order: [${name}] where [${expected}] should come (header, then data, then text)`,
        );
      }
      seen.push(name);
      open = name;
      return;
    }
    if (!open) throw new WorkoutFileError(`Line ${n}: "${line.slice(0, 40)}" is outside any section`);

    if (open === 'COURSE HEADER') {
      const units = /^MINUTES\s+(PERCENT|WATTS)$/i.exec(line);
      if (units) {
        course.units = units[1]!.toUpperCase() as Units;
        return;
      }
      const pair = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
      if (pair) course.header.set(pair[1]!.toUpperCase().replace(/\s+/g, ' '), pair[2]!.trim());
      return;
    }

    if (open === 'COURSE DATA') {
      const parts = line.split(/\s+/);
      const minutesValue = parseDecimal(parts[0]);
      const value = parseDecimal(parts[1]);
      if (parts.length !== 2 || minutesValue === undefined || value === undefined) {
        throw new WorkoutFileError(
          `Line ${n}: expected "minutes value" in [COURSE DATA], got "${line.slice(0, 40)}"`,
        );
      }
      if (minutesValue < 0 || value < 0)
        throw new WorkoutFileError(`Line ${n}: negative numbers are not allowed`);
      // Points are written to a hundredth of a minute; whole seconds recover the steps exactly.
      const seconds = Math.round(minutesValue * 60);
      if (seconds < lastSeconds)
        throw new WorkoutFileError(`Line ${n}: time goes backwards (${parts[0]} minutes)`);
      if (seconds > 24 * 60 * 60)
        throw new WorkoutFileError(`Line ${n}: the ${what} lasts longer than 24 hours`);
      lastSeconds = seconds;
      course.points.push({ seconds, value, line: n });
      return;
    }

    // COURSE TEXT: "seconds <tab> message <tab> display seconds"; the last column is optional.
    const columns = /^(\S+)\s+(.*?)(?:\s+\d+(?:\.\d+)?)?$/.exec(line);
    const offset = parseDecimal(columns?.[1]);
    const message = columns?.[2];
    if (offset === undefined || offset < 0 || !message) {
      throw new WorkoutFileError(`Line ${n}: expected "seconds<TAB>message" in [COURSE TEXT]`);
    }
    const key = Math.round(offset);
    course.messages.set(key, [...(course.messages.get(key) ?? []), message]);
  });

  if (open) throw new WorkoutFileError(`The ${what} ends inside [${open}]: [END ${open}] is missing`);
  if (!seen.includes('COURSE HEADER')) throw new WorkoutFileError(`The ${what} has no [COURSE HEADER]`);
  if (!seen.includes('COURSE DATA')) throw new WorkoutFileError(`The ${what} has no [COURSE DATA]`);
  if (course.points.length < 2)
    throw new WorkoutFileError(`The ${what} needs at least two points in [COURSE DATA]`);
  return course;
}

function phaseFromLabel(messages: string[] | undefined): Phase | undefined {
  for (const message of messages ?? []) {
    if (/^\s*warm\s*-?\s*up/i.test(message)) return 'warmup';
    if (/^\s*main/i.test(message)) return 'main';
    if (/^\s*cool\s*-?\s*down/i.test(message)) return 'cooldown';
  }
  return undefined;
}

/** Turns the points into steps: every stretch of time between two points is one step at its mean value. */
function courseSteps(course: Course, toFraction: (value: number) => number, what: string): Interval[] {
  const segments: Array<{ seconds: number; start: number; from: number; to: number; rising: number }> = [];
  for (let i = 0; i + 1 < course.points.length; i++) {
    const a = course.points[i]!;
    const b = course.points[i + 1]!;
    const seconds = b.seconds - a.seconds;
    if (seconds > 0) {
      segments.push({
        seconds,
        start: a.seconds,
        from: toFraction(a.value),
        to: toFraction(b.value),
        rising: b.value - a.value,
      });
    }
  }
  const labelled = [...course.messages.values()].some((messages) => phaseFromLabel(messages) !== undefined);
  let phase: Phase = 'main';
  const intervals = segments.map((segment, i) => {
    if (labelled) {
      phase = phaseFromLabel(course.messages.get(segment.start)) ?? phase;
    } else {
      // A file without phase labels: a first step ramping up is the warmup, a last one ramping down the cooldown.
      phase = i === 0 && segment.rising > 0 && segments.length > 1 ? 'warmup' : 'main';
      if (i === segments.length - 1 && segment.rising < 0 && segments.length > 1) phase = 'cooldown';
    }
    const isRest = (course.messages.get(segment.start) ?? []).some(isRestLabel);
    // Each stretch keeps its power as % FTP; one that changes between its points is a ramp.
    const zone = zoneForFtpFraction((segment.from + segment.to) / 2);
    return fileInterval(segment.seconds, zone, isRest, phase, percentTargets(segment.from, segment.to));
  });
  return checkSteps(intervals, what);
}

const titleOf = (course: Course) =>
  course.header.get('DESCRIPTION') || (course.header.get('FILE NAME') ?? '').replace(/\.[a-z0-9]+$/i, '');

/** Reads an .mrc file (percent of FTP). Throws WorkoutFileError, naming the problem, for anything malformed. */
export function fromMrc(text: string): WorkoutFileContent {
  const course = readCourse(text, '.mrc file');
  if (course.units !== 'PERCENT') {
    throw new WorkoutFileError(
      course.units === 'WATTS'
        ? 'The .mrc file is in watts (MINUTES WATTS); save it as .erg'
        : 'The .mrc file header lacks the "MINUTES PERCENT" line',
    );
  }
  for (const point of course.points) {
    if (point.value > 500)
      throw new WorkoutFileError(`Line ${point.line}: ${point.value}% of FTP is out of range`);
  }
  return {
    title: titleOf(course),
    sport: 'bike',
    intervals: courseSteps(course, (percent) => percent / 100, '.mrc file'),
  };
}

/** Reads an .erg file (watts, with FTP in the header). Throws WorkoutFileError for anything malformed. */
export function fromErg(text: string): WorkoutFileContent {
  const course = readCourse(text, '.erg file');
  if (course.units !== 'WATTS') {
    throw new WorkoutFileError(
      course.units === 'PERCENT'
        ? 'The .erg file is in percent (MINUTES PERCENT); save it as .mrc'
        : 'The .erg file header lacks the "MINUTES WATTS" line',
    );
  }
  const ftpText = course.header.get('FTP');
  const ftp = parseDecimal(ftpText);
  if (ftp === undefined) throw new WorkoutFileError('The .erg file header needs the FTP ("FTP = 250")');
  if (ftp < 50 || ftp > 2000)
    throw new WorkoutFileError(`The .erg file's FTP of ${ftpText} W is out of range`);
  for (const point of course.points) {
    if (point.value > 5 * ftp)
      throw new WorkoutFileError(`Line ${point.line}: ${point.value} W is out of range`);
  }
  return {
    title: titleOf(course),
    sport: 'bike',
    // Watts are whole numbers: read back as whole % FTP, as the text writes them, so a zone does not flip on a
    // fraction of a watt.
    intervals: courseSteps(course, (watts) => Math.round((watts / ftp) * 100) / 100, '.erg file'),
  };
}
