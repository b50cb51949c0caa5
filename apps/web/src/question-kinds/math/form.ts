// The MATH kind's part of the question editor: the expected expression (LaTeX, as MathLive writes it) and the form
// the answer must have beside equivalence; how a stored question fills it, and how it goes back in the body.
import type { Question, MathForm as RequiredForm } from '@exam/shared';
import type { KindBody } from '../types';

export interface MathForm {
  expected: string;
  math_form: RequiredForm;
}

/** The stored question's part of the form (any equivalent form for a new question, or one stored before the form). */
export const mathToForm = (q: Question | undefined): MathForm => ({ expected: q?.possible_solutions[0]?.content ?? '', math_form: q?.math_form ?? 'EQUIVALENT' });

/** The body's part: the form required beside the one expected expression. */
export const mathToBody = (v: MathForm): KindBody => ({ math_form: v.math_form, possible_solutions: [{ content: v.expected, is_correct: 1 as const }] });
