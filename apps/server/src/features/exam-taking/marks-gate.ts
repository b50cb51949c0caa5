// What a student sees of people's marks (docs/correction-humaine.md « Publication »): the marks of questions graded by
// a person (their points, comment, rubric levels, annotations) reach the student only once the teacher has published
// the exam's marks (exam_grading.published_at, migration 047). Until then such a question reads as still waiting:
// « En attente de correction », its points not counted (the score's one rule then says PENDING or PROVISIONAL).
import { sql } from 'kysely';
import { QUESTION_KINDS } from '@exam/shared';
import type { Db } from '../../db/schema';
import { serverKind } from '../question-kinds';
import type { QuestionProgress } from './repository';

export async function marksPublished(db: Db, examId: number): Promise<boolean> {
  const r = await db.selectFrom('exam_grading').select('published_at').where('exam_id', '=', examId).executeTakeFirst();
  return !!r?.published_at;
}

/** The details of a marked answer as they were while it waited: what was handed in, nothing of the mark. */
export function waitingDetails(details: unknown): unknown {
  if (!details || typeof details !== 'object') return details;
  const d = details as Record<string, unknown>;
  const kept: Record<string, unknown> = { type: d.type, pending: true, comment: null };
  if ('words' in d) kept.words = d.words;
  if ('files' in d) kept.files = d.files;
  return kept;
}

/** Whether the progress holds a mark given by a person (a human-graded question no longer waiting): only then is
 *  the exam's publication worth reading (never while the student writes). */
export function holdsPeoplesMarks(progress: Map<number, QuestionProgress>, typeOf: (questionId: number) => string | undefined): boolean {
  for (const [qid, p] of progress) {
    const type = typeOf(qid);
    if (type && serverKind(type as (typeof QUESTION_KINDS)[number]).humanGraded === true && !p.pending) return true;
  }
  return false;
}

/**
 * The student's progress with the marks of human-graded questions hidden while the exam's marks are unpublished: each
 * such question pending again (no score, no verdict, no comment). Published, or nothing graded by a person: unchanged.
 */
export function withoutUnpublishedMarks(progress: Map<number, QuestionProgress>, typeOf: (questionId: number) => string | undefined, published: boolean): Map<number, QuestionProgress> {
  if (published) return progress;
  const out = new Map(progress);
  for (const [qid, p] of progress) {
    const type = typeOf(qid);
    if (!type || serverKind(type as (typeof QUESTION_KINDS)[number]).humanGraded !== true || p.pending) continue;
    out.set(qid, {
      ...p,
      pending: true,
      best_score: 0,
      top_score: 0,
      validated: false,
      last_valid: false,
      best_details: waitingDetails(p.best_details),
      last_details: waitingDetails(p.last_details),
    });
  }
  return out;
}

/** The question kinds a person grades (their marks wait for publication). */
export const humanGradedTypes = (): string[] => QUESTION_KINDS.filter((k) => serverKind(k).humanGraded === true);

/** Per attempt: its questions graded by a person, validated by an unpublished mark (taken off the list's count). */
export async function unpublishedValidated(db: Db, attemptIds: number[]): Promise<Map<number, number>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await sql<{ attempt_id: number; n: number }>`
    select s.attempt_id, count(distinct s.question_id)::int as n
    from exam_submissions s
    join exam_attempts a on a.id = s.attempt_id
    join questions q on q.id = s.question_id
    left join exam_grading g on g.exam_id = a.exam_id
    where s.attempt_id = any(${attemptIds}::int[]) and s.is_valid = 1 and q.type = any(${humanGradedTypes()}::text[]) and g.published_at is null
    group by s.attempt_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.attempt_id, Number(r.n)]));
}
