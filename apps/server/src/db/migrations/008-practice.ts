// Student practice: every try at a course's exercise, graded at once, kept apart from exams (never an exam
// submission, never a score). Done = validated at least once; a deleted question takes its tries with it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('practice_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('is_valid', 'smallint', (c) => c.notNull().defaultTo(0))
    // The student's answer as sent (choice ids, text, program source or expression).
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    // Student-safe grade details (gradeDetailsSchema): what the student saw.
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('practice_attempts_user_question_idx').on('practice_attempts').columns(['user_id', 'question_id', 'created_at']).execute();
  await db.schema.createIndex('practice_attempts_question_idx').on('practice_attempts').columns(['question_id', 'is_valid']).execute();
}
