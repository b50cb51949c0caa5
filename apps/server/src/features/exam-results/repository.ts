// Reads of exam results, batched by exam: the expected students (role STUDENT enrolled in the exam's year and one
// of its parcours), the attempts, the best result of each attempt on each question, the exam's questions and the
// per-exam extra minutes. Writes of the regrade (submissions, attempt scores, regrade_log). Every function takes
// the db or a transaction.
import { sql, type Transaction } from 'kysely';
import type { Database, Db, QuestionKind } from '../../db/schema';
import { storableJson } from '../../lib/storable-text';

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(v as string));

export interface StudentInfo {
  user_id: number;
  last_name: string;
  first_name: string;
  student_number: string | null;
  email: string;
  /** The student's factor of today, or on an attempt the factor it started with. */
  extra_time_factor: number;
  /** Composes in a separate room (an accommodation, noted on the live page). */
  separate_room: boolean;
}

/** Per exam, its expected students. */
export async function expectedStudents(db: Db, examIds: number[]): Promise<Map<number, StudentInfo[]>> {
  const out = new Map<number, StudentInfo[]>(examIds.map((id) => [id, []]));
  if (examIds.length === 0) return out;
  const rows = await db
    .selectFrom('exam_specializations as es')
    .innerJoin('exams as e', 'e.id', 'es.exam_id')
    .innerJoin('student_enrolments as se', (j) =>
      j.onRef('se.academic_year_id', '=', 'e.academic_year_id').onRef('se.specialization_id', '=', 'es.specialization_id'),
    )
    .innerJoin('users as u', 'u.id', 'se.user_id')
    .select(['es.exam_id', 'u.id as user_id', 'u.last_name', 'u.first_name', 'u.student_number', 'u.email', 'u.extra_time_factor', 'u.separate_room'])
    .distinct()
    .where('es.exam_id', 'in', examIds)
    .where('u.role', '=', 'STUDENT')
    .execute();
  for (const r of rows) out.get(r.exam_id)?.push({ ...r, extra_time_factor: Number(r.extra_time_factor), separate_room: r.separate_room === 1 });
  return out;
}

/** The students of a year and parcours (role STUDENT), by name. */
export async function studentsOf(db: Db, yearId: number, specializationId: number): Promise<StudentInfo[]> {
  const rows = await db
    .selectFrom('student_enrolments as se')
    .innerJoin('users as u', 'u.id', 'se.user_id')
    .select(['u.id as user_id', 'u.last_name', 'u.first_name', 'u.student_number', 'u.email', 'u.extra_time_factor', 'u.separate_room'])
    .where('se.academic_year_id', '=', yearId)
    .where('se.specialization_id', '=', specializationId)
    .where('u.role', '=', 'STUDENT')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ ...r, extra_time_factor: Number(r.extra_time_factor), separate_room: r.separate_room === 1 }));
}

export interface AttemptInfo extends StudentInfo {
  id: number;
  exam_id: number;
  started_at: Date;
  deadline: Date;
  finished_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export async function attemptsOf(db: Db, examIds: number[]): Promise<AttemptInfo[]> {
  if (examIds.length === 0) return [];
  const rows = await db
    .selectFrom('exam_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.exam_id',
      'a.user_id',
      'a.started_at',
      'a.deadline',
      'a.finished_at',
      'a.ip',
      'a.user_agent',
      'u.last_name',
      'u.first_name',
      'u.student_number',
      'u.email',
      // The factor the attempt started with: today's factor never rewrites the past.
      'a.extra_time_factor',
      'u.separate_room',
    ])
    .where('a.exam_id', 'in', examIds)
    .execute();
  return rows.map((r) => ({
    ...r,
    started_at: toDate(r.started_at),
    deadline: toDate(r.deadline),
    finished_at: r.finished_at == null ? null : toDate(r.finished_at),
    extra_time_factor: Number(r.extra_time_factor),
    separate_room: r.separate_room === 1,
  }));
}

export interface BestResult {
  /** Best fraction 0..1 of the question's points. */
  best: number;
  validated: boolean;
  /** Waits for a person to grade it (an essay not yet marked), or for the runner (a program graded later). */
  pending?: boolean;
}

/** attempt id → question id → best result (highest score; validated if any submission was). */
export async function bestResults(db: Db, examIds: number[]): Promise<Map<number, Map<number, BestResult>>> {
  const out = new Map<number, Map<number, BestResult>>();
  if (examIds.length === 0) return out;
  const rows = await db
    .selectFrom('exam_submissions as s')
    .innerJoin('exam_attempts as a', 'a.id', 's.attempt_id')
    .select((eb) => ['s.attempt_id', 's.question_id', eb.fn.max('s.score').as('best'), eb.fn.max('s.is_valid').as('valid'), eb.fn.max('s.pending').as('pending')])
    .where('a.exam_id', 'in', examIds)
    .groupBy(['s.attempt_id', 's.question_id'])
    .execute();
  for (const r of rows) {
    let m = out.get(r.attempt_id);
    if (!m) out.set(r.attempt_id, (m = new Map()));
    // An answer still waiting (an essay, a program graded later) leaves a question with all its points as it is
    // (the student's page reads the same rule: exam-taking, progressOf).
    m.set(r.question_id, { best: Number(r.best), validated: Number(r.valid) === 1, pending: Number(r.pending) === 1 && Number(r.best) < 1 });
  }
  return out;
}

export interface ExamQuestionRow {
  exam_id: number;
  question_id: number;
  position: number;
  points: number;
  type: QuestionKind;
  language: 'PYTHON' | 'R' | null;
  statement: string;
}

/** Per exam, its questions in order. */
export async function questionsOf(db: Db, examIds: number[]): Promise<Map<number, ExamQuestionRow[]>> {
  const out = new Map<number, ExamQuestionRow[]>(examIds.map((id) => [id, []]));
  if (examIds.length === 0) return out;
  const rows = await db
    .selectFrom('exam_questions as eq')
    .innerJoin('questions as q', 'q.id', 'eq.question_id')
    .select(['eq.exam_id', 'eq.question_id', 'eq.position', 'eq.points', 'q.type', 'q.language', sql<string>`left(q.statement, 2000)`.as('statement')])
    .where('eq.exam_id', 'in', examIds)
    .orderBy('eq.exam_id')
    .orderBy('eq.position')
    .orderBy('eq.question_id')
    .execute();
  for (const r of rows) out.get(r.exam_id)?.push({ ...r, points: Number(r.points) });
  return out;
}

/** exam id → user id → extra minutes. */
export async function extraMinutesOf(db: Db, examIds: number[]): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>(examIds.map((id) => [id, new Map()]));
  if (examIds.length === 0) return out;
  const rows = await db.selectFrom('exam_extra_time').select(['exam_id', 'user_id', 'minutes']).where('exam_id', 'in', examIds).execute();
  for (const r of rows) out.get(r.exam_id)?.set(r.user_id, r.minutes);
  return out;
}

export interface SubmissionRow {
  id: number;
  attempt_id: number;
  question_id: number;
  answer: unknown;
  is_valid: boolean;
  score: number;
  penalty: number;
  /** Sent from the student's draft when the attempt ended (the column `auto`). */
  from_draft: boolean;
  details: unknown;
  internal: unknown;
  created_at: Date;
  ip: string | null;
  user_agent: string | null;
  /** Kept for later and not graded yet: the next try (grade-later in exam-taking); null once graded. */
  grade_at: Date | null;
  /** Tries of grading later that failed, and the last one's reason (staff only). */
  grade_failures: number;
  grade_error: string | null;
  graded_later_at: Date | null;
}

/** Submissions of the given attempts, oldest first. */
export async function submissionsOf(db: Db, attemptIds: number[]): Promise<SubmissionRow[]> {
  if (attemptIds.length === 0) return [];
  const rows = await db
    .selectFrom('exam_submissions')
    .select(['id', 'attempt_id', 'question_id', 'answer', 'is_valid', 'score', 'penalty', 'auto', 'details', 'internal', 'created_at', 'ip', 'user_agent', 'grade_at', 'grade_failures', 'grade_error', 'graded_later_at'])
    .where('attempt_id', 'in', attemptIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(({ auto, ...r }) => ({
    ...r,
    is_valid: r.is_valid === 1,
    score: Number(r.score),
    penalty: Number(r.penalty),
    from_draft: auto === 1,
    created_at: toDate(r.created_at),
    grade_at: r.grade_at == null ? null : toDate(r.grade_at),
    grade_failures: Number(r.grade_failures),
    graded_later_at: r.graded_later_at == null ? null : toDate(r.graded_later_at),
  }));
}

/** The questions a person marked in these attempts (`attempt:question`): a regrade leaves their scores alone. */
export async function markedPairs(db: Db, attemptIds: number[]): Promise<Set<string>> {
  if (attemptIds.length === 0) return new Set();
  const rows = await db.selectFrom('exam_marks').select(['attempt_id', 'question_id']).where('attempt_id', 'in', attemptIds).execute();
  return new Set(rows.map((r) => `${r.attempt_id}:${r.question_id}`));
}

/** Exams of a year aimed at a parcours, drafts left out, by opening date. */
export async function examIdsOf(db: Db, yearId: number, specializationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('exams as e')
    .select('e.id')
    .where('e.academic_year_id', '=', yearId)
    .where('e.status', '!=', 'DRAFT')
    .where((eb) =>
      eb.exists(eb.selectFrom('exam_specializations as es').select('es.exam_id').whereRef('es.exam_id', '=', 'e.id').where('es.specialization_id', '=', specializationId)),
    )
    .orderBy('e.start_at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function findYear(db: Db, id: number) {
  return db.selectFrom('academic_years').select(['id', 'label']).where('id', '=', id).executeTakeFirst();
}

export async function findSpecialization(db: Db, id: number) {
  return db.selectFrom('specializations').select(['id', 'name', 'code']).where('id', '=', id).executeTakeFirst();
}

// ---- Regrade writes ----------------------------------------------------------------------------

export async function updateSubmissionGrade(
  trx: Transaction<Database>,
  id: number,
  v: { is_valid: boolean; score: number; penalty: number; details: unknown; internal: unknown },
): Promise<void> {
  await trx
    .updateTable('exam_submissions')
    .set({
      is_valid: v.is_valid ? 1 : 0,
      score: v.score,
      penalty: v.penalty,
      details: storableJson(v.details),
      internal: v.internal === undefined ? null : storableJson(v.internal),
    })
    .where('id', '=', id)
    .execute();
}

/** Locks the exam's attempts (a student's submission waits for the regrade's writes, and the other way round). */
export async function lockAttempts(trx: Transaction<Database>, examId: number): Promise<void> {
  await trx.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).orderBy('id').forUpdate().execute();
}

export interface RegradeLogEntry {
  exam_id: number;
  user_id: number;
  question_id: number;
  regraded_by: number;
  old_state: string;
  new_state: string;
  old_score: number;
  new_score: number;
}

export async function insertRegradeLog(trx: Transaction<Database>, rows: RegradeLogEntry[], at: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('regrade_log')
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, created_at: at })))
      .execute();
  }
}
