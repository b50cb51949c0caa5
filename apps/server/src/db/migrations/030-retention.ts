// Retention of personal data (docs/donnees-personnelles.md): each academic year's jury date and how long after it
// the year's copies and personal data are kept; holds that keep one student's data past that time (an open appeal,
// a report, a disciplinary case), set by staff with a reason; and the record of each purge (the elimination record,
// « bordereau d'élimination », as a PDF), which names no student.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('academic_years')
    .addColumn('jury_date', 'date')
    .addColumn('retention_months', 'integer', (c) => c.notNull().defaultTo(12).check(sql`retention_months between 1 and 600`))
    .addColumn('archive_sample_at', 'timestamptz')
    .addColumn('archive_sample_count', 'integer')
    .execute();

  await db.schema
    .createTable('retention_holds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null: every year of this student.
    .addColumn('academic_year_id', 'integer', (c) => c.references('academic_years.id').onDelete('cascade'))
    // Null: every exam of the year (or of the student).
    .addColumn('exam_id', 'integer', (c) => c.references('exams.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('APPEAL','REPORT','DISCIPLINARY')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('released_at', 'timestamptz')
    .addColumn('released_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('release_reason', 'text')
    .execute();
  await sql`create index retention_holds_active on retention_holds (user_id) where released_at is null`.execute(db);

  await db.schema
    .createTable('retention_purges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('academic_year_id', 'integer', (c) => c.notNull().references('academic_years.id').onDelete('restrict'))
    .addColumn('year_label', 'varchar(20)', (c) => c.notNull())
    // Null: the server's periodic purge.
    .addColumn('run_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('run_by_name', 'text')
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // JSON: rows removed per category, rows kept under hold, the exams' surviving statistics.
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('retention_purges_year_idx').on('retention_purges').column('academic_year_id').execute();
}
