// How a program question counts and runs, as CodeRunner's options: `grading` ALL_OR_NOTHING (the points only when
// every case passes) or PER_CASE (each case its weight's share, as before; null reads as PER_CASE), and `echo_input`
// (Python's `input()` writes what it reads, followed by a newline, as CodeRunner's python3 does). Version snapshots
// keep both; older snapshots read them as PER_CASE and 0.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('grading', 'varchar(16)', (c) => c.check(sql`grading in ('ALL_OR_NOTHING', 'PER_CASE')`))
    .addColumn('echo_input', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`echo_input in (0, 1)`))
    .execute();
}
