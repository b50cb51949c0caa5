// A grade sent to a learning platform can be withdrawn (docs/lti.md « Notes renvoyées »): when an attempt's score is
// no longer final (a mark withdrawn, a copy back in correction), its row keeps no score and the platform is told the
// grade awaits a person's correction. `score_given` null says so; the row is kept and deleted like any other.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lti_grades alter column score_given drop not null`.execute(db);
}
