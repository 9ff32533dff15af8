// How the schema shards by athlete (docs/scale.md, "Citus: sharding by athlete"): the one place that says which
// tables are not distributed by `athlete_id`, and why. Every other table of the public schema is an athlete
// table: it carries `athlete_id`, and `npm run db:citus-check` (scripts/citus-check.ts) holds it to the rules.

/** The distribution column of every athlete table. */
export const DISTRIBUTION_COLUMN = 'athlete_id';

/** The athletes table is distributed by its own id: an athlete's row lives on the shard of its athlete id. */
export const ATHLETES_TABLE = 'athletes';

/**
 * Reference tables: small or shared by every athlete, copied whole to every node, so that an athlete table may
 * join them or reference them on any shard.
 */
export const REFERENCE_TABLES: Record<string, string> = {
  workout_templates:
    'the Workout Bank: library templates and the public ones athletes wrote, searched and read by every athlete',
  workout_categories: 'the Workout Bank categories: a fixed lookup of a few dozen rows',
  workout_template_categories: 'which category a template is in: follows the templates, read with them',
  workout_bank_search_state: 'one row: the version of what Workout Bank searches read',
  users:
    'the accounts: sign-in finds one by e-mail before any athlete is known, and athletes.auth_user_id references it; few writes',
};

/**
 * Global tables: kept on the coordinator only (Citus local tables), never joined with an athlete table.
 */
export const GLOBAL_TABLES: Record<string, string> = {
  auth_sessions: 'sign-in sessions, keyed by user: read on every token refresh before an athlete is known',
  refresh_tokens: 'rotating refresh tokens of a session, looked up by hash before an athlete is known',
  email_tokens: 'one-time e-mail links, looked up by hash before an athlete is known',
  jobs: 'the job queue: claimed across all athletes (FOR UPDATE SKIP LOCKED); athlete_id is optional',
};

/**
 * Constraints Citus refuses, named `table.columns`: a foreign key from a reference table to an athlete table,
 * and a unique constraint of `athletes` without its id. Each is dropped when the tables are distributed, and
 * what it guaranteed is kept another way, said here (docs/scale.md, "Citus: sharding by athlete").
 */
export const DROPPED_AT_DISTRIBUTION: Record<string, string> = {
  'workout_templates.owner_athlete_id':
    "an athlete's own templates: the account purge removes them with the athlete's other rows, not a cascade",
  'athletes.auth_user_id':
    'one athlete per account: sign-up writes the account and its athlete in one transaction, the only writer',
};
