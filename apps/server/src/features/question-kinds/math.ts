// MATH on the server: the expected expression stored as the one possible solution, and the form the answer must have
// beside equivalence (`math_form`: EQUIVALENT, EXPANDED, FACTORED or SIMPLIFIED); equality and form read by the runner
// (an expression that cannot be read, or an expected one not in the form required, refuses the save); no Moodle or
// GIFT equivalent (STACK is a plug-in).
import { MATH_FORM_NAMES, mathWrongFormMessage, type MathForm } from '@exam/shared';
import type { MathFormTest } from '@exam/runner';
import { serviceUnavailable, unprocessable } from '../../lib/errors';
import { storableText } from '../../lib/storable-text';
import { checkRate, onRunner, requireRunner } from '../runner';
import { GRADING_TEXTS, logFailure, MAX_TEXT_ANSWER, quoted, report, shorten, textAnswer } from './common';
import { NO_STUDENT_FIELDS, type KindCaller, type ServerQuestionKind } from './types';
import type { AppContext } from '../../lib/context';

export interface MathQuestion {
  type: 'MATH';
  expected: string;
  /** The form required beside equivalence; absent: EQUIVALENT (any form). */
  form?: MathForm;
}

/** The form the runner tests, or none (EQUIVALENT asks equivalence only). */
const formTest = (form: MathForm | null | undefined): MathFormTest | undefined => (form && form !== 'EQUIVALENT' ? form : undefined);

/** What is wrong with an expected expression: unreadable (the runner's French reason), or not in the form required. */
export type ExpectedFault = { unreadable: string } | { wrongForm: MathFormTest };

/**
 * Checks that an expected expression can be read, as a grade would read it, and that it has the form required (the
 * teacher's own answer must pass the test the students' will): what is wrong (the question must not be saved), else
 * null. `limitRate: false`: outside the per-user limit (a publication).
 */
export async function checkExpectedExpression(
  ctx: AppContext,
  input: KindCaller & { expected: string; form?: MathForm | null; limitRate?: boolean },
): Promise<ExpectedFault | null> {
  const runner = requireRunner(ctx);
  if (input.limitRate !== false) await checkRate(ctx, input.userId);
  const form = formTest(input.form);
  const r = await onRunner(() => runner.compareMath(input.expected, input.expected, String(input.userId), form ? { form } : {}), logFailure(input));
  if (!r.ok) return { unreadable: r.message };
  return form && r.form === false ? { wrongForm: form } : null;
}

export const mathServerKind = {
  kind: 'MATH',
  fields: { language: false, program: false, tolerance: false, scoring: false, mathForm: true },
  storeSolution: (p, empty) => ({ ...empty, content: p.content.trim(), is_correct: 1 }),
  // Typed as MathQuestion: a gradable MATH question written without its form (EQUIVALENT) stays one.
  toGradable: (q): MathQuestion => ({ type: 'MATH', expected: q.possible_solutions[0]?.content ?? '', form: q.math_form ?? 'EQUIVALENT' }),
  grade: async (ctx, input, mode) => {
    const expression = textAnswer(input.answer, MAX_TEXT_ANSWER);
    if (expression.trim() === '') return { is_valid: false, score: 0, details: { type: 'MATH', message: GRADING_TEXTS.mathEmpty } };
    const runner = requireRunner(ctx);
    if (mode.limitRate) await checkRate(ctx, input.userId);
    const form = formTest(input.question.form);
    const r = await onRunner(() => runner.compareMath(expression, input.question.expected, String(input.userId), { exam: input.exam, ...(form ? { form } : {}) }), logFailure(input));
    if (r.ok) {
      // Equivalent but not written in the form asked: not validated, and the student is told why.
      if (r.equal && form && r.form === false) return { is_valid: false, score: 0, details: { type: 'MATH', message: mathWrongFormMessage(form), wrong_form: form } };
      return { is_valid: r.equal, score: r.equal ? 1 : 0, details: { type: 'MATH' } };
    }
    if (r.field === 'expected') {
      // The question itself is wrong: the student cannot do anything about it, staff must.
      report(input, new Error(`${r.message} (${JSON.stringify(input.question.expected)})`), 'grading: unreadable expected expression');
      throw serviceUnavailable(GRADING_TEXTS.expectedUnreadable);
    }
    return { is_valid: false, score: 0, details: { type: 'MATH', message: storableText(r.message) } };
  },
  ungradable: (_q, message) => ({ type: 'MATH', message }),
  usesRunner: true,
  runsExamples: false,
  // The form asked is part of the question (« Développez… »): shown, never the expected expression.
  student: (q) => {
    const form = formTest(q.math_form);
    return form ? { ...NO_STUDENT_FIELDS, math_form: form } : NO_STUDENT_FIELDS;
  },
  solution: (q) => ({ choice_ids: [], accepted: [], expected: q.possible_solutions[0]?.content ?? null, pairs: [] }),
  checkOnSave: async (ctx, caller, q, solutions) => {
    const form = formTest(q.math_form);
    for (const [i, s] of solutions.entries()) {
      const fault = await checkExpectedExpression(ctx, { ...caller, expected: s.content, form });
      if (fault === null) continue;
      const field = `possible_solutions.${i}.content`;
      if ('wrongForm' in fault) {
        const name = MATH_FORM_NAMES[fault.wrongForm];
        const message = `L’expression attendue « ${shorten(s.content)} » n’est pas sous la forme exigée (${name}) : écrivez-la sous cette forme, ou changez la forme exigée. Rien n’a été enregistré.`;
        throw unprocessable({ [field]: [`L’expression attendue n’est pas sous la forme exigée (${name}).`] }, message);
      }
      const message = `L’expression attendue « ${shorten(s.content)} » ne peut pas être lue : ${fault.unreadable} Rien n’a été enregistré.`;
      throw unprocessable({ [field]: [`Expression illisible : ${fault.unreadable}`] }, message);
    }
    return 0;
  },
  checkVariant: async (ctx, caller, q, ps) => {
    const expected = ps[0]?.content ?? '';
    const fault = await checkExpectedExpression(ctx, { ...caller, expected, form: q.math_form, limitRate: false });
    if (fault === null) return null;
    if ('wrongForm' in fault) return `l’expression attendue ${quoted(expected, 200)} n’est pas sous la forme exigée (${MATH_FORM_NAMES[fault.wrongForm]})`;
    return `l’expression attendue ${quoted(expected, 200)} ne peut pas être lue : ${fault.unreadable}`;
  },
  moodle: {
    write: () => ({ omitted: 'expression mathématique, sans équivalent Moodle sans extension (STACK)' }),
    read: {},
  },
  gift: { write: () => null },
} satisfies ServerQuestionKind<'MATH', MathQuestion>;
