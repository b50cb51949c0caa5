// LTI 1.3 (docs/lti.md): the platforms an administrator registers, the links given to a platform for dynamic
// registration, the grades going back and the class lists staff pull. The protocol's own messages (id tokens, deep
// linking responses) are checked by the server with the JOSE library, never by these schemas.
import { z } from 'zod';
import { envelopeSchema } from './common';
import { idField, requiredText } from './zod-fr';
import { loginResultSchema } from './session';

/** An https (or, on a campus network or in a test, http) address of at most 1 000 characters. */
export const ltiUrl = (label: string) =>
  requiredText(label, 1000).refine((s) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s) && URL.canParse(s), {
    error: `${label} doit être une adresse web (https://…).`,
  });

export const LTI_ROLES = ['TEACHER', 'STUDENT'] as const;

export const ltiPlatformInputSchema = z.object({
  name: requiredText('Le nom', 200),
  issuer: requiredText('L’émetteur (issuer)', 500),
  client_id: requiredText('L’identifiant client', 255),
  deployment_ids: z
    .array(requiredText('L’identifiant de déploiement', 255), { error: 'Les déploiements doivent être une liste.' })
    .min(1, { error: 'Indiquez au moins un identifiant de déploiement.' })
    .max(50, { error: 'Au plus 50 déploiements.' }),
  jwks_url: ltiUrl('L’adresse du jeu de clés (JWKS)'),
  auth_login_url: ltiUrl('L’adresse de connexion OIDC'),
  token_url: ltiUrl('L’adresse du jeton d’accès'),
  audience: requiredText('L’audience', 1000).optional().nullable(),
  /** Platform roles (their URIs) read as teacher or student beyond the built-in mapping. */
  role_map: z.record(requiredText('Le rôle de la plateforme', 300), z.enum(LTI_ROLES)).optional(),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInputSchema>;

export const ltiPlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  deployment_ids: z.array(z.string()),
  jwks_url: z.string(),
  auth_login_url: z.string(),
  token_url: z.string(),
  audience: z.string().nullable(),
  registered_by: z.enum(['MANUAL', 'DYNAMIC']),
  role_map: z.record(z.string(), z.enum(LTI_ROLES)),
  created_at: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

/** What an administrator copies into the platform: the tool's addresses. */
export const ltiToolUrlsSchema = z.object({
  login_url: z.string(),
  launch_url: z.string(),
  jwks_url: z.string(),
  deep_linking_url: z.string(),
});
export type LtiToolUrls = z.infer<typeof ltiToolUrlsSchema>;

export const ltiPlatformsSchema = z.object({ platforms: z.array(ltiPlatformSchema), tool: ltiToolUrlsSchema });
export const ltiPlatformsEnvelopeSchema = envelopeSchema(ltiPlatformsSchema);
export const ltiPlatformEnvelopeSchema = envelopeSchema(ltiPlatformSchema);

export const ltiRegistrationLinkInputSchema = z.object({ name: requiredText('Le nom de la plateforme', 200) });
export const ltiRegistrationLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export const ltiRegistrationLinkEnvelopeSchema = envelopeSchema(ltiRegistrationLinkSchema);

export const ltiKeyRotationEnvelopeSchema = envelopeSchema(z.object({ kid: z.string(), published: z.array(z.string()) }));

export const LTI_GRADE_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export const LTI_GRADE_STATE_LABELS: Record<(typeof LTI_GRADE_STATES)[number], string> = {
  PENDING: 'En attente d’envoi',
  SENT: 'Envoyée',
  FAILED: 'Échec, nouvel essai prévu',
};

export const ltiGradeSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  platform: z.string(),
  activity: z.string(),
  /** Null: withdrawn (the copy is back in correction); the platform was told the grade awaits correction. */
  score_given: z.number().nullable(),
  score_maximum: z.number(),
  sent_score: z.number().nullable(),
  state: z.enum(LTI_GRADE_STATES),
  tries: z.number().int(),
  next_try_at: z.string(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type LtiGrade = z.infer<typeof ltiGradeSchema>;
export const ltiGradesQuerySchema = z.object({ exam_id: z.preprocess((v) => (v === undefined ? v : Number(v)), idField('L’examen')) });
export const ltiGradesEnvelopeSchema = envelopeSchema(z.array(ltiGradeSchema));

export const ltiContextSchema = z.object({
  id: z.number().int(),
  platform: z.string(),
  context_id: z.string(),
  title: z.string(),
  label: z.string(),
  has_class_list: z.boolean(),
});
export const ltiContextsEnvelopeSchema = envelopeSchema(z.array(ltiContextSchema));

export const ltiClassListImportSchema = z.object({
  academic_year_id: idField('L’année universitaire'),
  specialization_id: idField('Le parcours'),
});
export type LtiClassListImport = z.infer<typeof ltiClassListImportSchema>;
export const ltiClassListResultSchema = z.object({
  /** Students created (first seen in this class list). */
  created: z.number().int(),
  /** Students already known, now enrolled in the chosen year and parcours. */
  enrolled: z.number().int(),
  /** Students already enrolled there. */
  unchanged: z.number().int(),
  /** Members who are not learners (teachers…), left as they are. */
  skipped: z.number().int(),
});
export type LtiClassListResult = z.infer<typeof ltiClassListResultSchema>;
export const ltiClassListEnvelopeSchema = envelopeSchema(ltiClassListResultSchema);

/** A launched person's one-use code, exchanged by the web app for a session. */
export const ltiSessionInputSchema = z.object({
  code: z.string({ error: 'Le code de connexion est obligatoire.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Le code de connexion est invalide.' }),
});
export const ltiSessionSchema = z.object({ user: loginResultSchema, target: z.string() });
export const ltiSessionEnvelopeSchema = envelopeSchema(ltiSessionSchema);
