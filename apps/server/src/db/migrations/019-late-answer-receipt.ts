// A late answer keeps whether the exam's solutions were visible to its student when it reached the server: an
// answer « given » during the attempt but sent once the solutions were shown is one staff must weigh.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_late_answers').addColumn('solutions_visible', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
