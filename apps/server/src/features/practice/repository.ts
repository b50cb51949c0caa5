// Practice exercises (questions with is_practice = 1 and a course) and the tries stored for them. A try is
// never an exam submission: this table is practice's own, and nothing here reads or writes exam results.
import { sql } from 'kysely';
import { QUESTION_KINDS, type PracticeFilter, type QuestionKind } from '@exam/shared';
import type { Db } from '../../db/schema';
import { serverKind } from '../question-kinds';

/** The kinds whose questions are written in a language (programs): what a PYTHON or R filter keeps. */
const LANGUAGE_KINDS = QUESTION_KINDS.filter((k) => serverKind(k).fields.language);

/**
 * An exercise also used by an exam that is not closed yet (draft or published) is withheld from practice: nothing of
 * an exam reaches a student before their own start. It comes back once the exam is closed.
 */
const notInOpenExam = sql<boolean>`not exists (
  select 1 from exam_questions eq join exams e on e.id = eq.exam_id
  where eq.question_id = q.id and e.status in ('DRAFT', 'PUBLISHED'))`;

export interface ExerciseRow {
  id: number;
  course_id: number;
  type: QuestionKind;
  language: 'PYTHON' | 'R' | null;
  statement: string;
  chapter_id: number | null;
  chapter_title: string | null;
}

/** The exercises of these courses (of one kind when asked), in course order: chapter by chapter (exercises
 *  without a chapter last), then oldest first. */
export async function exercisesOf(db: Db, courseIds: number[], filter?: PracticeFilter): Promise<ExerciseRow[]> {
  if (courseIds.length === 0) return [];
  let q = db
    .selectFrom('questions as q')
    .leftJoin('chapters as ch', (j) => j.onRef('ch.id', '=', 'q.chapter_id').onRef('ch.course_id', '=', 'q.course_id'))
    .select(['q.id', 'q.course_id', 'q.type', 'q.language', 'q.statement', 'ch.id as chapter_id', 'ch.title as chapter_title'])
    .where('q.is_practice', '=', 1)
    .where(notInOpenExam)
    .where('q.course_id', 'in', courseIds);
  if (filter === 'PYTHON' || filter === 'R') q = q.where('q.type', 'in', LANGUAGE_KINDS).where('q.language', '=', filter);
  else if (filter) q = q.where('q.type', '=', filter);
  const rows = await q
    .orderBy('q.course_id')
    .orderBy(sql`ch.position is null`)
    .orderBy('ch.position')
    .orderBy('q.id')
    .limit(2000)
    .execute();
  return rows.map((r) => ({ ...r, course_id: r.course_id as number }));
}

export interface StudentTries {
  attempts: number;
  done: boolean;
}

/** Per exercise, how many tries this student made and whether one was valid. */
export async function triesOf(db: Db, userId: number, questionIds: number[]): Promise<Map<number, StudentTries>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('practice_attempts')
    .select(['question_id', sql<number>`count(*)::int`.as('attempts'), sql<number>`max(is_valid)::int`.as('done')])
    .where('user_id', '=', userId)
    .where('question_id', 'in', questionIds)
    .groupBy('question_id')
    .execute();
  return new Map(rows.map((r) => [r.question_id, { attempts: Number(r.attempts), done: Number(r.done) === 1 }]));
}

/** The student's last answer to one exercise. */
export async function lastAnswerOf(db: Db, userId: number, questionId: number): Promise<unknown> {
  const row = await db
    .selectFrom('practice_attempts')
    .select('answer')
    .where('user_id', '=', userId)
    .where('question_id', '=', questionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.answer ?? null;
}

export async function insertTry(db: Db, v: { user_id: number; question_id: number; is_valid: boolean; answer: unknown; details: unknown }): Promise<void> {
  await db
    .insertInto('practice_attempts')
    .values({ user_id: v.user_id, question_id: v.question_id, is_valid: v.is_valid ? 1 : 0, answer: JSON.stringify(v.answer), details: JSON.stringify(v.details) })
    .execute();
}

/** An exercise by id, with its course's visibility fields (the course rules are checked by the service). */
export async function findExercise(db: Db, id: number) {
  return db
    .selectFrom('questions as q')
    .select(['q.id', 'q.course_id', sql<number>`case when ${notInOpenExam} then q.is_practice else 0 end`.as('is_practice')])
    .where('q.id', '=', id)
    .executeTakeFirst();
}

// ---- Staff --------------------------------------------------------------------------------

/** Per exercise of the course: tries, failed tries, students who tried, students who validated. */
export async function exerciseCounts(db: Db, questionIds: number[]) {
  if (questionIds.length === 0) return new Map<number, { attempts: number; failures: number; tried: number; validated: number }>();
  const rows = await db
    .selectFrom('practice_attempts')
    .select([
      'question_id',
      sql<number>`count(*)::int`.as('attempts'),
      sql<number>`count(*) filter (where is_valid = 0)::int`.as('failures'),
      sql<number>`count(distinct user_id)::int`.as('tried'),
      sql<number>`count(distinct user_id) filter (where is_valid = 1)::int`.as('validated'),
    ])
    .where('question_id', 'in', questionIds)
    .groupBy('question_id')
    .execute();
  return new Map(
    rows.map((r) => [r.question_id, { attempts: Number(r.attempts), failures: Number(r.failures), tried: Number(r.tried), validated: Number(r.validated) }]),
  );
}

/** Per student and exercise of the course: tries and validated (students who tried at least once). */
export async function studentExerciseCounts(db: Db, questionIds: number[]) {
  if (questionIds.length === 0) return [];
  return db
    .selectFrom('practice_attempts')
    .select(['user_id', 'question_id', sql<number>`count(*)::int`.as('attempts'), sql<number>`max(is_valid)::int`.as('done')])
    .where('question_id', 'in', questionIds)
    .groupBy(['user_id', 'question_id'])
    .execute();
}

/** The students a course is for (enrolled in its year and one of its parcours), and anyone else who tried. */
export async function courseStudents(db: Db, courseId: number, extraIds: number[]) {
  const course = await db.selectFrom('courses').select(['id', 'title', 'academic_year_id']).where('id', '=', courseId).executeTakeFirst();
  if (!course) return undefined;
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.last_name', 'u.first_name', 'u.student_number'])
    .where('u.role', '=', 'STUDENT')
    .where((eb) => {
      const enrolled = eb.exists(
        eb
          .selectFrom('student_enrolments as se')
          .innerJoin('course_specializations as cs', 'cs.specialization_id', 'se.specialization_id')
          .select('se.user_id')
          .whereRef('se.user_id', '=', 'u.id')
          .where('se.academic_year_id', '=', course.academic_year_id)
          .where('cs.course_id', '=', courseId),
      );
      return extraIds.length ? eb.or([enrolled, eb('u.id', 'in', extraIds)]) : enrolled;
    })
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(5000)
    .execute();
  return { course: { id: course.id, title: course.title }, students: rows };
}
