// Exam results: the trace of every regrade change (who, when, exam, student, question, old → new). Rows outlive
// nothing they point to: deleting the exam, the student or the question deletes their trace; the staff member
// who regraded may go (set null).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('regrade_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('regraded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('old_state', 'varchar(20)', (c) => c.notNull())
    .addColumn('new_state', 'varchar(20)', (c) => c.notNull())
    // Points of the student's best result on the question, before and after.
    .addColumn('old_score', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('new_score', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('regrade_log_exam_idx').on('regrade_log').columns(['exam_id', 'created_at']).execute();
}
