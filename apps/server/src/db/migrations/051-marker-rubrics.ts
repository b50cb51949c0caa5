// Double marking with a rubric and annotations (docs/correction-humaine.md « Double correction »): each marker's own
// mark keeps the rubric's levels they chose and their annotations on the answer's text (`rubric_levels`,
// `annotations`, the same JSON as exam_marks'), and an annotation on a file handed in says which marker made it
// (`slot`: 1, 2 or 3; null: a single grader or the person who settles, whose annotations are the final mark's). Each
// marker reads only their own until the final mark. Attempt data like the rows they extend: gone with the attempt (the
// year's purge, a student's erasure), in the student's archive once the marks are published.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_marker_marks').addColumn('rubric_levels', 'jsonb').execute();
  await db.schema.alterTable('exam_marker_marks').addColumn('annotations', 'jsonb').execute();
  await db.schema.alterTable('answer_file_annotations').addColumn('slot', 'smallint', (c) => c.check(sql`slot in (1, 2, 3)`)).execute();
}
