// Safe Exam Browser beyond the Config Key: the Browser Exam Keys staff allow (one per SEB version and platform, as SEB
// shows them for the exam's file), and the password of the encrypted .seb file the platform then serves.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exam_access_rules')
    // Lowercase hex SHA-256 keys; empty: the Browser Exam Key is not checked.
    .addColumn('seb_browser_exam_keys', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Null: the .seb file is served unencrypted.
    .addColumn('seb_file_password', 'varchar(64)')
    .execute();
}
