// A student's request that their personal data be erased (RGPD article 17), and the staff's decision with its
// reason. Once granted, the account is gone: the request keeps no name, only its dates and the decision.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_deletion_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING','GRANTED','REFUSED')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by_name', 'text')
    .addColumn('decision_reason', 'text')
    .execute();
  // One pending request per student at a time.
  await sql`create unique index data_deletion_requests_one_pending on data_deletion_requests (user_id) where status = 'PENDING'`.execute(db);
}
