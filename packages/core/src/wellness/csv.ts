// The CSV import of wellness history (docs/wellness.md §7): a tolerant reader for the files that watches,
// apps and spreadsheets export. Pure and total: any string gives a report, never an exception, and every
// data line ends up either as a row or as a rejection with its line number and reason.
import { EARLIEST_DATE, isDateInRange, LATEST_DATE } from '../dates.ts';
import { roundTo } from '../numbers.ts';
import { isIsoDate } from '../training/calendar.ts';
import {
  WELLNESS_NOTES_MAX_LENGTH,
  type WellnessField,
  type WellnessValues,
  wellnessRangeError,
} from './ranges.ts';

export const WELLNESS_CSV_ROW_LIMIT = 20_000;

type CsvField = WellnessField | 'date' | 'notes';

/** Header names (normalised: lower case, units in brackets dropped, non-alphanumerics as '_'). */
const COLUMN_ALIASES: Record<string, CsvField> = {
  date: 'date',
  day: 'date',
  hrv: 'hrv',
  hrv_rmssd: 'hrv',
  rmssd: 'hrv',
  hrv_ms: 'hrv',
  resting_hr: 'resting_hr',
  rhr: 'resting_hr',
  resting_heart_rate: 'resting_hr',
  resting_hr_bpm: 'resting_hr',
  sleep_hours: 'sleep_hours',
  sleep: 'sleep_hours',
  sleep_duration_h: 'sleep_hours',
  sleep_duration: 'sleep_hours',
  sleep_h: 'sleep_hours',
  sleep_quality: 'sleep_quality',
  sleep_quality_score: 'sleep_quality',
  readiness: 'readiness',
  readiness_score: 'readiness',
  subjective_readiness: 'readiness',
  fatigue: 'fatigue_level',
  fatigue_level: 'fatigue_level',
  soreness: 'soreness',
  mood: 'mood',
  weight: 'weight_kg',
  weight_kg: 'weight_kg',
  vo2max: 'vo2max',
  vo2_max: 'vo2max',
  ftp: 'ftp_watts',
  ftp_watts: 'ftp_watts',
  threshold_pace: 'threshold_pace_seconds_per_km',
  threshold_pace_seconds_per_km: 'threshold_pace_seconds_per_km',
  notes: 'notes',
  note: 'notes',
  comment: 'notes',
  comments: 'notes',
};

export interface WellnessCsvRow {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  /** The date and only the columns with a value: an empty cell leaves the stored value as it is. */
  values: WellnessValues;
}

export interface WellnessCsvReport {
  /** Recognised columns as field names, in file order. */
  columns: string[];
  /** Header cells that are not recognised (or repeat a field already taken), as written. */
  ignored_columns: string[];
  rows: WellnessCsvRow[];
  rejected: { line: number; reason: string }[];
  /** Non-blank data lines in the file, counted past the row limit too. */
  data_lines: number;
  /** More than WELLNESS_CSV_ROW_LIMIT data lines: only the first ones were read. */
  too_many_rows: boolean;
  /** A problem with the file as a whole (empty, no date column); rows and rejected are empty then. */
  error: string | null;
}

export function normaliseHeader(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/[([{].*?[)\]}]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Splits CSV text into records of cells, each with the line it starts on. Quotes may hold separators,
 * doubled quotes and line breaks. Lenient: a stray quote inside an unquoted cell is kept as text. Strict where
 * a quote would swallow rows: a quote never closed, or text right after a closing quote, marks the record with
 * a `problem`, so the import rejects that line instead of reading the next rows into one cell. */
function* records(
  text: string,
  delimiter: string,
): Generator<{ line: number; cells: string[]; problem?: string }> {
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let quoteOpenedOn = 0;
    let afterClosingQuote = false;
    let problem: string | undefined;
    let atCellStart = true;
    for (; i < n; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i++;
          } else {
            quoted = false;
            afterClosingQuote = true;
          }
        } else {
          if (ch === '\n') line++;
          cell += ch;
        }
        continue;
      }
      if (ch === '"' && atCellStart) {
        quoted = true;
        quoteOpenedOn = line;
        atCellStart = false;
      } else if (ch === delimiter) {
        cells.push(cell);
        cell = '';
        atCellStart = true;
        afterClosingQuote = false;
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        i++;
        line++;
        break;
      } else {
        if (afterClosingQuote && ch !== ' ' && ch !== '\t') {
          problem ??= `text follows the closing quote of a cell on line ${line}: a quote inside a quoted cell is written twice ("")`;
        }
        cell += ch;
        if (ch !== ' ' && ch !== '\t') atCellStart = false;
      }
    }
    if (quoted) {
      problem = `the quote opened on line ${quoteOpenedOn} is never closed, so every line after it would be read into one cell`;
    }
    cells.push(cell);
    yield problem === undefined ? { line: start, cells } : { line: start, cells, problem };
  }
}

/** The separator of the header line: the most frequent of ';', ',' and tab outside quotes (',' on a tie). */
function detectDelimiter(text: string): string {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A decimal number; with ';' or tab separators a decimal comma is accepted too (European exports). */
function parseNumber(text: string, decimalComma: boolean): number | null {
  const t = decimalComma ? text.replace(',', '.') : text;
  return NUMBER.test(t) ? Number(t) : null;
}

/** 'm:ss' (per km) or plain seconds. */
function parsePace(text: string, decimalComma: boolean): number | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(text);
  if (match) return Number(match[1]) * 60 + Number(match[2]);
  return parseNumber(text, decimalComma);
}

/** Decimal hours, or 'h:mm'. */
function parseHours(text: string, decimalComma: boolean): number | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(text);
  if (match) return roundTo(Number(match[1]) + Number(match[2]) / 60, 2);
  return parseNumber(text, decimalComma);
}

/** 'YYYY-MM-DD', also with a time after it ('T' or a space) as exports of timestamps carry; or an error. */
function parseDate(text: string): { date: string } | { error: string } {
  if (text === '') return { error: 'date is missing' };
  const head = text.slice(0, 10);
  const rest = text.slice(10);
  if ((rest === '' || /^[T ]/.test(rest)) && isIsoDate(head)) {
    if (!isDateInRange(head)) return { error: `date ${head} is outside ${EARLIEST_DATE} to ${LATEST_DATE}` };
    return { date: head };
  }
  if (/^\d{1,2}[/.]\d{1,2}[/.]\d{4}$/.test(text))
    return { error: `date ${text} is ambiguous (day/month or month/day): use YYYY-MM-DD` };
  return { error: `date ${text.slice(0, 40)} is not a date of the form YYYY-MM-DD` };
}

const emptyReport = (error: string | null): WellnessCsvReport => ({
  columns: [],
  ignored_columns: [],
  rows: [],
  rejected: [],
  data_lines: 0,
  too_many_rows: false,
  error,
});

/** Reads a wellness CSV: header row, then one row per day. See docs/wellness.md §7 for the format. */
export function parseWellnessCsv(text: string, rowLimit: number = WELLNESS_CSV_ROW_LIMIT): WellnessCsvReport {
  if (typeof text !== 'string') return emptyReport('The file is empty');
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = detectDelimiter(body);
  const decimalComma = delimiter !== ',';
  const iterator = records(body, delimiter);
  // Stepped by hand: breaking out of a for-of would close the generator before the data rows.
  let header: { line: number; cells: string[]; problem?: string } | undefined;
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    if (next.value.cells.some((c) => c.trim() !== '')) {
      header = next.value;
      break;
    }
  }
  if (!header) return emptyReport('The file is empty: expected a header row and one row per day');
  if (header.problem !== undefined) return emptyReport(`The header row is malformed: ${header.problem}`);
  const report = emptyReport(null);
  const fields: (CsvField | null)[] = [];
  const taken = new Set<CsvField>();
  for (const cell of header.cells) {
    const field = COLUMN_ALIASES[normaliseHeader(cell)];
    if (field && !taken.has(field)) {
      taken.add(field);
      fields.push(field);
      report.columns.push(field);
    } else {
      fields.push(null);
      if (cell.trim() !== '') report.ignored_columns.push(cell.trim());
    }
  }
  if (!taken.has('date'))
    return {
      ...emptyReport('The header has no date column (expected a column named date)'),
      ...pick(report),
    };

  const seen = new Map<string, number>();
  for (const { line, cells, problem } of iterator) {
    if (cells.every((c) => c.trim() === '')) continue;
    report.data_lines++;
    if (report.data_lines > rowLimit) {
      report.too_many_rows = true;
      continue;
    }
    if (problem !== undefined) {
      report.rejected.push({ line, reason: problem });
      continue;
    }
    const parsed = parseRow(cells, fields, decimalComma);
    if ('error' in parsed) {
      report.rejected.push({ line, reason: parsed.error });
      continue;
    }
    const first = seen.get(parsed.values.date);
    if (first !== undefined) {
      report.rejected.push({ line, reason: `date ${parsed.values.date} repeats line ${first}` });
      continue;
    }
    seen.set(parsed.values.date, line);
    report.rows.push({ line, values: parsed.values });
  }
  return report;
}

const pick = (report: WellnessCsvReport) => ({
  columns: report.columns,
  ignored_columns: report.ignored_columns,
});

function parseRow(
  cells: string[],
  fields: (CsvField | null)[],
  decimalComma: boolean,
): { values: WellnessValues } | { error: string } {
  if (cells.length > fields.length && cells.slice(fields.length).some((c) => c.trim() !== ''))
    return { error: `the row has ${cells.length} cells, the header ${fields.length}` };
  let date: string | null = null;
  const values: Partial<WellnessValues> = {};
  const errors: string[] = [];
  let count = 0;
  fields.forEach((field, index) => {
    if (!field) return;
    const cell = (cells[index] ?? '').trim();
    if (field === 'date') {
      const result = parseDate(cell);
      if ('error' in result) errors.push(result.error);
      else date = result.date;
      return;
    }
    if (cell === '') return;
    if (field === 'notes') {
      if (cell.length > WELLNESS_NOTES_MAX_LENGTH)
        errors.push(`notes must be at most ${WELLNESS_NOTES_MAX_LENGTH} characters`);
      else values.notes = cell;
      count++;
      return;
    }
    const number =
      field === 'threshold_pace_seconds_per_km'
        ? parsePace(cell, decimalComma)
        : field === 'sleep_hours'
          ? parseHours(cell, decimalComma)
          : parseNumber(cell, decimalComma);
    if (number === null) {
      errors.push(`${field} "${cell.slice(0, 40)}" is not a number`);
      return;
    }
    const problem = wellnessRangeError(field, number);
    if (problem) errors.push(problem);
    else {
      values[field] = number;
      count++;
    }
  });
  if (errors.length > 0) return { error: errors.join('; ') };
  if (date === null) return { error: 'date is missing' };
  if (count === 0) return { error: `the row for ${date} has no values` };
  return { values: { ...values, date } };
}
