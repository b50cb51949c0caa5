// Course rules: the year and parcours must exist; deleting a course takes its chapters and the
// files only they used; students see published courses of their year and parcours, premium ones
// only when premium themselves.
import { COURSE_SORTS, type Course, type CourseData, type StudentCourseDetail } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { forbidden, notFound, unprocessable } from '../../lib/errors';
import { lockRow, missingIds } from '../../lib/rows';
import { withTransaction } from '../../lib/transaction';
import type { SessionUser } from '../../lib/session-user';
import { requirePremium } from '../auth';
import { chaptersOfCourse, chapterIdsOfCourse, fileIdsOfChapters } from '../chapters';
import { deleteUnusedFiles, removeStoredContent, type CoursesUsingFile } from '../files';
import { deleteCourse, findCourse, findStudentCourse, insertCourse, updateCourse, visibleCoursesUsingFile, type StudentScope } from './repository';

const SORT_COLUMNS = { title: 'c.title', created_at: 'c.created_at', updated_at: 'c.updated_at' } as const;

export function courseOrder(sort: string | undefined): [(typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS], 'asc' | 'desc'] {
  if (!sort) return ['c.updated_at', 'desc'];
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  if (!(COURSE_SORTS as readonly string[]).includes(key)) {
    const msg = `Le tri « ${key} » n’est pas disponible ; choisissez parmi : ${COURSE_SORTS.join(', ')}.`;
    throw unprocessable({ sort: [msg] }, msg);
  }
  return [SORT_COLUMNS[key as keyof typeof SORT_COLUMNS], desc ? 'desc' : 'asc'];
}

async function checkReferences(ctx: AppContext, data: CourseData): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ((await missingIds(ctx.db, 'academic_years', [data.academic_year_id])).length) errors.academic_year_id = ["Cette année universitaire n’existe pas."];
  const missing = await missingIds(ctx.db, 'specializations', data.specialization_ids);
  if (missing.length) errors.specialization_ids = [`Parcours introuvable : ${missing.join(', ')}.`];
  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0][0]);
}

export async function createCourse(ctx: AppContext, data: CourseData, authorId: number): Promise<Course> {
  await checkReferences(ctx, data);
  const id = await withTransaction(ctx.db, (trx) => insertCourse(trx, data, authorId));
  return (await findCourse(ctx.db, id))!;
}

export async function editCourse(ctx: AppContext, id: number, data: CourseData): Promise<Course> {
  await checkReferences(ctx, data);
  await withTransaction(ctx.db, async (trx) => {
    if (!(await lockRow(trx, 'courses', id))) throw notFound('Ce cours est introuvable.');
    await updateCourse(trx, id, data);
  });
  return (await findCourse(ctx.db, id))!;
}

export async function removeCourse(ctx: AppContext, id: number): Promise<{ chapters: number }> {
  const result = await withTransaction(ctx.db, async (trx) => {
    if (!(await lockRow(trx, 'courses', id))) throw notFound('Ce cours est introuvable.');
    const chapterIds = await chapterIdsOfCourse(trx, id);
    const fileIds = await fileIdsOfChapters(trx, chapterIds);
    await deleteCourse(trx, id);
    return { chapters: chapterIds.length, hashes: await deleteUnusedFiles(trx, fileIds) };
  });
  await removeStoredContent(ctx, result.hashes);
  return { chapters: result.chapters };
}

export function scopeOf(user: SessionUser): StudentScope {
  return { academic_year_id: user.academic_year_id, specialization_ids: user.specializations.map((s) => s.id) };
}

/** Which courses the student may open (published, of their year and parcours) use the file: their premium flags. */
export const coursesUsingFile: CoursesUsingFile = (db, fileId, user) => visibleCoursesUsingFile(db, fileId, scopeOf(user));

export async function studentCourse(ctx: AppContext, id: number, user: SessionUser): Promise<StudentCourseDetail> {
  const found = await findStudentCourse(ctx.db, id, scopeOf(user));
  if ('reason' in found) {
    if (found.reason === 'missing') throw notFound('Ce cours est introuvable ou n’est pas encore publié.');
    throw forbidden("Ce cours n’est pas proposé à votre parcours.");
  }
  if (found.course.is_premium) requirePremium(user);
  return { ...found.course, chapters: await chaptersOfCourse(ctx.db, id) };
}
