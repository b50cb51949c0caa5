// What a student may see of exams: PUBLISHED and CLOSED ones of their academic year, aimed at one of their
// parcours. Drafts and archived exams, other years and other parcours never show. Exam taking builds on this.
import { sql, type RawBuilder } from 'kysely';
import { durationWithBonus, STUDENT_VISIBLE_EXAM_STATUSES, type StudentExamBase } from '@exam/shared';
import type { Db } from '../../db/schema';
import { noAccessRules, rulesOfRow, type StoredAccessRules } from './access-rules-repository';
import { perStudentCount, perStudentPoints } from './totals';

/** The part of a signed-in user the scope needs (SessionUser fits). */
export interface StudentExamScope {
  academic_year_id: number | null;
  specializations: ReadonlyArray<{ id: number }>;
}

/** The exams the student may see (the rules joined: « +X % pour tous » sets their duration), before any column. */
function visibleExams(db: Db, user: StudentExamScope) {
  const specIds = user.specializations.map((s) => s.id);
  const q = db
    .selectFrom('exams as e')
    .leftJoin('exam_access_rules as r', 'r.exam_id', 'e.id')
    .where('e.status', 'in', [...STUDENT_VISIBLE_EXAM_STATUSES]);
  if (!user.academic_year_id || specIds.length === 0) return q.where(sql<boolean>`false`);
  return q
    .where('e.academic_year_id', '=', user.academic_year_id)
    .where((eb) =>
      eb.exists(eb.selectFrom('exam_specializations as es').select('es.exam_id').whereRef('es.exam_id', '=', 'e.id').where('es.specialization_id', 'in', specIds)),
    );
}

const coreColumns = [
  'r.time_bonus_percent',
  'e.id',
  'e.title',
  'e.description',
  'e.start_at',
  'e.end_at',
  'e.duration_minutes',
  'e.status',
  'e.show_solutions_after_close',
  'e.show_provisional_score',
  'e.max_submissions',
  'e.wrong_try_penalty',
] as const;

function selectVisible(db: Db, user: StudentExamScope) {
  return visibleExams(db, user).select([...coreColumns, perStudentCount.as('question_count'), perStudentPoints.as('total_points')]);
}

type VisibleRow = Awaited<ReturnType<ReturnType<typeof selectVisible>['executeTakeFirstOrThrow']>>;

/** An exam as one student's call needs it: what the exam sets, without the totals of a whole draw. */
export type StudentExamCore = Omit<StudentExamBase, 'question_count' | 'total_points'>;

function toCore(r: Omit<VisibleRow, 'question_count' | 'total_points'>): StudentExamCore {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    start_at: new Date(r.start_at as unknown as string).toISOString(),
    end_at: new Date(r.end_at as unknown as string).toISOString(),
    duration_minutes: durationWithBonus(r.duration_minutes, Number(r.time_bonus_percent ?? 0)),
    status: r.status as StudentExamBase['status'],
    show_solutions_after_close: r.show_solutions_after_close ? 1 : 0,
    show_provisional_score: r.show_provisional_score ? 1 : 0,
    max_submissions: r.max_submissions,
    wrong_try_penalty: Number(r.wrong_try_penalty),
  };
}

function toStudentExam(r: VisibleRow): StudentExamBase {
  return {
    ...toCore(r),
    question_count: Number(r.question_count ?? 0),
    total_points: Number(r.total_points ?? 0),
  };
}

/** The student's exams, soonest opening first. */
export async function listExamsForStudent(db: Db, user: StudentExamScope): Promise<StudentExamBase[]> {
  const rows = await selectVisible(db, user).orderBy('e.start_at').orderBy('e.id').limit(500).execute();
  return rows.map(toStudentExam);
}

/** One exam if the student may see it, else undefined (absent, draft, archived, another year or parcours alike). */
export async function findExamForStudent(db: Db, id: number, user: StudentExamScope): Promise<StudentExamBase | undefined> {
  const row = await selectVisible(db, user).where('e.id', '=', id).executeTakeFirst();
  return row ? toStudentExam(row) : undefined;
}

/**
 * One exam the student may see with its room rules, in one statement: what each student call of an exam reads
 * first (exam taking), at every draft and answer. `alongside` is one more value the caller reads in the same
 * statement, computed for the exam `e` (exam taking: the student's attempt). Undefined when the student may not see it.
 */
export async function findExamCallForStudent<T>(
  db: Db,
  id: number,
  user: StudentExamScope,
  alongside: RawBuilder<T>,
): Promise<{ exam: StudentExamCore; rules: StoredAccessRules; alongside: T | null } | undefined> {
  const row = await visibleExams(db, user)
    .select(alongside.as('alongside'))
    .select([
      ...coreColumns,
      'r.exam_id as rules_exam_id',
      'r.access_code',
      'r.allowed_networks',
      'r.single_session',
      'r.seb_required',
      'r.seb_config_key',
      'r.seb_browser_exam_keys',
      'r.seb_file_password',
      'r.hide_verdicts',
      'r.updated_at',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { rules_exam_id, access_code, allowed_networks, single_session, seb_required, seb_config_key, seb_browser_exam_keys, seb_file_password, hide_verdicts, updated_at, alongside: value, ...exam } = row;
  const rules =
    rules_exam_id === null
      ? noAccessRules(id)
      : rulesOfRow({ exam_id: rules_exam_id, access_code, allowed_networks, single_session: single_session ?? 0, seb_required: seb_required ?? 0, seb_config_key, seb_browser_exam_keys, seb_file_password, hide_verdicts: hide_verdicts ?? 0, time_bonus_percent: exam.time_bonus_percent ?? 0, updated_at: updated_at! });
  return { exam: toCore(exam), rules, alongside: (value ?? null) as T | null };
}
