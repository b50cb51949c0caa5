// The results book of exams: for each exam, its questions and one row per expected student (plus anyone who
// started without being expected any more), with the best result of each question. Every results answer (list,
// show, statistics, averages, export) is computed from it, so they all agree.
import {
  attemptScore,
  EXAM_GRACE_SECONDS,
  type AttemptStatus,
  type ExamListItem,
  type ExamResultRow,
  type ExamResultsListItem,
  type QuestionState,
  type ResultQuestion,
} from '@exam/shared';
import type { Db } from '../../db/schema';
import { drawsOf, type DrawRow } from '../exam-taking';
import { statementExcerpt } from '../exams';
import { attemptsOf, bestResults, expectedStudents, extraMinutesOf, questionsOf, type AttemptInfo, type BestResult, type ExamQuestionRow } from './repository';
import { mean, median, r2 } from './stats';

const GRACE_MS = EXAM_GRACE_SECONDS * 1000;

export interface BookRow extends ExamResultRow {
  attempt: AttemptInfo | null;
  /** An accommodation: the student composes in a separate room (shown on the live page). */
  separate_room: boolean;
  /** The questions the attempt was given, in its order (empty when not started). */
  draw: DrawRow[];
  /** question id → best result (only answered questions). */
  best: Map<number, BestResult>;
}

export interface ExamBook {
  exam: ExamListItem;
  questions: ResultQuestion[];
  rows: BookRow[];
}

/** Closed for results: status CLOSED or ARCHIVED, or the closing time (and the grace) passed. */
export function isClosed(exam: Pick<ExamListItem, 'status' | 'end_at'>, now: number): boolean {
  return exam.status === 'CLOSED' || exam.status === 'ARCHIVED' || now > Date.parse(exam.end_at) + GRACE_MS;
}

export function attemptStatus(exam: Pick<ExamListItem, 'status' | 'end_at'>, a: AttemptInfo | null, now: number): AttemptStatus {
  if (!a) return 'NOT_STARTED';
  if (a.finished_at || now > a.deadline.getTime() + GRACE_MS || isClosed(exam, now)) return 'FINISHED';
  return 'IN_PROGRESS';
}

/** Seconds from the start to the finish, the deadline, or now while still running (never negative). */
export function timeSpent(a: AttemptInfo, now: number): number {
  const end = a.finished_at ? a.finished_at.getTime() : Math.min(now, a.deadline.getTime());
  return Math.max(0, Math.round((end - a.started_at.getTime()) / 1000));
}

export const stateOf = (b: BestResult | undefined): QuestionState => (!b ? 'UNANSWERED' : b.pending ? 'PENDING' : b.validated ? 'VALIDATED' : 'NOT_VALIDATED');

export function toResultQuestion(q: ExamQuestionRow, index: number): ResultQuestion {
  return {
    question_id: q.question_id,
    position: index + 1,
    type: q.type,
    language: q.language,
    points: q.points,
    title: statementExcerpt(q.statement, 80) || `Question ${index + 1}`,
  };
}

const byName = (a: { last_name: string; first_name: string; user_id: number }, b: { last_name: string; first_name: string; user_id: number }) =>
  a.last_name.localeCompare(b.last_name, 'fr') || a.first_name.localeCompare(b.first_name, 'fr') || a.user_id - b.user_id;

/** The books of these exams (same order as `exams`). */
export async function examBooks(db: Db, exams: ExamListItem[], now = Date.now()): Promise<ExamBook[]> {
  const ids = exams.map((e) => e.id);
  const [expected, attempts, best, questions, extra] = await Promise.all([
    expectedStudents(db, ids),
    attemptsOf(db, ids),
    bestResults(db, ids),
    questionsOf(db, ids),
    extraMinutesOf(db, ids),
  ]);
  const draws = await drawsOf(
    db,
    attempts.map((a) => a.id),
  );
  return exams.map((exam) => {
    const qs = questions.get(exam.id) ?? [];
    // What one student can earn: every student gets as many points (a drawn question is worth as much as another).
    const maxPoints = exam.total_points;
    const byUser = new Map(attempts.filter((a) => a.exam_id === exam.id).map((a) => [a.user_id, a]));
    const expectedIds = new Set((expected.get(exam.id) ?? []).map((s) => s.user_id));
    const people = [...(expected.get(exam.id) ?? []), ...[...byUser.values()].filter((a) => !expectedIds.has(a.user_id))];
    const rows: BookRow[] = people.map((p) => {
      const a = byUser.get(p.user_id) ?? null;
      const b = (a && best.get(a.id)) || new Map<number, BestResult>();
      const given = a ? new Set((draws.get(a.id) ?? []).map((d) => d.question_id)) : null;
      const drawn = qs.map((q) => !given || given.has(q.question_id));
      const results = qs.map((q, i) => (drawn[i] ? b.get(q.question_id) : undefined));
      const { score, score_20, earned, pending } = attemptScore(
        qs.map((q, i) => ({ points: q.points, best: results[i]?.best ?? 0, pending: results[i]?.pending ?? false })),
        maxPoints,
      );
      const validated = results.filter((r) => r?.validated).length;
      const cells = qs.map((q, i) => ({ question_id: q.question_id, state: stateOf(results[i]), score: earned[i], drawn: drawn[i] }));
      return {
        user_id: p.user_id,
        last_name: p.last_name,
        first_name: p.first_name,
        student_number: p.student_number,
        email: p.email,
        status: attemptStatus(exam, a, now),
        expected: expectedIds.has(p.user_id),
        started_at: a?.started_at.toISOString() ?? null,
        deadline: a?.deadline.toISOString() ?? null,
        finished_at: a?.finished_at?.toISOString() ?? null,
        time_spent_seconds: a ? timeSpent(a, now) : null,
        score,
        score_20,
        // Answers waiting for a person: score and score_20 are then the automatic part only (« provisoire »).
        pending_count: pending,
        validated_count: validated,
        // An attempt keeps the factor it started with; without one, the student's factor of today.
        extra_time_factor: a ? a.extra_time_factor : p.extra_time_factor,
        separate_room: p.separate_room,
        extra_minutes: extra.get(exam.id)?.get(p.user_id) ?? 0,
        cells,
        attempt: a,
        draw: a ? (draws.get(a.id) ?? []) : [],
        best: b,
      };
    });
    rows.sort(byName);
    return { exam, questions: qs.map(toResultQuestion), rows };
  });
}

export const participantsOf = (book: ExamBook) => book.rows.filter((r) => r.status !== 'NOT_STARTED');

/** The list row of an exam: counts, average, median and validated rate over the students who started. */
export function summaryOf(book: ExamBook): ExamResultsListItem {
  const { exam } = book;
  const participants = participantsOf(book);
  const scores20 = participants.map((r) => r.score_20);
  const cellsTotal = participants.reduce((n, r) => n + r.cells.filter((c) => c.drawn).length, 0);
  const validated = participants.reduce((s, r) => s + r.validated_count, 0);
  return {
    id: exam.id,
    title: exam.title,
    status: exam.status,
    academic_year_id: exam.academic_year_id,
    academic_year_label: exam.academic_year_label,
    specializations: exam.specializations,
    start_at: exam.start_at,
    end_at: exam.end_at,
    duration_minutes: exam.duration_minutes,
    question_count: exam.question_count,
    total_points: exam.total_points,
    expected_count: book.rows.filter((r) => r.expected).length,
    started_count: participants.length,
    finished_count: participants.filter((r) => r.status === 'FINISHED').length,
    average_20: r2(mean(scores20)),
    average_points: r2(mean(participants.map((r) => r.score))),
    median_20: r2(median(scores20)),
    validated_rate: cellsTotal > 0 ? Math.round((validated / cellsTotal) * 1000) / 1000 : null,
  };
}

/** A row as the API sends it (without the internal attempt and best map). */
export function publicRow(r: BookRow): ExamResultRow {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropping the internal fields
  const { attempt, best, draw, ...row } = r;
  return row;
}
