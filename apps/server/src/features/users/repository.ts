// Reads and writes of users and their enrolments (one module for both: a student's parcours are part of them).
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Role, StudentListQuery, UserListItem, UserListQuery } from '@exam/shared';
import type { Database, Db, NewUser, UserUpdate } from '../../db/schema';
import { foldSearch, likePattern, orderFrom } from '../../lib/list';

type Eb = ExpressionBuilder<Database, 'users'>;

const SORTS = {
  last_name: 'users.last_name',
  first_name: 'users.first_name',
  email: 'users.email',
  role: 'users.role',
  student_number: 'users.student_number',
  is_premium: 'users.is_premium',
  created_at: 'users.created_at',
} as const;

/** The year shown for a student: the one asked for, else their most recent enrolment (current year first). */
function yearOf(eb: Eb, yearId?: number) {
  // Cast: a bare parameter is read back as text, and the row's academic_year_id would be a string.
  if (yearId) return sql<number>`${yearId}::int`;
  return eb
    .selectFrom('student_enrolments as se')
    .innerJoin('academic_years as ay', 'ay.id', 'se.academic_year_id')
    .select('ay.id')
    .whereRef('se.user_id', '=', 'users.id')
    .orderBy('ay.is_current', 'desc')
    .orderBy('ay.start_date', 'desc')
    .limit(1);
}

function selectItems(db: Db, yearId?: number) {
  return db.selectFrom('users').select((eb) => [
    'users.id',
    'users.last_name',
    'users.first_name',
    'users.email',
    'users.role',
    'users.is_premium',
    'users.student_number',
    'users.must_change_password',
    'users.extra_time_factor',
    'users.accommodation_reason',
    'users.separate_room',
    'users.large_text',
    'users.created_at',
    yearOf(eb, yearId).as('academic_year_id'),
    eb.selectFrom('academic_years as ay2').select('ay2.label').where('ay2.id', '=', yearOf(eb, yearId)).as('academic_year_label'),
    jsonArrayFrom(
      eb
        .selectFrom('student_enrolments as se2')
        .innerJoin('specializations as s', 's.id', 'se2.specialization_id')
        .select(['s.id', 's.name', 's.code', 's.mention_id'])
        .whereRef('se2.user_id', '=', 'users.id')
        .where('se2.academic_year_id', '=', yearOf(eb, yearId))
        .orderBy('s.name'),
    ).as('specializations'),
  ]);
}

function toItem(r: Record<string, unknown>): UserListItem {
  return {
    ...(r as unknown as UserListItem),
    is_premium: r.is_premium ? 1 : 0,
    must_change_password: r.must_change_password ? 1 : 0,
    extra_time_factor: Number(r.extra_time_factor ?? 1),
    accommodation_reason: (r.accommodation_reason as UserListItem['accommodation_reason']) ?? null,
    separate_room: r.separate_room ? 1 : 0,
    large_text: r.large_text ? 1 : 0,
    academic_year_id: (r.academic_year_id as number | null) ?? null,
    academic_year_label: (r.academic_year_label as string | null) ?? null,
    created_at: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
  };
}

type Filters = Partial<StudentListQuery> & Partial<UserListQuery> & { roles?: Role[] };

export async function listUsers(db: Db, q: StudentListQuery & { role?: Role; roles?: Role[] }) {
  const apply = <T extends { where: (...a: never[]) => T }>(query: T, f: Filters): T => {
    // Kysely's builders share `where`; the filters below apply to the item query and the count alike.
    let out = query as unknown as ReturnType<typeof db.selectFrom<'users'>>;
    if (f.role) out = out.where('users.role', '=', f.role);
    if (f.roles) out = out.where('users.role', 'in', f.roles);
    if (f.is_premium !== undefined) out = out.where('users.is_premium', '=', Number(f.is_premium));
    if (f.search) {
      // Every word must appear in the folded names, email or number (accents and case ignored).
      for (const term of foldSearch(f.search).split(/\s+/).filter(Boolean).slice(0, 5)) {
        out = out.where('users.search_text', 'like', likePattern(term));
      }
    }
    if (f.academic_year_id || f.specialization_id || f.mention_id) {
      out = out.where((eb) =>
        eb.exists(
          eb
            .selectFrom('student_enrolments as fe')
            .innerJoin('specializations as fs', 'fs.id', 'fe.specialization_id')
            .select(sql`1`.as('one'))
            .whereRef('fe.user_id', '=', 'users.id')
            .$if(!!f.academic_year_id, (w) => w.where('fe.academic_year_id', '=', f.academic_year_id!))
            .$if(!!f.specialization_id, (w) => w.where('fe.specialization_id', '=', f.specialization_id!))
            .$if(!!f.mention_id, (w) => w.where('fs.mention_id', '=', f.mention_id!)),
        ),
      );
    }
    return out as unknown as T;
  };
  const [col, dir] = orderFrom(q.sort, SORTS, ['users.last_name', 'asc']);
  // The page's ids first, then the details of those rows only: PostgreSQL computes the select list of
  // every row an OFFSET skips, so the enrolment subqueries must not sit in the paged query.
  // Separate count: a window count(*) over () would make PostgreSQL sort every matching row instead of
  // keeping only the top of the page (measured slower in bench/import).
  const pageIds = apply(db.selectFrom('users').select('users.id'), q)
    .orderBy(col as 'users.last_name', dir)
    .orderBy('users.first_name')
    .orderBy('users.id')
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const ids = await pageIds.execute();
  const offset = (q.page - 1) * q.per_page;
  let total: number;
  if (ids.length < q.per_page && (ids.length > 0 || q.page === 1)) {
    // A short page is the last one: the total follows without scanning the matches a second time.
    total = offset + ids.length;
  } else {
    const count = apply(db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')), q);
    total = ((await count.executeTakeFirstOrThrow()) as { n: number }).n;
  }
  const order = ids.map((r) => (r as { id: number }).id);
  const rows = order.length ? await selectItems(db, q.academic_year_id).where('users.id', 'in', order).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, toItem(r as Record<string, unknown>)]));
  return { rows: order.map((id) => byId.get(id)!).filter(Boolean), total };
}

export async function findUserItem(db: Db, id: number): Promise<UserListItem | undefined> {
  const r = await selectItems(db).where('users.id', '=', id).executeTakeFirst();
  return r ? toItem(r as Record<string, unknown>) : undefined;
}

export async function findUserBasic(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'role', 'last_name', 'first_name', 'is_premium', 'accommodation_reason']).where('id', '=', id).executeTakeFirst();
}

export async function emailTaken(db: Db, email: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function studentNumberTaken(db: Db, number: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('student_number', '=', number);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function yearExists(db: Db, id: number) {
  return !!(await db.selectFrom('academic_years').select('id').where('id', '=', id).executeTakeFirst());
}

export async function existingSpecializationIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('specializations').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function countAdmins(db: Db) {
  const r = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).where('role', '=', 'ADMIN').executeTakeFirstOrThrow();
  return r.n;
}

export async function insertUser(db: Db, values: NewUser) {
  return db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, values: UserUpdate) {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Replaces a student's parcours for one year (other years stay as history). */
export async function setEnrolments(db: Db, userId: number, yearId: number, specializationIds: number[]) {
  await db.deleteFrom('student_enrolments').where('user_id', '=', userId).where('academic_year_id', '=', yearId).execute();
  if (specializationIds.length) {
    await db
      .insertInto('student_enrolments')
      .values([...new Set(specializationIds)].map((sid) => ({ user_id: userId, academic_year_id: yearId, specialization_id: sid })))
      .execute();
  }
}

export async function clearEnrolments(db: Db, userId: number) {
  await db.deleteFrom('student_enrolments').where('user_id', '=', userId).execute();
}

export async function deleteUser(db: Db, id: number) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Flips is_premium in one statement, so two quick clicks cannot both read the old value. */
export async function togglePremium(db: Db, id: number) {
  return db
    .updateTable('users')
    .set({ is_premium: sql`1 - is_premium`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('role', '=', 'STUDENT')
    .returning(['is_premium', 'last_name', 'first_name'])
    .executeTakeFirst();
}

// ---- Student import ---------------------------------------------------------------------------

/** What an import row may name: parcours by code or name, years by label, and the current year. */
export async function importReferences(db: Db) {
  const [specializations, years] = await Promise.all([
    db.selectFrom('specializations').select(['id', 'code', 'name']).execute(),
    db.selectFrom('academic_years').select(['id', 'label', 'is_current']).execute(),
  ]);
  return { specializations, years };
}

async function inChunks<T, R>(items: T[], size: number, fn: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await fn(items.slice(i, i + size))));
  return out;
}

/** The ones of these (lower-case) e-mail addresses that an account already has. */
export async function takenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const rows = await inChunks(emails, 5000, (chunk) => db.selectFrom('users').select(sql<string>`lower(email)`.as('e')).where(sql`lower(email)`, 'in', chunk).execute());
  return new Set(rows.map((x) => x.e));
}

/** The ones of these student numbers already given to an account. */
export async function takenStudentNumbers(db: Db, numbers: string[]): Promise<Set<string>> {
  const rows = await inChunks(numbers, 5000, (chunk) => db.selectFrom('users').select('student_number').where('student_number', 'in', chunk).execute());
  return new Set(rows.map((x) => x.student_number).filter((n): n is string => n !== null));
}

export interface ImportedStudent {
  last_name: string;
  first_name: string;
  email: string;
  student_number: string;
  specialization_ids: number[];
  academic_year_id: number;
  is_premium: number;
  /** Accommodations from the file's columns (1, null, 0, 0 when left empty). */
  extra_time_factor: number;
  accommodation_reason: 'TIERS_TEMPS' | 'AUTRE' | null;
  separate_room: number;
  large_text: number;
  password_hash: string;
}

/** Writes the students and their enrolments; the caller holds the transaction (all of them or none). */
export async function insertImportedStudents(trx: Db, students: ImportedStudent[]): Promise<void> {
  const idByEmail = new Map<string, number>();
  for (let i = 0; i < students.length; i += 1000) {
    const inserted = await trx
      .insertInto('users')
      .values(
        students.slice(i, i + 1000).map((s) => ({
          last_name: s.last_name,
          first_name: s.first_name,
          email: s.email,
          password_hash: s.password_hash,
          role: 'STUDENT' as const,
          is_premium: s.is_premium,
          student_number: s.student_number,
          extra_time_factor: s.extra_time_factor,
          accommodation_reason: s.accommodation_reason,
          separate_room: s.separate_room,
          large_text: s.large_text,
          must_change_password: 1,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    for (const x of inserted) idByEmail.set(x.email, x.id);
  }
  const enrolments = students.flatMap((s) => s.specialization_ids.map((sid) => ({ user_id: idByEmail.get(s.email)!, academic_year_id: s.academic_year_id, specialization_id: sid })));
  for (let i = 0; i < enrolments.length; i += 5000) {
    await trx.insertInto('student_enrolments').values(enrolments.slice(i, i + 5000)).execute();
  }
}
