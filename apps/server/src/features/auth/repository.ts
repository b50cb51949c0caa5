// Reads and writes of users' sessions: the token table and the profile with its parcours.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { User } from '@exam/shared';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What the access rules need besides the public user fields. */
export interface SessionUser extends User {
  /** Access window of the student's year (null for staff or students with no enrolment). */
  access_start: string | null;
  access_end: string | null;
}

/** The year a student belongs to: their most recent enrolment's year. */
function studentYear(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('student_enrolments as se')
    .innerJoin('academic_years as ay', 'ay.id', 'se.academic_year_id')
    .whereRef('se.user_id', '=', 'users.id')
    .orderBy('ay.is_current', 'desc')
    .orderBy('ay.start_date', 'desc')
    .limit(1);
}

export function selectSessionUser(db: Db) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.last_name',
      'users.first_name',
      'users.email',
      'users.role',
      'users.is_premium',
      'users.student_number',
      'users.must_change_password',
      studentYear(eb).select('ay.id').as('academic_year_id'),
      studentYear(eb).select(sql<string>`to_char(ay.access_start, 'YYYY-MM-DD')`.as('a')).as('access_start'),
      studentYear(eb).select(sql<string>`to_char(ay.access_end, 'YYYY-MM-DD')`.as('b')).as('access_end'),
      jsonArrayFrom(
        eb
          .selectFrom('student_enrolments as se2')
          .innerJoin('specializations as s', 's.id', 'se2.specialization_id')
          .select(['s.id', 's.name', 's.code'])
          .whereRef('se2.user_id', '=', 'users.id')
          .where('se2.academic_year_id', '=', studentYear(eb).select('ay.id'))
          .orderBy('s.name'),
      ).as('specializations'),
    ]);
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionUser | undefined> {
  const row = await selectSessionUser(db)
    .innerJoin('tokens as t', 't.user_id', 'users.id')
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row as SessionUser | undefined;
}

export async function findSessionUserById(db: Db, id: number): Promise<SessionUser | undefined> {
  return (await selectSessionUser(db).where('users.id', '=', id).executeTakeFirst()) as SessionUser | undefined;
}

export async function findUserForLogin(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'role'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insertInto('tokens').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute();
}

export async function revokeToken(db: Db, tokenHash: string) {
  await db.updateTable('tokens').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).execute();
}

/** Drops expired or long-revoked tokens so the table does not grow forever. */
export async function purgeOldTokens(db: Db) {
  await db
    .deleteFrom('tokens')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now()`), eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`)]))
    .execute();
}

export function toPublicUser(u: SessionUser): User {
  return {
    id: u.id,
    last_name: u.last_name,
    first_name: u.first_name,
    email: u.email,
    role: u.role,
    is_premium: u.is_premium ? 1 : 0,
    student_number: u.student_number,
    must_change_password: u.must_change_password ? 1 : 0,
    specializations: u.specializations ?? [],
    academic_year_id: u.academic_year_id ?? null,
  };
}
