// Courses for a year and its parcours, ordered chapters with sanitised rich text, and uploaded files
// (stored on disk by content hash) attached to chapters.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('courses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('academic_year_id', 'integer', (c) => c.notNull().references('academic_years.id').onDelete('restrict'))
    .addColumn('is_premium', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_published', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('courses_year_idx').on('courses').columns(['academic_year_id', 'is_published']).execute();

  await db.schema
    .createTable('course_specializations')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('specialization_id', 'integer', (c) => c.notNull().references('specializations.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('course_specializations_pk', ['course_id', 'specialization_id'])
    .execute();
  await db.schema.createIndex('course_specializations_spec_idx').on('course_specializations').column('specialization_id').execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chapters_course_idx').on('chapters').columns(['course_id', 'position']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('hash', 'char(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mime', 'varchar(150)', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('files_hash_idx').on('files').column('hash').execute();

  // is_inline: an image shown inside the chapter's text rather than listed for download.
  await db.schema
    .createTable('chapter_files')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('restrict'))
    .addColumn('is_inline', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chapter_files_pk', ['chapter_id', 'file_id'])
    .execute();
  await db.schema.createIndex('chapter_files_file_idx').on('chapter_files').column('file_id').execute();
}
