// « Signaler un problème » while taking an exam: a short message about a question of the student's own exam (or
// the exam as a whole), kept with the attempt for the invigilators, who see it live and mark it handled.
import { INVIGILATION_TEXTS as R, EXAM_TAKING_TEXTS as T, REPORT_LIMITS } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, unprocessable } from '../../lib/errors';
import type { StartedCall } from './call';

export async function reportProblem(ctx: AppContext, call: StartedCall, input: { question_id: number | null; message: string }) {
  const { attempt } = call;
  if (input.question_id !== null && !call.draw.some((d) => d.question_id === input.question_id)) {
    throw unprocessable({ question_id: [T.questionNotInExam] }, T.questionNotInExam);
  }
  const held = await ctx.db
    .selectFrom('exam_problem_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('attempt_id', '=', attempt.id)
    .executeTakeFirstOrThrow();
  if (Number(held.n) >= REPORT_LIMITS.perAttempt) throw conflict(R.tooManyReports);
  const row = await ctx.db
    .insertInto('exam_problem_reports')
    .values({ attempt_id: attempt.id, question_id: input.question_id, message: input.message })
    .returning(['id', 'question_id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, question_id: row.question_id, created_at: new Date(row.created_at).toISOString() };
}
