// Reads and writes of the academic_years table; each function takes the database or a transaction.
import { sql } from 'kysely';
import type { AcademicYear, AcademicYearInput, ListQuery } from '@exam/shared';
import type { Db } from '../../db/schema';
import { likePattern, orderFrom, paginate } from '../../lib/list';

const SORTS = { label: 'label', start_date: 'start_date', end_date: 'end_date', is_current: 'is_current', created_at: 'created_at' } as const;

function base(db: Db) {
  return db.selectFrom('academic_years').select((eb) => [
    'academic_years.id',
    'academic_years.label',
    sql<string>`to_char(academic_years.start_date, 'YYYY-MM-DD')`.as('start_date'),
    sql<string>`to_char(academic_years.end_date, 'YYYY-MM-DD')`.as('end_date'),
    sql<string>`to_char(academic_years.access_start, 'YYYY-MM-DD')`.as('access_start'),
    sql<string>`to_char(academic_years.access_end, 'YYYY-MM-DD')`.as('access_end'),
    'academic_years.is_current',
    eb
      .selectFrom('student_enrolments as se')
      .select(sql<number>`count(distinct se.user_id)::int`.as('n'))
      .whereRef('se.academic_year_id', '=', 'academic_years.id')
      .as('students_count'),
    eb
      .selectFrom('courses as c')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('c.academic_year_id', '=', 'academic_years.id')
      .as('courses_count'),
  ]);
}

export async function listYears(db: Db, q: ListQuery) {
  let query = base(db);
  if (q.search) query = query.where('academic_years.label', 'ilike', likePattern(q.search));
  const [col, dir] = orderFrom(q.sort, SORTS, ['label', 'desc']);
  const { rows, total } = await paginate(
    query.orderBy(`academic_years.${col}` as 'academic_years.label', dir).orderBy('academic_years.id', 'desc'),
    q.page,
    q.per_page,
  );
  return { rows: rows as AcademicYear[], total };
}

export async function findYear(db: Db, id: number) {
  return (await base(db).where('academic_years.id', '=', id).executeTakeFirst()) as AcademicYear | undefined;
}

export async function findYearByLabel(db: Db, label: string, exceptId?: number) {
  let q = db.selectFrom('academic_years').select('id').where('label', '=', label);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function clearCurrent(db: Db, exceptId?: number) {
  let q = db.updateTable('academic_years').set({ is_current: 0 }).where('is_current', '=', 1);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

export async function insertYear(db: Db, input: AcademicYearInput) {
  return db.insertInto('academic_years').values(input).returning('id').executeTakeFirstOrThrow();
}

export async function updateYear(db: Db, id: number, input: AcademicYearInput) {
  await db.updateTable('academic_years').set(input).where('id', '=', id).execute();
}

export async function countEnrolmentsInYear(db: Db, id: number) {
  const r = await db
    .selectFrom('student_enrolments')
    .select(sql<number>`count(distinct user_id)::int`.as('n'))
    .where('academic_year_id', '=', id)
    .executeTakeFirstOrThrow();
  return r.n;
}

export async function deleteYear(db: Db, id: number) {
  await db.deleteFrom('academic_years').where('id', '=', id).execute();
}
