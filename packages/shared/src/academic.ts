// Configuration payloads: academic years, mentions, specializations (parcours), users and students.
import { z } from 'zod';
import { emailField, idField, multilineText, optionalIdFilter, optionalPasswordField, plainText, requiredText } from './zod-fr';
import { envelopeSchema, flag01, flagSchema, isoDate, listQuerySchema, paginatedSchema } from './common';
import { roleSchema } from './helper';
import { userSchema, userSpecializationSchema } from './session';

export const LEVELS = ['L1', 'L2', 'L3', 'M1', 'M2', 'D'] as const;
export type Level = (typeof LEVELS)[number];

export const academicYearSchema = z
  .object({
    label: requiredText('Le libellé', 20).regex(/^\d{4}-\d{4}$/, { error: 'Le libellé doit avoir la forme 2025-2026.' }),
    start_date: isoDate('La date de début'),
    end_date: isoDate('La date de fin'),
    access_start: isoDate("Le début de l’accès"),
    access_end: isoDate("La fin de l’accès"),
    is_current: flag01.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'La date de fin doit suivre la date de début.' });
    }
    const [first, second] = v.label.split('-').map(Number);
    if (second !== first + 1) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: 'Le libellé doit couvrir deux années qui se suivent (ex. 2025-2026).' });
    }
    if (v.access_end < v.access_start) {
      ctx.addIssue({ code: 'custom', path: ['access_end'], message: "La fin de l’accès doit suivre son début." });
    }
  });
export type AcademicYearInput = z.infer<typeof academicYearSchema>;

export const academicYearItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  access_start: z.string(),
  access_end: z.string(),
  is_current: flagSchema,
  students_count: z.number().int().optional(),
  /** Courses of this year (a year in use by students or courses cannot be deleted). */
  courses_count: z.number().int().optional(),
});
export type AcademicYear = z.infer<typeof academicYearItemSchema>;

export const mentionSchema = z.object({
  name: requiredText('Le nom', 150),
  code: requiredText('Le code', 30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Le code ne peut contenir que des lettres, chiffres, - et _.' }),
  description: multilineText('La description', 2000).optional().nullable(),
});
export type MentionInput = z.infer<typeof mentionSchema>;

export const mentionItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  specializations_count: z.number().int().optional(),
});
export type Mention = z.infer<typeof mentionItemSchema>;

export const specializationSchema = z.object({
  name: requiredText('Le nom', 150),
  code: requiredText('Le code', 30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Le code ne peut contenir que des lettres, chiffres, - et _.' }),
  level: z.enum(LEVELS, { error: 'Le niveau doit être L1, L2, L3, M1, M2 ou D.' }),
  mention_id: idField('La mention'),
});
export type SpecializationInput = z.infer<typeof specializationSchema>;

export const specializationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  level: z.enum(LEVELS),
  mention_id: z.number().int(),
  mention_name: z.string().optional(),
  mention_code: z.string().optional(),
  students_count: z.number().int().optional(),
  /** Courses offered to this parcours (a parcours in use by students or courses cannot be deleted). */
  courses_count: z.number().int().optional(),
});
export type Specialization = z.infer<typeof specializationItemSchema>;

/** Tiers-temps bounds and message (the database refuses anything else too, migration 006). */
export const EXTRA_TIME_FACTOR_MESSAGE = 'Le tiers-temps doit être un coefficient entre 1 et 3, avec au plus deux décimales (par exemple 1,33).';

/** A student's extra-time factor: 1 to 3, two decimals at most; "1,33" is read as 1.33; empty means unchanged. */
export const extraTimeFactorField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().replace(',', '.') : v),
  z.coerce
    .number({ error: EXTRA_TIME_FACTOR_MESSAGE })
    .min(1, { error: EXTRA_TIME_FACTOR_MESSAGE })
    .max(3, { error: EXTRA_TIME_FACTOR_MESSAGE })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: EXTRA_TIME_FACTOR_MESSAGE })
    .optional(),
);

/**
 * Why a student has accommodations (aménagements d'examen): only a category, never the medical detail, which stays
 * with the « service d'accueil » that asked for them.
 */
export const ACCOMMODATION_REASONS = ['TIERS_TEMPS', 'AUTRE'] as const;
export type AccommodationReason = (typeof ACCOMMODATION_REASONS)[number];
export const ACCOMMODATION_REASON_LABELS: Record<AccommodationReason, string> = { TIERS_TEMPS: 'Tiers-temps', AUTRE: 'Autre aménagement' };
export const accommodationReasonField = z.enum(ACCOMMODATION_REASONS, { error: 'Le motif de l’aménagement doit être « Tiers-temps » ou « Autre aménagement ».' });

/** Create or update a user; students carry a number, parcours and a year. */
export const userInputSchema = z
  .object({
    last_name: requiredText('Le nom', 100),
    first_name: requiredText('Le prénom', 100),
    email: emailField,
    password: optionalPasswordField('Le mot de passe'),
    role: roleSchema,
    is_premium: flag01.optional(),
    student_number: plainText("Le numéro d’étudiant", 50).optional().nullable(),
    specialization_ids: z
      .array(idField('Le parcours'), { error: 'La liste des parcours est invalide.' })
      .max(20, { error: 'Un étudiant ne peut pas suivre plus de 20 parcours.' })
      .optional(),
    academic_year_id: idField("L’année universitaire").optional().nullable(),
    /** Students only: timed exams last duration × this factor (1 = none, 1.33 = tiers-temps). Absent: unchanged. */
    extra_time_factor: extraTimeFactorField,
    /** Students only: the category of their accommodations (null: none). Absent: unchanged. */
    accommodation_reason: accommodationReasonField.nullable().optional(),
    /** Students only: composes in a separate room (1), noted on the live page. Absent: unchanged. */
    separate_room: flag01.optional(),
    /** Students only: the exam page shows larger text (1). Absent: unchanged. */
    large_text: flag01.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'STUDENT') {
      if (!v.student_number) ctx.addIssue({ code: 'custom', path: ['student_number'], message: "Le numéro d’étudiant est obligatoire." });
      if (!v.academic_year_id) ctx.addIssue({ code: 'custom', path: ['academic_year_id'], message: "L’année universitaire est obligatoire." });
      if (!v.specialization_ids || v.specialization_ids.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['specialization_ids'], message: 'Choisissez au moins un parcours.' });
      }
    }
  });
export type UserInput = z.infer<typeof userInputSchema>;


export const academicYearListQuerySchema = listQuerySchema;
export const mentionListQuerySchema = listQuerySchema;
export const specializationListQuerySchema = listQuerySchema.extend({ mention_id: optionalIdFilter('La mention'), level: z.enum(LEVELS, { error: 'Le niveau doit être L1, L2, L3, M1, M2 ou D.' }).optional() });
export type SpecializationListQuery = z.infer<typeof specializationListQuerySchema>;

/** GET /api/admin/users: every role for admins (filter `role`). */
export const userListQuerySchema = listQuerySchema.extend({ role: roleSchema.optional() });
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** GET /api/admin/users/students: filters of the students list. */
export const studentListQuerySchema = listQuerySchema.extend({
  academic_year_id: optionalIdFilter("L’année universitaire"),
  mention_id: optionalIdFilter('La mention'),
  specialization_id: optionalIdFilter('Le parcours'),
  is_premium: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1'], { error: 'Le filtre premium doit valoir 0 ou 1.' }).optional()),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

/** A row of the users and students lists, and the answer of show: the profile plus the year's label. */
export const userListItemSchema = userSchema.extend({
  academic_year_label: z.string().nullable(),
  /** Tiers-temps coefficient (1 = none; 1 for staff). */
  extra_time_factor: z.number(),
  /** Accommodations (students): their category, a separate room, larger text on the exam page. */
  accommodation_reason: z.enum(ACCOMMODATION_REASONS).nullable(),
  separate_room: flagSchema,
  large_text: flagSchema,
  specializations: z.array(userSpecializationSchema.extend({ mention_id: z.number().int() })),
  created_at: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** Answer of create: with the first password when the server chose it (shown once). */
export const userCreatedSchema = userListItemSchema.extend({ generated_password: z.string().optional() });
export type UserCreated = z.infer<typeof userCreatedSchema>;

/** Columns of the student import sheet, in order (template and import read the same list). */
export const STUDENT_IMPORT_COLUMNS = [
  { key: 'last_name', header: 'Nom', required: true },
  { key: 'first_name', header: 'Prénom', required: true },
  { key: 'email', header: 'Adresse e-mail', required: true },
  { key: 'student_number', header: 'Numéro étudiant', required: true },
  { key: 'specializations', header: 'Code parcours', required: true },
  { key: 'academic_year', header: 'Année universitaire', required: false },
  { key: 'is_premium', header: 'Premium', required: false },
  { key: 'extra_time_factor', header: 'Tiers-temps', required: false },
  { key: 'accommodation_reason', header: 'Motif de l’aménagement', required: false },
  { key: 'separate_room', header: 'Salle à part', required: false },
  { key: 'large_text', header: 'Grands caractères', required: false },
] as const;
export type StudentImportColumn = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];

/** Most data rows one import file may hold. */
export const STUDENT_IMPORT_MAX_ROWS = 10_000;
/** Largest import file accepted, in bytes. */
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const importedCredentialSchema = z.object({
  line: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  email: z.string(),
  student_number: z.string(),
  password: z.string(),
});
export type ImportedCredential = z.infer<typeof importedCredentialSchema>;

/** Answer of POST /api/admin/users/import-student on success. */
export const studentImportResultSchema = z.object({
  imported: z.number().int(),
  credentials: z.array(importedCredentialSchema),
});
export type StudentImportResult = z.infer<typeof studentImportResultSchema>;

// ---- Answers ---------------------------------------------------------------------------------

export const academicYearPageSchema = paginatedSchema(academicYearItemSchema);
export const academicYearEnvelopeSchema = envelopeSchema(academicYearItemSchema);
export const mentionPageSchema = paginatedSchema(mentionItemSchema);
export const mentionEnvelopeSchema = envelopeSchema(mentionItemSchema);
export const specializationPageSchema = paginatedSchema(specializationItemSchema);
export const specializationEnvelopeSchema = envelopeSchema(specializationItemSchema);
export const userPageSchema = paginatedSchema(userListItemSchema);
export const userItemEnvelopeSchema = envelopeSchema(userListItemSchema);
export const userCreatedEnvelopeSchema = envelopeSchema(userCreatedSchema);
export const premiumToggleEnvelopeSchema = envelopeSchema(z.object({ id: z.number().int(), is_premium: flagSchema }));
export const studentImportEnvelopeSchema = envelopeSchema(studentImportResultSchema);
