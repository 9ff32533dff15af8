// Calendar dates as the browser sees them (its own time zone), in the API's YYYY-MM-DD form.
import { format } from 'date-fns';

/** The local calendar day of `date`. */
export const isoDate = (date: Date): string => format(date, 'yyyy-MM-dd');

/** Today in the browser's time zone. */
export const todayIso = (): string => isoDate(new Date());
