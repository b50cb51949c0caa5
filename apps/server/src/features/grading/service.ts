// One grading service for every question kind, used by the question bank (reference check, preview), exam taking,
// practice and regrades: it takes the question's kind from the table (../question-kinds), whose module holds the rule
// of what counts as right; the runner does the running.
import type { AppContext } from '../../lib/context';
import { serverKind, type GradeInput, type GradeOutcome, type RunMode } from '../question-kinds';

const STUDENT_RUN: RunMode = { limitRate: true };

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

function gradeWith(ctx: AppContext, input: GradeInput, mode: RunMode): Promise<GradeOutcome> {
  return serverKind(input.question.type).grade(ctx, input, mode);
}

export { checkReferenceSolution, runReference, checkExpectedExpression, GRADING_TEXTS } from '../question-kinds';
