// GET /api/v1/health.
import { z } from 'zod';

export const ZHealth = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof ZHealth>;

/** Who runs this server and where athletes reach them (docs/screens.md, "Operator settings"). */
export const ZOperator = z
  .object({
    /** The party named in the Terms and Privacy pages. */
    name: z.string().nullable(),
    /** The day the Terms and Privacy last changed (YYYY-MM-DD); null: the pages show no date. */
    legal_updated: z.iso.date().nullable(),
    /** The law governing the Terms, as a phrase ("the laws of Ireland"). */
    governing_law: z.string().nullable(),
    support_email: z.string().nullable(),
    support_url: z.string().nullable(),
    community_url: z.string().nullable(),
    docs_url: z.string().nullable(),
    feedback_url: z.string().nullable(),
  })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof ZOperator>;

/** GET /api/v1/client-config: the deployment's settings the web app needs before sign-in (public). */
export const ZClientConfig = z
  .object({
    /** Map tile URL template (`{z}`, `{x}`, `{y}`, optional `{s}`) from MAP_TILE_URL; null draws tracks without tiles. */
    map_tile_url: z.string().nullable(),
    /** The tiles' credit (MAP_TILE_ATTRIBUTION, or OpenStreetMap's for its tiles), plain text; null: none. */
    map_tile_attribution: z.string().nullable(),
    /** The operator's words (OPERATOR_NAME, LEGAL_*, SUPPORT_EMAIL and the *_URL links); null where unset. */
    operator: ZOperator,
    /** What this server can do, so public pages promise only that. */
    features: z.object({
      /** Names of the device services athletes can connect here (their client id and secret are set). */
      device_providers: z.array(z.string()),
      /** Whether the coach answers with a language model (LLM_BASE_URL and LLM_MODEL); else the built-in coach. */
      language_model: z.boolean(),
    }),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof ZClientConfig>;
