// Files handed in as answers (answer_files, migration 046) and the graders' annotations on them: the content is kept in
// the row, so that a file goes with its attempt (cascade) and no file on disk outlives it.
import { sql } from 'kysely';
import type { AnswerFile, FileAnnotation } from '@exam/shared';
import type { Db } from '../../db/schema';

export interface AnswerFileRow {
  id: number;
  attempt_id: number;
  question_id: number;
  user_id: number;
  name: string;
  mime: string;
  size: number;
  pages: number;
  created_at: Date;
}

const HEAD = ['id', 'attempt_id', 'question_id', 'user_id', 'name', 'mime', 'size', 'pages', 'created_at'] as const;

export const toAnswerFile = (r: AnswerFileRow): AnswerFile => ({ id: r.id, name: r.name, mime: r.mime, size: r.size, pages: r.pages, created_at: r.created_at.toISOString() });

export async function insertAnswerFile(
  db: Db,
  v: { attempt_id: number; question_id: number; user_id: number; name: string; mime: string; size: number; pages: number; sha256: string; content: Buffer },
): Promise<AnswerFileRow> {
  return db.insertInto('answer_files').values(v).returning(HEAD).executeTakeFirstOrThrow();
}

export async function findAnswerFile(db: Db, id: number): Promise<AnswerFileRow | undefined> {
  return db.selectFrom('answer_files').select(HEAD).where('id', '=', id).executeTakeFirst();
}

export async function answerFileContent(db: Db, id: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('answer_files').select('content').where('id', '=', id).executeTakeFirst();
  return row?.content;
}

/** Files uploaded for one question of an attempt, oldest first. */
export async function filesOfAttemptQuestion(db: Db, attemptId: number, questionId: number): Promise<AnswerFileRow[]> {
  return db.selectFrom('answer_files').select(HEAD).where('attempt_id', '=', attemptId).where('question_id', '=', questionId).orderBy('id').execute();
}

/** Files of a question in several attempts (a grading queue), by attempt. */
export async function filesOfAttempts(db: Db, questionId: number, attemptIds: number[]): Promise<Map<number, AnswerFileRow[]>> {
  const out = new Map<number, AnswerFileRow[]>();
  if (attemptIds.length === 0) return out;
  const rows = await db.selectFrom('answer_files').select(HEAD).where('question_id', '=', questionId).where('attempt_id', 'in', attemptIds).orderBy('id').execute();
  for (const r of rows) out.set(r.attempt_id, [...(out.get(r.attempt_id) ?? []), r]);
  return out;
}

/** Serialises uploads of one attempt (the count check and the insert), in the caller's transaction. */
export async function lockAttemptUploads(db: Db, attemptId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(46, ${attemptId})`.execute(db);
}

export async function deleteAnswerFile(db: Db, id: number): Promise<void> {
  await db.deleteFrom('answer_files').where('id', '=', id).execute();
}

/** Every answer file of a user, content included (the student's data archive). */
export async function answerFilesOfUser(db: Db, userId: number): Promise<Array<AnswerFileRow & { content: Buffer; exam_id: number; exam_title: string }>> {
  return db
    .selectFrom('answer_files as f')
    .innerJoin('exam_attempts as a', 'a.id', 'f.attempt_id')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .select(['f.id', 'f.attempt_id', 'f.question_id', 'f.user_id', 'f.name', 'f.mime', 'f.size', 'f.pages', 'f.created_at', 'f.content', 'e.id as exam_id', 'e.title as exam_title'])
    .where('a.user_id', '=', userId)
    .orderBy('f.id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Annotations

interface AnnotationRow {
  id: number;
  attempt_id: number;
  file_id: number;
  file_name: string;
  page: number;
  shape: 'POINT' | 'BOX';
  x: string;
  y: string;
  width: string | null;
  height: string | null;
  comment: string;
  slot: number | null;
}

/** An annotation with the double-marking slot of whoever made it (null: a single grader, or the person who settles). */
export type SlottedFileAnnotation = FileAnnotation & { slot: number | null };

const toAnnotation = (r: AnnotationRow): SlottedFileAnnotation => ({
  id: r.id,
  file_id: r.file_id,
  file_name: r.file_name,
  page: r.page,
  shape: r.shape,
  x: Number(r.x),
  y: Number(r.y),
  width: r.width == null ? null : Number(r.width),
  height: r.height == null ? null : Number(r.height),
  comment: r.comment,
  slot: r.slot,
});

function annotationQuery(db: Db) {
  return db
    .selectFrom('answer_file_annotations as n')
    .innerJoin('answer_files as f', 'f.id', 'n.file_id')
    .select(['n.id', 'n.attempt_id', 'n.file_id', 'f.name as file_name', 'n.page', 'n.shape', 'n.x', 'n.y', 'n.width', 'n.height', 'n.comment', 'n.slot'])
    .orderBy('n.file_id')
    .orderBy('n.page')
    .orderBy('n.id');
}

export async function annotationsOf(db: Db, questionId: number, attemptIds: number[]): Promise<Map<number, SlottedFileAnnotation[]>> {
  const out = new Map<number, SlottedFileAnnotation[]>();
  if (attemptIds.length === 0) return out;
  const rows = await annotationQuery(db).where('n.question_id', '=', questionId).where('n.attempt_id', 'in', attemptIds).execute();
  for (const r of rows) out.set(r.attempt_id, [...(out.get(r.attempt_id) ?? []), toAnnotation(r)]);
  return out;
}

export async function insertAnnotation(
  db: Db,
  v: { attempt_id: number; question_id: number; file_id: number; page: number; shape: 'POINT' | 'BOX'; x: number; y: number; width: number | null; height: number | null; comment: string; created_by: number; created_by_name: string; slot?: number | null },
): Promise<number> {
  const row = await db.insertInto('answer_file_annotations').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteAnnotation(db: Db, id: number, attemptId: number, questionId: number, slot?: number | null): Promise<SlottedFileAnnotation | undefined> {
  const found = await annotationQuery(db).where('n.id', '=', id).where('n.attempt_id', '=', attemptId).where('n.question_id', '=', questionId).executeTakeFirst();
  // A marker removes only their own (`slot`); undefined: anyone's (a single grader, the person who settles).
  if (!found || (slot !== undefined && slot !== null && found.slot !== slot)) return undefined;
  await db.deleteFrom('answer_file_annotations').where('id', '=', id).execute();
  return toAnnotation(found);
}

/** The student reads the annotations with their mark: they are copied into the answer's grade details (null: none
 *  there yet, the copy not marked; the key is taken out). */
export async function syncAnnotationDetails(db: Db, attemptId: number, questionId: number, list: FileAnnotation[] | null): Promise<void> {
  if (list === null) {
    await sql`update exam_submissions set details = details - 'file_annotations' where attempt_id = ${attemptId} and question_id = ${questionId}`.execute(db);
    return;
  }
  await sql`
    update exam_submissions set details = details || jsonb_build_object('file_annotations', ${JSON.stringify(list)}::jsonb)
    where attempt_id = ${attemptId} and question_id = ${questionId}`.execute(db);
}
