// When the exam page last asked for its attempt (it does every 10 s): a gap in those checks is a period without
// contact that the server journals itself (features/exam-taking/contact.ts), even when the page never comes back
// before the end. Kept with the attempt, for as long as the attempt is.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_attempts').addColumn('checked_at', 'timestamptz').execute();
}
