// « Signaler un problème » while taking an exam: a short message about a question of the student's own exam (or
// the exam as a whole), kept with the attempt for the invigilators, who see it live and mark it handled.
import { INVIGILATION_TEXTS as R, EXAM_TAKING_TEXTS as T, REPORT_LIMITS } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { findExamForStudent } from '../exams';
import { drawOf, findAttempt } from './repository';

export async function reportProblem(ctx: AppContext, examId: number, user: SessionUser, input: { question_id: number | null; message: string }) {
  if (!(await findExamForStudent(ctx.db, examId, user))) throw notFound(T.notFound);
  const attempt = await findAttempt(ctx.db, examId, user.id);
  if (!attempt) throw conflict(T.notStarted);
  if (input.question_id !== null && !(await drawOf(ctx.db, attempt.id)).some((d) => d.question_id === input.question_id)) {
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
