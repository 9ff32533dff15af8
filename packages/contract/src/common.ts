// Envelopes shared by every endpoint: successes are { data }, errors are { message, code, detail? }.
import { z } from 'zod';

export const ZErrorResponse = z
  .object({
    message: z.string(),
    code: z.string(),
    detail: z.unknown().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ZMessage = z.object({ message: z.string() });
