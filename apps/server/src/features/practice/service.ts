// Practice rules. A student sees the exercises of the published courses of their year and parcours; a premium
// course's exercises need a premium student (402), a course of another parcours is 403, an unknown or
// unpublished one 404. Every try is graded by the one grading service (a program runs in the sandbox and costs
// one unit of the run limit, as in exams), stored in practice_attempts and never in exam results. Tries are
// limited per student and per minute (French 429). Done = validated at least once; the next exercise is the
// first one not yet validated, in course order.
import {
  PRACTICE_TEXTS as T,
  type PracticeCourseExercises,
  type PracticeCourseStats,
  type PracticeEvaluateResult,
  type PracticeExercise,
  type PracticeExercisesResult,
  type PracticeFilter,
  type PracticeProgress,
  type PracticeQuestionQuery,
  type PracticeQuestionResult,
  type PracticeStatsExercise,
} from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { forbidden, notFound, paymentRequired } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/rate-limit';
import type { SessionUser } from '../../lib/session-user';
import { findStudentCourse, listStudentCourses, scopeOf } from '../courses';
import { grade } from '../grading';
import { serverKind } from '../question-kinds';
import { findQuestionsByIds, plainText, toGradable, toStudentQuestion } from '../questions';
import { courseStudents, exerciseCounts, exercisesOf, findExercise, insertTry, lastAnswerOf, studentExerciseCounts, triesOf, type ExerciseRow, type StudentTries } from './repository';

const EXCERPT = 140;
const MOST_FAILED = 5;

const excerptOf = (html: string) => {
  const text = plainText(html);
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text;
};

const isPremiumStudent = (user: SessionUser) => user.role !== 'STUDENT' || !!user.is_premium;

interface OpenCourse {
  id: number;
  title: string;
  is_premium: 0 | 1;
}

/** A course the student may practise in, or the French refusal: 404 unknown or unpublished, 403 another
 *  parcours or year, 402 premium. */
async function openCourse(ctx: AppContext, courseId: number, user: SessionUser): Promise<OpenCourse> {
  const found = await findStudentCourse(ctx.db, courseId, scopeOf(user));
  if ('reason' in found) {
    if (found.reason === 'missing') throw notFound(T.courseNotFound);
    throw forbidden(T.courseOther);
  }
  if (found.course.is_premium && !isPremiumStudent(user)) throw paymentRequired(T.premium);
  return { id: found.course.id, title: found.course.title, is_premium: found.course.is_premium };
}

function toExercise(r: ExerciseRow, tries: StudentTries | undefined): PracticeExercise {
  return {
    id: r.id,
    type: r.type,
    language: serverKind(r.type).fields.language ? r.language : null,
    excerpt: excerptOf(r.statement),
    chapter: r.chapter_id != null && r.chapter_title != null ? { id: r.chapter_id, title: r.chapter_title } : null,
    done: tries?.done ?? false,
    attempts: tries?.attempts ?? 0,
  };
}

const progressOf = (exercises: Array<{ done: boolean }>): PracticeProgress => ({ validated: exercises.filter((e) => e.done).length, total: exercises.length });

/** GET practices/exercises: one course's exercises (402/403/404 by the course rules), or, without a course,
 *  those of every course the student may open; a premium course shows locked (counted, not listed) to a
 *  student who is not premium. */
export async function listExercises(ctx: AppContext, user: SessionUser, courseId: number | undefined, filter: PracticeFilter | undefined): Promise<PracticeExercisesResult> {
  const courses: OpenCourse[] = courseId
    ? [await openCourse(ctx, courseId, user)]
    : (await listStudentCourses(ctx.db, scopeOf(user))).map((c) => ({ id: c.id, title: c.title, is_premium: c.is_premium }));
  const rows = await exercisesOf(
    ctx.db,
    courses.map((c) => c.id),
    filter,
  );
  const tries = await triesOf(
    ctx.db,
    user.id,
    rows.map((r) => r.id),
  );
  const out: PracticeCourseExercises[] = [];
  for (const c of courses) {
    const mine = rows.filter((r) => r.course_id === c.id);
    if (mine.length === 0 && !courseId) continue;
    const locked = c.is_premium === 1 && !isPremiumStudent(user);
    const exercises = mine.map((r) => toExercise(r, tries.get(r.id)));
    out.push({
      id: c.id,
      title: c.title,
      is_premium: c.is_premium,
      locked,
      progress: locked ? { validated: 0, total: exercises.length } : progressOf(exercises),
      exercises: locked ? [] : exercises,
    });
  }
  const open = out.filter((c) => !c.locked);
  return {
    courses: out,
    progress: { validated: open.reduce((n, c) => n + c.progress.validated, 0), total: open.reduce((n, c) => n + c.progress.total, 0) },
  };
}

/** GET practices/question: one exercise as a student sees it. Asked by id, that one; else the first not yet
 *  validated (after `after` when given, wrapping round); every one validated: the first (or the one after). */
export async function practiceQuestion(ctx: AppContext, user: SessionUser, query: PracticeQuestionQuery): Promise<PracticeQuestionResult> {
  let course: OpenCourse | undefined;
  let rows: ExerciseRow[];
  if (query.course_id) {
    course = await openCourse(ctx, query.course_id, user);
    rows = await exercisesOf(ctx.db, [course.id], query.type);
  } else {
    // Without a course: the exercise asked for, or the next one across the courses the student may open.
    const courses = (await listStudentCourses(ctx.db, scopeOf(user))).filter((c) => !c.is_premium || isPremiumStudent(user));
    rows = await exercisesOf(
      ctx.db,
      courses.map((c) => c.id),
      query.type,
    );
  }
  if (query.question_id && !rows.some((r) => r.id === query.question_id)) {
    // Not an exercise here: say why when it belongs to a course the student may not open, else 404.
    const ex = await findExercise(ctx.db, query.question_id);
    if (ex?.is_practice === 1 && ex.course_id && !query.course_id) await openCourse(ctx, ex.course_id, user);
    throw notFound(T.notFound);
  }
  const tries = await triesOf(
    ctx.db,
    user.id,
    rows.map((r) => r.id),
  );
  const progress = progressOf(rows.map((r) => ({ done: tries.get(r.id)?.done ?? false })));
  if (rows.length === 0) return { question: null, position: 0, progress, all_done: false };

  let index: number;
  if (query.question_id) index = rows.findIndex((r) => r.id === query.question_id);
  else {
    const start = query.after ? rows.findIndex((r) => r.id === query.after) + 1 : 0;
    const order = [...rows.slice(start), ...rows.slice(0, start)];
    const next = order.find((r) => !tries.get(r.id)?.done) ?? order[0]!;
    index = rows.indexOf(next);
  }
  const row = rows[index]!;
  const [q] = await findQuestionsByIds(ctx.db, [row.id]);
  if (!q) throw notFound(T.notFound);
  const own = course ?? (await openCourse(ctx, row.course_id, user));
  const t = tries.get(row.id);
  return {
    question: {
      ...toStudentQuestion(q, user.id),
      course: { id: own.id, title: own.title },
      chapter: row.chapter_id != null && row.chapter_title != null ? { id: row.chapter_id, title: row.chapter_title } : null,
      done: t?.done ?? false,
      attempts: t?.attempts ?? 0,
      last_answer: t ? await lastAnswerOf(ctx.db, user.id, row.id) : null,
    },
    position: index + 1,
    progress,
    all_done: progress.validated === progress.total,
  };
}

/** POST practices/evaluate-solution: grade one try, store it, answer the verdict and the course's progress. */
export async function evaluateSolution(ctx: AppContext, user: SessionUser, questionId: number, answer: unknown, requestId?: string): Promise<PracticeEvaluateResult> {
  const ex = await findExercise(ctx.db, questionId);
  if (!ex || ex.is_practice !== 1 || !ex.course_id) throw notFound(T.notFound);
  const course = await openCourse(ctx, ex.course_id, user);
  const limit = ctx.config.PRACTICE_RATE_LIMIT;
  await enforceRateLimit(ctx, `practice:${user.id}`, limit, 60, T.rate(limit));
  const [q] = await findQuestionsByIds(ctx.db, [questionId]);
  if (!q) throw notFound(T.notFound);
  // Graded first (the sandbox takes time), then stored in one statement: a refused answer (422) stores nothing.
  const outcome = await grade(ctx, { userId: user.id, requestId, question: toGradable(q), answer });
  await insertTry(ctx.db, { user_id: user.id, question_id: questionId, is_valid: outcome.is_valid, answer, details: outcome.details });
  const rows = await exercisesOf(ctx.db, [course.id]);
  const tries = await triesOf(
    ctx.db,
    user.id,
    rows.map((r) => r.id),
  );
  return {
    question_id: questionId,
    is_valid: outcome.is_valid,
    details: outcome.details,
    done: tries.get(questionId)?.done ?? outcome.is_valid,
    progress: progressOf(rows.map((r) => ({ done: tries.get(r.id)?.done ?? false }))),
  };
}

/** Staff: per course, the students × exercises validated and the most-failed exercises. */
export async function courseStats(ctx: AppContext, courseId: number): Promise<PracticeCourseStats> {
  const rows = await exercisesOf(ctx.db, [courseId]);
  const ids = rows.map((r) => r.id);
  const perStudent = await studentExerciseCounts(ctx.db, ids);
  const found = await courseStudents(ctx.db, courseId, [...new Set(perStudent.map((p) => p.user_id))]);
  if (!found) throw notFound('Ce cours est introuvable.');
  const counts = await exerciseCounts(ctx.db, ids);
  const exercises: PracticeStatsExercise[] = rows.map((r) => {
    const c = counts.get(r.id);
    return {
      ...toExercise(r, undefined),
      attempts: c?.attempts ?? 0,
      failures: c?.failures ?? 0,
      students_tried: c?.tried ?? 0,
      students_validated: c?.validated ?? 0,
    };
  });
  const students = found.students.map((s) => {
    const mine = perStudent.filter((p) => p.user_id === s.id);
    const validated_ids = mine.filter((p) => Number(p.done) === 1).map((p) => p.question_id);
    return {
      id: s.id,
      last_name: s.last_name,
      first_name: s.first_name,
      student_number: s.student_number,
      attempts: mine.reduce((n, p) => n + Number(p.attempts), 0),
      validated: validated_ids.length,
      validated_ids,
      tried_ids: mine.filter((p) => Number(p.done) !== 1).map((p) => p.question_id),
    };
  });
  const most_failed = exercises
    .filter((e) => e.failures > 0)
    .sort((a, b) => b.failures - a.failures || a.students_validated / Math.max(1, a.students_tried) - b.students_validated / Math.max(1, b.students_tried) || a.id - b.id)
    .slice(0, MOST_FAILED);
  return { course: found.course, exercises, students, most_failed };
}
