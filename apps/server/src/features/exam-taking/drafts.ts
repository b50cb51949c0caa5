// What a student typed and did not submit is graded when their attempt ends: at « Terminer », at the deadline and
// when staff close the exam. Each question's last draft newer than its last submission (and not the same answer)
// becomes a submission marked as sent automatically, dated when it was typed. An attempt's drafts are settled
// once, by whichever process claims them first: the finish request, the result page or the sweep that runs in
// every API process. A try that fails is given back and tried again later, the waits doubling; it never holds back
// another attempt's drafts.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { EXAM_GRACE_SECONDS, isBlankAnswer, type StudentExamBase } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { storedTryRules } from '../exams';
import { toGradable } from '../questions';
import { gradeOrLater } from './grade-later';
import { questionsOfDraw } from './pins';
import { claimDrafts, draftsFailed, drawOf, draftsOf, lastSubmissions, markDraftsSettled, unsettledAttempts, type AttemptRow } from './repository';
import { journalSettled } from './journal';
import { recordAnswers, rulesOf, type GradedAnswer, type RecordedResult } from './submissions';

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

/** `finished`: the caller has just finished the attempt itself (« Terminer »): no end at the deadline to journal. */
type Attempt = { id: number; exam_id: number; user_id: number; finished?: boolean };

/**
 * Grades the attempt's unsent drafts if no other process does; returns how many were stored. A draft the grader
 * refuses (a wrong shape) is left out; a draft the runner cannot grade in time (busy or down) is stored pending and
 * graded later (grade-later.ts); when grading fails otherwise, the failure is counted and logged, and the claim given
 * back for a later try.
 */
export async function settleDrafts(ctx: AppContext, attempt: Attempt, log?: FastifyBaseLogger): Promise<number> {
  if (!(await claimDrafts(ctx.db, attempt.id))) return 0;
  try {
    const drafts = await draftsOf(ctx.db, attempt.id);
    const last = await lastSubmissions(ctx.db, attempt.id);
    const due = [...drafts].filter(([questionId, d]) => {
      const sent = last.get(questionId);
      return !isBlankAnswer(d.answer) && (!sent || (d.updated_at > sent.created_at && !sameAnswer(d.answer, sent.answer)));
    });
    let stored = 0;
    const graded: GradedAnswer[] = [];
    let recorded: RecordedResult[] = [];
    if (due.length > 0) {
      const draw = await drawOf(ctx.db, attempt.id);
      const rules = rulesOf(draw, await storedTryRules(ctx.db, attempt.exam_id));
      const questions = await questionsOfDraw(ctx.db, draw);
      for (const [questionId, d] of due) {
        const q = questions.get(questionId);
        // The starter code left as it was is not an answer.
        if (!q || !rules.has(questionId) || (q.starter_code != null && d.answer === q.starter_code)) continue;
        try {
          // A runner saturated by others keeps the draft's answer for later, as a sent one (grade-later.ts).
          const { outcome, later } = await gradeOrLater(ctx, { userId: attempt.user_id, question: toGradable(q), answer: d.answer, exam: true, draft: true }, log);
          const submission_id = draftSubmissionId(attempt.id, questionId, d.updated_at);
          graded.push({ question_id: questionId, submission_id, answer: d.answer, outcome, created_at: d.updated_at, from_draft: true, later, ip: null, user_agent: null });
        } catch (err) {
          // Not an answer the grader can read (a half-typed choice list): nothing to grade.
          if (err instanceof HttpError && err.statusCode === 422) continue;
          throw err;
        }
      }
      recorded = await recordAnswers(ctx, attempt, graded, rules);
      stored = recorded.length;
    }
    await journalSettled(ctx, attempt, graded, recorded, log);
    await markDraftsSettled(ctx.db, attempt.id);
    return stored;
  } catch (err) {
    // Shown to staff: the French message of an expected error, else the technical one, named as such.
    const reason = err instanceof HttpError ? err.message : `erreur interne : ${err instanceof Error ? err.message : String(err)}`;
    const failed = await draftsFailed(ctx.db, attempt.id, reason).catch(() => undefined);
    const fields = { err, attemptId: attempt.id, examId: attempt.exam_id, userId: attempt.user_id, failures: failed?.failures, retryAt: failed?.retry_at.toISOString() };
    const msg = `drafts: grading the drafts of attempt ${attempt.id} failed (${failed?.failures ?? '?'} time(s)); tried again from ${failed?.retry_at.toISOString() ?? 'the next sweep'}`;
    if (log) log.error(fields, msg);
    else console.error(msg, fields);
    throw err;
  }
}

/** `settleDrafts` for a student's request: a failure is counted and logged, the answer goes on (the sweep tries again). */
export async function settleDraftsOrLater(ctx: AppContext, attempt: Attempt, log?: FastifyBaseLogger): Promise<number | null> {
  try {
    return await settleDrafts(ctx, attempt, log);
  } catch {
    return null;
  }
}

/**
 * One sweep: the ended attempts whose drafts nobody settled yet (deadline passed, exam closed while away), each on
 * its own: one that fails is tried again later and never stops the others. Returns how many were settled.
 */
export async function settleDueDrafts(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  let settled = 0;
  for (const a of await unsettledAttempts(ctx.db, EXAM_GRACE_SECONDS, SWEEP_BATCH)) {
    if ((await settleDraftsOrLater(ctx, a, log)) !== null) settled += 1;
  }
  return settled;
}
