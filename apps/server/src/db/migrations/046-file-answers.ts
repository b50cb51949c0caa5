// FILE questions (réponse par fichier, graded by a person): the kind joins the questions' type check; a question keeps
// its settings (`file_answer`: accepted types, how many files, largest file, grader information; null for the other
// kinds). The files a student uploads during an attempt (`answer_files`) and the graders' annotations on them
// (`answer_file_annotations`: a point or a box on a page, with a comment) are attempt data: their content is kept in
// the row (no file on disk to forget), so that they go with their attempt (the year's purge, a student's erasure) by
// the cascade, and they are in the student's data archive.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questions drop constraint if exists questions_type_check`.execute(db);
  await sql`alter table questions add constraint questions_type_check check (type in ('QCM', 'EXACT', 'ALGORITHM', 'MATH', 'MATCHING', 'ORDERING', 'CLOZE', 'ESSAY', 'FILE'))`.execute(db);
  await db.schema.alterTable('questions').addColumn('file_answer', 'jsonb').execute();

  await db.schema
    .createTable('answer_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('answer_files_attempt_question_idx').on('answer_files').columns(['attempt_id', 'question_id']).execute();

  await db.schema
    .createTable('answer_file_annotations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('answer_files.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('shape', 'text', (c) => c.notNull().check(sql`shape in ('POINT', 'BOX')`))
    .addColumn('x', 'numeric(6, 3)', (c) => c.notNull())
    .addColumn('y', 'numeric(6, 3)', (c) => c.notNull())
    .addColumn('width', 'numeric(6, 3)')
    .addColumn('height', 'numeric(6, 3)')
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('answer_file_annotations_attempt_question_idx').on('answer_file_annotations').columns(['attempt_id', 'question_id']).execute();
}
