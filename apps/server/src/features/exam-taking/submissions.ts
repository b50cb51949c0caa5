// Storing graded answers of an attempt, sent by the student or made from their drafts when it ended: in one
// transaction with the attempt row locked, each question's limit of submissions is checked and each wrong try
// before an answer costs the exam's penalty; a repeated submission id is the same submission.
import { EXAM_TAKING_TEXTS as T, type GradeDetails, type GradeResult } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { withTransaction, type Trx } from '../../lib/transaction';
import type { GradeOutcome } from '../grading';
import { findSubmission, insertSubmission, lockAttemptRow, recomputeAttempt, triesOf, type StoredResult } from './repository';

/** What the exam sets for one of its questions (the question's own values, else the exam's). */
export interface QuestionRule {
  points: number;
  /** Null: no limit. */
  max_submissions: number | null;
  /** Fraction of the points taken off per wrong try before the one graded. */
  wrong_try_penalty: number;
}

export interface GradedAnswer {
  question_id: number;
  submission_id: string;
  answer: unknown;
  outcome: GradeOutcome;
  created_at: Date;
  /** Sent from the student's draft when the attempt ended (not by the student). */
  from_draft: boolean;
  /** Attached by staff (a late answer): the limit of submissions does not apply. */
  byStaff?: boolean;
  /** Found stored before grading (the same submission id sent again): its stored result is given back. */
  known?: boolean;
  /** Not graded yet (the runner saturated): stored pending and graded later (grade-later.ts). */
  later?: boolean;
  ip: string | null;
  user_agent: string | null;
}

/** Each question's points, limit of submissions and penalty: its own values, else the exam's. */
export function rulesOf(
  order: Array<{ question_id: number; points: number; max_submissions: number | null; wrong_try_penalty: number | null }>,
  exam: { max_submissions: number | null; wrong_try_penalty: number },
): Map<number, QuestionRule> {
  return new Map(
    order.map((o) => [
      o.question_id,
      { points: o.points, max_submissions: o.max_submissions ?? exam.max_submissions, wrong_try_penalty: o.wrong_try_penalty ?? exam.wrong_try_penalty },
    ]),
  );
}

/** A result to send back: the stored one when the submission id was already known (`stored` false). */
export type RecordedResult = GradeResult & { tries: number; stored: boolean; later?: boolean };

const resultOf = (r: StoredResult, tries: number): RecordedResult => ({ question_id: r.question_id, is_valid: r.is_valid, details: r.details as GradeDetails, tries, stored: false });

/** The score that counts for a try after `wrong` wrong ones: never below 0. */
export const penalised = (score: number, wrong: number, rate: number) => {
  const penalty = Math.min(1, rate * wrong);
  return { penalty, score: Math.max(0, Math.round((score - penalty) * 1e6) / 1e6) };
};

/**
 * Stores the answers in order. A student's answer past its question's limit is refused (409, nothing written);
 * an automatic one is skipped. Answers already stored (same submission id) give back their first result.
 */
export async function recordAnswers(
  ctx: AppContext,
  attempt: { id: number; exam_id: number; user_id: number },
  answers: GradedAnswer[],
  rules: Map<number, QuestionRule>,
): Promise<RecordedResult[]> {
  return withTransaction(ctx.db, (trx) => recordAnswersIn(trx, attempt, answers, rules));
}

/** The same, in a transaction the caller holds (staff attaching a late answer: the decision and the answer together). */
export async function recordAnswersIn(
  trx: Trx,
  attempt: { id: number; exam_id: number; user_id: number },
  answers: GradedAnswer[],
  rules: Map<number, QuestionRule>,
): Promise<RecordedResult[]> {
  await lockAttemptRow(trx, attempt.id); // one writer per attempt at a time
  const tries = await triesOf(trx, attempt.id);
  const out: RecordedResult[] = [];
  let stored = 0;
  for (const a of answers) {
    const rule = rules.get(a.question_id) ?? { points: 0, max_submissions: null, wrong_try_penalty: 0 };
    const count = tries.get(a.question_id) ?? { tries: 0, wrong: 0 };
    // The same submission id stored before (seen before grading, or by a call that crossed this one): its first
    // result stands. Looked up only then: most answers are new, and the insert below tells.
    const known = a.known || (rule.max_submissions !== null && count.tries >= rule.max_submissions) ? await findSubmission(trx, attempt.id, a.submission_id) : undefined;
    if (known) {
      out.push(resultOf(known, count.tries));
      continue;
    }
    if (rule.max_submissions !== null && count.tries >= rule.max_submissions && !a.byStaff) {
      if (a.from_draft) continue;
      throw conflict(T.noTriesLeft(rule.max_submissions), { question_id: [T.noTriesLeft(rule.max_submissions)] });
    }
    // An answer graded later takes its penalty when its verdict comes (grade-later.ts).
    const { penalty, score } = a.later ? { penalty: 0, score: 0 } : penalised(a.outcome.score, count.wrong, rule.wrong_try_penalty);
    const inserted = await insertSubmission(trx, {
      attempt_id: attempt.id,
      question_id: a.question_id,
      submission_id: a.submission_id,
      answer: a.answer,
      is_valid: a.outcome.is_valid,
      score,
      penalty,
      from_draft: a.from_draft,
      details: a.outcome.details,
      internal: a.outcome.internal,
      pending: a.outcome.pending === true,
      grade_at: a.later ? new Date() : null,
      created_at: a.created_at,
      ip: a.ip,
      user_agent: a.user_agent,
    });
    if (!inserted) {
      // The same submission id arrived meanwhile (a second tab, a retry): its first result stands.
      const first = await findSubmission(trx, attempt.id, a.submission_id);
      if (first) out.push(resultOf(first, count.tries));
      continue;
    }
    stored += 1;
    // An answer graded later is no wrong try until its verdict says so.
    const next = { tries: count.tries + 1, wrong: count.wrong + (a.outcome.is_valid || a.later ? 0 : 1) };
    tries.set(a.question_id, next);
    out.push({ question_id: a.question_id, is_valid: a.outcome.is_valid, details: a.outcome.details, tries: next.tries, stored: true, ...(a.later ? { later: true } : {}) });
  }
  if (stored > 0) await recomputeAttempt(trx, attempt.id, new Map([...rules].map(([id, r]) => [id, r.points])));
  return out;
}
