// Question versions and variants (docs/questions.md « Versions » and « Questions paramétrées »):
// - `questions.generator`: Python source of `generate(seed)`, for a parameterised question;
// - `question_versions`: every save of a question writes a numbered snapshot of what showing and grading it needs,
//   so that an exam published before an edit keeps the question as it was; existing questions get their version 1;
// - `question_variants`: the variants of a parameterised version (the generator's values for a seed, and the
//   statement and possible solutions filled with them), made and checked when an exam is published;
// - `exam_questions.question_version_id`: the version an exam pinned when it was published.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('generator', 'text').execute();

  await db.schema
    .createTable('question_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('question_versions_number_uq', ['question_id', 'number'])
    .execute();

  await db.schema
    .createTable('question_variants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('version_id', 'integer', (c) => c.notNull().references('question_versions.id').onDelete('cascade'))
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('values', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('question_variants_seed_uq', ['version_id', 'seed'])
    .execute();

  await db.schema
    .alterTable('exam_questions')
    .addColumn('question_version_id', 'integer', (c) => c.references('question_versions.id'))
    .execute();

  // Version 1 of every question already there, in the snapshot shape the questions feature writes.
  await sql`
    insert into question_versions (question_id, number, snapshot, created_by, created_at)
    select q.id, 1, jsonb_build_object(
      'type', q.type,
      'statement', q.statement,
      'language', q.language,
      'points', q.points::float8,
      'starter_code', q.starter_code,
      'reference_solution', q.reference_solution,
      'tolerance', case when q.tolerance_kind is null then null
                   else jsonb_build_object('kind', q.tolerance_kind, 'value', coalesce(q.tolerance_value, 0)::float8) end,
      'limits', case when q.cpu_seconds is null or q.memory_mb is null then null
                else jsonb_build_object('cpu_seconds', q.cpu_seconds, 'memory_mb', q.memory_mb) end,
      'generator', null,
      'possible_solutions', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', ps.id, 'question_id', ps.question_id, 'position', ps.position, 'content', ps.content,
          'is_correct', ps.is_correct, 'stdin', ps.stdin, 'expected_output', ps.expected_output,
          'is_hidden', ps.is_hidden, 'weight', ps.weight::float8) order by ps.position, ps.id)
        from possible_solutions ps where ps.question_id = q.id), '[]'::jsonb)
    ), q.created_by, q.updated_at
    from questions q
  `.execute(db);
}
