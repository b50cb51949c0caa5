// Configuration payloads: academic years, mentions, specializations (parcours), users and students.
import { z } from 'zod';
import { emailField, passwordField, requiredText } from './zod-fr';
import { flag01, isoDate } from './common';
import { roleSchema } from './helper';

export const LEVELS = ['L1', 'L2', 'L3', 'M1', 'M2', 'D'] as const;
export type Level = (typeof LEVELS)[number];

export const academicYearSchema = z
  .object({
    label: requiredText('Le libellé', 20).regex(/^\d{4}-\d{4}$/, { error: 'Le libellé doit avoir la forme 2025-2026.' }),
    start_date: isoDate('La date de début'),
    end_date: isoDate('La date de fin'),
    access_start: isoDate("Le début de l'accès"),
    access_end: isoDate("La fin de l'accès"),
    is_current: flag01.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'La date de fin doit suivre la date de début.' });
    }
    if (v.access_end < v.access_start) {
      ctx.addIssue({ code: 'custom', path: ['access_end'], message: "La fin de l'accès doit suivre son début." });
    }
  });
export type AcademicYearInput = z.infer<typeof academicYearSchema>;

export interface AcademicYear {
  id: number;
  label: string;
  start_date: string;
  end_date: string;
  access_start: string;
  access_end: string;
  is_current: 0 | 1;
}

export const mentionSchema = z.object({
  name: requiredText('Le nom', 150),
  code: requiredText('Le code', 30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Le code ne peut contenir que des lettres, chiffres, - et _.' }),
  description: z.string().trim().max(2000).optional().nullable(),
});
export type MentionInput = z.infer<typeof mentionSchema>;

export interface Mention {
  id: number;
  name: string;
  code: string;
  description: string | null;
  specializations_count?: number;
}

export const specializationSchema = z.object({
  name: requiredText('Le nom', 150),
  code: requiredText('Le code', 30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Le code ne peut contenir que des lettres, chiffres, - et _.' }),
  level: z.enum(LEVELS, { error: 'Le niveau doit être L1, L2, L3, M1, M2 ou D.' }),
  mention_id: z.coerce.number({ error: 'La mention est obligatoire.' }).int().positive({ error: 'La mention est obligatoire.' }),
});
export type SpecializationInput = z.infer<typeof specializationSchema>;

export interface Specialization {
  id: number;
  name: string;
  code: string;
  level: Level;
  mention_id: number;
  mention_name?: string;
}

/** Create or update a user; students carry a number, parcours and a year. */
export const userInputSchema = z
  .object({
    last_name: requiredText('Le nom', 100),
    first_name: requiredText('Le prénom', 100),
    email: emailField,
    password: passwordField.optional().or(z.literal('')),
    role: roleSchema,
    is_premium: flag01.optional(),
    student_number: z.string().trim().max(50).optional().nullable(),
    specialization_ids: z.array(z.coerce.number().int().positive()).max(20).optional(),
    academic_year_id: z.coerce.number().int().positive().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'STUDENT') {
      if (!v.student_number) ctx.addIssue({ code: 'custom', path: ['student_number'], message: "Le numéro d'étudiant est obligatoire." });
      if (!v.academic_year_id) ctx.addIssue({ code: 'custom', path: ['academic_year_id'], message: "L'année universitaire est obligatoire." });
      if (!v.specialization_ids || v.specialization_ids.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['specialization_ids'], message: 'Choisissez au moins un parcours.' });
      }
    }
  });
export type UserInput = z.infer<typeof userInputSchema>;
