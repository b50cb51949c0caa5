// MATH: one expected expression; the student's expression is right when the runner finds it equal and, when the
// teacher requires a form (as STACK's answer tests), written in that form: expanded, factored, or as simplified as
// the expected one.
import { z } from 'zod';
import { GRADED_LATER_TEXT } from './algorithm';
import { textAnswerSchema } from './exact';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

/** The form a MATH answer must have beside equivalence: EQUIVALENT (any form, the default) or one of the others. */
export const MATH_FORMS = ['EQUIVALENT', 'EXPANDED', 'FACTORED', 'SIMPLIFIED'] as const;
export type MathForm = (typeof MATH_FORMS)[number];
export const mathFormSchema = z.enum(MATH_FORMS, { error: 'La forme exigée doit être EQUIVALENT, EXPANDED, FACTORED ou SIMPLIFIED.' });

/** The choices of the editor's « Forme exigée ». */
export const MATH_FORM_LABELS: Record<MathForm, string> = {
  EQUIVALENT: 'Toute forme équivalente',
  EXPANDED: 'Développée',
  FACTORED: 'Factorisée',
  SIMPLIFIED: 'Simplifiée (au moins autant que l’expression attendue)',
};

/** The form named inside a sentence (« sous la forme demandée (développée) »). */
export const MATH_FORM_NAMES: Record<Exclude<MathForm, 'EQUIVALENT'>, string> = {
  EXPANDED: 'développée',
  FACTORED: 'factorisée',
  SIMPLIFIED: 'simplifiée',
};

/** What a student reads beside an equivalent expression that is not in the form asked. */
export const mathWrongFormMessage = (form: Exclude<MathForm, 'EQUIVALENT'>) =>
  `Expression équivalente mais pas sous la forme demandée (${MATH_FORM_NAMES[form]}).`;

export const mathKind = {
  kind: 'MATH',
  rules: (q) => {
    const issues: KindIssue[] = [];
    const ps = q.possible_solutions;
    if (ps.length !== 1 || ps[0]!.content.trim() === '') {
      issues.push({ path: ['possible_solutions'], message: "Indiquez l’expression attendue (une seule)." });
    }
    return issues;
  },
  answer: textAnswerSchema,
  details: z.object({
    type: z.literal('MATH'),
    /** Why the expression could not be read, or why an equivalent one is not validated (French), when it is so. */
    message: z.string().optional(),
    /** The form asked, when the expression is equivalent but not written in it. */
    wrong_form: mathFormSchema.exclude(['EQUIVALENT']).optional(),
    /** Kept and graded later (the runner was saturated by others): no verdict yet. */
    pending: z.boolean().optional(),
  }),
  answerText: (answer) => rawAnswerText(answer),
  detailsText: (d: { wrong_form?: Exclude<MathForm, 'EQUIVALENT'>; pending?: boolean }) =>
    d.pending ? GRADED_LATER_TEXT : d.wrong_form ? mathWrongFormMessage(d.wrong_form) : null,
} satisfies SharedQuestionKind<'MATH'>;
