// Session and profile bodies: login and profile update (their answers are in session.ts).
import { z } from 'zod';
import { emailField, optionalPasswordField, passwordInput, PASSWORD_MAX, requiredText } from './zod-fr';

export const loginSchema = z.object({
  email: emailField,
  password: passwordInput('Le mot de passe'),
});
export type LoginInput = z.infer<typeof loginSchema>;

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
