// Users, tokens and the academic structure (years, mentions, parcours, enrolments).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(10)', (c) => c.notNull().check(sql`role in ('ADMIN','TEACHER','STUDENT')`))
    .addColumn('is_premium', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('student_number', 'varchar(50)')
    .addColumn('must_change_password', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
  await sql`create unique index users_student_number_unique on users (student_number) where student_number is not null`.execute(db);
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tokens_user_idx').on('tokens').column('user_id').execute();

  await db.schema
    .createTable('academic_years')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('label', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('access_start', 'date', (c) => c.notNull())
    .addColumn('access_end', 'date', (c) => c.notNull())
    .addColumn('is_current', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('academic_years_dates', sql`end_date >= start_date and access_end >= access_start`)
    .execute();
  // At most one current year, enforced by the database itself.
  await sql`create unique index academic_years_one_current on academic_years (is_current) where is_current = 1`.execute(db);

  await db.schema
    .createTable('mentions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('code', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('specializations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('code', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('level', 'varchar(5)', (c) => c.notNull())
    .addColumn('mention_id', 'integer', (c) => c.notNull().references('mentions.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('student_enrolments')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('academic_year_id', 'integer', (c) => c.notNull().references('academic_years.id').onDelete('restrict'))
    .addColumn('specialization_id', 'integer', (c) => c.notNull().references('specializations.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('student_enrolments_pk', ['user_id', 'academic_year_id', 'specialization_id'])
    .execute();
  await db.schema.createIndex('student_enrolments_spec_idx').on('student_enrolments').columns(['specialization_id', 'academic_year_id']).execute();
}
