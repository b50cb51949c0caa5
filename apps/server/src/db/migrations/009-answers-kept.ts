// Nothing typed is lost, and retries have a price when the teacher says so:
// - a submission may be made from the student's last draft when the attempt ends (`auto`);
// - an attempt's drafts are settled once (`drafts_settled_at`), by whichever process claims them first
//   (`drafts_claimed_at`, taken again after a crash); attempts already over are marked settled here, so that
//   upgrading never changes a grade already given;
// - per exam, and per question of an exam (null: the exam's), a maximum number of submissions and a penalty
//   per wrong try (a fraction of the question's points); each submission keeps the penalty it was given.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_submissions').addColumn('auto', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('exam_submissions')
    .addColumn('penalty', 'numeric(9, 6)', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('drafts_settled_at', 'timestamptz')
    .addColumn('drafts_claimed_at', 'timestamptz')
    .execute();
  await sql`update exam_attempts set drafts_settled_at = now() where finished_at is not null or deadline < now()`.execute(db);
  await sql`create index exam_attempts_unsettled_idx on exam_attempts (deadline) where drafts_settled_at is null`.execute(db);

  await db.schema
    .alterTable('exams')
    .addColumn('max_submissions', 'integer', (c) => c.check(sql`max_submissions is null or max_submissions between 1 and 100`))
    .addColumn('wrong_try_penalty', 'numeric(4, 3)', (c) => c.notNull().defaultTo(0).check(sql`wrong_try_penalty >= 0 and wrong_try_penalty <= 1`))
    .execute();
  await db.schema
    .alterTable('exam_questions')
    .addColumn('max_submissions', 'integer', (c) => c.check(sql`max_submissions is null or max_submissions between 1 and 100`))
    .addColumn('wrong_try_penalty', 'numeric(4, 3)', (c) => c.check(sql`wrong_try_penalty is null or (wrong_try_penalty >= 0 and wrong_try_penalty <= 1)`))
    .execute();
}
