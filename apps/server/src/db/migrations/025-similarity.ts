// Similar programs (features/similarity): one comparison per program question of an exam (its state and progress,
// the distribution of its pairs), the programs as compared, the closest pairs with their shared fragments, and the
// case files staff keep when they act on a pair or a cluster. Staff only; every row goes with its exam (and its
// attempts): kept until the exam's data is deleted, deleted with it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('similarity_analyses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('programs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pair_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('histogram', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('beat_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .addUniqueConstraint('similarity_analyses_question', ['exam_id', 'question_id'])
    .execute();
  await db.schema.createIndex('similarity_analyses_status').on('similarity_analyses').columns(['status', 'requested_at']).execute();
  await db.schema
    .createTable('similarity_programs')
    .addColumn('analysis_id', 'integer', (c) => c.notNull().references('similarity_analyses.id').onDelete('cascade'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('auto', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('similarity_programs_pk', ['analysis_id', 'attempt_id'])
    .execute();
  await db.schema
    .createTable('similarity_pairs')
    .addColumn('analysis_id', 'integer', (c) => c.notNull().references('similarity_analyses.id').onDelete('cascade'))
    .addColumn('left_attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('right_attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('similarity', 'double precision', (c) => c.notNull())
    .addColumn('longest', 'integer', (c) => c.notNull())
    .addColumn('fragments', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('similarity_pairs_pk', ['analysis_id', 'left_attempt_id', 'right_attempt_id'])
    .execute();
  await db.schema.createIndex('similarity_pairs_rank').on('similarity_pairs').columns(['analysis_id', 'similarity desc']).execute();
  await db.schema
    .createTable('similarity_cases')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('decision', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('similarity_case_members')
    .addColumn('case_id', 'integer', (c) => c.notNull().references('similarity_cases.id').onDelete('cascade'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('similarity_case_members_pk', ['case_id', 'attempt_id'])
    .execute();
  await db.schema
    .createTable('similarity_case_steps')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('case_id', 'integer', (c) => c.notNull().references('similarity_cases.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attempt_id', 'integer', (c) => c.references('exam_attempts.id').onDelete('cascade'))
    .addColumn('decision', 'text')
    .addColumn('new_points', 'double precision')
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('similarity_case_steps_case').on('similarity_case_steps').column('case_id').execute();
}
