// Dates in a goal text (docs/onboarding.md, "Dates"): chrono-node reads most forms; before it, our own rules
// read what it reads otherwise ("end of May" is the month's last Sunday, not the 31st; "11/04/2027" is the
// reading that falls on a weekend; "the 7th" is the next 7th; Christmas). A date on or before today is
// never a race day: a day-month already passed this year is next year's (chrono's forwardDate), a dated
// past (2025) is dropped.
import * as chrono from 'chrono-node';
import { addDays } from '../dates.ts';
import { dayOfWeek, isIsoDate } from '../training/calendar.ts';
import { MONTH, MONTHS } from './goal-text.ts';

export interface DateMention {
  date: string;
  index: number;
  end: number;
  /** A guess from a month without a day ("in June", "next May", "late June"): its Sunday. */
  approximate?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const RELATIVE_UNITS = /\b(days?|weeks?|months?|years?)\b/;
const TIME_UNITS = /\b(h|hours?|minutes?|seconds?)\b/;

/** The first Sunday on or after `date`: an assumed race day falls on a weekend. */
export function sundayOnOrAfter(date: string): string {
  return addDays(date, (7 - dayOfWeek(date)) % 7);
}

const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)));

/** The Sundays of a month: the race day guessed for "early", "mid" and "late" that month. */
function sundaysOf(year: number, month: number): string[] {
  const first = sundayOnOrAfter(`${year}-${pad(month)}-01`);
  const out: string[] = [];
  for (let d = first; d.slice(0, 7) === `${year}-${pad(month)}`; d = addDays(d, 7)) out.push(d);
  return out;
}

/** The first year, from today's, in which `pick(year)` is after today. */
function nextYearly(
  today: string,
  pick: (year: number) => string | null,
  explicitYear?: number,
): string | null {
  const year = Number(today.slice(0, 4));
  if (explicitYear !== undefined) {
    const date = pick(explicitYear);
    return date && date > today ? date : null;
  }
  for (const y of [year, year + 1]) {
    const date = pick(y);
    if (date && date > today) return date;
  }
  return null;
}

const validDate = (y: number, m: number, d: number) => {
  const date = `${y}-${pad(m)}-${pad(d)}`;
  return isIsoDate(date) ? date : null;
};

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Our own date forms, read before chrono; each match is blanked so chrono does not read it again. */
/**
 * What a span already read (an amount, a time, a date) is replaced with before chrono reads the rest: the same
 * length, so positions still point into the text. Not spaces: a month and its day followed by a long run of
 * spaces lost the day in chrono ("5K on 28 february, 3 hours a week" read as February, then its second Sunday).
 */
const HIDDEN = '#';

function ownDates(text: string, today: string): { found: DateMention[]; masked: string } {
  const found: DateMention[] = [];
  let masked = text;
  const take = (index: number, length: number, date: string | null, approximate = false) => {
    if (date && date > today)
      found.push({ date, index, end: index + length, ...(approximate && { approximate }) });
    masked = masked.slice(0, index) + HIDDEN.repeat(length) + masked.slice(index + length);
  };
  // 2027.07.25, 2027/07/25.
  for (const m of text.matchAll(/\b(20\d\d)[./](\d{1,2})[./](\d{1,2})\b/g))
    take(m.index!, m[0].length, validDate(Number(m[1]), Number(m[2]), Number(m[3])));
  // 11/04/2027: day-month or month-day, whichever the numbers allow; when both, the one on a weekend
  // (races are), else month-day.
  for (const m of masked.matchAll(/\b(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})\b/g)) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), fullYear(m[3]!)];
    const mdy = validDate(y, a, b);
    const dmy = validDate(y, b, a);
    const weekend = (d: string | null) => d !== null && [0, 6].includes(dayOfWeek(d));
    const date = mdy && dmy ? (weekend(dmy) && !weekend(mdy) ? dmy : mdy) : (mdy ?? dmy);
    take(m.index!, m[0].length, date);
  }
  // Early, mid and late in a month: its first, second and last Sunday.
  const part = new RegExp(
    String.raw`\b(early|(?:the )?(?:beginning|start) of|mid|middle of|late|(?:the )?end of)[ -](${MONTH})\b(?: (20\d\d))?`,
    'g',
  );
  for (const m of masked.matchAll(part)) {
    const month = monthIndex(m[2]!) + 1;
    const which = /early|beginning|start/.test(m[1]!) ? 0 : /mid/.test(m[1]!) ? 1 : -1;
    const year = m[3] ? Number(m[3]) : undefined;
    take(
      m.index!,
      m[0].length,
      nextYearly(today, (y) => sundaysOf(y, month).at(which) ?? null, year),
      true,
    );
  }
  // "Next May": that month's second Sunday, the next one after today.
  for (const m of masked.matchAll(
    new RegExp(String.raw`\b(?:next|this coming|coming) (${MONTH})\b(?! \d)`, 'g'),
  )) {
    const month = monthIndex(m[1]!) + 1;
    take(
      m.index!,
      m[0].length,
      nextYearly(today, (y) => sundaysOf(y, month)[1] ?? null),
      true,
    );
  }
  // "Next month": its second Sunday.
  for (const m of masked.matchAll(/\bnext month\b/g)) {
    const [yy, mm] = today.split('-').map(Number) as [number, number];
    const [year, month] = mm === 12 ? [yy + 1, 1] : [yy, mm + 1];
    take(m.index!, m[0].length, sundaysOf(year, month)[1] ?? null, true);
  }
  const holidays: Array<[RegExp, string]> = [
    [/\bchristmas eve\b/g, '12-24'],
    [/\bchristmas(?: day)?\b/g, '12-25'],
    [/\bnew year'?s eve\b|\bnye\b/g, '12-31'],
    [/\bnew year'?s(?: day)?\b/g, '01-01'],
  ];
  for (const [pattern, day] of holidays)
    for (const m of masked.matchAll(pattern))
      take(
        m.index!,
        m[0].length,
        nextYearly(today, (y) => `${y}-${day}`),
      );
  // "On the 7th" with no month: the next 7th.
  for (const m of masked.matchAll(
    new RegExp(
      String.raw`\bthe (\d{1,2})(?:st|nd|rd|th)\b(?! (?:of )?${MONTH}\b| (?:week|month|time|mile|km|lap))`,
      'g',
    ),
  )) {
    const day = Number(m[1]);
    let date: string | null = null;
    for (let k = 0; k < 13 && !date; k++) {
      const [y, mo] = today.split('-').map(Number) as [number, number];
      const month = ((mo - 1 + k) % 12) + 1;
      const year = y + Math.floor((mo - 1 + k) / 12);
      const candidate = validDate(year, month, day);
      if (candidate && candidate > today) date = candidate;
    }
    take(m.index!, m[0].length, date);
  }
  return { found, masked };
}

/**
 * An amount: a number or a range of them with its unit ("8-10 hrs", "6 h", "50-60 km"). Hidden from chrono, so
 * "70.3 in June, 8-10 hrs/week" is June, not the 8th of June.
 */
const AMOUNT =
  /\b\d+(?:\.\d+)?(?:\s*(?:-|–|to)\s*\d+(?:\.\d+)?)?\s*(?:h|hrs?|hours?|mins?|minutes?|km|kms|k|mi|miles?)\b/g;

/** Words before a date that make it the date of something already done ("ran a 1:32 half in May"). */
const DONE_BEFORE = /\b(ran|did|raced|finished|started|since|began|clocked|got|had|broke)\b[^,.;!?]*$/;

/**
 * The race dates in `text`. `blank` are spans read as something else (events, times): chrono does not see
 * them, so "70.3 june 27" is not the 3rd of June and "1h39m - 2027-04-11" not a range.
 */
export function findDates(
  text: string,
  today: string,
  blank: ReadonlyArray<[number, number]> = [],
): DateMention[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  let blanked = text.replace(AMOUNT, (amount) => HIDDEN.repeat(amount.length));
  for (const [from, to] of blank)
    blanked = blanked.slice(0, from) + HIDDEN.repeat(to - from) + blanked.slice(to);
  const own = ownDates(blanked, today);
  const masked = own.masked;
  const found = own.found.filter((f) => !DONE_BEFORE.test(text.slice(Math.max(0, f.index - 40), f.index)));
  // Noon local time of the athlete's day: chrono's arithmetic never crosses a day boundary on a DST change.
  const reference = new Date(y, m - 1, d, 12);
  const out = [...found];
  for (const result of chrono.parse(masked, reference, { forwardDate: true })) {
    const start = result.start;
    const relative = RELATIVE_UNITS.test(result.text) && /\d/.test(result.text);
    const before = text.slice(Math.max(0, result.index - 40), result.index);
    const after = text.slice(result.index + result.text.length, result.index + result.text.length + 20);
    if (DONE_BEFORE.test(before)) continue;
    // "3000m", "10h", "a week": a number with a unit or a span of time, not a date.
    if (
      /^\d+\s*[a-z]{0,2}$/.test(result.text) ||
      (RELATIVE_UNITS.test(result.text) && !/\d/.test(result.text))
    )
      continue;
    // "Since 2 months", "30 years of running", "3000m elevation": amounts, not dates.
    if (
      relative &&
      (/\b(since|for|of|been|after)\s*$/.test(before) ||
        /^\s*(ago|of|old|running|riding|training|experience|a week|per week|each week|every week|a month)\b/.test(
          after,
        ) ||
        /years?/.test(result.text))
    )
      continue;
    if (TIME_UNITS.test(result.text)) continue; // "10 hours a week", "45 minutes": amounts of time.
    if (!relative && !start.isCertain('month')) continue; // "Sunday", "3:30": a weekday or a clock time.
    let date = `${start.get('year')}-${pad(start.get('month')!)}-${pad(start.get('day')!)}`;
    // A month without a day: its second Sunday (a race is on a weekend; mid-month is the best guess), the
    // next one after today when no year is given.
    const approximate = !relative && !start.isCertain('day');
    if (approximate) {
      const month = start.get('month')!;
      const year = start.isCertain('year') ? start.get('year')! : undefined;
      date = nextYearly(today, (yy) => sundaysOf(yy, month)[1] ?? null, year) ?? '';
    }
    if (!isIsoDate(date) || date <= today) continue;
    out.push({
      date,
      index: result.index,
      end: result.index + result.text.replace(/[\s,.;:!?]+$/, '').length,
      ...(approximate && { approximate }),
    });
  }
  // "In June (June 14)", "late June, the 27th": the day given wins over the month's guessed Sunday.
  const exactMonths = new Set(out.filter((d) => !d.approximate).map((d) => d.date.slice(0, 7)));
  return out
    .filter((d) => !d.approximate || !exactMonths.has(d.date.slice(0, 7)))
    .sort((a, b) => a.index - b.index);
}

/** The middle month of each season north of the equator; south of it each is six months on. */
const SEASON_MID_MONTH: Record<string, number> = { spring: 4, summer: 7, autumn: 10, fall: 10, winter: 1 };
/** Time zones south of the equator (their spring is September to November). */
const SOUTHERN_ZONE =
  /^(Australia|Antarctica)\/|^Pacific\/(Auckland|Chatham|Fiji|Tongatapu|Apia|Noumea|Efate)$|^America\/(Argentina\/.*|Santiago|Sao_Paulo|Montevideo|Asuncion|La_Paz|Lima|Punta_Arenas)$|^Africa\/(Johannesburg|Maputo|Harare|Windhoek|Gaborone|Maseru|Mbabane|Lusaka|Blantyre|Lubumbashi)$|^Indian\/(Mauritius|Reunion|Antananarivo)$/;

/**
 * "A sub-45 10K in spring", "next summer", "late autumn 2027": a race in a season but on no date. Its guess is
 * the second Sunday of the season's middle month (early: its first month, late: its last), the next one after
 * today, in the athlete's hemisphere by their time zone (docs/onboarding.md, "Dates"). Null when no season is
 * named as the race's time ("fall" must follow in / this / next / early / mid / late, or come before a year).
 */
export function seasonDate(
  text: string,
  today: string,
  timeZone = 'UTC',
): { date: string; season: string; label: string } | null {
  const m = text.match(
    /\b(?:(in|this|next|coming|the) (?:the )?)?(?:(early|mid|middle of|late) (?:the )?)?(spring|summer|autumn|fall|winter)(?: (?:of )?(20\d\d))?\b/,
  );
  if (!m || (!m[1] && !m[2] && !m[4]) || (m[3] === 'fall' && !m[1] && !m[2] && !m[4])) return null;
  const shift = m[2] === 'early' ? -1 : m[2] === 'late' ? 1 : 0;
  const north = SEASON_MID_MONTH[m[3]!]! + shift;
  const month = ((north - 1 + (SOUTHERN_ZONE.test(timeZone) ? 6 : 0) + 12) % 12) + 1;
  const year = m[4] ? Number(m[4]) : undefined;
  const date = nextYearly(today, (y) => sundaysOf(y, month)[1] ?? null, year);
  if (!date) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const monthName = MONTHS[mo - 1]!;
  return {
    date,
    season: `${m[2] ? `${m[2]} ` : ''}${m[3]}`,
    label: `${d} ${monthName[0]!.toUpperCase()}${monthName.slice(1)} ${y}`,
  };
}
