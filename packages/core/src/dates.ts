// Calendar dates (YYYY-MM-DD) as the athlete sees them, in their own time zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of `instant` in `timeZone` (an IANA name); falls back to UTC for an unknown zone. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return instant.toISOString().slice(0, 10);
    }
    formatters.set(timeZone, formatter);
  }
  // en-CA formats as YYYY-MM-DD.
  return formatter.format(instant);
}

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
