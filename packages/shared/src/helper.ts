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
export const QUESTION_KINDS = ['QCM', 'EXACT', 'ALGORITHM', 'MATH', 'MATCHING', 'ESSAY', 'ORDERING', 'CLOZE', 'FILE'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export type QuestionType = QuestionKind;

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  QCM: 'Choix multiple',
  EXACT: 'Réponse exacte',
  ALGORITHM: 'Algorithme (Python ou R)',
  MATH: 'Expression mathématique',
  MATCHING: 'Appariement',
  ORDERING: 'Remise en ordre',
  ESSAY: 'Réponse rédigée',
  CLOZE: 'Texte à trous',
  FILE: 'Réponse par fichier',
};

/** A kind's name on a badge: its label, shorter where the label explains what the badge's language says. */
export const QUESTION_KIND_BADGES: Record<QuestionKind, string> = { ...QUESTION_KIND_LABELS, ALGORITHM: 'Algorithme' };
/** A language's name after a kind on a badge. */
const LANGUAGE_BADGES: Record<Language, string> = { PYTHON: 'Python', R: 'R' };

/** A question's type as a short French badge: « Choix multiple », « Algorithme · Python »… The language is named
 *  when the question has one (only the kinds that keep a language store it): no test of the kind here. */
export function questionTypeLabel(type: QuestionKind, language?: Language | null): string {
  return language ? `${QUESTION_KIND_BADGES[type]} · ${LANGUAGE_BADGES[language]}` : QUESTION_KIND_BADGES[type];
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
