// Rubrics and annotations (docs/correction-humaine.md): a mark keeps the rubric's levels chosen (criterion and level,
// titles copied, points) and the grader's annotations on the answer's text (offsets, the quoted passage, a comment);
// both are attempt data like the mark (purged with its attempt, in the student's data archive). An exam's question
// may apply the rubric of a later version of the question than the one pinned at publication (« Appliquer le barème
// modifié »): `rubric_version_id`, null: the pinned version's rubric.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_marks').addColumn('rubric_levels', 'jsonb').execute();
  await db.schema.alterTable('exam_marks').addColumn('annotations', 'jsonb').execute();
  await db.schema
    .alterTable('exam_questions')
    .addColumn('rubric_version_id', 'integer', (c) => c.references('question_versions.id').onDelete('set null'))
    .execute();
}
