// ESSAY questions (réponse rédigée, graded by a person): a question keeps its settings (`essay`: word limit, response
// template, grader information; null for the other kinds), a submission says it waits for a person (`pending`: no
// verdict yet, its points not counted as 0), and an exam says whether its students see the automatic part of their
// score first, labelled provisional (`show_provisional_score`). The kind itself joined the type check in 032.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('essay', 'jsonb').execute();
  await db.schema
    .alterTable('exam_submissions')
    .addColumn('pending', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`pending in (0, 1)`))
    .execute();
  await db.schema
    .alterTable('exams')
    .addColumn('show_provisional_score', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`show_provisional_score in (0, 1)`))
    .execute();
}
