// What grading by people reads and writes: the exam's questions, the attempts' answers to one question, the marks
// (exam_marks, migration 041) and, once a copy is marked, its submissions' score (the results' one source).
import { sql } from 'kysely';
import { EXAM_GRACE_SECONDS, type QuestionKind } from '@exam/shared';
import type { Db } from '../../db/schema';
import { versionsByIds } from '../questions';

export interface ExamHead {
  id: number;
  title: string;
  status: string;
  end_at: Date;
}

export async function examHead(db: Db, examId: number): Promise<ExamHead | undefined> {
  const r = await db.selectFrom('exams').select(['id', 'title', 'status', 'end_at']).where('id', '=', examId).executeTakeFirst();
  return r ? { id: r.id, title: r.title, status: r.status, end_at: new Date(r.end_at as unknown as string) } : undefined;
}

export interface ExamQuestionHead {
  question_id: number;
  position: number;
  points: number;
  type: QuestionKind;
  statement: string;
  essay: unknown;
  /** FILE's settings (its rubric, its grader information). */
  file_answer?: unknown;
}

/** The exam's questions in order (position 1, 2…), with their kind, as the exam pinned them at publication (the
 *  statement and settings the students were given; the question as it is now when nothing was pinned). */
export async function examQuestions(db: Db, examId: number): Promise<ExamQuestionHead[]> {
  const rows = await db
    .selectFrom('exam_questions as eq')
    .innerJoin('questions as q', 'q.id', 'eq.question_id')
    .select(['eq.question_id', 'eq.points', 'eq.question_version_id', 'q.type', 'q.statement', 'q.essay', 'q.file_answer'])
    .where('eq.exam_id', '=', examId)
    .orderBy('eq.position')
    .orderBy('eq.question_id')
    .execute();
  const versions = await versionsByIds(
    db,
    rows.flatMap((r) => (r.question_version_id === null ? [] : [r.question_version_id])),
  );
  return rows.map((r, i) => {
    const pinned = r.question_version_id === null ? undefined : versions.get(r.question_version_id)?.snapshot;
    const head = { question_id: r.question_id, position: i + 1, points: Number(r.points), type: r.type, statement: r.statement, essay: r.essay, file_answer: r.file_answer };
    return pinned ? { ...head, statement: pinned.statement, essay: pinned.essay ?? null, file_answer: pinned.file_answer ?? null } : head;
  });
}

/** Every attempt of the exam (the copy numbers are drawn among them). */
export async function attemptIdsOf(db: Db, examId: number): Promise<number[]> {
  const rows = await db.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).execute();
  return rows.map((r) => r.id);
}

export interface AnswerRow {
  attempt_id: number;
  answer: unknown;
  details: unknown;
  from_draft: boolean;
}

/**
 * Per attempt over (finished, past its deadline and grace, or its exam closed), its last answer to the question:
 * what the graders read.
 */
export async function lastAnswers(db: Db, examId: number, questionId: number): Promise<AnswerRow[]> {
  const rows = await sql<{ attempt_id: number; answer: unknown; details: unknown; auto: number }>`
    select distinct on (s.attempt_id) s.attempt_id, s.answer, s.details, s.auto
    from exam_submissions s
    join exam_attempts a on a.id = s.attempt_id
    join exams e on e.id = a.exam_id
    where a.exam_id = ${examId} and s.question_id = ${questionId}
      and (a.finished_at is not null or a.deadline + ${EXAM_GRACE_SECONDS}::int * interval '1 second' < now() or e.status in ('CLOSED', 'ARCHIVED'))
    order by s.attempt_id, s.created_at desc, s.id desc`.execute(db);
  return rows.rows.map((r) => ({ attempt_id: r.attempt_id, answer: typeof r.answer === 'string' ? JSON.parse(r.answer) : r.answer, details: r.details, from_draft: r.auto === 1 }));
}

/** The attempt has an answer to the question (a copy to grade). */
export async function hasAnswer(db: Db, attemptId: number, questionId: number): Promise<boolean> {
  const r = await db.selectFrom('exam_submissions').select('id').where('attempt_id', '=', attemptId).where('question_id', '=', questionId).limit(1).executeTakeFirst();
  return r !== undefined;
}

export interface MarkRow {
  attempt_id: number;
  points: number;
  comment: string | null;
  version: number;
  graded_by_name: string;
  graded_at: Date;
  /** Who gave it (null: nobody in person, the mean of two markers under double marking). */
  graded_by?: number | null;
  /** The rubric's levels chosen and the annotations (migration 045-rubrics; see rubric.ts). */
  rubric_levels?: unknown;
  annotations?: unknown;
}

export async function marksOf(db: Db, questionId: number, attemptIds: number[]): Promise<Map<number, MarkRow>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('exam_marks')
    .select(['attempt_id', 'points', 'comment', 'version', 'graded_by_name', 'graded_at', 'rubric_levels', 'annotations'])
    .where('question_id', '=', questionId)
    .where('attempt_id', 'in', attemptIds)
    .execute();
  return new Map(rows.map((r) => [r.attempt_id, { ...r, points: Number(r.points), graded_at: new Date(r.graded_at) }]));
}

/** The attempt row locked for the rest of the transaction (the lock a student's submission takes); its end state. */
export async function lockAttempt(db: Db, attemptId: number): Promise<{ over: boolean } | undefined> {
  const r = await sql<{ over: boolean }>`
    select (a.finished_at is not null or a.deadline + ${EXAM_GRACE_SECONDS}::int * interval '1 second' < now() or e.status in ('CLOSED', 'ARCHIVED')) as over
    from exam_attempts a join exams e on e.id = a.exam_id
    where a.id = ${attemptId}
    for update of a`.execute(db);
  return r.rows[0];
}

export async function markFor(db: Db, attemptId: number, questionId: number): Promise<MarkRow | undefined> {
  const r = await db
    .selectFrom('exam_marks')
    .select(['attempt_id', 'points', 'comment', 'version', 'graded_by', 'graded_by_name', 'graded_at', 'rubric_levels', 'annotations'])
    .where('attempt_id', '=', attemptId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
  return r ? { ...r, points: Number(r.points), graded_at: new Date(r.graded_at) } : undefined;
}

export async function writeMark(
  db: Db,
  v: { attempt_id: number; question_id: number; points: number; comment: string | null; graded_by: number; graded_by_name: string; version: number },
  extra: { rubric_levels?: unknown; annotations?: unknown } = {},
): Promise<MarkRow> {
  const at = new Date();
  // Undefined: left as it is; null: none.
  const json = (x: unknown) => (x === undefined ? undefined : x === null ? null : JSON.stringify(x));
  const more = { rubric_levels: json(extra.rubric_levels), annotations: json(extra.annotations) };
  if (v.version === 1) {
    await db.insertInto('exam_marks').values({ ...v, ...more, graded_at: at }).execute();
  } else {
    await db
      .updateTable('exam_marks')
      .set({ points: v.points, comment: v.comment, graded_by: v.graded_by, graded_by_name: v.graded_by_name, graded_at: at, version: v.version, ...more })
      .where('attempt_id', '=', v.attempt_id)
      .where('question_id', '=', v.question_id)
      .execute();
  }
  return { attempt_id: v.attempt_id, points: v.points, comment: v.comment, version: v.version, graded_by_name: v.graded_by_name, graded_at: at, ...extra };
}

/**
 * The mark becomes the score of the question's submissions in this attempt: the fraction of the points, validated at
 * half the points or more, no longer pending, the grader's comment in the details the student reads.
 */
export async function applyMark(
  db: Db,
  attemptId: number,
  questionId: number,
  fraction: number,
  comment: string | null,
  shown: { levels?: unknown; annotations?: unknown } = {},
): Promise<void> {
  // The rubric's levels chosen and the annotations go with the comment (the student reads them with the mark).
  const extra = JSON.stringify({ ...(shown.levels !== undefined ? { levels: shown.levels ?? [] } : {}), ...(shown.annotations !== undefined ? { annotations: shown.annotations ?? [] } : {}) });
  await sql`
    update exam_submissions set
      score = ${fraction},
      penalty = 0,
      is_valid = ${fraction >= 0.5 ? 1 : 0},
      pending = 0,
      details = details || jsonb_build_object('pending', false, 'comment', ${comment}::text) || ${extra}::jsonb
    where attempt_id = ${attemptId} and question_id = ${questionId}`.execute(db);
}

/**
 * The mark withdrawn (double marking: a mean that a changed rubric put beyond the threshold): the question's answer is
 * pending again, as before any mark (no score, no comment, levels or annotations for the student to read).
 */
export async function withdrawMark(db: Db, attemptId: number, questionId: number): Promise<void> {
  await db.deleteFrom('exam_marks').where('attempt_id', '=', attemptId).where('question_id', '=', questionId).execute();
  await sql`
    update exam_submissions set
      score = 0,
      penalty = 0,
      is_valid = 0,
      pending = 1,
      details = (details - 'levels' - 'annotations' - 'file_annotations') || jsonb_build_object('pending', true, 'comment', null)
    where attempt_id = ${attemptId} and question_id = ${questionId}`.execute(db);
}

/** The points of each question the attempt was given (for its score). */
export async function drawPoints(db: Db, attemptId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('exam_attempt_questions').select(['question_id', 'points']).where('attempt_id', '=', attemptId).execute();
  return new Map(rows.map((r) => [r.question_id, Number(r.points)]));
}

/** Per question of the exam: copies over holding an answer, and marked ones. */
export async function countsOf(db: Db, examId: number, questionIds: number[]): Promise<Map<number, { total: number; graded: number }>> {
  if (questionIds.length === 0) return new Map();
  const rows = await sql<{ question_id: number; total: number; graded: number }>`
    select s.question_id, count(distinct s.attempt_id)::int as total, count(distinct m.attempt_id)::int as graded
    from exam_submissions s
    join exam_attempts a on a.id = s.attempt_id
    join exams e on e.id = a.exam_id
    left join exam_marks m on m.attempt_id = s.attempt_id and m.question_id = s.question_id
    where a.exam_id = ${examId} and s.question_id = any(${questionIds}::int[])
      and (a.finished_at is not null or a.deadline + ${EXAM_GRACE_SECONDS}::int * interval '1 second' < now() or e.status in ('CLOSED', 'ARCHIVED'))
    group by s.question_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.question_id, { total: Number(r.total), graded: Number(r.graded) }]));
}
