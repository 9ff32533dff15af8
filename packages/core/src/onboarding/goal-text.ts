// The goal text made regular before it is read (docs/onboarding.md, "Reading the goal"): lower case, plain
// dashes and quotes, spelled-out amounts as digits, common typos of month and event names fixed, and the
// sentence and clause bounds every reader uses to keep a date, a time or a negation with what it belongs to.

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  sixteen: 16,
  twenty: 20,
};
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
export const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** Misspellings athletes type, each to the word meant (whole words only). */
const TYPOS: Record<string, string> = {
  hlaf: 'half',
  halfmarathon: 'half marathon',
  halbmarathon: 'half marathon',
  marathn: 'marathon',
  maraton: 'marathon',
  marthon: 'marathon',
  ironamn: 'ironman',
  ironmans: 'ironmans',
  trathlon: 'triathlon',
  triathalon: 'triathlon',
  triatlon: 'triathlon',
  undr: 'under',
  wek: 'week',
  weks: 'weeks',
  wks: 'weeks',
  hrs: 'hours',
  mins: 'minutes',
  min: 'minutes',
  xmas: 'christmas',
  jan: 'january',
  feb: 'february',
  apr: 'april',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december',
  juli: 'july',
  juni: 'june',
  octobre: 'october',
  septembre: 'september',
};

/** Names that are one letter away from a month but are not one. */
const NOT_MONTHS = new Set([
  'jane',
  'mark',
  'mary',
  'marc',
  'junk',
  'jul',
  'mat',
  'may',
  'man',
  'mar',
  'mach',
]);

/** Edit distance with adjacent transpositions, stopping early past 2. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** A misspelt month name ("apirl", "feburary", "septmber") as the month; other words as they are. */
function fixMonth(word: string): string {
  if (word.length < 4 || NOT_MONTHS.has(word)) return word;
  for (const month of MONTHS) {
    if (month === word || month[0] !== word[0]) continue;
    const allowed = month.length >= 7 ? 2 : 1;
    if (month.length > 3 && distance(word, month) <= allowed) return month;
  }
  return word;
}

/** Lower case, plain dashes and spaces, spelled-out amounts as digits; character positions may shift. */
export function normalise(text: string): string {
  return (
    text
      // "IM" in capitals is an Ironman ("IM Lake Placid", "previous IMs: 3"); "im" in lower case is "I'm".
      .replace(/\bIMs\b/g, 'ironmans')
      .replace(/\bIM\b/g, 'ironman')
      .toLowerCase()
      .replace(/[\u2010-\u2015]/g, '-')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[()[\]]/g, ' ')
      // "8 hrs/wk", "30 km p/w", "4 runs per wk": a week written short.
      .replace(/ ?\/ ?(?:wk|wks|week)\b|\b(?:per|a|each|every) wks?\b|\bp\/w\b/g, ' a week')
      .replace(/[a-z]+/g, (w) => TYPOS[w] ?? fixMonth(w))
      .replace(/\s+/g, ' ')
      // A decimal comma before a unit ("1,5 km", "3,5 hours"), as much of Europe writes it; "1,500 m" (three
      // digits after the comma) is a thousands separator and stays.
      .replace(/\b(\d+),(\d{1,2}) ?(?=(?:k|km|kms|kilomet\w*|mi|miles?|h|hrs?|hours?)\b)/g, '$1.$2 ')
      .replace(/\b(\d{1,3}),(\d{3})(?= ?(?:m|meters?|metres?|yards?|yds?|km|k|miles?)\b)/g, '$1$2')
      .replace(/\b(\d+)ish\b/g, '$1')
      .replace(/\b(an? )?hour and a half\b/g, '1.5 hours')
      .replace(
        /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) and a half hours?\b/g,
        (_, n) => `${NUMBER_WORDS[n]! + 0.5} hours`,
      )
      .replace(/\bhalf an hour\b/g, '30 minutes')
      .replace(/\ba couple (of )?hours\b/g, '2 hours')
      .replace(/\ban hour\b/g, '1 hour')
      .replace(/\b(a|one) mile\b/g, '1 mile')
      .replace(
        /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|sixteen|twenty)\b(?=[ -](?:to|or|and|-|hours?|h\b|minutes?|weeks?|months?|days?|marathons?|ironmans?|triathlons?|races?|halfs?|halves|years?|times|sessions|runs))/g,
        (w) => String(NUMBER_WORDS[w]),
      )
      .replace(
        /\b(under|sub|below|in) (one|two|three|four|five|six)\b/g,
        (_, cue, w) => `${cue} ${NUMBER_WORDS[w]}`,
      )
      .replace(
        /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b/g,
        (w) => `${ORDINAL_WORDS[w]}th`,
      )
      .replace(/\b1th\b/g, '1st')
      .replace(/\b2th\b/g, '2nd')
      .replace(/\b3th\b/g, '3rd')
      // "13. june", "day 15 of may", "the 28th of march": the day and month chrono reads.
      .replace(new RegExp(String.raw`\b(\d{1,2})\. (${MONTH})\b`, 'g'), '$1 $2')
      .replace(new RegExp(String.raw`\b(\d{1,2})(st|nd|rd|th)? of (${MONTH})\b`, 'g'), '$1$2 $3')
      .replace(/\s+/g, ' ')
  );
}

/** Sentence-like pieces: events, dates and markers are matched to each other only inside one. */
export function sentenceOf(text: string, index: number): { start: number; end: number } {
  const stops = /[.!?;\n](?:\s|$)/g;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(stops)) {
    if (m.index! < index) start = m.index! + 1;
    else {
      end = m.index!;
      break;
    }
  }
  return { start, end };
}

/** The clause around [start, end): cut at commas, semicolons, colons, "and", "but", "then", sentence ends. */
export function clauseOf(text: string, start: number, end = start): { start: number; end: number } {
  const cuts = /[,;:!?]|\.(?:\s|$)| and | but | then | except | however | though | plus /g;
  let from = 0;
  let to = text.length;
  for (const m of text.matchAll(cuts)) {
    if (m.index! + m[0].length <= start) from = m.index! + m[0].length;
    else if (m.index! >= end) {
      to = m.index!;
      break;
    }
  }
  return { start: from, end: to };
}
