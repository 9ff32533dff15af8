// The shape of an entry of the contract's endpoint map (endpoints.ts), and the body every DELETE answers.
import { z } from 'zod';
import { dataEnvelope } from './common.ts';

/** The body of a DELETE: which row went. */
export const ZDeleted = dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));

export interface EndpointDef {
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or 'multipart' for a file upload (FormData). */
  body?: z.ZodType | 'multipart';
  /**
   * The success body; 'file' for a download; for server-sent events, the schema of each event's data, marked
   * `eventStream: true` (opened with EventSource, not a JSON call).
   */
  response: z.ZodType | 'file';
  eventStream?: true;
  /**
   * A create that takes an `Idempotency-Key` header: the same key sent again answers the first result instead
   * of creating twice, so a client may retry it (GUIDE §4). Clients must send one, fresh per user action.
   */
  idempotencyKey?: true;
  /**
   * A per-athlete read written `path[/{id}]` (docs/ARCHITECTURE.md): it also answers at `path/{id}` for the
   * caller's own athlete id (any other id is a 404). One endpoint and one operation; clients call the plain path.
   */
  ownAthleteId?: true;
}
