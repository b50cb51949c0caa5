// The exam room: access rules per exam (access code, allowed networks, one session per attempt, Safe Exam
// Browser, verdicts hidden until the end, time added for everyone), the session an attempt is tied to, and the
// hash-chained journal of each attempt.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_access_rules')
    .addColumn('exam_id', 'integer', (c) => c.primaryKey().references('exams.id').onDelete('cascade'))
    .addColumn('access_code', 'varchar(32)')
    // CIDR ranges as text, checked by the shared schema; empty: any network.
    .addColumn('allowed_networks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('single_session', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`single_session in (0, 1)`))
    .addColumn('seb_required', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`seb_required in (0, 1)`))
    // Null: the key the platform computes from the .seb file it serves.
    .addColumn('seb_config_key', 'varchar(64)')
    .addColumn('hide_verdicts', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`hide_verdicts in (0, 1)`))
    .addColumn('time_bonus_percent', 'integer', (c) => c.notNull().defaultTo(0).check(sql`time_bonus_percent between 0 and 100`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One session per attempt: the (hashed) token the attempt is tied to; deleted when staff unlock it.
  await db.schema
    .createTable('exam_attempt_sessions')
    .addColumn('attempt_id', 'integer', (c) => c.primaryKey().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('bound_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  // Append-only: each event carries the hash of the one before (prev_hash) and its own, computed over both.
  await db.schema
    .createTable('exam_journal')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('client_at', 'timestamptz')
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('prev_hash', 'char(64)', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull())
    .addUniqueConstraint('exam_journal_attempt_seq_uq', ['attempt_id', 'seq'])
    .execute();
}
