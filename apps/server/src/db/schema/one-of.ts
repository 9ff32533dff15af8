// CHECK constraints built from core's vocabulary arrays, so the database, the contract's enums and the domain
// read one list (docs/storage.md, "Data model").
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** `column in ('a', 'b', …)` from a fixed list of words (core constants, never input). */
export function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}
