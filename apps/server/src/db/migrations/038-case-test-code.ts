// Program questions' cases as CodeRunner writes them: a case may hold test code run after the student's code (a
// function or a class to write), and says when its result is shown after grading (`display`: SHOW, HIDE,
// HIDE_IF_FAIL, HIDE_IF_SUCCEED; null: from is_hidden, HIDE for a hidden case and SHOW otherwise, as before).
// Version snapshots written before keep their cases without these fields: read as no test code, display from is_hidden.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('possible_solutions')
    .addColumn('test_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display', 'varchar(16)', (c) => c.check(sql`display in ('SHOW', 'HIDE', 'HIDE_IF_FAIL', 'HIDE_IF_SUCCEED')`))
    .execute();
}
