// The ownership check of a path with an athlete `{id}` (the `[/{id}]` forms of docs/ARCHITECTURE.md and the
// Training API's `…/{id}` calls): any id but the caller's own is a 404, checked here and only here, so services take
// the AuthContext alone. A `path[/{id}]` read is one route (the contract's `ownAthleteId`, plugins/contract-route.ts).
// Ownership rules: docs/ARCHITECTURE.md, "A request, from the browser to the database".
import type { FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.ts';
import { type AuthContext, requireAuth } from './authenticate.ts';

/**
 * The caller of a route whose path carries an athlete `{id}`, once that id is checked to be the caller's own:
 * any other id answers 404 'Athlete not found', the same as an id that does not exist.
 */
export function requireOwnAthlete(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  const { id } = request.params as { id?: string };
  if (id !== undefined && id !== auth.athleteId) throw notFound('Athlete');
  return auth;
}
