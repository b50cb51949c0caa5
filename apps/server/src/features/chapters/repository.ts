// Reads and writes of chapters, their order inside a course and their attached files.
import { sql, type Transaction } from 'kysely';
import type { Chapter, ChapterSummary } from '@exam/shared';
import type { Database, Db } from '../../db/schema';
import { likePattern, paginate } from '../../lib/list';
import { filesOfChapters } from '../files';

type Trx = Transaction<Database>;

const columns = ['ch.id', 'ch.course_id', 'ch.title', 'ch.content', 'ch.position', 'ch.created_at', 'ch.updated_at'] as const;

async function withFiles(db: Db, rows: Array<Omit<Chapter, 'files' | 'created_at' | 'updated_at'> & { created_at: unknown; updated_at: unknown }>): Promise<Chapter[]> {
  const files = await filesOfChapters(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at as string).toISOString(),
    updated_at: new Date(r.updated_at as string).toISOString(),
    files: files.get(r.id) ?? [],
  }));
}

export async function chaptersOfCourse(db: Db, courseId: number): Promise<Chapter[]> {
  const rows = await db.selectFrom('chapters as ch').select(columns).where('ch.course_id', '=', courseId).orderBy('ch.position').orderBy('ch.id').execute();
  return withFiles(db, rows);
}

export async function findChapter(db: Db, id: number): Promise<Chapter | undefined> {
  const row = await db.selectFrom('chapters as ch').select(columns).where('ch.id', '=', id).executeTakeFirst();
  return row ? (await withFiles(db, [row]))[0] : undefined;
}

export async function findChapterCourse(db: Db, id: number): Promise<{ course_id: number; position: number } | undefined> {
  return db.selectFrom('chapters').select(['course_id', 'position']).where('id', '=', id).executeTakeFirst();
}

export async function listChapters(
  db: Db,
  f: { search?: string; course_id?: number },
  pageNo: number,
  perPage: number,
): Promise<{ rows: ChapterSummary[]; total: number }> {
  let q = db.selectFrom('chapters as ch').innerJoin('courses as c', 'c.id', 'ch.course_id');
  if (f.search) q = q.where('ch.title', 'ilike', likePattern(f.search));
  if (f.course_id) q = q.where('ch.course_id', '=', f.course_id);
  const { rows, total } = await paginate(
    q
      .select((eb) => [
        'ch.id',
        'ch.course_id',
        'c.title as course_title',
        'ch.title',
        'ch.position',
        'ch.updated_at',
        eb
          .selectFrom('chapter_files as cf')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('cf.chapter_id', '=', 'ch.id')
          .where('cf.is_inline', '=', 0)
          .as('files_count'),
      ])
      .orderBy('c.title')
      .orderBy('ch.position')
      .orderBy('ch.id'),
    pageNo,
    perPage,
  );
  return {
    rows: rows.map((r) => ({ ...r, files_count: Number(r.files_count ?? 0), updated_at: new Date(r.updated_at as unknown as string).toISOString() })),
    total,
  };
}

export async function countChapters(trx: Trx, courseId: number): Promise<number> {
  const r = await trx.selectFrom('chapters').select((eb) => eb.fn.countAll<number>().as('n')).where('course_id', '=', courseId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Shifts the positions in [from, to] of a course by delta (+1 or -1). */
export async function shiftPositions(trx: Trx, courseId: number, from: number, to: number, delta: 1 | -1): Promise<void> {
  if (from > to) return;
  await trx
    .updateTable('chapters')
    .set({ position: sql`position + ${delta}` })
    .where('course_id', '=', courseId)
    .where('position', '>=', from)
    .where('position', '<=', to)
    .execute();
}

export async function insertChapter(trx: Trx, v: { course_id: number; title: string; content: string; position: number }): Promise<number> {
  const row = await trx.insertInto('chapters').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChapterRow(trx: Trx, id: number, v: { title: string; content: string; position: number }): Promise<void> {
  await trx.updateTable('chapters').set({ ...v, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteChapterRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('chapters').where('id', '=', id).execute();
}

export async function setPositions(trx: Trx, ids: number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await trx.updateTable('chapters').set({ position: i + 1 }).where('id', '=', id).execute();
  }
}

export async function chapterIdsOfCourse(db: Db, courseId: number): Promise<number[]> {
  const rows = await db.selectFrom('chapters').select('id').where('course_id', '=', courseId).orderBy('position').execute();
  return rows.map((r) => r.id);
}

/** File ids used by the given chapters (attachments and inline images). */
export async function fileIdsOfChapters(db: Db, chapterIds: number[]): Promise<number[]> {
  if (!chapterIds.length) return [];
  const rows = await db.selectFrom('chapter_files').select('file_id').where('chapter_id', 'in', chapterIds).execute();
  return [...new Set(rows.map((r) => r.file_id))];
}

/** Replaces the chapter's files: attachments in the given order, then inline images not attached. */
export async function setChapterFiles(trx: Trx, chapterId: number, attachments: number[], inline: number[]): Promise<void> {
  await trx.deleteFrom('chapter_files').where('chapter_id', '=', chapterId).execute();
  const seen = new Set<number>();
  const values: Array<{ chapter_id: number; file_id: number; is_inline: number; position: number }> = [];
  for (const id of attachments) {
    if (seen.has(id)) continue;
    seen.add(id);
    values.push({ chapter_id: chapterId, file_id: id, is_inline: 0, position: values.length });
  }
  for (const id of inline) {
    if (seen.has(id)) continue;
    seen.add(id);
    values.push({ chapter_id: chapterId, file_id: id, is_inline: 1, position: values.length });
  }
  if (values.length) await trx.insertInto('chapter_files').values(values).execute();
}
