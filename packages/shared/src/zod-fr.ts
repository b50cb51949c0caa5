// French messages for every zod schema, on both sides (web forms and API validation).
import { z } from 'zod';

z.config(z.locales.fr());
// In the browser, zod must not compile validators with `new Function`: the Content-Security-Policy allows no
// eval, and even zod's probe for it is reported as a violation. The server keeps the faster compiled path.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/** Trimmed, non-empty text with a French "required" message. */
export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` });

export const emailField = z
  .string({ error: "L'adresse e-mail est obligatoire." })
  .trim()
  .toLowerCase()
  .min(1, { error: "L'adresse e-mail est obligatoire." })
  .max(255, { error: "L'adresse e-mail est trop longue." })
  .pipe(z.email({ error: "L'adresse e-mail n'est pas valide." }));

export const passwordField = z
  .string({ error: 'Le mot de passe est obligatoire.' })
  .min(8, { error: 'Le mot de passe doit contenir au moins 8 caractères.' })
  .max(200, { error: 'Le mot de passe ne doit pas dépasser 200 caractères.' });

export const idParam = z.object({
  id: z.coerce.number({ error: "L'identifiant doit être un nombre." }).int().positive({ error: "L'identifiant doit être un entier positif." }),
});
