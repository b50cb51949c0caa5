// A student's extra-time factor (tiers-temps): every timed exam's duration is multiplied by it when the
// student starts. 1 for everyone by default; any value from 1 to 3 (1.33 is the usual one).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('extra_time_factor', 'numeric(4, 2)', (c) => c.notNull().defaultTo(1).check(sql`extra_time_factor >= 1 and extra_time_factor <= 3`))
    .execute();
}
