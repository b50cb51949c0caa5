// Reads and writes of courses and their parcours; every function takes the db or a transaction.
import { sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Course, CourseData, StudentCourse } from '@exam/shared';
import type { Database, Db } from '../../db/schema';
import { likePattern, paginate } from '../../lib/list';

export interface CourseFilters {
  search?: string;
  academic_year_id?: number;
  specialization_id?: number;
  is_published?: number;
  is_premium?: number;
}


function selectCourses(db: Db) {
  return db
    .selectFrom('courses as c')
    .innerJoin('academic_years as ay', 'ay.id', 'c.academic_year_id')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select((eb) => [
      'c.id',
      'c.title',
      'c.description',
      'c.academic_year_id',
      'ay.label as academic_year_label',
      'c.is_premium',
      'c.is_published',
      'c.author_id',
      sql<string | null>`case when u.id is null then null else u.first_name || ' ' || u.last_name end`.as('author_name'),
      'c.created_at',
      'c.updated_at',
      jsonArrayFrom(
        eb
          .selectFrom('course_specializations as cs')
          .innerJoin('specializations as s', 's.id', 'cs.specialization_id')
          .select(['s.id', 's.name', 's.code'])
          .whereRef('cs.course_id', '=', 'c.id')
          .orderBy('s.name'),
      ).as('specializations'),
      eb.selectFrom('chapters as ch').select((e) => e.fn.countAll<number>().as('n')).whereRef('ch.course_id', '=', 'c.id').as('chapters_count'),
    ]);
}

type CourseRow = Awaited<ReturnType<ReturnType<typeof selectCourses>['executeTakeFirstOrThrow']>>;

function toCourse(r: CourseRow): Course {
  return {
    ...r,
    is_premium: r.is_premium ? 1 : 0,
    is_published: r.is_published ? 1 : 0,
    chapters_count: Number(r.chapters_count ?? 0),
    specialization_ids: r.specializations.map((s) => s.id),
    created_at: new Date(r.created_at as unknown as string).toISOString(),
    updated_at: new Date(r.updated_at as unknown as string).toISOString(),
  };
}

function applyFilters<Q extends ReturnType<typeof selectCourses>>(q: Q, f: CourseFilters): Q {
  let out = q;
  if (f.search) {
    const like = likePattern(f.search);
    out = out.where((eb) => eb.or([eb('c.title', 'ilike', like), eb('c.description', 'ilike', like)])) as Q;
  }
  if (f.academic_year_id) out = out.where('c.academic_year_id', '=', f.academic_year_id) as Q;
  if (f.specialization_id) {
    const sid = f.specialization_id;
    out = out.where((eb) =>
      eb.exists(eb.selectFrom('course_specializations as f').select('f.course_id').whereRef('f.course_id', '=', 'c.id').where('f.specialization_id', '=', sid)),
    ) as Q;
  }
  if (f.is_published !== undefined) out = out.where('c.is_published', '=', f.is_published) as Q;
  if (f.is_premium !== undefined) out = out.where('c.is_premium', '=', f.is_premium) as Q;
  return out;
}

export async function listCourses(
  db: Db,
  f: CourseFilters,
  order: ['c.title' | 'c.created_at' | 'c.updated_at', 'asc' | 'desc'],
  pageNo: number,
  perPage: number,
): Promise<{ rows: Course[]; total: number }> {
  const { rows, total } = await paginate(applyFilters(selectCourses(db), f).orderBy(order[0], order[1]).orderBy('c.id', 'desc'), pageNo, perPage);
  return { rows: rows.map(toCourse), total };
}

export async function findCourse(db: Db, id: number): Promise<Course | undefined> {
  const row = await selectCourses(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toCourse(row) : undefined;
}

export async function insertCourse(trx: Transaction<Database>, data: CourseData, authorId: number): Promise<number> {
  const row = await trx
    .insertInto('courses')
    .values({
      title: data.title,
      description: data.description,
      academic_year_id: data.academic_year_id,
      is_premium: data.is_premium,
      is_published: data.is_published,
      author_id: authorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setCourseSpecializations(trx, row.id, data.specialization_ids);
  return row.id;
}

export async function updateCourse(trx: Transaction<Database>, id: number, data: CourseData): Promise<void> {
  await trx
    .updateTable('courses')
    .set({
      title: data.title,
      description: data.description,
      academic_year_id: data.academic_year_id,
      is_premium: data.is_premium,
      is_published: data.is_published,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('course_specializations').where('course_id', '=', id).execute();
  await setCourseSpecializations(trx, id, data.specialization_ids);
}

async function setCourseSpecializations(trx: Transaction<Database>, courseId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length) {
    await trx.insertInto('course_specializations').values(unique.map((specialization_id) => ({ course_id: courseId, specialization_id }))).execute();
  }
}

export async function deleteCourse(trx: Transaction<Database>, id: number): Promise<boolean> {
  const res = await trx.deleteFrom('courses').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

// ---- Student side -------------------------------------------------------------------------

export interface StudentScope {
  academic_year_id: number | null;
  specialization_ids: number[];
}

function selectStudentCourses(db: Db) {
  return selectCourses(db).where('c.is_published', '=', 1);
}

function inScope<Q extends ReturnType<typeof selectCourses>>(q: Q, scope: StudentScope): Q {
  if (!scope.academic_year_id || scope.specialization_ids.length === 0) return q.where(sql<boolean>`false`) as Q;
  const ids = scope.specialization_ids;
  return q
    .where('c.academic_year_id', '=', scope.academic_year_id)
    .where((eb) =>
      eb.exists(eb.selectFrom('course_specializations as sc').select('sc.course_id').whereRef('sc.course_id', '=', 'c.id').where('sc.specialization_id', 'in', ids)),
    ) as Q;
}

function toStudentCourse(c: Course): StudentCourse {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    is_premium: c.is_premium,
    academic_year_label: c.academic_year_label,
    specializations: c.specializations,
    chapters_count: c.chapters_count,
    updated_at: c.updated_at,
  };
}

export async function listStudentCourses(db: Db, scope: StudentScope, search?: string): Promise<StudentCourse[]> {
  let q = inScope(selectStudentCourses(db), scope);
  if (search) q = applyFilters(q, { search });
  const rows = await q.orderBy('c.title').orderBy('c.id').limit(500).execute();
  return rows.map((r) => toStudentCourse(toCourse(r)));
}

/** A published course of the student's scope, or why not: 'missing' (absent or unpublished) or 'other'. */
export async function findStudentCourse(
  db: Db,
  id: number,
  scope: StudentScope,
): Promise<{ course: StudentCourse } | { reason: 'missing' | 'other' }> {
  const row = await selectStudentCourses(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) return { reason: 'missing' };
  const visible = await inScope(selectStudentCourses(db), scope).where('c.id', '=', id).select('c.id as visible_id').executeTakeFirst();
  if (!visible) return { reason: 'other' };
  return { course: toStudentCourse(toCourse(row)) };
}

/** Courses a student may open that use the file (published, in scope): their premium flags. */
export async function visibleCoursesUsingFile(db: Db, fileId: number, scope: StudentScope): Promise<Array<{ is_premium: number }>> {
  return inScope(selectStudentCourses(db), scope)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('chapter_files as cf')
          .innerJoin('chapters as ch', 'ch.id', 'cf.chapter_id')
          .select('cf.file_id')
          .whereRef('ch.course_id', '=', 'c.id')
          .where('cf.file_id', '=', fileId),
      ),
    )
    .clearSelect()
    .select('c.is_premium')
    .execute();
}
