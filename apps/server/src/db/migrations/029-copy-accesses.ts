// Who read which copy: each opening by staff of a student's copy, attempt journal, appeal file or data archive (who,
// when, what). A row goes with the attempt it concerns (the year's purge, docs/donnees-personnelles.md) and with the
// student's account; the reader's name is kept as it was, so a removed staff account still shows who read.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('copy_accesses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('staff_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('exam_id', 'integer', (c) => c.references('exams.id').onDelete('cascade'))
    // The attempt read (null: a read about no attempt, such as the archive of the student's data).
    .addColumn('attempt_id', 'integer', (c) => c.references('exam_attempts.id').onDelete('cascade'))
    .addColumn('what', 'varchar(12)', (c) => c.notNull().check(sql`what in ('COPY', 'JOURNAL', 'APPEAL_PDF', 'ARCHIVE')`))
    .execute();
  await db.schema.createIndex('copy_accesses_student_idx').on('copy_accesses').columns(['student_id', 'at']).execute();
  await db.schema.createIndex('copy_accesses_attempt_idx').on('copy_accesses').column('attempt_id').execute();
}
