// The CSV import of wellness history (docs/wellness.md §7): a tolerant reader for the files that watches,
// apps and spreadsheets export, on csv-parse's sync API (pure JavaScript, browser-safe). Ours are the column
// mapping, the range checks and the quoting rules. Pure and total: any string gives a report, never an
// exception, and every data line ends up either as a row or as a rejection with its line number and reason.
import { CsvError, parse } from 'csv-parse/sync';
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

interface CsvRecord {
  /** The line the record starts on. */
  line: number;
  cells: string[];
  /** Why the record cannot be read (a quote never closed, text after a closing quote): its line is rejected. */
  problem?: string;
}

/** csv-parse's options: cells may hold separators, doubled quotes and line breaks inside quotes; CR, LF and
 * CRLF all end a record; a stray quote inside an unquoted cell is kept as text (relax_quotes); spaces around
 * a quoted cell are allowed (trim); rows may be longer or shorter than the header (checked by parseRow). */
const PARSE_OPTIONS = {
  bom: false,
  relax_quotes: true,
  relax_column_count: true,
  trim: true,
  skip_empty_lines: false,
  record_delimiter: ['\r\n', '\n', '\r'],
};
/** The text is parsed in windows of whole lines, so that after a rejected record only a little is read again. */
const FIRST_WINDOW = 512;
const MAX_WINDOW = 64 * 1024;

/** The offset just after the line break at or after `from` (CRLF counts as one), or the end of the text. */
function afterLineBreak(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') return i + 1;
    if (ch === '\r') return text[i + 1] === '\n' ? i + 2 : i + 1;
  }
  return text.length;
}

/** The offset just after the `lines`-th line break from `from`, or the end of the text. */
function afterLines(text: string, from: number, lines: number): number {
  let at = from;
  for (let n = 0; n < lines && at < text.length; n++) at = afterLineBreak(text, at);
  return at;
}

/** The number of line breaks in text[from, to) (CRLF counts as one). */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) count++;
  }
  return count;
}

/**
 * A cursor over a chunk that csv-parse read as UTF-8: moved to a byte offset it reports, it gives the char
 * offset there and the line breaks passed (CRLF counts as one). Core has no TextEncoder (it runs anywhere).
 */
function byteCursor(chunk: string) {
  let char = 0;
  let byte = 0;
  let lines = 0;
  return {
    moveTo(target: number): { char: number; lines: number } {
      while (byte < target && char < chunk.length) {
        const code = chunk.charCodeAt(char);
        if (code === 10 || (code === 13 && chunk.charCodeAt(char + 1) !== 10)) lines++;
        const pair = code >= 0xd800 && code < 0xdc00 && (chunk.charCodeAt(char + 1) & 0xfc00) === 0xdc00;
        byte += code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
        char += pair ? 2 : 1;
      }
      return { char, lines };
    },
  };
}

/**
 * The physical line (counted like `linesBefore`) of the line csv-parse reports an error on, in the record
 * starting at `recordStart`. csv-parse counts a CRLF inside a quoted cell as two lines; inside a record every
 * line break before the error is inside a quoted cell (one outside would have ended the record).
 */
function physicalLine(
  text: string,
  recordStart: number,
  parserLinesBefore: number,
  linesBefore: number,
  reported: number,
): number {
  let parserLines = parserLinesBefore;
  let lines = linesBefore;
  let at = recordStart;
  while (at < text.length) {
    const next = afterLineBreak(text, at);
    if (next >= text.length && !/[\r\n]$/.test(text.slice(at, next))) break;
    const weight = text.slice(next - 2, next) === '\r\n' ? 2 : 1;
    if (parserLines + weight > reported - 1) break;
    parserLines += weight;
    lines++;
    at = next;
  }
  return lines + 1;
}

/** Why csv-parse stopped, in the words of the import report. */
function problemOf(err: unknown, startLine: number, errorLine: number): string {
  const code = err instanceof CsvError ? err.code : undefined;
  if (code === 'CSV_QUOTE_NOT_CLOSED')
    return `the quote opened on line ${startLine} is never closed, so every line after it would be read into one cell`;
  if (code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE' || code === 'CSV_INVALID_CLOSING_QUOTE')
    return `text follows the closing quote of a cell on line ${errorLine}: a quote inside a quoted cell is written twice ("")`;
  return err instanceof Error ? err.message : 'the line cannot be read as CSV';
}

/**
 * Splits CSV text into records of cells, each with the line it starts on, with csv-parse. Strict where a quote
 * would swallow rows: a quote never closed, or text right after a closing quote, gives the record a `problem`
 * (its line is rejected) and reading goes on at the next line, instead of reading the next rows into one cell.
 * Past `maxRecords` non-blank records the rest is only counted, by line: those rows are not read anyway.
 */
function records(text: string, delimiter: string, maxRecords: number): CsvRecord[] {
  const out: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  let window = FIRST_WINDOW;
  let nonBlank = 0;
  while (start < text.length) {
    if (nonBlank > maxRecords) return countRest(out, text, start, line);
    const end = afterLineBreak(text, Math.min(text.length, start + window) - 1);
    const chunk = text.slice(start, end);
    // csv-parse reports where each record ends in UTF-8 bytes (exact) and in lines (which count a CRLF inside
    // a quoted cell twice): the start lines are counted from the bytes (byteCursor).
    const read: { bytes: number; lines: number; cells: string[] }[] = [];
    let failure: unknown = null;
    try {
      parse(chunk, {
        ...PARSE_OPTIONS,
        delimiter,
        on_record: (cells: string[], context: { bytes: number; lines: number }) => {
          read.push({ bytes: context.bytes, lines: context.lines, cells });
          return null;
        },
      });
    } catch (err) {
      // A quoted cell running past the window: read a larger one (nothing of this window is kept).
      if (err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED' && end < text.length) {
        window *= 2;
        continue;
      }
      failure = err;
    }
    const cursor = byteCursor(chunk);
    let at = { char: 0, lines: 0 };
    for (const record of read) {
      out.push({ line: line + at.lines, cells: record.cells });
      if (record.cells.some((c) => c !== '')) nonBlank++;
      at = cursor.moveTo(record.bytes);
    }
    if (failure === null) {
      line += lineBreaks(text, start, end);
      start = end;
      window = Math.min(MAX_WINDOW, window * 2);
      continue;
    }
    const reported = failure instanceof CsvError && typeof failure.lines === 'number' ? failure.lines : 0;
    const linesBefore = at.lines;
    const recordStart = start + at.char;
    const errorLine = physicalLine(text, recordStart, read.at(-1)?.lines ?? 0, linesBefore, reported);
    // The rest of the line that went wrong belongs to the rejected record; reading goes on after it.
    const next = afterLines(text, start, errorLine);
    // Empty cells and a quote opened on nothing but blanks make a blank line, as they always did.
    const blank = new RegExp(`^[\\s${delimiter}]*"\\s*$`).test(text.slice(recordStart, next));
    if (blank) out.push({ line: line + linesBefore, cells: [''] });
    else {
      nonBlank++;
      out.push({
        line: line + linesBefore,
        cells: [''],
        problem: problemOf(failure, line + linesBefore, line + errorLine - 1),
      });
    }
    line += lineBreaks(text, start, next);
    start = next;
    window = FIRST_WINDOW;
  }
  return out;
}

/** The lines from `start` on, one record each (non-blank ones as one unread cell), to be counted only. */
function countRest(out: CsvRecord[], text: string, start: number, firstLine: number): CsvRecord[] {
  let line = firstLine;
  for (let at = start; at < text.length; line++) {
    const next = afterLineBreak(text, at);
    if (text.slice(at, next).trim() !== '') out.push({ line, cells: ['…'] });
    at = next;
  }
  return out;
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
  // The header and rowLimit data rows are read; any more are only counted.
  const all = records(body, delimiter, rowLimit + 1);
  const headerIndex = all.findIndex((r) => r.problem !== undefined || r.cells.some((c) => c.trim() !== ''));
  const header = all[headerIndex];
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
  for (const { line, cells, problem } of all.slice(headerIndex + 1)) {
    if (problem === undefined && cells.every((c) => c.trim() === '')) continue;
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
