// On a database with no admin, creates the first one from ADMIN_EMAIL / ADMIN_PASSWORD.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashPassword } from '../../lib/password';

export async function ensureFirstAdmin(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').where('role', '=', 'ADMIN').limit(1).executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto('users')
    .values({
      last_name: 'Administrateur',
      first_name: 'Principal',
      email: email.toLowerCase(),
      password_hash: await hashPassword(password),
      role: 'ADMIN',
    })
    .execute();
  return true;
}
