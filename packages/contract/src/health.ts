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
