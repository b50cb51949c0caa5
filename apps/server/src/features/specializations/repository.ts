// Reads and writes of the specializations (parcours) table.
import { sql } from 'kysely';
import type { Specialization, SpecializationInput, SpecializationListQuery } from '@exam/shared';
import type { Db } from '../../db/schema';
import { likePattern, orderFrom, paginate } from '../../lib/list';

const SORTS = { name: 's.name', code: 's.code', level: 's.level', mention_name: 'm.name', created_at: 's.created_at' } as const;

function base(db: Db) {
  return db
    .selectFrom('specializations as s')
    .innerJoin('mentions as m', 'm.id', 's.mention_id')
    .select((eb) => [
      's.id',
      's.name',
      's.code',
      's.level',
      's.mention_id',
      'm.name as mention_name',
      'm.code as mention_code',
      eb
        .selectFrom('student_enrolments as se')
        .select(sql<number>`count(distinct se.user_id)::int`.as('n'))
        .whereRef('se.specialization_id', '=', 's.id')
        .as('students_count'),
      eb
        .selectFrom('course_specializations as cs')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('cs.specialization_id', '=', 's.id')
        .as('courses_count'),
    ]);
}

export async function listSpecializations(db: Db, q: SpecializationListQuery) {
  let query = base(db);
  if (q.search) {
    const like = likePattern(q.search);
    query = query.where((eb) => eb.or([eb('s.name', 'ilike', like), eb('s.code', 'ilike', like), eb('m.name', 'ilike', like)]));
  }
  if (q.mention_id) query = query.where('s.mention_id', '=', q.mention_id);
  if (q.level) query = query.where('s.level', '=', q.level);
  const [col, dir] = orderFrom(q.sort, SORTS, ['s.name', 'asc']);
  const { rows, total } = await paginate(query.orderBy(col as 's.name', dir).orderBy('s.id'), q.page, q.per_page);
  return { rows: rows as Specialization[], total };
}

export async function findSpecialization(db: Db, id: number) {
  return (await base(db).where('s.id', '=', id).executeTakeFirst()) as Specialization | undefined;
}

export async function findSpecializationByCode(db: Db, code: string, exceptId?: number) {
  let q = db.selectFrom('specializations').select('id').where(sql`lower(code)`, '=', code.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function mentionExists(db: Db, id: number) {
  return !!(await db.selectFrom('mentions').select('id').where('id', '=', id).executeTakeFirst());
}

export async function insertSpecialization(db: Db, input: SpecializationInput) {
  return db.insertInto('specializations').values(input).returning('id').executeTakeFirstOrThrow();
}

export async function updateSpecialization(db: Db, id: number, input: SpecializationInput) {
  await db.updateTable('specializations').set(input).where('id', '=', id).execute();
}

export async function deleteSpecialization(db: Db, id: number) {
  await db.deleteFrom('specializations').where('id', '=', id).execute();
}
