// What a student may see of exams: PUBLISHED and CLOSED ones of their academic year, aimed at one of their
// parcours. Drafts and archived exams, other years and other parcours never show. Exam taking builds on this.
import { sql } from 'kysely';
import { durationWithBonus, STUDENT_VISIBLE_EXAM_STATUSES, type StudentExamBase } from '@exam/shared';
import type { Db } from '../../db/schema';
import { perStudentCount, perStudentPoints } from './totals';

/** The part of a signed-in user the scope needs (SessionUser fits). */
export interface StudentExamScope {
  academic_year_id: number | null;
  specializations: ReadonlyArray<{ id: number }>;
}

function selectVisible(db: Db, user: StudentExamScope) {
  const specIds = user.specializations.map((s) => s.id);
  const q = db
    .selectFrom('exams as e')
    // « +X % pour tous » (access rules): a student's duration is the exam's with it, before their own factor.
    .leftJoin('exam_access_rules as r', 'r.exam_id', 'e.id')
    .select([
      'r.time_bonus_percent',
      'e.id',
      'e.title',
      'e.description',
      'e.start_at',
      'e.end_at',
      'e.duration_minutes',
      'e.status',
      'e.show_solutions_after_close',
      'e.max_submissions',
      'e.wrong_try_penalty',
      perStudentCount.as('question_count'),
      perStudentPoints.as('total_points'),
    ])
    .where('e.status', 'in', [...STUDENT_VISIBLE_EXAM_STATUSES]);
  if (!user.academic_year_id || specIds.length === 0) return q.where(sql<boolean>`false`);
  return q
    .where('e.academic_year_id', '=', user.academic_year_id)
    .where((eb) =>
      eb.exists(eb.selectFrom('exam_specializations as es').select('es.exam_id').whereRef('es.exam_id', '=', 'e.id').where('es.specialization_id', 'in', specIds)),
    );
}

type VisibleRow = Awaited<ReturnType<ReturnType<typeof selectVisible>['executeTakeFirstOrThrow']>>;

function toStudentExam(r: VisibleRow): StudentExamBase {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    start_at: new Date(r.start_at as unknown as string).toISOString(),
    end_at: new Date(r.end_at as unknown as string).toISOString(),
    duration_minutes: durationWithBonus(r.duration_minutes, Number(r.time_bonus_percent ?? 0)),
    status: r.status as StudentExamBase['status'],
    show_solutions_after_close: r.show_solutions_after_close ? 1 : 0,
    max_submissions: r.max_submissions,
    wrong_try_penalty: Number(r.wrong_try_penalty),
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
