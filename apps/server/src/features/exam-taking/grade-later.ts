// Exam answers graded later (docs/examens.md « Corrigée dès que possible »). A student is never refused because others
// load the runner: when an answer's grading meets a runner that cannot answer in time (every slot taken, the queue
// not answering, the runner down), the answer is stored at once, pending, with no verdict and no penalty, and a loop
// in every API process (embedded or cluster) grades it later from the database, so that it survives a restart. The
// verdict depends only on the run: graded later, the answer gets exactly the result it would have got at once, with
// the penalty of the wrong tries sent before it. A claim is a lease renewed while its grading runs: a process that
// dies mid-grading leaves the answer to another (or to itself restarted) within LEASE_MS. The attempt's journal says
// when an answer is kept (ANSWER_KEPT, journal.ts) and when its verdict comes (GRADED_LATER, with the failed tries).
import type { FastifyBaseLogger } from 'fastify';
import { EXAM_TAKING_TEXTS as T, type GradeDetails } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import { storedTryRules } from '../exams';
import { grade, regrade, type GradableQuestion, type GradeInput, type GradeOutcome } from '../grading';
import { serverKind } from '../question-kinds';
import { isRunnerUnavailable } from '../runner';
import { toGradable } from '../questions';
import { questionsOfDraw } from './pins';
import { claimLaterGradings, laterGradingFailed, renewLaterGradings, storeLaterGrade, wrongTriesBefore } from './later-repository';
import { journalGradedLater } from './journal';
import { drawOf, lockAttemptRow, recomputeAttempt } from './repository';
import { penalised, rulesOf } from './submissions';

/** How often each API process looks for answers to grade later. */
export const GRADE_LATER_SWEEP_MS = 3000;
/** A claim lasts this long unless renewed (every third of it while its grading runs). */
export const LEASE_MS = 30_000;
/** Answers one process grades at a time: the runner is saturated already, the students' new answers come first. */
const BATCH = 2;

function warn(log: FastifyBaseLogger | undefined, fields: Record<string, unknown>, msg: string): void {
  if (log) log.warn(fields, msg);
  else console.warn(msg, fields);
}

/** The outcome stored for an answer graded later: pending, its kind's empty details marked as such. */
export function laterOutcome(q: GradableQuestion): GradeOutcome {
  const details = { ...serverKind(q.type).ungradable(q as never, T.gradedLater), pending: true } as GradeDetails;
  return { is_valid: false, score: 0, pending: true, details };
}

/**
 * A student's exam answer graded now, or kept for later when the runner cannot answer (never the student's doing).
 * Any other failure (a wrong shape, the student's own run limit) is thrown as before.
 */
export async function gradeOrLater(ctx: AppContext, input: GradeInput, log?: FastifyBaseLogger): Promise<{ outcome: GradeOutcome; later: boolean }> {
  try {
    return { outcome: await grade(ctx, input), later: false };
  } catch (err) {
    if (!isRunnerUnavailable(err) || !serverKind(input.question.type).usesRunner) throw err;
    warn(log ?? input.log, { userId: input.userId, requestId: input.requestId, reason: err.message }, 'exam answer kept and graded later: the runner could not answer in time');
    return { outcome: laterOutcome(input.question), later: true };
  }
}

/**
 * One sweep: claims the answers due, grades each (outside the students' run limit, an exam's run served first),
 * stores its verdict with its penalty and the attempt's score in one transaction. A try that fails is counted and
 * tried again later, the waits doubling; it never holds back another answer. Returns how many were graded.
 */
export async function gradeDueLater(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  const claimed = await claimLaterGradings(ctx.db, LEASE_MS, BATCH);
  if (claimed.length === 0) return 0;
  const renew = setInterval(() => void renewLaterGradings(ctx.db, claimed.map((c) => c.id), LEASE_MS).catch(() => undefined), LEASE_MS / 3);
  renew.unref();
  let graded = 0;
  try {
    for (const c of claimed) {
      try {
        const draw = await drawOf(ctx.db, c.attempt_id);
        const rules = rulesOf(draw, await storedTryRules(ctx.db, c.exam_id));
        const q = (await questionsOfDraw(ctx.db, draw.filter((d) => d.question_id === c.question_id))).get(c.question_id);
        if (!q) throw new Error(`question ${c.question_id} absent from the draw of attempt ${c.attempt_id}`);
        const gradable = toGradable(q);
        let outcome: GradeOutcome;
        try {
          outcome = await regrade(ctx, { userId: c.user_id, question: gradable, answer: c.answer, exam: true, log });
        } catch (err) {
          // An answer the question cannot read (it never reached the runner): not validated, as at once.
          if (!(err instanceof HttpError && err.statusCode === 422)) throw err;
          outcome = { is_valid: false, score: 0, details: serverKind(gradable.type).ungradable(gradable as never, err.message) as GradeDetails };
        }
        const rule = rules.get(c.question_id);
        const stored = await withTransaction(ctx.db, async (trx) => {
          await lockAttemptRow(trx, c.attempt_id); // one writer per attempt, as a student's answer
          const wrong = await wrongTriesBefore(trx, c.attempt_id, c.question_id, c.id);
          const { penalty, score } = penalised(outcome.score, wrong, rule?.wrong_try_penalty ?? 0);
          const done = await storeLaterGrade(trx, c.id, { ...outcome, score, penalty });
          if (done) await recomputeAttempt(trx, c.attempt_id, new Map([...rules].map(([id, r]) => [id, r.points])));
          return done && { ...done, score, penalty };
        });
        if (stored) {
          graded += 1;
          // In the attempt's journal: the verdict, and how many tries of grading failed before (counted, never one by one).
          const data = { question_id: c.question_id, submission_id: c.submission_id, from_draft: c.auto === 1, is_valid: outcome.is_valid, score: stored.score, penalty: stored.penalty, failures: stored.failures };
          await journalGradedLater(ctx, c.attempt_id, data, log);
        }
      } catch (err) {
        const reason = err instanceof HttpError ? err.message : `erreur interne : ${err instanceof Error ? err.message : String(err)}`;
        const failed = await laterGradingFailed(ctx.db, c.id, reason).catch(() => undefined);
        warn(log, { err, submissionId: c.id, attemptId: c.attempt_id, failures: failed?.failures }, `grading an exam answer later failed; tried again from ${failed?.retry_at.toISOString() ?? 'the next sweep'}`);
      }
    }
  } finally {
    clearInterval(renew);
  }
  return graded;
}
