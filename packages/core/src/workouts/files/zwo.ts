// Zwift workout files (.zwo): XML with a <workout> of timed power blocks, power as a fraction of FTP (bike) or of
// threshold pace (run). Warmup and cooldown steps become Warmup/Cooldown ramps, repeated work/rest pairs become
// IntervalsT, everything else SteadyState. A rest step outside IntervalsT carries a "Recovery" text event,
// which is how it is recognised on the way back.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { roundTo } from '../../numbers.ts';
import type { Interval, IntervalTargets, Phase, Sport } from '../types.ts';
import {
  checkSteps,
  type FileStep,
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
  zoneForFtpFraction,
} from './common.ts';

/** Half the width of the ramp a warmup or cooldown step is written as, around its zone's power. */
const RAMP_HALF_WIDTH = 0.05;
/** IntervalsT may repeat a pair at most this often. */
const MAX_REPEAT = 100;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Control characters other than tab and newline are not allowed in XML 1.0.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const num = (n: number) => String(roundTo(n, 3));

function attributes(values: Record<string, number>): string {
  return Object.entries(values)
    .map(([key, value]) => ` ${key}="${num(value)}"`)
    .join('');
}

const restEvent = `<textevent timeoffset="0" message="${REST_LABEL}"/>`;

function element(tag: string, values: Record<string, number>, isRest: boolean): string {
  return isRest ? `<${tag}${attributes(values)}>${restEvent}</${tag}>` : `<${tag}${attributes(values)}/>`;
}

/** A warmup ramps up and a cooldown ramps down through its zone (or across its power range); a ramp target keeps its own direction. */
function ramp(step: FileStep, up: boolean): { from: number; to: number } {
  if (step.ramp) return { from: step.low, to: step.high };
  if (step.isRest) return { from: step.fraction, to: step.fraction };
  const [low, high] = step.fromZone
    ? [step.fraction - RAMP_HALF_WIDTH, step.fraction + RAMP_HALF_WIDTH]
    : [step.low, step.high];
  return up ? { from: low, to: high } : { from: high, to: low };
}

const samePower = (a: FileStep, b: FileStep) =>
  a.seconds === b.seconds && a.fraction === b.fraction && !a.ramp && !b.ramp;

/** How many identical work/rest pairs of the main set start at index i. */
function repeatedPairs(steps: FileStep[], i: number): number {
  const on = steps[i];
  const off = steps[i + 1];
  if (!on || !off || on.isRest || !off.isRest || on.phase !== 'main' || off.phase !== 'main') return 0;
  let count = 1;
  for (;;) {
    const nextOn = steps[i + 2 * count];
    const nextOff = steps[i + 2 * count + 1];
    if (!nextOn || !nextOff || count >= MAX_REPEAT) return count;
    if (!nextOff.isRest || nextOn.isRest || nextOn.phase !== 'main' || nextOff.phase !== 'main') return count;
    if (!samePower(nextOn, on) || !samePower(nextOff, off)) return count;
    count += 1;
  }
}

/** Writes a workout as a Zwift .zwo file. Only bike and run workouts have a Zwift sport type. */
export function toZwo(workout: WorkoutFileInput, thresholds?: FileThresholds): string {
  if (workout.sport !== 'bike' && workout.sport !== 'run') {
    throw new WorkoutFileError('Zwift workouts are for bike and run only');
  }
  const steps = fileSteps(workout.intervals, thresholds);
  const blocks: string[] = [];
  for (let i = 0; i < steps.length; ) {
    const step = steps[i]!;
    if (step.phase === 'warmup' || step.phase === 'cooldown') {
      const up = step.phase === 'warmup';
      const { from, to } = ramp(step, up);
      const tag = up ? 'Warmup' : 'Cooldown';
      // Zwift reads PowerLow as the power at the start of the block and PowerHigh as the power at its end.
      blocks.push(element(tag, { Duration: step.seconds, PowerLow: from, PowerHigh: to }, step.isRest));
      i += 1;
      continue;
    }
    const pairs = repeatedPairs(steps, i);
    if (pairs >= 2) {
      const off = steps[i + 1]!;
      blocks.push(
        element(
          'IntervalsT',
          {
            Repeat: pairs,
            OnDuration: step.seconds,
            OffDuration: off.seconds,
            OnPower: step.fraction,
            OffPower: off.fraction,
          },
          false,
        ),
      );
      i += 2 * pairs;
      continue;
    }
    if (step.ramp) {
      blocks.push(
        element('Ramp', { Duration: step.seconds, PowerLow: step.low, PowerHigh: step.high }, step.isRest),
      );
    } else {
      blocks.push(element('SteadyState', { Duration: step.seconds, Power: step.fraction }, step.isRest));
    }
    i += 1;
  }
  const description = workout.description?.trim();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<workout_file>',
    '  <author>Stamina</author>',
    `  <name>${escapeXml(workout.title)}</name>`,
    `  <description>${escapeXml(description ?? '')}</description>`,
    `  <sportType>${workout.sport}</sportType>`,
    '  <tags/>',
    '  <workout>',
    ...blocks.map((block) => `    ${block}`),
    '  </workout>',
    '</workout_file>',
    '',
  ].join('\n');
}

// Reading. fast-xml-parser with preserveOrder gives, for each element, { [tag]: children, ':@'?: attributes }.
type XmlNode = Record<string, unknown>;
const ATTRIBUTES = ':@';

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ATTRIBUTES && key !== '#text');
}

function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const children = tag ? node[tag] : undefined;
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

function textOf(node: XmlNode | undefined): string {
  if (!node) return '';
  return childrenOf(node)
    .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : ''))
    .join('')
    .trim();
}

/** Attribute lookup that ignores case, since files in the wild write both Duration and duration. */
function attributeReader(node: XmlNode, tag: string) {
  const raw = (node[ATTRIBUTES] ?? {}) as Record<string, unknown>;
  const lower = new Map(Object.entries(raw).map(([key, value]) => [key.toLowerCase(), String(value)]));
  const number = (name: string): number | undefined => {
    const text = lower.get(name.toLowerCase());
    if (text === undefined) return undefined;
    const n = parseDecimal(text);
    if (n === undefined) throw new WorkoutFileError(`<${tag}> has ${name}="${text}", which is not a number`);
    return n;
  };
  return {
    optional: number,
    duration(name = 'Duration'): number {
      const n = number(name);
      if (n === undefined) throw new WorkoutFileError(`<${tag}> has no ${name}`);
      if (n < 0 || n > 86_400)
        throw new WorkoutFileError(`<${tag}> has ${name}="${n}", outside 0-86400 seconds`);
      return Math.round(n);
    },
    power(name: string): number | undefined {
      const n = number(name);
      if (n !== undefined && (n < 0 || n > 5)) {
        throw new WorkoutFileError(`<${tag}> has ${name}="${n}"; power is a fraction of FTP between 0 and 5`);
      }
      return n;
    },
  };
}

const FREE_RIDE_ZONE = 2;
const MAX_EFFORT_ZONE = 5;

/** A <textevent> whose message names a rest ("Recovery"). */
const isRestEvent = (child: XmlNode) =>
  tagOf(child)?.toLowerCase() === 'textevent' &&
  isRestLabel(String(((child[ATTRIBUTES] ?? {}) as Record<string, unknown>).message ?? ''));

/**
 * The steps one element of <workout> stands for, with their power as % FTP on a bike (`percent`: a .zwo for a
 * run gives power as a share of threshold pace, which is not a % FTP target), ramps as ramps, and cadence.
 */
function readBlock(node: XmlNode, percent: boolean): Interval[] {
  const tag = tagOf(node) ?? '';
  const attr = attributeReader(node, tag);
  const isRest = childrenOf(node).some(isRestEvent);
  const cadence = attr.optional('Cadence');
  const withCadence = (targets: IntervalTargets): IntervalTargets =>
    cadence !== undefined && cadence > 0 && cadence <= 300
      ? { ...targets, cadence_rpm: Math.round(cadence) }
      : targets;
  const power = (from: number, to = from) => withCadence(percent ? percentTargets(from, to) : {});
  const steady = (phase: Phase) => {
    const low = attr.power('PowerLow');
    const high = attr.power('PowerHigh');
    const single = attr.power('Power');
    const [from, to] =
      low !== undefined && high !== undefined ? [low, high] : [single ?? low ?? high, single ?? low ?? high];
    if (from === undefined || to === undefined) throw new WorkoutFileError(`<${tag}> has no Power`);
    const duration = attr.duration();
    const zone = zoneForFtpFraction((from + to) / 2);
    return duration > 0 ? [fileInterval(duration, zone, isRest, phase, power(from, to))] : [];
  };
  switch (tag.toLowerCase()) {
    case 'warmup':
      return steady('warmup');
    case 'cooldown':
      return steady('cooldown');
    case 'ramp':
    case 'steadystate':
    case 'solidstate':
      return steady('main');
    case 'freeride': {
      // A free ride has no target: named so, in the easy zone the athlete rides it in.
      const duration = attr.duration();
      const step = fileInterval(duration, FREE_RIDE_ZONE, isRest, 'main', withCadence({}));
      return duration > 0 ? [{ ...step, name: 'Free ride' }] : [];
    }
    case 'maxeffort': {
      const duration = attr.duration();
      const step = fileInterval(duration, MAX_EFFORT_ZONE, false, 'main', withCadence({}));
      return duration > 0 ? [{ ...step, name: 'Max effort' }] : [];
    }
    case 'intervalst': {
      const repeat = attr.optional('Repeat') ?? 1;
      if (!Number.isInteger(repeat) || repeat < 1 || repeat > MAX_REPEAT) {
        throw new WorkoutFileError(
          `<IntervalsT> has Repeat="${repeat}"; use a whole number from 1 to ${MAX_REPEAT}`,
        );
      }
      const on = attr.duration('OnDuration');
      const off = attr.duration('OffDuration');
      const onPower = attr.power('OnPower') ?? attr.power('PowerOnHigh') ?? attr.power('PowerOnLow');
      const offPower = attr.power('OffPower') ?? attr.power('PowerOffHigh') ?? attr.power('PowerOffLow');
      if (onPower === undefined || offPower === undefined) {
        throw new WorkoutFileError('<IntervalsT> needs OnPower and OffPower');
      }
      const onCadence = attr.optional('Cadence');
      const offCadence = attr.optional('CadenceResting');
      const targets = (fraction: number, rpm: number | undefined): IntervalTargets => ({
        ...(percent ? percentTargets(fraction) : {}),
        ...(rpm !== undefined && rpm > 0 && rpm <= 300 ? { cadence_rpm: Math.round(rpm) } : {}),
      });
      const steps: Interval[] = [];
      for (let r = 0; r < repeat; r++) {
        if (on > 0)
          steps.push(
            fileInterval(on, zoneForFtpFraction(onPower), false, 'main', targets(onPower, onCadence)),
          );
        // The Off half of IntervalsT is the rest between efforts, whatever its power.
        if (off > 0)
          steps.push(
            fileInterval(off, zoneForFtpFraction(offPower), true, 'main', targets(offPower, offCadence)),
          );
      }
      return steps;
    }
    default:
      throw new WorkoutFileError(`<${tag}> is not a Zwift workout block this app can read`);
  }
}

// Made on first use: a parser built at module load would keep fast-xml-parser in every bundle that imports core.
let parser: XMLParser | undefined;
const xmlParser = () =>
  (parser ??= new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  }));

/** A .zwo is four levels deep (workout_file, workout, a block, a text event); anything past this is hostile. */
const MAX_ZWO_DEPTH = 32;

/** Whether elements open more than `limit` levels deep, counted from tags alone, before any XML is parsed. */
function tagDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (const match of text.matchAll(/<(\/?)[A-Za-z_][^<>]*?(\/?)>/g)) {
    if (match[1]) depth--;
    else if (!match[2] && ++depth > limit) return true;
  }
  return false;
}

/** Reads a Zwift .zwo file. Throws WorkoutFileError, with a message naming the problem, for anything else. */
export function fromZwo(xml: string): WorkoutFileContent {
  const text = xml.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new WorkoutFileError('The .zwo file is empty');
  // A workout file never needs a document type; refusing it rules out entity expansion tricks.
  if (/<!DOCTYPE/i.test(text)) throw new WorkoutFileError('The .zwo file must not contain a DOCTYPE');
  if (text.includes('\u0000') || /&#(0+|x0+);/i.test(text)) {
    throw new WorkoutFileError('The .zwo file contains a NUL character');
  }
  // The XML reader recurses per level: a file nested thousands deep would overflow its stack.
  if (tagDepthExceeds(text, MAX_ZWO_DEPTH)) {
    throw new WorkoutFileError(`The .zwo file nests elements more than ${MAX_ZWO_DEPTH} levels deep`);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new WorkoutFileError(
      `The .zwo file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`,
    );
  }
  const document = xmlParser().parse(text) as XmlNode[];
  const roots = document.filter((node) => {
    const tag = tagOf(node);
    return tag !== undefined && tag !== '?xml';
  });
  const root = roots[0];
  if (roots.length !== 1 || !root || tagOf(root) !== 'workout_file') {
    throw new WorkoutFileError('The .zwo file must have one <workout_file> element at its root');
  }
  const children = childrenOf(root);
  const find = (tag: string) => children.find((child) => tagOf(child)?.toLowerCase() === tag.toLowerCase());
  const workout = find('workout');
  if (!workout) throw new WorkoutFileError('The .zwo file has no <workout> element');

  const sportType = textOf(find('sportType')).toLowerCase() || 'bike';
  if (sportType !== 'bike' && sportType !== 'run') {
    throw new WorkoutFileError(
      `The .zwo file's sportType is "${sportType}"; only bike and run are supported`,
    );
  }
  const intervals: Interval[] = [];
  for (const block of childrenOf(workout)) {
    if (tagOf(block) === undefined) continue;
    intervals.push(...readBlock(block, sportType === 'bike'));
    if (intervals.length > 10_000) break;
  }
  return {
    title: textOf(find('name')),
    sport: sportType satisfies Sport,
    // This app's own files, and any file that marks a rest with a Recovery text event, say which steps rest.
    intervals: checkSteps(
      textOf(find('author')) === 'Stamina' || marksRests(workout) ? intervals : markRecoveries(intervals),
      '.zwo file',
    ),
  };
}

/** Whether any block of <workout> carries a Recovery text event (outside IntervalsT, how a rest is marked). */
function marksRests(workout: XmlNode): boolean {
  return childrenOf(workout).some((block) => childrenOf(block).some(isRestEvent));
}

/** Efforts are main-set steps at this zone or above: threshold and harder, which need a recovery after them. */
const EFFORT_ZONE = 4;

/**
 * Recoveries written as plain blocks (docs/workout-parser.md, "Workout files"): public .zwo collections write an
 * anaerobic or sprint set as SteadyState efforts with SteadyState recoveries at 40–55 % FTP and no text event,
 * so nothing says they are rests and the session read as zone 1 (most of its time). A main-set block in zone 1
 * between two efforts is a recovery; so is one right after the set's last effort when it lasts no longer than
 * the set's longest recovery (a longer easy block there is the ride home, not a recovery).
 */
function markRecoveries(steps: Interval[]): Interval[] {
  const isEffort = (s: Interval | undefined) =>
    s !== undefined && s.phase === 'main' && !s.isRest && s.zone >= EFFORT_ZONE;
  const isEasy = (s: Interval | undefined) =>
    s !== undefined && s.phase === 'main' && (s.isRest || s.zone === 1);
  const out = steps.slice();
  const recover = (k: number) => {
    const step = out[k]!;
    if (!step.isRest) out[k] = { ...step, isRest: true, name: 'Recovery' };
  };
  let longest = 0;
  let i = 0;
  while (i < out.length) {
    if (!isEffort(out[i])) {
      i++;
      continue;
    }
    let j = i + 1;
    while (isEasy(out[j])) j++;
    const span = out.slice(i + 1, j).reduce((t, s) => t + s.duration_seconds, 0);
    if (j > i + 1 && (isEffort(out[j]) || (longest > 0 && span <= longest))) {
      for (let k = i + 1; k < j; k++) recover(k);
      longest = Math.max(longest, span);
    } else if (!isEffort(out[j])) longest = 0; // the set ended
    i = j;
  }
  return out;
}
