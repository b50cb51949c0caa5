// Double marking, publication of the marks and lifting anonymity (docs/correction-humaine.md).
// - exam_grading: per exam, the double-marking rule chosen beforehand (MEAN, or SETTLE: the mean when the two marks
//   differ by at most `threshold` points, else a third marker or the teacher settles), when the marks were published
//   to the students and when anonymity was lifted, with who did it (staff; their reference emptied with their account).
// - exam_markers: the staff named to mark an exam (question_id null) or one question, slot 1 and 2 (the two blind
//   markers) and 3 (the third marker who settles a disagreement). Staff data about an exam, gone with the account.
// - exam_marker_marks: each marker's own mark of a copy (one per attempt, question and slot; same shape as exam_marks
//   plus the marker), with the version that keeps two writers from overwriting each other. Attempt data: kept with
//   the attempt (the year's purge, a student's erasure), in the student's archive once published and the exam closed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_grading')
    .addColumn('exam_id', 'integer', (c) => c.primaryKey().references('exams.id').onDelete('cascade'))
    .addColumn('rule', 'text', (c) => c.notNull().defaultTo('MEAN').check(sql`rule in ('MEAN', 'SETTLE')`))
    .addColumn('threshold', 'numeric(8, 2)')
    .addColumn('settle_by', 'text', (c) => c.notNull().defaultTo('TEACHER').check(sql`settle_by in ('TEACHER', 'THIRD_MARKER')`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_by_name', 'text')
    .addColumn('anonymity_lifted_at', 'timestamptz')
    .addColumn('anonymity_lifted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('anonymity_lifted_by_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('exam_markers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.references('questions.id').onDelete('cascade'))
    .addColumn('slot', 'smallint', (c) => c.notNull().check(sql`slot in (1, 2, 3)`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await sql`create unique index exam_markers_scope_slot_key on exam_markers (exam_id, coalesce(question_id, 0), slot)`.execute(db);

  await db.schema
    .createTable('exam_marker_marks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('slot', 'smallint', (c) => c.notNull().check(sql`slot in (1, 2, 3)`))
    .addColumn('points', 'numeric(8, 2)', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('graded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('graded_by_name', 'text', (c) => c.notNull())
    .addColumn('graded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('exam_marker_marks_attempt_question_slot_key', ['attempt_id', 'question_id', 'slot'])
    .execute();
}
