// Answers of the session and start-up routes: login, profile, reference lists, connected count. Apart from the
// bodies (auth.ts) and the lists' values (helper.ts), so that the login page does not carry these schemas.
import { z } from 'zod';
import { envelopeSchema, flagSchema } from './common';
import { LANGUAGES, QUESTION_KINDS, ROLES } from './helper';

export const userSpecializationSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type UserSpecialization = z.infer<typeof userSpecializationSchema>;

/** The signed-in user's profile: what the session routes answer (never a password hash or an access window). */
export const userSchema = z.object({
  id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  is_premium: flagSchema,
  student_number: z.string().nullable(),
  must_change_password: flagSchema,
  specializations: z.array(userSpecializationSchema),
  academic_year_id: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const loginResultSchema = userSchema.extend({ token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

const helperItemSchema = <V extends z.ZodType>(value: V) => z.object({ value, label: z.string() });

/** Answer of GET /api/helper. */
export const helperDataSchema = z.object({
  ROLE: z.array(helperItemSchema(z.enum(ROLES))),
  LANGAGE: z.array(helperItemSchema(z.enum(LANGUAGES))),
  QUESTION_TYPE: z.array(helperItemSchema(z.enum(QUESTION_KINDS))),
});
export type HelperData = z.infer<typeof helperDataSchema>;

export const connectedCountSchema = z.object({ count: z.number().int() });
export type ConnectedCount = z.infer<typeof connectedCountSchema>;

export const userEnvelopeSchema = envelopeSchema(userSchema);
export const loginEnvelopeSchema = envelopeSchema(loginResultSchema);
export const helperEnvelopeSchema = envelopeSchema(helperDataSchema);
export const connectedCountEnvelopeSchema = envelopeSchema(connectedCountSchema);
