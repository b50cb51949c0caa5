// MATH on the server: the expected expression stored as the one possible solution; equality read by the runner
// (an expression that cannot be read refuses the save); no Moodle or GIFT equivalent (STACK is a plug-in).
import { serviceUnavailable, unprocessable } from '../../lib/errors';
import { storableText } from '../../lib/storable-text';
import { checkRate, onRunner, requireRunner } from '../runner';
import { GRADING_TEXTS, logFailure, MAX_TEXT_ANSWER, quoted, report, shorten, textAnswer } from './common';
import { NO_STUDENT_FIELDS, type KindCaller, type ServerQuestionKind } from './types';
import type { AppContext } from '../../lib/context';

export interface MathQuestion {
  type: 'MATH';
  expected: string;
}

/**
 * Checks that an expected expression can be read, as a grade would read it: the French reason when it cannot (the
 * question must not be saved), else null. `limitRate: false`: outside the per-user limit (a publication).
 */
export async function checkExpectedExpression(ctx: AppContext, input: KindCaller & { expected: string; limitRate?: boolean }): Promise<string | null> {
  const runner = requireRunner(ctx);
  if (input.limitRate !== false) await checkRate(ctx, input.userId);
  const r = await onRunner(() => runner.compareMath(input.expected, input.expected, String(input.userId)), logFailure(input));
  return r.ok ? null : r.message;
}

export const mathServerKind = {
  kind: 'MATH',
  fields: { language: false, program: false, tolerance: false, scoring: false },
  storeSolution: (p, empty) => ({ ...empty, content: p.content.trim(), is_correct: 1 }),
  toGradable: (q) => ({ type: 'MATH', expected: q.possible_solutions[0]?.content ?? '' }),
  grade: async (ctx, input, mode) => {
    const expression = textAnswer(input.answer, MAX_TEXT_ANSWER);
    if (expression.trim() === '') return { is_valid: false, score: 0, details: { type: 'MATH', message: GRADING_TEXTS.mathEmpty } };
    const runner = requireRunner(ctx);
    if (mode.limitRate) await checkRate(ctx, input.userId);
    const r = await onRunner(() => runner.compareMath(expression, input.question.expected, String(input.userId), { exam: input.exam }), logFailure(input));
    if (r.ok) return { is_valid: r.equal, score: r.equal ? 1 : 0, details: { type: 'MATH' } };
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
  student: () => NO_STUDENT_FIELDS,
  solution: (q) => ({ choice_ids: [], accepted: [], expected: q.possible_solutions[0]?.content ?? null, pairs: [] }),
  checkOnSave: async (ctx, caller, _q, solutions) => {
    for (const [i, s] of solutions.entries()) {
      const why = await checkExpectedExpression(ctx, { ...caller, expected: s.content });
      if (why === null) continue;
      const message = `L’expression attendue « ${shorten(s.content)} » ne peut pas être lue : ${why} Rien n’a été enregistré.`;
      throw unprocessable({ [`possible_solutions.${i}.content`]: [`Expression illisible : ${why}`] }, message);
    }
    return 0;
  },
  checkVariant: async (ctx, caller, _q, ps) => {
    const expected = ps[0]?.content ?? '';
    const why = await checkExpectedExpression(ctx, { ...caller, expected, limitRate: false });
    return why === null ? null : `l’expression attendue ${quoted(expected, 200)} ne peut pas être lue : ${why}`;
  },
  moodle: {
    write: () => ({ omitted: 'expression mathématique, sans équivalent Moodle sans extension (STACK)' }),
    read: {},
  },
  gift: { write: () => null },
} satisfies ServerQuestionKind<'MATH', MathQuestion>;
