// The exam room seen live: when each attempt last gave a sign (the exam page asks for its attempt every 10 s), and
// the problems students report on a question while taking the exam, which staff see live and mark as handled.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_attempts').addColumn('last_seen_at', 'timestamptz').execute();
  await db.schema
    .createTable('exam_problem_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    // Null: about the exam as a whole.
    .addColumn('question_id', 'integer', (c) => c.references('questions.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('handled_at', 'timestamptz')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('exam_problem_reports_attempt_idx').on('exam_problem_reports').column('attempt_id').execute();
}
