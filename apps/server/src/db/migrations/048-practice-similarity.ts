// Similar programs in practice (features/similarity/practice.ts), on a teacher's demand: one comparison per practice
// exercise (its state, progress and distribution) and its closest pairs, each side named by the student's practice try
// that was compared (their last program for the exercise). The programs are not copied: they are read from the tries.
// Staff only, never shown to students. Kept while the tries are: a pair goes with either try (the year's purge of
// practice tries, an account erased), the comparison with its exercise.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('practice_similarity_analyses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('question_id', 'integer', (c) => c.notNull().unique().references('questions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('programs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pair_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('histogram', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('beat_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('practice_similarity_analyses_status').on('practice_similarity_analyses').columns(['status', 'requested_at']).execute();
  await db.schema
    .createTable('practice_similarity_pairs')
    .addColumn('analysis_id', 'integer', (c) => c.notNull().references('practice_similarity_analyses.id').onDelete('cascade'))
    .addColumn('left_try_id', 'integer', (c) => c.notNull().references('practice_attempts.id').onDelete('cascade'))
    .addColumn('right_try_id', 'integer', (c) => c.notNull().references('practice_attempts.id').onDelete('cascade'))
    .addColumn('similarity', 'double precision', (c) => c.notNull())
    .addColumn('longest', 'integer', (c) => c.notNull())
    .addColumn('fragments', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('practice_similarity_pairs_pk', ['analysis_id', 'left_try_id', 'right_try_id'])
    .execute();
  await db.schema.createIndex('practice_similarity_pairs_rank').on('practice_similarity_pairs').columns(['analysis_id', 'similarity desc']).execute();
}
