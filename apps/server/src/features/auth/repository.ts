// Reads and writes of users' sessions: the token table and the profile with its parcours.
import { sql } from 'kysely';
import type { User } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';

export type { SessionUser } from '../../lib/session-user';

/**
 * The session lookup behind every authenticated request, in one round trip: the token, its user, the student's
 * year (for the access window) and parcours. Written as one SQL statement because it is the hottest query.
 */
function sessionSql(where: ReturnType<typeof sql>) {
  return sql<SessionUser>`
    select u.id, u.last_name, u.first_name, u.email, u.role, u.is_premium, u.student_number, u.must_change_password,
      y.id as academic_year_id,
      to_char(y.access_start, 'YYYY-MM-DD') as access_start,
      to_char(y.access_end, 'YYYY-MM-DD') as access_end,
      coalesce((
        select json_agg(json_build_object('id', s.id, 'name', s.name, 'code', s.code) order by s.name)
        from student_enrolments se2 join specializations s on s.id = se2.specialization_id
        where se2.user_id = u.id and se2.academic_year_id = y.id
      ), '[]'::json) as specializations
    from users u
    left join lateral (
      select ay.id, ay.access_start, ay.access_end
      from student_enrolments se join academic_years ay on ay.id = se.academic_year_id
      where se.user_id = u.id and u.role = 'STUDENT'
      order by ay.is_current desc, ay.start_date desc
      limit 1
    ) y on true
    ${where}`;
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionUser | undefined> {
  const { rows } = await sessionSql(
    sql`join tokens t on t.user_id = u.id
    where t.token_hash = ${tokenHash} and t.revoked_at is null and t.expires_at > now()`,
  ).execute(db);
  return rows[0];
}

export async function findSessionUserById(db: Db, id: number): Promise<SessionUser | undefined> {
  const { rows } = await sessionSql(sql`where u.id = ${id}`).execute(db);
  return rows[0];
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

/** Ends sessions of a user: every one, or every one but `keepTokenHash` (the session that changed the password). */
export async function revokeUserTokens(db: Db, userId: number, keepTokenHash?: string | null) {
  let q = db.updateTable('tokens').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
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
