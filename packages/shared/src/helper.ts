// Reference lists served by GET /api/helper, so the web app never hard-codes them twice.
import { z } from 'zod';
import type { HelperData } from './session';

export const ROLES = ['ADMIN', 'TEACHER', 'STUDENT'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, { error: 'Le rôle doit être ADMIN, TEACHER ou STUDENT.' });

export const LANGUAGES = ['PYTHON', 'R'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_LABELS: Record<Language, string> = { PYTHON: 'Python 3', R: 'R' };

/** The question kinds (the specification's three, MATH, MATCHING); the one definition of their French names. Each has
 *  its module on each side (packages/shared/src/question-kinds, the server's and the web app's question-kinds). */
export const QUESTION_KINDS = ['QCM', 'EXACT', 'ALGORITHM', 'MATH', 'MATCHING'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export type QuestionType = QuestionKind;

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  QCM: 'Choix multiple',
  EXACT: 'Réponse exacte',
  ALGORITHM: 'Algorithme (Python ou R)',
  MATH: 'Expression mathématique',
  MATCHING: 'Appariement',
};

/** A question's type as a short French badge: « Choix multiple », « Algorithme · Python »… */
export function questionTypeLabel(type: QuestionKind, language?: Language | null): string {
  if (type !== 'ALGORITHM') return QUESTION_KIND_LABELS[type];
  return language ? `Algorithme · ${language === 'PYTHON' ? 'Python' : 'R'}` : 'Algorithme';
}

export const HELPER_DATA: HelperData = {
  ROLE: [
    { value: 'ADMIN', label: 'Administrateur' },
    { value: 'TEACHER', label: 'Enseignant' },
    { value: 'STUDENT', label: 'Étudiant' },
  ],
  LANGAGE: LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] })),
  QUESTION_TYPE: QUESTION_KINDS.map((value) => ({ value, label: QUESTION_KIND_LABELS[value] })),
};

export const isStudent = (role: string | undefined) => (role ?? '').toUpperCase() === 'STUDENT';
