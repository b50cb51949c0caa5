// Every student a different exam:
// - an exam is made of sections (in order); each lists candidate questions (`exam_questions.section`), how many
//   each student gets (`pick`, null: all) and whether their order differs per student (`shuffle`);
// - each attempt keeps the questions it was given at its start, in its order, with their points, and the question
//   version and variant seed it was pinned to (null: the question as it stands, not parameterised). Every read of an
//   attempt (the student's pages, results, statistics, exports, regrading) goes through this list.
// Existing exams get one section holding all their questions, and existing attempts the exam's questions in order.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_sections')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 1`))
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('pick', 'integer', (c) => c.check(sql`pick is null or pick >= 1`))
    .addColumn('shuffle', 'smallint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('exam_sections_pk', ['exam_id', 'position'])
    .execute();
  await sql`insert into exam_sections (exam_id, position) select id, 1 from exams`.execute(db);
  await db.schema.alterTable('exam_questions').addColumn('section', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  await db.schema
    .createTable('exam_attempt_questions')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('points', 'numeric(7, 2)', (c) => c.notNull())
    .addColumn('question_version_id', 'integer')
    .addColumn('variant_seed', 'integer')
    .addPrimaryKeyConstraint('exam_attempt_questions_pk', ['attempt_id', 'question_id'])
    .execute();
  await sql`
    insert into exam_attempt_questions (attempt_id, question_id, position, section, points)
    select a.id, eq.question_id, eq.position, 1, eq.points
    from exam_attempts a join exam_questions eq on eq.exam_id = a.exam_id`.execute(db);
}
