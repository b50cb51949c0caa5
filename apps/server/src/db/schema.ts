// Table types for Kysely. Each feature adds its tables here alongside its migration.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** DATE columns are read back as 'YYYY-MM-DD' strings (the pg type parser is set so). */
type DateOnly = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<number>;
  last_name: string;
  first_name: string;
  email: string;
  password_hash: string;
  role: 'ADMIN' | 'TEACHER' | 'STUDENT';
  is_premium: ColumnType<number, number | undefined, number>;
  student_number: string | null;
  must_change_password: ColumnType<number, number | undefined, number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Folded names, email and number, computed by the database (migration 003-people-search). */
  search_text: ColumnType<string, never, never>;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface AcademicYearsTable {
  id: Generated<number>;
  label: string;
  start_date: DateOnly;
  end_date: DateOnly;
  access_start: DateOnly;
  access_end: DateOnly;
  is_current: ColumnType<number, number | undefined, number>;
  created_at: Generated<Timestamp>;
}

export interface MentionsTable {
  id: Generated<number>;
  name: string;
  code: string;
  description: string | null;
  created_at: Generated<Timestamp>;
}

export interface SpecializationsTable {
  id: Generated<number>;
  name: string;
  code: string;
  level: string;
  mention_id: number;
  created_at: Generated<Timestamp>;
}

export interface StudentEnrolmentsTable {
  user_id: number;
  academic_year_id: number;
  specialization_id: number;
}

export interface CoursesTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  academic_year_id: number;
  is_premium: ColumnType<number, number | undefined, number>;
  is_published: ColumnType<number, number | undefined, number>;
  author_id: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface CourseSpecializationsTable {
  course_id: number;
  specialization_id: number;
}

export interface ChaptersTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  content: ColumnType<string, string | undefined, string>;
  position: number;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface FilesTable {
  id: Generated<number>;
  hash: string;
  name: string;
  size: ColumnType<number, number, number>;
  mime: string;
  uploaded_by: number | null;
  created_at: Generated<Timestamp>;
}

export interface ChapterFilesTable {
  chapter_id: number;
  file_id: number;
  is_inline: ColumnType<number, number | undefined, number>;
  position: ColumnType<number, number | undefined, number>;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  academic_years: AcademicYearsTable;
  mentions: MentionsTable;
  specializations: SpecializationsTable;
  student_enrolments: StudentEnrolmentsTable;
  courses: CoursesTable;
  course_specializations: CourseSpecializationsTable;
  chapters: ChaptersTable;
  files: FilesTable;
  chapter_files: ChapterFilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
