// Splits workout text into tokens that keep their [start, end) positions in the original text, so every
// fragment the parser does not understand can be reported exactly where it was written.
//
// Words are ASCII letters only ("Z3" is the word "z" then the number 3, "3x10" is 3, "x", 10); the parser
// joins adjacent tokens where that means something. Typographic variants are normalised here: × is the
// word "x", en and em dashes are "-", curly and prime quotes are ' and ", bullets are "*".

type TokenKind = 'num' | 'word' | 'punct' | 'clock' | 'nl' | 'other';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** Lower-case text for words, the normalised character for punctuation, '' otherwise. */
  text: string;
  /** Numbers: their value. Clocks: seconds, reading m:ss or h:mm:ss. */
  value: number;
  /** True when whitespace (or the start of a line) comes right before the token. */
  space: boolean;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

function isSpace(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 11 ||
    c === 12 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const isNewline = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** ASCII punctuation the grammar gives a meaning to (or at least recognises). */
const PUNCT = new Set(',;+()[]{}@/%-:\'"*.!~&|<>=#?^$_\\`');

/** Non-ASCII characters that stand for ASCII punctuation. */
const UNICODE_PUNCT: Record<number, string> = {
  8211: '-',
  8212: '-',
  8722: '-',
  8216: "'",
  8217: "'",
  8242: "'",
  8220: '"',
  8221: '"',
  8243: '"',
  8226: '*',
  183: '*',
  9642: '*',
  9702: '*',
  8594: '-',
};

function isOtherChar(c: number): boolean {
  if (isSpace(c) || isNewline(c) || isDigit(c) || isLetter(c)) return false;
  if (c === 0xd7 || UNICODE_PUNCT[c] !== undefined) return false;
  if (c < 128) return !PUNCT.has(String.fromCharCode(c));
  return true;
}

/** Tokenises the whole text. Linear time, never throws. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let space = true;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isNewline(c)) {
      const start = i;
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      tokens.push({ kind: 'nl', start: start, end: i, text: '', value: 0, space });
      space = false;
      space = true;
      continue;
    }
    if (isSpace(c)) {
      i++;
      space = true;
      continue;
    }
    if (isDigit(c)) {
      const start = i;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const intEnd = i;
      // A clock: 4:30, 1:30:00 (at most three parts).
      if (text.charCodeAt(i) === 58 && isDigit(text.charCodeAt(i + 1))) {
        const parts = [Number(text.slice(start, intEnd))];
        while (parts.length < 3 && text.charCodeAt(i) === 58 && isDigit(text.charCodeAt(i + 1))) {
          const partStart = ++i;
          while (i < n && isDigit(text.charCodeAt(i))) i++;
          parts.push(Number(text.slice(partStart, i)));
        }
        const value =
          parts.length === 3 ? parts[0]! * 3600 + parts[1]! * 60 + parts[2]! : parts[0]! * 60 + parts[1]!;
        tokens.push({ kind: 'clock', start: start, end: i, text: '', value: value, space });
        space = false;
        continue;
      }
      if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
      }
      tokens.push({
        kind: 'num',
        start: start,
        end: i,
        text: '',
        value: Number(text.slice(start, i)),
        space,
      });
      space = false;
      continue;
    }
    if (isLetter(c)) {
      const start = i;
      while (i < n && isLetter(text.charCodeAt(i))) i++;
      tokens.push({ kind: 'word', start, end: i, text: text.slice(start, i).toLowerCase(), value: 0, space });
      space = false;
      continue;
    }
    if (c === 0xd7) {
      tokens.push({ kind: 'word', start: i, end: i + 1, text: 'x', value: 0, space });
      space = false;
      i++;
      continue;
    }
    // ":55" (a swimmer's send-off) is 55 seconds.
    if (c === 58 && space && isDigit(text.charCodeAt(i + 1)) && isDigit(text.charCodeAt(i + 2))) {
      const start = i;
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const seconds = Number(text.slice(start + 1, i));
      tokens.push({ kind: 'clock', start, end: i, text: '', value: seconds, space });
      space = false;
      continue;
    }
    const mapped = UNICODE_PUNCT[c];
    if (mapped !== undefined) {
      tokens.push({ kind: 'punct', start: i, end: i + 1, text: mapped, value: 0, space });
      space = false;
      i++;
      continue;
    }
    if (c < 128 && PUNCT.has(text[i]!)) {
      tokens.push({ kind: 'punct', start: i, end: i + 1, text: text[i]!, value: 0, space });
      space = false;
      i++;
      continue;
    }
    // Anything else (other scripts, emoji, control characters) is one run of unknown text.
    const start = i;
    while (i < n && isOtherChar(text.charCodeAt(i))) i++;
    tokens.push({ kind: 'other', start: start, end: i, text: '', value: 0, space });
    space = false;
  }
  return tokens;
}
