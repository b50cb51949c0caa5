// The question bank (questions of four types, their possible solutions, tags and file references) and
// the exam tables: exams for a year and its parcours, their ordered questions, per-student extra time,
// attempts, graded submissions and saved drafts. Exam taking (a later feature) fills the last three.
// Points and scores are `numeric` (exact sums); the database layer reads them back as numbers.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('questions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'varchar(12)', (c) => c.notNull().check(sql`type in ('QCM', 'EXACT', 'ALGORITHM', 'MATH')`))
    // Sanitised HTML from the rich text editor (same as chapters).
    .addColumn('statement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(10)', (c) => c.check(sql`language in ('PYTHON', 'R')`))
    .addColumn('points', 'numeric(7, 2)', (c) => c.notNull().defaultTo(1))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('is_practice', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('starter_code', 'text')
    .addColumn('reference_solution', 'text')
    .addColumn('tolerance_kind', 'varchar(10)', (c) => c.check(sql`tolerance_kind in ('absolute', 'relative')`))
    .addColumn('tolerance_value', 'double precision')
    .addColumn('cpu_seconds', 'integer')
    .addColumn('memory_mb', 'integer')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Bumped by every update: a save carrying an older version is another teacher's concurrent edit.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // Folded plain text of the statement and the tags, written by the application, for the list search.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('questions_type_idx').on('questions').columns(['type', 'language']).execute();
  await db.schema.createIndex('questions_course_idx').on('questions').columns(['course_id', 'is_practice']).execute();
  await db.schema.createIndex('questions_created_idx').on('questions').columns(['created_at', 'id']).execute();

  // QCM: choices (content, is_correct); EXACT: accepted answers (content); ALGORITHM: test cases
  // (stdin, expected_output, is_hidden, weight); MATH: the expected expression (content).
  await db.schema
    .createTable('possible_solutions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_correct', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('stdin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expected_output', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_hidden', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('possible_solutions_question_idx').on('possible_solutions').columns(['question_id', 'position']).execute();

  await db.schema
    .createTable('question_tags')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_tags_pk', ['question_id', 'tag'])
    .execute();
  await db.schema.createIndex('question_tags_tag_idx').on('question_tags').column('tag').execute();

  // Files (images, downloads) a statement refers to by its /api/files/{id}/... addresses: the file
  // clean-up keeps a file while a chapter or a question uses it.
  await db.schema
    .createTable('question_files')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('question_files_pk', ['question_id', 'file_id'])
    .execute();
  await db.schema.createIndex('question_files_file_idx').on('question_files').column('file_id').execute();

  await db.schema
    .createTable('exams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('academic_year_id', 'integer', (c) => c.notNull().references('academic_years.id').onDelete('restrict'))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer')
    .addColumn('show_solutions_after_close', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().defaultTo('DRAFT').check(sql`status in ('DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED')`),
    )
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('exams_year_idx').on('exams').columns(['academic_year_id', 'status']).execute();
  await db.schema.createIndex('exams_start_idx').on('exams').columns(['start_at', 'id']).execute();

  await db.schema
    .createTable('exam_specializations')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('specialization_id', 'integer', (c) => c.notNull().references('specializations.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('exam_specializations_pk', ['exam_id', 'specialization_id'])
    .execute();
  await db.schema.createIndex('exam_specializations_spec_idx').on('exam_specializations').column('specialization_id').execute();

  // A question used by an exam cannot be deleted (restrict): the question service answers 409 first.
  await db.schema
    .createTable('exam_questions')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('points', 'numeric(7, 2)', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_questions_pk', ['exam_id', 'question_id'])
    .execute();
  await db.schema.createIndex('exam_questions_question_idx').on('exam_questions').column('question_id').execute();

  await db.schema
    .createTable('exam_extra_time')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('exam_extra_time_pk', ['exam_id', 'user_id'])
    .execute();

  // One attempt per student and exam; an exam with attempts cannot be deleted (restrict).
  await db.schema
    .createTable('exam_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('score', 'numeric(9, 2)')
    .addColumn('max_score', 'numeric(9, 2)')
    .addColumn('validated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addUniqueConstraint('exam_attempts_exam_user_uq', ['exam_id', 'user_id'])
    .execute();
  await db.schema.createIndex('exam_attempts_user_idx').on('exam_attempts').column('user_id').execute();

  // Every graded answer sent during an attempt; a repeated submission_id (a retried request) is the
  // same submission. `details` is student-safe; `internal` holds staff-only run data (hidden cases).
  await db.schema
    .createTable('exam_submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('restrict'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull())
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('is_valid', 'smallint', (c) => c.notNull().defaultTo(0))
    // Fraction of the question's points earned, 0..1.
    .addColumn('score', 'numeric(9, 6)', (c) => c.notNull().defaultTo(0))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('internal', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addUniqueConstraint('exam_submissions_attempt_submission_uq', ['attempt_id', 'submission_id'])
    .execute();
  await db.schema
    .createIndex('exam_submissions_attempt_question_idx')
    .on('exam_submissions')
    .columns(['attempt_id', 'question_id', 'created_at'])
    .execute();
  await db.schema.createIndex('exam_submissions_question_idx').on('exam_submissions').column('question_id').execute();

  // The last unsent answer of each question (saved, not graded).
  await db.schema
    .createTable('exam_drafts')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('exam_drafts_pk', ['attempt_id', 'question_id'])
    .execute();
}
