// The journal's browser signals, counted: past the bound of signals journaled per attempt, each further one is still
// counted here (first and last time, server clock). And the lock of an exam's regrade, held in the database so that
// it holds across API processes (a row per exam being regraded; an old row is taken over, its process gone).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_signal_counts')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_signal_counts_pk', ['attempt_id', 'type'])
    .execute();
  await db.schema
    .createTable('regrade_locks')
    .addColumn('exam_id', 'integer', (c) => c.primaryKey().references('exams.id').onDelete('cascade'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('beat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
