// MATCHING questions (appariement): the kind joins the questions' type check, and a question gains how it counts
// (`scoring`: PARTIAL, each item its share of the points by weight, or ALL_OR_NOTHING; null for the kinds without
// the choice). Its rows are possible solutions: content = the item (empty for a distractor), expected_output = the
// answer that goes with it. Versions keep `scoring` in their snapshot; older snapshots read it as null.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questions drop constraint if exists questions_type_check`.execute(db);
  await sql`alter table questions add constraint questions_type_check check (type in ('QCM', 'EXACT', 'ALGORITHM', 'MATH', 'MATCHING'))`.execute(db);
  await db.schema
    .alterTable('questions')
    .addColumn('scoring', 'varchar(16)', (c) => c.check(sql`scoring in ('PARTIAL', 'ALL_OR_NOTHING')`))
    .execute();
}
