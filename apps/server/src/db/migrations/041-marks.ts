// Marks given by people (docs/correction-humaine.md): one row per attempt and question graded by hand (an essay), with
// its points, the grader's comment, who and when, and a version bumped by each save (two graders never overwrite each
// other: a save with an older version is refused). The mark is attempt data: it goes with its attempt (the year's
// purge, a student's erasure) and is in the student's data archive; every save is also in the attempt's journal.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_marks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('points', 'numeric(8, 2)', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('graded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('graded_by_name', 'text', (c) => c.notNull())
    .addColumn('graded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('exam_marks_attempt_question_key', ['attempt_id', 'question_id'])
    .execute();
}
