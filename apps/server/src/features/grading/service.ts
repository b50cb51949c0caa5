// One grading service for every question type, used by the question bank (reference check, preview), exam taking
// and practice. It holds the rules of what counts as right; the runner does the running.
import { judge, type CodeRunner, type TestCaseResult } from '@exam/runner';
import { MAX_CODE_LENGTH, z } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { serviceUnavailable, unprocessable } from '../../lib/errors';
import { storableText } from '../../lib/storable-text';
import { checkRate, onRunner, requireRunner, runnerSlots } from '../runner';
import { firstFailure, runCases, runLimits, toOutcome } from './algorithm';
import { matchesExact } from './exact';
import type { AlgorithmQuestion, GradeCaller, GradeInput, GradeOutcome, ReferenceFailure } from './types';

export const GRADING_TEXTS = {
  expectedUnreadable: 'La correction de cette question est momentanément impossible : son expression attendue ne peut pas être lue. L’équipe pédagogique a été prévenue.',
  qcmShape: 'La réponse doit être une liste de choix.',
  qcmUnknown: (ids: number[]) =>
    ids.length > 1 ? `Les choix ${ids.join(', ')} n’appartiennent pas à cette question.` : `Le choix ${ids[0]} n’appartient pas à cette question.`,
  textShape: 'La réponse doit être un texte.',
  textTooLong: (max: number) => `La réponse ne doit pas dépasser ${max} caractères.`,
  codeRequired: 'Le code est obligatoire.',
  codeTooLong: `Le code ne doit pas dépasser ${MAX_CODE_LENGTH} caractères.`,
  noTest: 'Cette question n’a aucun test à exécuter.',
  noVisibleTest: 'Cette question n’a aucun exemple visible sur lequel tester.',
  mathEmpty: 'Aucune expression saisie.',
} as const;

const MAX_TEXT_ANSWER = 2000;

/** Logs, with the request, a runner failure that `onRunner` turns into a 503. */
const logFailure = (caller: GradeCaller) => (err: unknown) => report(caller, err, 'grading: runner failure');

function report(caller: GradeCaller, err: unknown, msg: string) {
  if (caller.log) caller.log.error({ err, reqId: caller.requestId }, msg);
  else console.error(msg, { reqId: caller.requestId }, err);
}

const answerError = (message: string) => unprocessable({ answer: [message] }, message);

function textAnswer(answer: unknown, max: number): string {
  if (typeof answer !== 'string') throw answerError(GRADING_TEXTS.textShape);
  if (answer.length > max) throw answerError(GRADING_TEXTS.textTooLong(max));
  return answer;
}

function codeAnswer(answer: unknown): string {
  if (typeof answer !== 'string') throw answerError(GRADING_TEXTS.textShape);
  if (answer.trim() === '') throw answerError(GRADING_TEXTS.codeRequired);
  if (answer.length > MAX_CODE_LENGTH) throw answerError(GRADING_TEXTS.codeTooLong);
  return answer;
}

const choiceIds = z.array(z.number().int()).max(1000);

function gradeQcm(question: Extract<GradeInput['question'], { type: 'QCM' }>, answer: unknown): GradeOutcome {
  const parsed = choiceIds.safeParse(answer);
  if (!parsed.success) throw answerError(GRADING_TEXTS.qcmShape);
  const known = new Set(question.choices.map((c) => c.id));
  const unknown = [...new Set(parsed.data.filter((id) => !known.has(id)))];
  if (unknown.length) throw answerError(GRADING_TEXTS.qcmUnknown(unknown));
  const chosen = new Set(parsed.data);
  const correct = question.choices.filter((c) => c.is_correct).map((c) => c.id);
  const valid = correct.length > 0 && chosen.size === correct.length && correct.every((id) => chosen.has(id));
  return { is_valid: valid, score: valid ? 1 : 0, details: { type: 'QCM' } };
}

/** How a grade uses the runner: students count against the per-user limit with the cases side by side; a regrade
 *  does not count (staff asked once for the whole exam) and runs one case at a time. */
interface RunMode {
  limitRate: boolean;
  concurrency?: number;
}
const STUDENT_RUN: RunMode = { limitRate: true };

async function gradeMath(ctx: AppContext, input: GradeInput & { question: { type: 'MATH' } }, mode: RunMode): Promise<GradeOutcome> {
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
}

async function gradeAlgorithm(ctx: AppContext, input: GradeInput & { question: AlgorithmQuestion }, mode: RunMode): Promise<GradeOutcome> {
  const code = codeAnswer(input.answer);
  const { question } = input;
  const tests = input.visibleOnly ? question.tests.filter((t) => !t.is_hidden) : question.tests;
  if (tests.length === 0) throw answerError(input.visibleOnly && question.tests.length ? GRADING_TEXTS.noVisibleTest : GRADING_TEXTS.noTest);
  const runner = requireRunner(ctx);
  // One unit of the per-user limit for the program, whatever its number of cases.
  if (mode.limitRate) await checkRate(ctx, input.userId);
  const result = await onRunner(
    () => runCases(runner, question, code, tests, mode.concurrency ?? runnerSlots(ctx.config), String(input.userId), input.exam),
    logFailure(input),
  );
  return toOutcome(question, tests, result);
}

/** One unit of the per-user run limit per program (k cases = 1 unit); cases run side by side in the pool;
 *  runner failures → logged with requestId + French 503; queue full → French 429. */
export async function grade(ctx: AppContext, input: GradeInput): Promise<GradeOutcome> {
  return gradeWith(ctx, input, STUDENT_RUN);
}

/**
 * Regrading an exam (staff): the same rules as `grade`, outside the per-user run limit, a program's cases one at
 * a time so that a regrade holds at most one slot of the runner's pool (the caller grades one answer at a time).
 */
export async function regrade(ctx: AppContext, input: GradeInput): Promise<GradeOutcome> {
  return gradeWith(ctx, input, { limitRate: false, concurrency: 1 });
}

async function gradeWith(ctx: AppContext, input: GradeInput, mode: RunMode): Promise<GradeOutcome> {
  const q = input.question;
  switch (q.type) {
    case 'QCM':
      return gradeQcm(q, input.answer);
    case 'EXACT': {
      const answer = textAnswer(input.answer, MAX_TEXT_ANSWER);
      const valid = matchesExact(answer, q.accepted, q.tolerance);
      return { is_valid: valid, score: valid ? 1 : 0, details: { type: 'EXACT' } };
    }
    case 'MATH':
      return gradeMath(ctx, { ...input, question: q }, mode);
    case 'ALGORITHM':
      return gradeAlgorithm(ctx, { ...input, question: q }, mode);
  }
}

/** Runs a reference solution on every case; first failing case with expected vs got, or null when all pass.
 *  `metered: false`: the caller counted the run against the user's limit already (an import counts once). */
export async function checkReferenceSolution(
  ctx: AppContext,
  input: GradeCaller & { question: AlgorithmQuestion; code: string; metered?: boolean },
): Promise<ReferenceFailure | null> {
  const { question } = input;
  if (question.tests.length === 0) return null;
  const runner: CodeRunner = requireRunner(ctx);
  if (input.metered !== false) await checkRate(ctx, input.userId);
  const result = await onRunner(() => runCases(runner, question, input.code, question.tests, runnerSlots(ctx.config), String(input.userId)), logFailure(input));
  return firstFailure(question, result);
}

/**
 * Runs a reference solution on every case of a question's variant, one result per case: a case whose expected
 * output is empty is not compared (its output is the one the variant expects), the others are. Outside the
 * per-user limit when `limitRate` is false (a publication checks many variants for one teacher's click);
 * `concurrency`: most cases of this program at once.
 */
export async function runReference(
  ctx: AppContext,
  input: GradeCaller & { question: AlgorithmQuestion; code: string; limitRate?: boolean; concurrency?: number },
): Promise<TestCaseResult[]> {
  const { question } = input;
  if (question.tests.length === 0) return [];
  const runner = requireRunner(ctx);
  if (input.limitRate !== false) await checkRate(ctx, input.userId);
  const tests = question.tests.map((t) => ({ stdin: t.stdin, expectedOutput: t.expected_output === '' ? undefined : t.expected_output, hidden: t.is_hidden }));
  const result = await onRunner(
    () => judge(runner, question.language, input.code, tests, { limits: runLimits(question.limits), concurrency: input.concurrency ?? runnerSlots(ctx.config), owner: String(input.userId) }),
    logFailure(input),
  );
  return result.cases;
}

/**
 * Checks that a MATH question's expected expression can be read, as a grade would read it: the French reason when it
 * cannot (the question must not be saved), else null. `limitRate: false`: outside the per-user limit (a publication).
 */
export async function checkExpectedExpression(ctx: AppContext, input: GradeCaller & { expected: string; limitRate?: boolean }): Promise<string | null> {
  const runner = requireRunner(ctx);
  if (input.limitRate !== false) await checkRate(ctx, input.userId);
  const r = await onRunner(() => runner.compareMath(input.expected, input.expected, String(input.userId)), logFailure(input));
  return r.ok ? null : r.message;
}
