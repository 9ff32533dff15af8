// Many ids as one query parameter: `= any(uuidArray(ids))` sends one array value where Drizzle's `inArray` sends a
// parameter per id. The daily adaptation's page reads name 250 athletes and thousands of workouts: PostgreSQL
// parsed and planned thousands of parameters per statement, and a row-wise `in` over two such lists probed the
// primary key for every pair (docs/scale.md, "What grows, measured").
import { type SQL, sql } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `ids` as one `uuid[]` parameter; throws on an id that is not a uuid (they come from the database). */
export function uuidArray(ids: Iterable<string>): SQL {
  const list = [...ids];
  for (const id of list) if (!UUID.test(id)) throw new TypeError(`not a uuid: ${id}`);
  return sql`${`{${list.join(',')}}`}::uuid[]`;
}
