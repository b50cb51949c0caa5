// What exam taking writes in the attempt's journal (features/exam-journal): start, answers with their verdicts (or
// kept for later, then their verdict when it comes), late answers, the browser's signals, refusals by an access rule,
// unlocks, finish. A failure to write is logged and never fails the student's call.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { ExamGradeResult } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { appendEvents, appendOnce, journalBestEffort, journaledSubmissions, type NewEvent } from '../exam-journal';
import { examCallOf } from './call';
import { journalSilenceAtEnd } from './contact';
import { findAttempt } from './repository';
import type { GradedAnswer, RecordedResult } from './submissions';

const record = (req: FastifyRequest, work: () => Promise<void>) => journalBestEffort(req.log, req.id, work);

const origin = (req: FastifyRequest) => ({ ip: req.ip ?? null, user_agent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 300) : null });
const answerHash = (answer: unknown) => createHash('sha256').update(JSON.stringify(answer ?? null)).digest('hex');
/** An answer stored pending for the runner (sent again: the stored result still waits). */
const keptDetails = (d: unknown) => !!d && typeof d === 'object' && (d as { pending?: unknown }).pending === true && ['ALGORITHM', 'MATH'].includes(String((d as { type?: unknown }).type));

async function attemptId(ctx: AppContext, examId: number, userId: number) {
  return (await findAttempt(ctx.db, examId, userId))?.id;
}

// The student's calls pass the id of the attempt their call read (call.ts): no statement to find it again.

export const journalStart = (ctx: AppContext, req: FastifyRequest, id: number) => record(req, () => appendOnce(ctx, id, { type: 'START', data: origin(req) }));

/** A draft is journaled at most once a minute per question (drafts are saved every few seconds while typing). */
export const DRAFT_JOURNAL_MS = 60_000;
const lastDraft = new Map<string, number>();

export const journalDraft = (ctx: AppContext, req: FastifyRequest, id: number, questionId: number, answer: unknown) =>
  record(req, async () => {
    const key = `${id}:${questionId}`;
    const now = Date.now();
    if (now - (lastDraft.get(key) ?? 0) < DRAFT_JOURNAL_MS) return;
    lastDraft.set(key, now);
    // Kept small: the entries of the last minute only matter.
    if (lastDraft.size > 50_000) for (const [k, at] of lastDraft) if (now - at >= DRAFT_JOURNAL_MS) lastDraft.delete(k);
    await appendEvents(ctx, id, [{ type: 'DRAFT', data: { question_id: questionId, answer_sha256: answerHash(answer) } }]);
  });

/**
 * Each answer stored, with its verdict and the hash of what was sent (the submission itself stays in its table). An
 * answer stored by this call is new to the journal; one sent again (same submission id) is looked up, in case the
 * journal missed it the first time.
 */
export const journalAnswers = (
  ctx: AppContext,
  req: FastifyRequest,
  id: number,
  sent: Array<{ question_id: number; answer: unknown; submission_id?: string }>,
  results: Array<ExamGradeResult & { stored: boolean; later?: boolean }>,
) =>
  record(req, async () => {
    const again = sent.flatMap((a, i) => (a.submission_id && results[i] && !results[i].stored ? [a.submission_id] : []));
    const known = await journaledSubmissions(ctx.db, id, again);
    const events: NewEvent[] = [];
    sent.forEach((a, i) => {
      const r = results[i];
      if (!r || (a.submission_id && !r.stored && known.has(a.submission_id))) return;
      const data = { question_id: a.question_id, submission_id: a.submission_id ?? null, answer_sha256: answerHash(a.answer), tries: r.tries, ...origin(req) };
      // Kept for later (the runner could not answer in time): no verdict yet, which GRADED_LATER gives.
      if (r.later || keptDetails(r.details)) events.push({ type: 'ANSWER_KEPT', data: { ...data, from_draft: false } });
      else events.push({ type: 'ANSWER', data: { ...data, is_valid: r.is_valid } });
    });
    await appendEvents(ctx, id, events);
  });

export const journalLate = (ctx: AppContext, req: FastifyRequest, id: number, answers: Array<{ question_id: number; answer: unknown; submission_id: string; given_at: string; kind: string }>) =>
  record(req, async () => {
    await appendEvents(
      ctx,
      id,
      answers.map((a) => ({ type: 'LATE_ANSWER', client_at: new Date(a.given_at), data: { question_id: a.question_id, submission_id: a.submission_id, kind: a.kind, answer_sha256: answerHash(a.answer) } })),
    );
  });

export const journalFinish = (ctx: AppContext, req: FastifyRequest, id: number) => record(req, () => appendOnce(ctx, id, { type: 'FINISH', data: origin(req) }));

/**
 * When an attempt's drafts are settled: its end at the deadline (nobody finished it: no request marks that moment)
 * and each draft graded then, with its verdict. Run by whichever settles the drafts, often the sweep, which has no
 * request: a failure is logged and the settling goes on.
 */
export async function journalSettled(
  ctx: AppContext,
  attempt: { id: number; exam_id: number; user_id: number; finished?: boolean },
  graded: GradedAnswer[],
  recorded: RecordedResult[],
  log?: FastifyBaseLogger,
): Promise<void> {
  try {
    const row = attempt.finished ? undefined : await findAttempt(ctx.db, attempt.exam_id, attempt.user_id);
    if (row && row.finished_at === null && row.deadline.getTime() <= Date.now()) {
      await appendOnce(ctx, attempt.id, { type: 'DEADLINE', data: { deadline: row.deadline.toISOString() } });
    }
    // A page silent until the end (its own signals are refused once the attempt is over): the period, from the server.
    if (!attempt.finished) await journalSilenceAtEnd(ctx, attempt.id);
    const draft = new Map(graded.map((g) => [g.question_id, g]));
    const events: NewEvent[] = recorded.flatMap((r): NewEvent[] => {
      const g = draft.get(r.question_id);
      if (!r.stored || !g) return [];
      const data = { question_id: r.question_id, submission_id: g.submission_id, answer_sha256: answerHash(g.answer), tries: r.tries };
      // A draft kept for later (the runner could not answer in time): its verdict comes with GRADED_LATER.
      if (r.later) return [{ type: 'ANSWER_KEPT', client_at: g.created_at, data: { ...data, from_draft: true } }];
      return [{ type: 'DRAFT_GRADED', client_at: g.created_at, data: { ...data, is_valid: r.is_valid } }];
    });
    await appendEvents(ctx, attempt.id, events);
  } catch (err) {
    if (log) log.warn({ err, attemptId: attempt.id }, 'writing the attempt journal at its end failed');
    else console.warn('writing the attempt journal at its end failed', { attemptId: attempt.id }, err);
  }
}

/**
 * The verdict of an answer kept for later (grade-later.ts), once stored: with how many tries of grading failed before
 * (the failures themselves are not journaled one by one). Run by the sweep, which has no request: a failure to write
 * is logged and the sweep goes on.
 */
export async function journalGradedLater(
  ctx: AppContext,
  attemptId: number,
  graded: { question_id: number; submission_id: string; from_draft: boolean; is_valid: boolean; score: number; penalty: number; failures: number },
  log?: FastifyBaseLogger,
): Promise<void> {
  try {
    await appendEvents(ctx, attemptId, [{ type: 'GRADED_LATER', data: graded }]);
  } catch (err) {
    if (log) log.warn({ err, attemptId }, 'writing the verdict of an answer graded later in the attempt journal failed');
    else console.warn('writing the verdict of an answer graded later in the attempt journal failed', { attemptId }, err);
  }
}

export const journalUnlock = (ctx: AppContext, req: FastifyRequest, examId: number, userId: number) =>
  record(req, async () => {
    const id = await attemptId(ctx, examId, userId);
    if (id) await appendEvents(ctx, id, [{ type: 'UNLOCK', data: { by: req.user!.id } }]);
  });

/** « Signaler un problème »: the report, in the journal of the attempt it was sent from. */
export const journalReport = (ctx: AppContext, req: FastifyRequest, id: number, report: { id: number; question_id: number | null }, message: string) =>
  record(req, () => appendEvents(ctx, id, [{ type: 'REPORT', data: { report_id: report.id, question_id: report.question_id, message } }]));

/**
 * A refusal by an access rule (403, or 429 for too many codes), once a minute per attempt and message: a browser
 * retrying every few seconds does not fill the journal.
 */
export const journalRefusal = (ctx: AppContext, req: FastifyRequest, err: unknown) =>
  record(req, async () => {
    const examId = (req.params as { id?: number } | undefined)?.id;
    if (!(err instanceof HttpError) || ![403, 429].includes(err.statusCode) || !req.user || typeof examId !== 'number') return;
    // The guard read the call before refusing it.
    const id = (await examCallOf(ctx, req))?.attempt?.id;
    if (!id) return;
    const key = `journal-refusal:${id}:${createHash('sha256').update(err.message).digest('hex').slice(0, 16)}`;
    if ((await ctx.kv.incr(key, 60)) > 1) return;
    await appendEvents(ctx, id, [{ type: 'ACCESS_REFUSED', data: { message: err.message, url: req.routeOptions.url ?? null, ...origin(req) } }]);
  });
