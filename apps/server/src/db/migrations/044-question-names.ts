// A question's name (Moodle's <name>, GIFT's ::titre::): optional, shown in the bank instead of the statement's start
// when given, searched with it, kept by import, export, versions and duplicates. The existing questions have none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('name', 'varchar(200)').execute();
}
