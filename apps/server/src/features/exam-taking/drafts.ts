// What a student typed and did not submit is graded when their attempt ends: at « Terminer », at the deadline and
// when staff close the exam. Each question's last draft newer than its last submission (and not the same answer)
// becomes a submission marked as sent automatically, dated when it was typed. An attempt's drafts are settled
// once, by whichever process claims them first: the finish request, the result page or the sweep that runs in
// every API process.
import { createHash } from 'node:crypto';
import { EXAM_GRACE_SECONDS, isBlankAnswer, type StudentExamBase } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { storedTryRules } from '../exams';
import { grade } from '../grading';
import { toGradable } from '../questions';
import { questionsOfDraw } from './pins';
import { claimDrafts, drawOf, draftsOf, lastSubmissions, markDraftsSettled, releaseDrafts, unsettledAttempts, type AttemptRow } from './repository';
import { recordAnswers, rulesOf, type GradedAnswer } from './submissions';

/** How often each API process looks for ended attempts with drafts to grade. */
export const DRAFT_SWEEP_MS = 5000;
const SWEEP_BATCH = 20;

/** The attempt takes no more answers: finished, past its deadline and grace, or its exam closed. */
export function attemptOver(attempt: AttemptRow, exam: Pick<StudentExamBase, 'status' | 'end_at'>, now = Date.now()): boolean {
  const grace = EXAM_GRACE_SECONDS * 1000;
  return attempt.finished_at !== null || now > attempt.deadline.getTime() + grace || exam.status === 'CLOSED';
}

/** A stable id per draft version: settling twice (two processes, a retry) stores it once. */
function draftSubmissionId(attemptId: number, questionId: number, at: Date): string {
  const h = createHash('sha256').update(`draft:${attemptId}:${questionId}:${at.toISOString()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sameAnswer = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Grades the attempt's unsent drafts if no other process does; returns how many were stored. A draft the grader
 * refuses (a wrong shape) is left out; when the runner cannot grade, the claim is given back for the next sweep.
 */
export async function settleDrafts(ctx: AppContext, attempt: { id: number; exam_id: number; user_id: number }): Promise<number> {
  if (!(await claimDrafts(ctx.db, attempt.id))) return 0;
  try {
    const drafts = await draftsOf(ctx.db, attempt.id);
    const last = await lastSubmissions(ctx.db, attempt.id);
    const due = [...drafts].filter(([questionId, d]) => {
      const sent = last.get(questionId);
      return !isBlankAnswer(d.answer) && (!sent || (d.updated_at > sent.created_at && !sameAnswer(d.answer, sent.answer)));
    });
    let stored = 0;
    if (due.length > 0) {
      const draw = await drawOf(ctx.db, attempt.id);
      const rules = rulesOf(draw, await storedTryRules(ctx.db, attempt.exam_id));
      const questions = await questionsOfDraw(ctx.db, draw);
      const graded: GradedAnswer[] = [];
      for (const [questionId, d] of due) {
        const q = questions.get(questionId);
        // The starter code left as it was is not an answer.
        if (!q || !rules.has(questionId) || (q.starter_code != null && d.answer === q.starter_code)) continue;
        try {
          const outcome = await grade(ctx, { userId: attempt.user_id, question: toGradable(q), answer: d.answer });
          const submission_id = draftSubmissionId(attempt.id, questionId, d.updated_at);
          graded.push({ question_id: questionId, submission_id, answer: d.answer, outcome, created_at: d.updated_at, auto: true, ip: null, user_agent: null });
        } catch (err) {
          // Not an answer the grader can read (a half-typed choice list): nothing to grade.
          if (err instanceof HttpError && err.statusCode === 422) continue;
          throw err;
        }
      }
      stored = (await recordAnswers(ctx, attempt, graded, rules)).length;
    }
    await markDraftsSettled(ctx.db, attempt.id);
    return stored;
  } catch (err) {
    await releaseDrafts(ctx.db, attempt.id);
    throw err;
  }
}

/** One sweep: the ended attempts whose drafts nobody settled yet (deadline passed, exam closed while away). */
export async function settleDueDrafts(ctx: AppContext): Promise<number> {
  let settled = 0;
  for (const a of await unsettledAttempts(ctx.db, EXAM_GRACE_SECONDS, SWEEP_BATCH)) {
    await settleDrafts(ctx, a);
    settled += 1;
  }
  return settled;
}
