// Where the pg_trgm extension can be created (PostgreSQL with the contrib modules, a role allowed to create
// it), a trigram index lets `search_text LIKE '%…%'` use an index instead of reading every user. The embedded
// database does not load the extension: the savepoint undoes the attempt and the search stays a plain scan.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint people_trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops)`.execute(db);
    await sql`release savepoint people_trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint people_trigram`.execute(db);
  }
}
