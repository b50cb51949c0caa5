// The error envelope and the empty success envelope, which only the server uses at run time: apart from common.ts,
// so that the web app's bundle does not build them (nor carry the zod parts they need).
import { z } from 'zod';
import { envelopeSchema } from './common';

/** Every error answer: a French message, and per-field messages for a 422 (or 409) when there are some. */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The answer of a route that has nothing to send back (logout, delete…): `data` is null. */
export const emptyEnvelopeSchema = envelopeSchema(z.null());
