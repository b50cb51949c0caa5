// The answers graded later (grade-later.ts), in exam_submissions itself (migration 050-grade-later): `grade_at` set
// means « not graded yet, tried again from then »; a claim moves it forward by a lease, a verdict clears it.
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { storableJson } from '../../lib/storable-text';
import type { GradeOutcome } from '../grading';

export interface LaterGrading {
  /** The submission's row id. */
  id: number;
  attempt_id: number;
  question_id: number;
  answer: unknown;
  exam_id: number;
  user_id: number;
  /** The client's submission id (the journal names the answer by it). */
  submission_id: string;
  /** 1: the student's draft handed in at the end. */
  auto: number;
}

/** Takes up to `limit` answers due (oldest first), each for `leaseMs`: no other process takes them meanwhile. */
export async function claimLaterGradings(db: Db, leaseMs: number, limit: number): Promise<LaterGrading[]> {
  const r = await sql<LaterGrading>`
    update exam_submissions s set grade_at = now() + ${leaseMs}::int * interval '1 millisecond'
    from exam_attempts a
    where a.id = s.attempt_id
      and s.id in (select id from exam_submissions where grade_at <= now() order by grade_at, id limit ${limit} for update skip locked)
    returning s.id, s.attempt_id, s.question_id, s.answer, a.exam_id, a.user_id, s.submission_id, s.auto`.execute(db);
  return r.rows;
}

/** Keeps the claims of a grading still running. */
export async function renewLaterGradings(db: Db, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await sql`update exam_submissions set grade_at = now() + ${leaseMs}::int * interval '1 millisecond' where id = any(${ids}::int[]) and grade_at is not null`.execute(db);
}

/** A try that failed: counted with its reason, tried again after 5 s, then 10, 20… at most 2 minutes. */
export async function laterGradingFailed(db: Db, id: number, reason: string): Promise<{ failures: number; retry_at: Date } | undefined> {
  const r = await sql<{ grade_failures: number; grade_at: Date | string }>`
    update exam_submissions set
      grade_failures = grade_failures + 1,
      grade_error = ${reason.slice(0, 1000)},
      grade_at = now() + least(120000, 5000 * power(2, least(grade_failures, 10))) * interval '1 millisecond'
    where id = ${id} and grade_at is not null
    returning grade_failures, grade_at`.execute(db);
  const row = r.rows[0];
  return row ? { failures: Number(row.grade_failures), retry_at: new Date(row.grade_at) } : undefined;
}

/** Wrong tries of the same question stored before this answer and graded: the penalty its verdict takes. */
export async function wrongTriesBefore(db: Db, attemptId: number, questionId: number, id: number): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from exam_submissions s, (select created_at, id from exam_submissions where id = ${id}) me
    where s.attempt_id = ${attemptId} and s.question_id = ${questionId} and s.is_valid = 0 and s.grade_at is null and s.pending = 0
      and (s.created_at, s.id) < (me.created_at, me.id)`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Stores the verdict of an answer graded later, with how many tries failed before it; undefined when it was graded
 * meanwhile (another process, a regrade).
 */
export async function storeLaterGrade(db: Db, id: number, o: GradeOutcome & { penalty: number }): Promise<{ failures: number } | undefined> {
  const r = await db
    .updateTable('exam_submissions')
    .set({
      is_valid: o.is_valid ? 1 : 0,
      score: o.score,
      penalty: o.penalty,
      details: storableJson(o.details),
      internal: o.internal === undefined ? null : storableJson(o.internal),
      pending: o.pending ? 1 : 0,
      grade_at: null,
      grade_error: null,
      graded_later_at: new Date(),
    })
    .where('id', '=', id)
    .where('grade_at', 'is not', null)
    .returning('grade_failures')
    .executeTakeFirst();
  return r && { failures: Number(r.grade_failures) };
}
