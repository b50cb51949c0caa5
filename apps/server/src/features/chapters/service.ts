// Chapter rules: content sanitised, files checked, positions kept 1..n inside a course under a row
// lock, and files no chapter uses any more removed with their stored content.
import type { Chapter, ChapterData } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { notFound, unprocessable } from '../../lib/errors';
import { lockRow, missingIds, touchRow } from '../../lib/rows';
import { withTransaction } from '../../lib/transaction';
import { deleteUnusedFiles, removeStoredContent } from '../files';
import {
  chapterIdsOfCourse,
  chaptersOfCourse,
  countChapters,
  deleteChapterRow,
  fileIdsOfChapters,
  findChapter,
  findChapterCourse,
  insertChapter,
  setChapterFiles,
  setPositions,
  shiftPositions,
  updateChapterRow,
} from './repository';
import { inlineFileIds, sanitizeChapterHtml } from './sanitize';

const COURSE_MISSING = 'Ce cours est introuvable.';

async function checkFiles(ctx: AppContext, fileIds: number[], content: string): Promise<number[]> {
  const missing = await missingIds(ctx.db, 'files', fileIds);
  if (missing.length) {
    throw unprocessable({ file_ids: [`Fichier introuvable : ${missing.join(', ')}. Téléversez-le de nouveau.`] });
  }
  const inline = inlineFileIds(content);
  const gone = new Set(await missingIds(ctx.db, 'files', inline));
  return inline.filter((id) => !gone.has(id));
}

export async function createChapter(ctx: AppContext, data: ChapterData): Promise<Chapter> {
  const content = sanitizeChapterHtml(data.content);
  const inline = await checkFiles(ctx, data.file_ids, content);
  const id = await withTransaction(ctx.db, async (trx) => {
    if (!(await lockRow(trx, 'courses', data.course_id))) throw unprocessable({ course_id: [COURSE_MISSING] }, COURSE_MISSING);
    const count = await countChapters(trx, data.course_id);
    const position = Math.min(Math.max(data.position ?? count + 1, 1), count + 1);
    await shiftPositions(trx, data.course_id, position, count, 1);
    const chapterId = await insertChapter(trx, { course_id: data.course_id, title: data.title, content, position });
    await setChapterFiles(trx, chapterId, data.file_ids, inline);
    await touchRow(trx, 'courses', data.course_id);
    return chapterId;
  });
  return (await findChapter(ctx.db, id))!;
}

export async function updateChapter(ctx: AppContext, id: number, data: ChapterData): Promise<Chapter> {
  const current = await findChapterCourse(ctx.db, id);
  if (!current) throw notFound('Ce chapitre est introuvable.');
  if (current.course_id !== data.course_id) {
    throw unprocessable({ course_id: ['Un chapitre ne peut pas changer de cours.'] }, 'Un chapitre ne peut pas changer de cours.');
  }
  const content = sanitizeChapterHtml(data.content);
  const inline = await checkFiles(ctx, data.file_ids, content);
  await withTransaction(ctx.db, async (trx, afterCommit) => {
    if (!(await lockRow(trx, 'courses', data.course_id))) throw notFound(COURSE_MISSING);
    const now = await findChapterCourse(trx, id);
    if (!now) throw notFound('Ce chapitre est introuvable.');
    const count = await countChapters(trx, data.course_id);
    const target = Math.min(Math.max(data.position ?? now.position, 1), count);
    if (target < now.position) await shiftPositions(trx, data.course_id, target, now.position - 1, 1);
    if (target > now.position) await shiftPositions(trx, data.course_id, now.position + 1, target, -1);
    const before = await fileIdsOfChapters(trx, [id]);
    await updateChapterRow(trx, id, { title: data.title, content, position: target });
    await setChapterFiles(trx, id, data.file_ids, inline);
    await touchRow(trx, 'courses', data.course_id);
    const orphans = await deleteUnusedFiles(trx, before);
    afterCommit(() => removeStoredContent(ctx, orphans));
  });
  return (await findChapter(ctx.db, id))!;
}

export async function deleteChapter(ctx: AppContext, id: number): Promise<void> {
  const current = await findChapterCourse(ctx.db, id);
  if (!current) throw notFound('Ce chapitre est introuvable.');
  await withTransaction(ctx.db, async (trx, afterCommit) => {
    await lockRow(trx, 'courses', current.course_id);
    const now = await findChapterCourse(trx, id);
    if (!now) throw notFound('Ce chapitre est introuvable.');
    const before = await fileIdsOfChapters(trx, [id]);
    const count = await countChapters(trx, now.course_id);
    await deleteChapterRow(trx, id);
    await shiftPositions(trx, now.course_id, now.position + 1, count, -1);
    await touchRow(trx, 'courses', now.course_id);
    const orphans = await deleteUnusedFiles(trx, before);
    afterCommit(() => removeStoredContent(ctx, orphans));
  });
}

export async function reorderChapters(ctx: AppContext, courseId: number, ids: number[]): Promise<Chapter[]> {
  await withTransaction(ctx.db, async (trx) => {
    if (!(await lockRow(trx, 'courses', courseId))) throw notFound(COURSE_MISSING);
    const existing = await chapterIdsOfCourse(trx, courseId);
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== existing.length || existing.some((x) => !given.has(x))) {
      throw unprocessable(
        { ids: ['La liste doit contenir chaque chapitre du cours, une seule fois.'] },
        "L’ordre envoyé ne correspond pas aux chapitres du cours. Rechargez la page et réessayez.",
      );
    }
    await setPositions(trx, ids);
    await touchRow(trx, 'courses', courseId);
  });
  return chaptersOfCourse(ctx.db, courseId);
}
