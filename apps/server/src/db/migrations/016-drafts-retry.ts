// Drafts whose grading failed at the end of an attempt: each attempt is tried again on its own, later and later
// (`drafts_retry_at`), and its failures are counted with the last reason, for staff and the logs.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('drafts_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('drafts_retry_at', 'timestamptz')
    .addColumn('drafts_error', 'text')
    .execute();
}
