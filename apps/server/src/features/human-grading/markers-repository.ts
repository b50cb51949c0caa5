// What double marking, publication and anonymity read and write (migration 047): the exam's grading row
// (exam_grading), the markers named (exam_markers), each marker's own marks (exam_marker_marks), the staff who may
// be named, and the students' names once anonymity is lifted.
import { sql } from 'kysely';
import { EXAM_GRACE_SECONDS, type RubricLevelChosen } from '@exam/shared';
import type { Db } from '../../db/schema';

export interface GradingRow {
  rule: 'MEAN' | 'SETTLE';
  threshold: number | null;
  settle_by: 'TEACHER' | 'THIRD_MARKER';
  published_at: Date | null;
  published_by_name: string | null;
  anonymity_lifted_at: Date | null;
  anonymity_lifted_by_name: string | null;
}

const NO_GRADING: GradingRow = { rule: 'MEAN', threshold: null, settle_by: 'TEACHER', published_at: null, published_by_name: null, anonymity_lifted_at: null, anonymity_lifted_by_name: null };

export async function gradingOf(db: Db, examId: number): Promise<GradingRow> {
  const r = await db
    .selectFrom('exam_grading')
    .select(['rule', 'threshold', 'settle_by', 'published_at', 'published_by_name', 'anonymity_lifted_at', 'anonymity_lifted_by_name'])
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  if (!r) return NO_GRADING;
  const date = (d: unknown) => (d ? new Date(d as string) : null);
  return { ...r, threshold: r.threshold === null ? null : Number(r.threshold), published_at: date(r.published_at), anonymity_lifted_at: date(r.anonymity_lifted_at) };
}

/** The exam's grading row, created with its defaults when missing, locked until the transaction ends. */
export async function lockGrading(db: Db, examId: number): Promise<GradingRow> {
  await db.insertInto('exam_grading').values({ exam_id: examId }).onConflict((oc) => oc.column('exam_id').doNothing()).execute();
  await sql`select 1 from exam_grading where exam_id = ${examId} for update`.execute(db);
  return gradingOf(db, examId);
}

export async function setRule(db: Db, examId: number, v: { rule: 'MEAN' | 'SETTLE'; threshold: number | null; settle_by: 'TEACHER' | 'THIRD_MARKER' }): Promise<void> {
  await db.updateTable('exam_grading').set({ ...v, updated_at: new Date() }).where('exam_id', '=', examId).execute();
}

export async function setPublished(db: Db, examId: number, by: { id: number; name: string }, at: Date): Promise<void> {
  await db.updateTable('exam_grading').set({ published_at: at, published_by: by.id, published_by_name: by.name, updated_at: at }).where('exam_id', '=', examId).execute();
}

export async function setLifted(db: Db, examId: number, by: { id: number; name: string }, at: Date): Promise<void> {
  await db.updateTable('exam_grading').set({ anonymity_lifted_at: at, anonymity_lifted_by: by.id, anonymity_lifted_by_name: by.name, updated_at: at }).where('exam_id', '=', examId).execute();
}

export interface MarkerRow {
  question_id: number | null;
  slot: number;
  user_id: number;
  name: string;
}

export async function markersOf(db: Db, examId: number): Promise<MarkerRow[]> {
  const rows = await db
    .selectFrom('exam_markers as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.question_id', 'm.slot', 'm.user_id', 'u.first_name', 'u.last_name'])
    .where('m.exam_id', '=', examId)
    .orderBy('m.question_id')
    .orderBy('m.slot')
    .execute();
  return rows.map((r) => ({ question_id: r.question_id, slot: r.slot, user_id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim() }));
}

/** The markers of one scope (the exam: question null) replaced by these (slot → user). */
export async function replaceMarkers(db: Db, examId: number, questionId: number | null, slots: Array<{ slot: number; user_id: number }>): Promise<void> {
  let del = db.deleteFrom('exam_markers').where('exam_id', '=', examId);
  del = questionId === null ? del.where('question_id', 'is', null) : del.where('question_id', '=', questionId);
  await del.execute();
  if (slots.length > 0) await db.insertInto('exam_markers').values(slots.map((s) => ({ exam_id: examId, question_id: questionId, ...s }))).execute();
}

/** Staff who may mark: administrators and teachers, by name. */
export async function staffUsers(db: Db): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('role', 'in', ['ADMIN', 'TEACHER']).orderBy('last_name').orderBy('first_name').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }));
}

export interface MarkerMarkRow {
  attempt_id: number;
  question_id: number;
  slot: number;
  points: number;
  comment: string | null;
  graded_by_name: string;
  graded_at: Date;
  version: number;
  /** The marker's rubric levels and text annotations (migration 051-marker-rubrics; read with rubric.ts). */
  rubric_levels?: unknown;
  annotations?: unknown;
}

const mmColumns = ['attempt_id', 'question_id', 'slot', 'points', 'comment', 'graded_by_name', 'graded_at', 'version', 'rubric_levels', 'annotations'] as const;
const mmOf = (r: { attempt_id: number; question_id: number; slot: number; points: unknown; comment: string | null; graded_by_name: string; graded_at: unknown; version: number; rubric_levels: unknown; annotations: unknown }): MarkerMarkRow => ({
  ...r,
  points: Number(r.points),
  graded_at: new Date(r.graded_at as string),
});

/** Every marker's mark of the exam's questions (the questions listed). */
export async function markerMarksOfExam(db: Db, examId: number, questionIds: number[]): Promise<MarkerMarkRow[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .selectFrom('exam_marker_marks as mm')
    .innerJoin('exam_attempts as a', 'a.id', 'mm.attempt_id')
    .select(mmColumns.map((c) => `mm.${c}` as const))
    .where('a.exam_id', '=', examId)
    .where('mm.question_id', 'in', questionIds)
    .execute();
  return rows.map(mmOf);
}

export async function markerMarksFor(db: Db, attemptId: number, questionId: number): Promise<MarkerMarkRow[]> {
  const rows = await db.selectFrom('exam_marker_marks').select(mmColumns).where('attempt_id', '=', attemptId).where('question_id', '=', questionId).orderBy('slot').execute();
  return rows.map(mmOf);
}

export async function anyMarkerMark(db: Db, examId: number): Promise<boolean> {
  const r = await db.selectFrom('exam_marker_marks as mm').innerJoin('exam_attempts as a', 'a.id', 'mm.attempt_id').select('mm.id').where('a.exam_id', '=', examId).limit(1).executeTakeFirst();
  return r !== undefined;
}

export async function writeMarkerMark(
  db: Db,
  v: { attempt_id: number; question_id: number; slot: number; points: number; comment: string | null; graded_by: number; graded_by_name: string; version: number },
  extra: { rubric_levels: unknown; annotations: unknown } = { rubric_levels: null, annotations: null },
): Promise<MarkerMarkRow> {
  const at = new Date();
  const json = (x: unknown) => (x === null || x === undefined ? null : JSON.stringify(x));
  const more = { rubric_levels: json(extra.rubric_levels), annotations: json(extra.annotations) };
  if (v.version === 1) {
    await db.insertInto('exam_marker_marks').values({ ...v, ...more, graded_at: at }).execute();
  } else {
    await db
      .updateTable('exam_marker_marks')
      .set({ points: v.points, comment: v.comment, graded_by: v.graded_by, graded_by_name: v.graded_by_name, graded_at: at, version: v.version, ...more })
      .where('attempt_id', '=', v.attempt_id)
      .where('question_id', '=', v.question_id)
      .where('slot', '=', v.slot)
      .execute();
  }
  return { attempt_id: v.attempt_id, question_id: v.question_id, slot: v.slot, points: v.points, comment: v.comment, graded_by_name: v.graded_by_name, graded_at: at, version: v.version, ...extra };
}

/** A marker's mark re-scored by a changed rubric: its points and levels, a new version; still the marker's mark. */
export async function rescoreMarkerMark(db: Db, m: MarkerMarkRow, points: number, levels: RubricLevelChosen[] | null): Promise<MarkerMarkRow> {
  const version = m.version + 1;
  await db
    .updateTable('exam_marker_marks')
    .set({ points, rubric_levels: levels === null ? null : JSON.stringify(levels), version })
    .where('attempt_id', '=', m.attempt_id)
    .where('question_id', '=', m.question_id)
    .where('slot', '=', m.slot)
    .execute();
  return { ...m, points, rubric_levels: levels, version };
}

/** The attempts over holding an answer to one of these questions (the copies to grade), per question. */
export async function copiesOver(db: Db, examId: number, questionIds: number[]): Promise<Array<{ attempt_id: number; question_id: number }>> {
  if (questionIds.length === 0) return [];
  const rows = await sql<{ attempt_id: number; question_id: number }>`
    select distinct s.attempt_id, s.question_id
    from exam_submissions s
    join exam_attempts a on a.id = s.attempt_id
    join exams e on e.id = a.exam_id
    where a.exam_id = ${examId} and s.question_id = any(${questionIds}::int[])
      and (a.finished_at is not null or a.deadline + ${EXAM_GRACE_SECONDS}::int * interval '1 second' < now() or e.status in ('CLOSED', 'ARCHIVED'))`.execute(db);
  return rows.rows;
}

/** The final marks (exam_marks) of the exam's questions listed: attempt, question, version. */
export async function finalMarksOfExam(db: Db, examId: number, questionIds: number[]): Promise<Array<{ attempt_id: number; question_id: number; version: number; points: number }>> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .selectFrom('exam_marks as m')
    .innerJoin('exam_attempts as a', 'a.id', 'm.attempt_id')
    .select(['m.attempt_id', 'm.question_id', 'm.version', 'm.points'])
    .where('a.exam_id', '=', examId)
    .where('m.question_id', 'in', questionIds)
    .execute();
  return rows.map((r) => ({ ...r, points: Number(r.points) }));
}

/** Each attempt's student name (only once anonymity is lifted). */
export async function studentNames(db: Db, attemptIds: number[]): Promise<Map<number, string>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db.selectFrom('exam_attempts as a').innerJoin('users as u', 'u.id', 'a.user_id').select(['a.id', 'u.first_name', 'u.last_name']).where('a.id', 'in', attemptIds).execute();
  return new Map(rows.map((r) => [r.id, `${r.last_name} ${r.first_name}`.trim()]));
}
