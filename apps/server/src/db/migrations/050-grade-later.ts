// Exam answers graded later (docs/examens.md « Corrigée dès que possible »): a program answer the runner could not
// grade within the API's wait (every slot taken by others, the queue not answering) is stored at once, pending, and
// graded by a loop in every API process. `grade_at` says when it may next be tried (null: nothing left to grade);
// `grade_failures` and `grade_error` count the tries that failed, with the last reason, for staff and the logs;
// `graded_later_at` says when its verdict came. These are columns of the submission itself: kept, exported and
// deleted with it (features/retention, features/personal-data).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exam_submissions')
    .addColumn('grade_at', 'timestamptz')
    .addColumn('grade_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grade_error', 'text')
    .addColumn('graded_later_at', 'timestamptz')
    .execute();
  await sql`create index exam_submissions_grade_at_idx on exam_submissions (grade_at) where grade_at is not null`.execute(db);
}
