// Rows of uploaded files and their use by chapters and by question statements.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { FileInfo } from '@exam/shared';
import { IMAGE_MIMES } from './detect';

export interface FileRow {
  id: number;
  hash: string;
  name: string;
  size: number;
  mime: string;
}

export function toFileInfo(f: FileRow): FileInfo {
  return {
    id: f.id,
    name: f.name,
    size: Number(f.size),
    mime: f.mime,
    url: `/api/files/${f.id}/download`,
    inline_url: IMAGE_MIMES.has(f.mime) ? `/api/files/${f.id}/inline/${f.hash}` : null,
  };
}

export async function insertFile(db: Db, f: Omit<FileRow, 'id'>, uploadedBy: number): Promise<FileRow> {
  return db
    .insertInto('files')
    .values({ ...f, uploaded_by: uploadedBy })
    .returning(['id', 'hash', 'name', 'size', 'mime'])
    .executeTakeFirstOrThrow();
}

export async function findFile(db: Db, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').select(['id', 'hash', 'name', 'size', 'mime']).where('id', '=', id).executeTakeFirst();
}

/** A file is in use while a chapter or a question statement refers to it. */
const unused = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'files'>) =>
  not(
    exists(
      selectFrom('chapter_files')
        .select('file_id')
        .whereRef('chapter_files.file_id', '=', 'files.id')
        .union(selectFrom('question_files').select('file_id').whereRef('question_files.file_id', '=', 'files.id')),
    ),
  );

/** The first question whose statement uses the file, for the refusal message. */
export async function firstQuestionUse(db: Db, fileId: number) {
  return db.selectFrom('question_files').select('question_id').where('file_id', '=', fileId).orderBy('question_id').executeTakeFirst();
}

/** The first chapter (and its course) using the file, for the refusal message. */
export async function firstUse(db: Db, fileId: number) {
  return db
    .selectFrom('chapter_files as cf')
    .innerJoin('chapters as ch', 'ch.id', 'cf.chapter_id')
    .innerJoin('courses as c', 'c.id', 'ch.course_id')
    .select(['ch.title as chapter_title', 'c.title as course_title'])
    .where('cf.file_id', '=', fileId)
    .orderBy('c.id')
    .orderBy('ch.position')
    .executeTakeFirst();
}

export async function deleteFileRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/** Deletes those of the given files no chapter and no question uses any more; returns their hashes. */
export async function deleteUnusedFiles(db: Db, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .deleteFrom('files')
    .where('id', 'in', [...new Set(ids)])
    .where(unused)
    .returning('hash')
    .execute();
  return rows.map((r) => r.hash);
}

/** Of these hashes, those no file row refers to any more (their stored content can go). */
export async function unreferencedHashes(db: Db, hashes: string[]): Promise<string[]> {
  const unique = [...new Set(hashes)];
  if (!unique.length) return [];
  const still = await db.selectFrom('files').select('hash').where('hash', 'in', unique).execute();
  const set = new Set(still.map((r) => r.hash.trim()));
  return unique.filter((h) => !set.has(h));
}

/** Files attached to chapters (attachments, not inline images), by chapter id. */
export async function filesOfChapters(db: Db, chapterIds: number[]): Promise<Map<number, FileInfo[]>> {
  const out = new Map<number, FileInfo[]>();
  if (!chapterIds.length) return out;
  const rows = await db
    .selectFrom('chapter_files as cf')
    .innerJoin('files as f', 'f.id', 'cf.file_id')
    .select(['cf.chapter_id', 'f.id', 'f.hash', 'f.name', 'f.size', 'f.mime'])
    .where('cf.chapter_id', 'in', chapterIds)
    .where('cf.is_inline', '=', 0)
    .orderBy('cf.chapter_id')
    .orderBy('cf.position')
    .orderBy('f.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.chapter_id) ?? [];
    list.push(toFileInfo(r));
    out.set(r.chapter_id, list);
  }
  return out;
}

/** Uploads no chapter or question ever took (editing abandoned), older than the cut-off: deleted, hashes returned. */
export async function deleteStaleUploads(db: Db, olderThan: Date, limit = 100): Promise<string[]> {
  const stale = db
    .selectFrom('files')
    .select('id')
    .where(sql<boolean>`files.created_at < ${olderThan.toISOString()}::timestamptz`)
    .where(unused)
    .limit(limit);
  const rows = await db.deleteFrom('files').where('id', 'in', stale).returning('hash').execute();
  return rows.map((r) => r.hash);
}
