// Reference lists served by GET /api/helper, so the web app never hard-codes them twice.
import { z } from 'zod';

export const ROLES = ['ADMIN', 'TEACHER', 'STUDENT'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, { error: 'Le rôle doit être ADMIN, TEACHER ou STUDENT.' });

export const LANGUAGES = ['PYTHON', 'R'] as const;
export type Language = (typeof LANGUAGES)[number];

export const QUESTION_TYPES = ['QCM', 'EXACT', 'ALGORITHM'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface HelperItem<V extends string = string> {
  value: V;
  label: string;
}

export interface HelperData {
  ROLE: HelperItem<Role>[];
  LANGAGE: HelperItem<Language>[];
  QUESTION_TYPE: HelperItem<QuestionType>[];
}

export const HELPER_DATA: HelperData = {
  ROLE: [
    { value: 'ADMIN', label: 'Administrateur' },
    { value: 'TEACHER', label: 'Enseignant' },
    { value: 'STUDENT', label: 'Étudiant' },
  ],
  LANGAGE: [
    { value: 'PYTHON', label: 'Python 3' },
    { value: 'R', label: 'R' },
  ],
  QUESTION_TYPE: [
    { value: 'QCM', label: 'Choix multiple' },
    { value: 'EXACT', label: 'Réponse exacte' },
    { value: 'ALGORITHM', label: 'Algorithme (Python ou R)' },
  ],
};

export const isStaff = (role: string | undefined) => role === 'ADMIN' || role === 'TEACHER';
export const isStudent = (role: string | undefined) => (role ?? '').toUpperCase() === 'STUDENT';
