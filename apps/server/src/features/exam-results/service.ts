// Staff results (docs/examens.md « Résultats »): the list of exams with their figures, one exam's rows, one
// student's submissions and origins, statistics, and the averages of a year and parcours.
import {
  EXAM_RESULTS_TEXTS as T,
  round2,
  type AverageCell,
  type ExamAverages,
  type ExamListItem,
  type ExamResultsListItem,
  type ExamResultsListQuery,
  type ExamResultsShow,
  type ExamStatistics,
  type ExamStudentResult,
  type GradeDetails,
  type StaffCaseResult,
  type VariantStatistics,
} from '@exam/shared';
import type { Db } from '../../db/schema';
import type { InternalCaseResult } from '../grading';
import { notFound } from '../../lib/errors';
import { examOrder, findExamListItem, listExams } from '../exams';
import { pinKey, pinnedQuestions } from '../exam-taking';
import { variantValuesOf } from '../questions';
import { attemptStatus, examBooks, isClosed, participantsOf, publicRow, summaryOf, timeSpent, type ExamBook } from './book';
import { examIdsOf, findSpecialization, findYear, submissionsOf, studentsOf } from './repository';
import { distribution, mean, median, on20, pearson, r2, r3, standsApart, stdDev } from './stats';

export async function listResults(db: Db, q: ExamResultsListQuery & { page: number; per_page: number }): Promise<{ rows: ExamResultsListItem[]; total: number }> {
  const { rows, total } = await listExams(
    db,
    { search: q.search, academic_year_id: q.academic_year_id as number | undefined, specialization_id: q.specialization_id as number | undefined, status: q.status },
    examOrder(q.sort),
    q.page,
    q.per_page,
  );
  const books = await examBooks(db, rows);
  return { rows: books.map(summaryOf), total };
}

export async function examBook(db: Db, examId: number): Promise<ExamBook> {
  const exam = await findExamListItem(db, examId);
  if (!exam) throw notFound(T.examNotFound);
  const [book] = await examBooks(db, [exam]);
  return book;
}

export async function showResults(db: Db, examId: number): Promise<ExamResultsShow> {
  const book = await examBook(db, examId);
  return { exam: summaryOf(book), questions: book.questions, rows: book.rows.map(publicRow) };
}

function casesOf(internal: unknown): StaffCaseResult[] | null {
  const cases = (internal as { cases?: InternalCaseResult[] } | null)?.cases;
  if (!Array.isArray(cases)) return null;
  return cases.map((c) => ({
    index: c.index,
    is_hidden: c.is_hidden,
    verdict: c.verdict,
    stdout: c.stdout,
    stderr: c.stderr,
    exit_code: c.exit_code,
    duration_ms: c.duration_ms,
  }));
}

export async function studentResult(db: Db, examId: number, userId: number): Promise<ExamStudentResult> {
  const book = await examBook(db, examId);
  const row = book.rows.find((r) => r.user_id === userId);
  if (!row) throw notFound(T.studentNotExpected);
  const now = Date.now();
  const a = row.attempt;
  const subs = a ? await submissionsOf(db, [a.id]) : [];
  const origins = new Map<string, { ip: string | null; user_agent: string | null; count: number; first: Date; last: Date }>();
  const seen = (ip: string | null, ua: string | null, at: Date) => {
    const key = JSON.stringify([ip, ua]);
    const o = origins.get(key);
    if (!o) origins.set(key, { ip, user_agent: ua, count: 1, first: at, last: at });
    else {
      o.count += 1;
      if (at < o.first) o.first = at;
      if (at > o.last) o.last = at;
    }
  };
  if (a) seen(a.ip, a.user_agent, a.started_at);
  for (const s of subs) seen(s.ip, s.user_agent, s.created_at);
  // Tied to one session under the one-session rule: what « Débloquer » would free.
  const bound = a ? (await db.selectFrom('exam_attempt_sessions').select('attempt_id').where('attempt_id', '=', a.id).executeTakeFirst()) !== undefined : false;
  // Drafts whose grading failed and is to be tried again (drafts.ts): staff see it on the copy.
  const failed = a
    ? await db
        .selectFrom('exam_attempts')
        .select(['drafts_failures', 'drafts_error', 'drafts_retry_at'])
        .where('id', '=', a.id)
        .where('drafts_settled_at', 'is', null)
        .where('drafts_failures', '>', 0)
        .executeTakeFirst()
    : undefined;
  // The questions as this student saw them: their version, their variant's values filled in.
  const pinned = a ? await pinnedQuestions(db, row.draw) : new Map<string, { statement: string }>();
  const values = await variantValuesOf(
    db,
    row.draw.flatMap((d) => (d.question_version_id !== null && d.variant_seed !== null ? [{ version_id: d.question_version_id, seed: d.variant_seed }] : [])),
  );
  const drawnOf = (questionId: number) => row.draw.find((d) => d.question_id === questionId);
  return {
    exam: {
      id: book.exam.id,
      title: book.exam.title,
      status: book.exam.status,
      total_points: book.exam.total_points,
      duration_minutes: book.exam.duration_minutes,
      end_at: book.exam.end_at,
    },
    student: {
      user_id: row.user_id,
      last_name: row.last_name,
      first_name: row.first_name,
      student_number: row.student_number,
      email: row.email,
      extra_time_factor: row.extra_time_factor,
      extra_minutes: row.extra_minutes,
    },
    status: attemptStatus(book.exam, a, now),
    attempt: a
      ? {
          started_at: a.started_at.toISOString(),
          deadline: a.deadline.toISOString(),
          finished_at: a.finished_at?.toISOString() ?? null,
          time_spent_seconds: timeSpent(a, now),
          score: row.score,
          score_20: row.score_20,
          validated_count: row.validated_count,
          bound,
          drafts_failure: failed
            ? { failures: failed.drafts_failures, reason: failed.drafts_error ?? '', retry_at: failed.drafts_retry_at ? new Date(failed.drafts_retry_at).toISOString() : null }
            : null,
        }
      : null,
    origins: [...origins.values()]
      .sort((x, y) => x.first.getTime() - y.first.getTime())
      .map((o) => ({ ip: o.ip, user_agent: o.user_agent, count: o.count, first_seen: o.first.toISOString(), last_seen: o.last.toISOString() })),
    // The student's own questions in their order (their draw); every question of the exam before a start.
    questions: (a ? row.draw.map((d) => book.questions.findIndex((q) => q.question_id === d.question_id)) : book.questions.map((_, i) => i))
      .filter((i) => i >= 0)
      .map((i, k) => ({ q: book.questions[i], i, position: k + 1 }))
      .map(({ q, i, position }) => ({
      ...q,
      position,
      exam_position: q.position,
      variant_seed: drawnOf(q.question_id)?.variant_seed ?? null,
      variant_values: ((d) => (d && d.question_version_id !== null && d.variant_seed !== null ? (values.get(`${d.question_version_id}:${d.variant_seed}`) ?? null) : null))(drawnOf(q.question_id)),
      drawn_statement: ((d) => (d ? (pinned.get(pinKey(d))?.statement ?? null) : null))(drawnOf(q.question_id)),
      state: row.cells[i].state,
      score: row.cells[i].score,
      submissions: subs
        .filter((s) => s.question_id === q.question_id)
        .map((s) => ({
          id: s.id,
          submitted_at: s.created_at.toISOString(),
          elapsed_seconds: a ? Math.max(0, Math.round((s.created_at.getTime() - a.started_at.getTime()) / 1000)) : 0,
          answer: s.answer ?? null,
          is_valid: s.is_valid,
          score: round2(s.score * q.points),
          penalty: round2(s.penalty * q.points),
          from_draft: s.from_draft,
          details: s.details as GradeDetails,
          cases: casesOf(s.internal),
          ip: s.ip,
          user_agent: s.user_agent,
          // Still waiting for the runner (« en cours de correction »): its failed tries and their last reason.
          grading_later: s.grade_at ? { failures: s.grade_failures, reason: s.grade_failures > 0 ? s.grade_error : null, next_try_at: s.grade_at.toISOString() } : null,
          graded_later_at: s.graded_later_at?.toISOString() ?? null,
        })),
    })),
  };
}

/** A parameterised question's figures per variant (seed), flagging those that stand apart. */
function variantsOf(points: number, given: Array<{ seed: number | null; earned: number; rest: number }>): VariantStatistics[] {
  const seeds = [...new Set(given.map((g) => g.seed).filter((x): x is number => x !== null))].sort((a, b) => a - b);
  if (points <= 0) return [];
  return seeds.map((seed) => {
    const mine = given.filter((g) => g.seed === seed);
    const others = given.filter((g) => g.seed !== seed);
    const fractions = mine.map((g) => g.earned / points);
    return {
      seed,
      given: mine.length,
      facility: r3(mean(fractions)),
      discrimination: r3(pearson(mine.map((g) => g.earned), mine.map((g) => g.rest))),
      stands_apart: standsApart(fractions, others.map((g) => g.earned / points)),
    };
  });
}

/** Statistics over the participants (students who started). */
export function statisticsOf(book: ExamBook): ExamStatistics {
  const participants = participantsOf(book);
  // A copy still waiting for a person has no score yet: the score figures are over the graded copies only.
  const graded = participants.filter((r) => r.pending_count === 0);
  const scores20 = graded.map((r) => r.score_20);
  const totals = graded.map((r) => r.score);
  return {
    exam: { id: book.exam.id, title: book.exam.title, status: book.exam.status, total_points: book.exam.total_points },
    expected_count: book.rows.filter((r) => r.expected).length,
    participants: participants.length,
    pending_participants: participants.length - graded.length,
    mean_20: r2(mean(scores20)),
    median_20: r2(median(scores20)),
    std_dev_20: r2(stdDev(scores20)),
    min_20: scores20.length ? Math.min(...scores20) : null,
    max_20: scores20.length ? Math.max(...scores20) : null,
    mean_points: r2(mean(totals)),
    distribution: distribution(scores20),
    questions: book.questions.map((q, i) => {
      // Over the participants who were given this question (a section's draw gives it to some only).
      const drawn = participants.filter((r) => r.cells[i].drawn);
      // An answer waiting for a person is no 0: left out of the question's figures until marked.
      const given = drawn.filter((r) => r.cells[i].state !== 'PENDING' && r.pending_count === 0);
      const earned = given.map((r) => r.cells[i].score);
      const rest = given.map((r, j) => r.score - earned[j]);
      return {
        ...q,
        given: drawn.length,
        answered: drawn.filter((r) => r.cells[i].state !== 'UNANSWERED').length,
        validated: drawn.filter((r) => r.cells[i].state === 'VALIDATED').length,
        pending: drawn.filter((r) => r.cells[i].state === 'PENDING').length,
        facility: q.points > 0 ? r3(mean(earned.map((e) => e / q.points))) : null,
        discrimination: r3(pearson(earned, rest)),
        variants: variantsOf(
          q.points,
          given.map((r, j) => ({ seed: r.draw.find((d) => d.question_id === q.question_id)?.variant_seed ?? null, earned: earned[j], rest: rest[j] })),
        ),
      };
    }),
  };
}

export async function examStatistics(db: Db, examId: number): Promise<ExamStatistics> {
  return statisticsOf(await examBook(db, examId));
}

/**
 * Averages of a year and parcours: exams of the year aimed at the parcours (no drafts). A closed exam counts for
 * every student (absent = 0); an open one only for the students who finished it. Weighted by exam points:
 * Σ points earned / Σ points of the counted exams × 20.
 */
export async function examAverages(db: Db, yearId: number, specializationId: number): Promise<ExamAverages & { books: ExamBook[] }> {
  const [year, spec] = await Promise.all([findYear(db, yearId), findSpecialization(db, specializationId)]);
  if (!year) throw notFound(T.yearNotFound);
  if (!spec) throw notFound(T.specializationNotFound);
  const now = Date.now();
  const [ids, students] = await Promise.all([examIdsOf(db, yearId, specializationId), studentsOf(db, yearId, specializationId)]);
  const exams = (await Promise.all(ids.map((id) => findExamListItem(db, id)))).filter((e): e is ExamListItem => !!e);
  const books = await examBooks(db, exams, now);
  const closed = books.map((b) => isClosed(b.exam, now));
  const maxOf = books.map((b) => b.exam.total_points);
  const perExam: number[][] = books.map(() => []);
  const rows = students.map((st) => {
    let points = 0;
    let maxPoints = 0;
    const cells: AverageCell[] = books.map((b, i) => {
      const row = b.rows.find((r) => r.user_id === st.user_id);
      const started = !!row && row.status !== 'NOT_STARTED';
      let cell: AverageCell;
      // A copy still waiting for a person is not counted yet (its provisional score shown), as an exam still open.
      if (started && row.pending_count > 0) cell = { exam_id: b.exam.id, status: 'PENDING', score: row.score, score_20: row.score_20 };
      else if (started && (closed[i] || row.status === 'FINISHED')) cell = { exam_id: b.exam.id, status: 'SCORED', score: row.score, score_20: row.score_20 };
      else if (closed[i]) cell = { exam_id: b.exam.id, status: 'ABSENT', score: 0, score_20: 0 };
      else cell = { exam_id: b.exam.id, status: 'PENDING', score: started ? row.score : null, score_20: started ? row.score_20 : null };
      if (cell.status !== 'PENDING') {
        points += cell.score ?? 0;
        maxPoints += maxOf[i];
        perExam[i].push(cell.score_20 ?? 0);
      }
      return cell;
    });
    return {
      user_id: st.user_id,
      last_name: st.last_name,
      first_name: st.first_name,
      student_number: st.student_number,
      average_20: maxPoints > 0 ? on20(points, maxPoints) : null,
      points: round2(points),
      max_points: round2(maxPoints),
      cells,
    };
  });
  const averages = rows.map((r) => r.average_20).filter((x): x is number => x !== null);
  return {
    academic_year: { id: year.id, label: year.label },
    specialization: spec,
    exams: books.map((b, i) => ({
      id: b.exam.id,
      title: b.exam.title,
      status: b.exam.status,
      start_at: b.exam.start_at,
      end_at: b.exam.end_at,
      total_points: maxOf[i],
      closed: closed[i],
    })),
    rows,
    specialization_average_20: r2(mean(averages)),
    exam_averages_20: books.map((b, i) => ({ exam_id: b.exam.id, average_20: r2(mean(perExam[i])) })),
    books,
  };
}

