// ESSAY (réponse rédigée): the student writes a text (formulas between \( and \) allowed), within an optional word
// limit; no machine verdict: the answer waits for a person to grade it (« en attente de correction »), in the
// grading queue of the question. The teacher may give a response template (the answer's starting text) and grader
// information (for staff only: never in the student shape). No possible solutions.
import { z } from 'zod';
import { annotationShape, rubricLevelChosenSchema, rubricSchema, rubricShape } from '../rubric';
import type { KindIssue, SharedQuestionKind } from './types';

/** Longest answer text, in characters. */
export const ESSAY_TEXT_MAX = 100_000;
/** Highest word limit a teacher may set. */
export const ESSAY_WORD_LIMIT_MAX = 20_000;
/** Longest template or grader information, in characters. */
export const ESSAY_NOTE_MAX = 20_000;

/** Words of a text as the limit counts them: runs of letters, digits or signs between spaces; tags and a formula
 *  between \( and \) count as one word. The same count live in the editor and on the server. */
export function countWords(text: string): number {
  const flat = text
    .replace(/\\\((.|\n)*?\\\)/g, ' formule ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ');
  return flat.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const optionalNote = (label: string) =>
  z
    .string({ error: `${label} doit être un texte.` })
    .max(ESSAY_NOTE_MAX, { error: `${label} ne doit pas dépasser ${ESSAY_NOTE_MAX} caractères.` })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v));

/** What the teacher sets on an essay question (stored with the question and in its versions). */
export const essaySettingsSchema = z.object(
  {
    /** Null: no limit. */
    word_limit: z.coerce
      .number({ error: 'La limite de mots doit être un nombre.' })
      .int({ error: 'La limite de mots doit être un nombre entier.' })
      .min(1, { error: `La limite de mots doit être comprise entre 1 et ${ESSAY_WORD_LIMIT_MAX}.` })
      .max(ESSAY_WORD_LIMIT_MAX, { error: `La limite de mots doit être comprise entre 1 et ${ESSAY_WORD_LIMIT_MAX}.` })
      .nullish()
      .transform((v) => v ?? null),
    /** The text the answer starts from (a plan to fill, a table to complete). */
    response_template: optionalNote('Le modèle de réponse'),
    /** For the graders only (expected points, a marking scheme): never sent to a student. */
    grader_info: optionalNote('L’information pour les correcteurs'),
    /** For the graders only until a copy's mark is shown (then its chosen levels): criteria and their levels. */
    rubric: rubricSchema.nullish().transform((v) => v ?? null),
  },
  { error: 'Les réglages de la réponse rédigée sont invalides.' },
);
export type EssaySettings = z.infer<typeof essaySettingsSchema>;
export const NO_ESSAY_SETTINGS: EssaySettings = { word_limit: null, response_template: null, grader_info: null, rubric: null };

/** The settings as the server sends them (staff shape: an answer schema holds no transform). */
export const essaySettingsShape = z.object({ word_limit: z.number().int().nullable(), response_template: z.string().nullable(), grader_info: z.string().nullable(), rubric: rubricShape.nullable() });

/** What a student sees of the settings: the limit and the template, never the grader information. */
export const essayStudentSchema = z.object({ word_limit: z.number().int().nullable(), response_template: z.string().nullable() });
export type EssayStudent = z.infer<typeof essayStudentSchema>;

/** The answer: the text written. */
export const essayAnswerSchema = z.object(
  {
    text: z
      .string({ error: 'La réponse doit être un texte.' })
      .max(ESSAY_TEXT_MAX, { error: `La réponse ne doit pas dépasser ${ESSAY_TEXT_MAX} caractères.` }),
  },
  { error: 'La réponse rédigée doit être un texte ({ text }).' },
);
export type EssayAnswer = z.infer<typeof essayAnswerSchema>;

export const ESSAY_TEXTS = {
  overLimit: (words: number, limit: number) => `Votre réponse compte ${words} mots : la limite est de ${limit} mots. Raccourcissez-la avant de l’envoyer.`,
  pending: 'En attente de correction',
  noPractice: 'Une réponse rédigée est corrigée par une personne : elle ne peut pas être un exercice d’entraînement (décochez l’entraînement).',
} as const;

const essayDetailsSchema = z.object({
  type: z.literal('ESSAY'),
  /** True until a grader marks it: no verdict yet, and the points do not count as 0. */
  pending: z.boolean(),
  words: z.number().int(),
  /** The grader's comment to the student, once marked. */
  comment: z.string().nullable(),
  /** The rubric's levels chosen for this copy, once marked with a rubric (never the rubric itself). */
  levels: z.array(rubricLevelChosenSchema).optional(),
  /** The grader's comments on passages of the text, once marked. */
  annotations: z.array(annotationShape).optional(),
});

export const essayKind = {
  kind: 'ESSAY',
  rules: (q) => {
    const issues: KindIssue[] = [];
    if (q.possible_solutions.length > 0) issues.push({ path: ['possible_solutions'], message: 'Une réponse rédigée n’a pas de solution possible : elle est corrigée par une personne.' });
    if (q.is_practice) issues.push({ path: ['is_practice'], message: ESSAY_TEXTS.noPractice });
    return issues;
  },
  answer: essayAnswerSchema,
  details: essayDetailsSchema,
  answerText: (answer, _q, plain) => {
    const parsed = essayAnswerSchema.safeParse(answer);
    if (!parsed.success) return typeof answer === 'string' ? answer : JSON.stringify(answer);
    return parsed.data.text.trim() === '' ? '(réponse vide)' : plain(parsed.data.text);
  },
  detailsText: (d: z.infer<typeof essayDetailsSchema>) =>
    d.pending ? `${ESSAY_TEXTS.pending} (${d.words} mots).` : `Corrigée par une personne (${d.words} mots)${d.comment ? ` ; commentaire : ${d.comment}` : ''}.`,
} satisfies SharedQuestionKind<'ESSAY'>;
