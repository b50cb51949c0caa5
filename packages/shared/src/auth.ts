// Session and profile payloads: login, profile, connected count.
import { z } from 'zod';
import { emailField, optionalPasswordField, passwordInput, PASSWORD_MAX, requiredText } from './zod-fr';
import { envelopeSchema, flagSchema } from './common';
import { ROLES } from './helper';

export const loginSchema = z.object({
  email: emailField,
  password: passwordInput('Le mot de passe'),
});
export type LoginInput = z.infer<typeof loginSchema>;

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

export const updateProfileSchema = z
  .object({
    last_name: requiredText('Le nom', 100),
    first_name: requiredText('Le prénom', 100),
    email: emailField,
    current_password: z
      .string({ error: 'Le mot de passe actuel doit être un texte.' })
      .max(PASSWORD_MAX, { error: `Le mot de passe actuel ne doit pas dépasser ${PASSWORD_MAX} caractères.` })
      .optional(),
    password: optionalPasswordField('Le mot de passe'),
    password_confirmation: z
      .string({ error: 'La confirmation doit être un texte.' })
      .max(PASSWORD_MAX, { error: `La confirmation ne doit pas dépasser ${PASSWORD_MAX} caractères.` })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password) {
      if (!v.current_password) {
        ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'Le mot de passe actuel est obligatoire pour le changer.' });
      }
      if (v.password_confirmation !== undefined && v.password_confirmation !== '' && v.password_confirmation !== v.password) {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'La confirmation ne correspond pas au mot de passe.' });
      }
    }
  });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const connectedCountSchema = z.object({ count: z.number().int() });
export type ConnectedCount = z.infer<typeof connectedCountSchema>;

export const userEnvelopeSchema = envelopeSchema(userSchema);
export const loginEnvelopeSchema = envelopeSchema(loginResultSchema);
export const connectedCountEnvelopeSchema = envelopeSchema(connectedCountSchema);
