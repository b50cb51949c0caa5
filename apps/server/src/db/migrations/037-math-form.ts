// MATH questions may require a form beside equivalence (as STACK's answer tests): `math_form` EQUIVALENT (any
// equivalent expression, what every MATH question did before), EXPANDED, FACTORED or SIMPLIFIED; null for the other
// kinds. The MATH questions already there get EQUIVALENT. Versions keep `math_form` in their snapshot; older
// snapshots read it as EQUIVALENT.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('math_form', 'varchar(16)', (c) => c.check(sql`math_form in ('EQUIVALENT', 'EXPANDED', 'FACTORED', 'SIMPLIFIED')`))
    .execute();
  await sql`update questions set math_form = 'EQUIVALENT' where type = 'MATH'`.execute(db);
}
