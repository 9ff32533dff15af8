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

/** GET /api/v1/client-config: the deployment's settings the web app needs before sign-in (public). */
export const ZClientConfig = z
  .object({
    /** Map tile URL template (`{z}`, `{x}`, `{y}`, optional `{s}`) from MAP_TILE_URL; null draws tracks without tiles. */
    map_tile_url: z.string().nullable(),
    /** The tiles' credit (MAP_TILE_ATTRIBUTION, or OpenStreetMap's for its tiles), plain text; null: none. */
    map_tile_attribution: z.string().nullable(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof ZClientConfig>;
