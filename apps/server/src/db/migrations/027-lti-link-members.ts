// Who launched which LTI activity: a grade goes back only to the activity its student opened (a student launched on
// another activity of the same exam, or in another course of the platform, is not in that activity's gradebook).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lti_link_members')
    .addColumn('resource_link_pk', 'integer', (c) => c.notNull().references('lti_resource_links.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_launch_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lti_link_members_pk', ['resource_link_pk', 'user_id'])
    .execute();
  await db.schema.createIndex('lti_link_members_user_idx').on('lti_link_members').column('user_id').execute();
}
