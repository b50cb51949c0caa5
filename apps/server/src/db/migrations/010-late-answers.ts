// Answers that reached the server after the attempt ended (sent offline before the end, delivered later) and
// answers of a student's emergency copy: kept, never counted on their own; staff attach one to the attempt (it is
// then graded as a submission given at its time) or refuse it, and the decision stays with who, when and why.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_late_answers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    // The submission id the browser chose: the same answer delivered twice (queue, then file) is kept once.
    .addColumn('submission_id', 'uuid', (c) => c.notNull())
    // SUBMITTED: « Soumettre » was pressed; DRAFT: typed, not submitted (from an emergency copy).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('SUBMITTED', 'DRAFT')`))
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    // When the student gave it, as their browser says (its clock corrected by the server's).
    .addColumn('given_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // QUEUE: sent by the exam page; FILE: imported by staff from an emergency copy.
    .addColumn('source', 'varchar(10)', (c) => c.notNull().check(sql`source in ('QUEUE', 'FILE')`))
    .addColumn('decision', 'varchar(10)', (c) => c.check(sql`decision is null or decision in ('ATTACHED', 'REFUSED')`))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('exam_submission_id', 'integer', (c) => c.references('exam_submissions.id').onDelete('set null'))
    .addUniqueConstraint('exam_late_answers_attempt_submission_uq', ['attempt_id', 'submission_id'])
    .execute();
  await db.schema.createIndex('exam_late_answers_attempt_idx').on('exam_late_answers').column('attempt_id').execute();
}
