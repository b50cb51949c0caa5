// Reads and writes of exams, their parcours, ordered questions and per-student extra time; every function takes
// the db or a transaction. Counts of attempts come from exam_attempts, which exam taking fills.
import { sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { attemptDeadline, durationWithBonus, type ExamData, type ExamExtraTime, type ExamListItem, type ExamQuestion, type ExamSection, type ExamStatus } from '@exam/shared';
import type { Database, Db } from '../../db/schema';
import { likePattern, paginate } from '../../lib/list';
import { excerptOf, htmlToText } from '../../lib/html-text';
import { perStudentCount, perStudentPoints } from './totals';

export interface ExamFilters {
  search?: string;
  academic_year_id?: number;
  specialization_id?: number;
  status?: ExamStatus;
}

export type ExamOrderColumn = 'e.title' | 'e.start_at' | 'e.end_at' | 'e.status' | 'e.created_at' | 'e.updated_at';

const iso = (v: unknown): string => new Date(v as string).toISOString();

function selectExams(db: Db) {
  return db
    .selectFrom('exams as e')
    .innerJoin('academic_years as ay', 'ay.id', 'e.academic_year_id')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select((eb) => [
      'e.id',
      'e.title',
      'e.description',
      'e.academic_year_id',
      'ay.label as academic_year_label',
      'e.start_at',
      'e.end_at',
      'e.duration_minutes',
      'e.show_solutions_after_close',
      'e.show_provisional_score',
      'e.max_submissions',
      'e.wrong_try_penalty',
      'e.status',
      'e.version',
      'e.created_by as author_id',
      sql<string | null>`case when u.id is null then null else u.first_name || ' ' || u.last_name end`.as('author_name'),
      'e.created_at',
      'e.updated_at',
      jsonArrayFrom(
        eb
          .selectFrom('exam_specializations as es')
          .innerJoin('specializations as s', 's.id', 'es.specialization_id')
          .select(['s.id', 's.name', 's.code'])
          .whereRef('es.exam_id', '=', 'e.id')
          .orderBy('s.name'),
      ).as('specializations'),
      perStudentCount.as('question_count'),
      perStudentPoints.as('total_points'),
      eb.selectFrom('exam_attempts as a').select((x) => x.fn.countAll<number>().as('n')).whereRef('a.exam_id', '=', 'e.id').as('started_count'),
      eb
        .selectFrom('exam_attempts as a')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('a.exam_id', '=', 'e.id')
        .where('a.finished_at', 'is not', null)
        .as('finished_count'),
    ]);
}

type ExamRow = Awaited<ReturnType<ReturnType<typeof selectExams>['executeTakeFirstOrThrow']>>;

function toListItem(r: ExamRow): ExamListItem {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    academic_year_id: r.academic_year_id,
    academic_year_label: r.academic_year_label,
    specializations: r.specializations,
    specialization_ids: r.specializations.map((s) => s.id),
    start_at: iso(r.start_at),
    end_at: iso(r.end_at),
    duration_minutes: r.duration_minutes,
    show_solutions_after_close: r.show_solutions_after_close ? 1 : 0,
    show_provisional_score: r.show_provisional_score ? 1 : 0,
    max_submissions: r.max_submissions,
    wrong_try_penalty: Number(r.wrong_try_penalty),
    status: r.status,
    version: r.version,
    author_id: r.author_id,
    author_name: r.author_name,
    question_count: Number(r.question_count ?? 0),
    total_points: Number(r.total_points ?? 0),
    started_count: Number(r.started_count ?? 0),
    finished_count: Number(r.finished_count ?? 0),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

function applyFilters<Q extends ReturnType<typeof selectExams>>(q: Q, f: ExamFilters): Q {
  let out = q;
  if (f.search) {
    const like = likePattern(f.search);
    out = out.where((eb) => eb.or([eb('e.title', 'ilike', like), eb('e.description', 'ilike', like)])) as Q;
  }
  if (f.academic_year_id) out = out.where('e.academic_year_id', '=', f.academic_year_id) as Q;
  if (f.specialization_id) {
    const sid = f.specialization_id;
    out = out.where((eb) =>
      eb.exists(eb.selectFrom('exam_specializations as f').select('f.exam_id').whereRef('f.exam_id', '=', 'e.id').where('f.specialization_id', '=', sid)),
    ) as Q;
  }
  if (f.status) out = out.where('e.status', '=', f.status) as Q;
  return out;
}

export async function listExams(
  db: Db,
  f: ExamFilters,
  order: [ExamOrderColumn, 'asc' | 'desc'],
  pageNo: number,
  perPage: number,
): Promise<{ rows: ExamListItem[]; total: number }> {
  const { rows, total } = await paginate(applyFilters(selectExams(db), f).orderBy(order[0], order[1]).orderBy('e.id', 'desc'), pageNo, perPage);
  return { rows: rows.map(toListItem), total };
}

export async function findExamListItem(db: Db, id: number): Promise<ExamListItem | undefined> {
  const row = await selectExams(db).where('e.id', '=', id).executeTakeFirst();
  return row ? toListItem(row) : undefined;
}

/** Plain text of a statement's HTML (formulas between \\( and \\)), cut near `max` characters on a word boundary. */
export function statementExcerpt(html: string, max = 160): string {
  return excerptOf(htmlToText(html, { math: 'delimited' }), max);
}

export async function examQuestions(db: Db, examId: number): Promise<ExamQuestion[]> {
  const rows = await db
    .selectFrom('exam_questions as eq')
    .innerJoin('questions as q', 'q.id', 'eq.question_id')
    // The statement can be long (inline formulas, code); 2000 characters are plenty for an excerpt.
    .select([
      'eq.question_id',
      'eq.position',
      'eq.points',
      'eq.max_submissions',
      'eq.wrong_try_penalty',
      'eq.section',
      'q.type',
      'q.language',
      'q.points as default_points',
      sql<string>`left(q.statement, 2000)`.as('statement'),
    ])
    .where('eq.exam_id', '=', examId)
    .orderBy('eq.section')
    .orderBy('eq.position')
    .execute();
  return rows.map((r) => ({
    question_id: r.question_id,
    position: r.position,
    points: Number(r.points),
    type: r.type,
    language: r.language,
    statement_excerpt: statementExcerpt(r.statement),
    default_points: Number(r.default_points),
    max_submissions: r.max_submissions,
    wrong_try_penalty: r.wrong_try_penalty == null ? null : Number(r.wrong_try_penalty),
    section: r.section,
  }));
}

/** The candidates a student's draw is made from: each question's section, points and the version pinned at publication. */
export async function examCandidates(db: Db, examId: number): Promise<Array<{ question_id: number; section: number; points: number; question_version_id: number | null }>> {
  const rows = await db
    .selectFrom('exam_questions')
    .select(['question_id', 'section', 'points', 'question_version_id'])
    .where('exam_id', '=', examId)
    .orderBy('section')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ ...r, points: Number(r.points) }));
}

export async function examSections(db: Db, examId: number): Promise<ExamSection[]> {
  const rows = await db.selectFrom('exam_sections').select(['position', 'title', 'pick', 'shuffle']).where('exam_id', '=', examId).orderBy('position').execute();
  return rows.map((r) => ({ ...r, shuffle: r.shuffle ? 1 : 0 }));
}

export async function examExtraTimes(db: Db, examId: number): Promise<ExamExtraTime[]> {
  return db
    .selectFrom('exam_extra_time as x')
    .innerJoin('users as u', 'u.id', 'x.user_id')
    .select(['x.user_id', 'u.first_name', 'u.last_name', 'u.student_number', 'x.minutes'])
    .where('x.exam_id', '=', examId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

/** The exam's row, locked for the rest of the transaction: edits and status changes go one at a time, and wait for starts. */
export async function lockExam(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('exams').select(['id', 'status', 'version', 'academic_year_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The exam's row held for a start until its transaction ends: an edit (`lockExam`) waits for the starts under way
 * and they for it, but starts never wait for each other (the hundreds of an exam room's first minute).
 */
export async function holdExamForStart(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('exams').select(['id', 'status']).where('id', '=', id).forShare().executeTakeFirst();
}

export async function countAttempts(db: Db, examId: number): Promise<number> {
  const row = await db.selectFrom('exam_attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', examId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function storedQuestions(db: Db, examId: number): Promise<ExamData['questions']> {
  const rows = await db
    .selectFrom('exam_questions')
    .select(['question_id', 'points', 'max_submissions', 'wrong_try_penalty', 'section'])
    .where('exam_id', '=', examId)
    .orderBy('section')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    question_id: r.question_id,
    points: Number(r.points),
    max_submissions: r.max_submissions,
    wrong_try_penalty: r.wrong_try_penalty == null ? null : Number(r.wrong_try_penalty),
    section: r.section,
  }));
}

/** The exam's own rules of submissions (its questions may set theirs). */
export async function storedTryRules(db: Db, examId: number): Promise<{ max_submissions: number | null; wrong_try_penalty: number }> {
  const r = await db.selectFrom('exams').select(['max_submissions', 'wrong_try_penalty']).where('id', '=', examId).executeTakeFirstOrThrow();
  return { max_submissions: r.max_submissions, wrong_try_penalty: Number(r.wrong_try_penalty) };
}

/** Answers of an exam kept while the runner was saturated and not graded yet (exam-taking, grade-later.ts). */
export async function answersGradedLaterOf(db: Db, examId: number): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from exam_submissions s join exam_attempts a on a.id = s.attempt_id
    where a.exam_id = ${examId} and s.grade_at is not null`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Closing ends every attempt still running, at its deadline if that came first. */
export async function finishOpenAttempts(trx: Transaction<Database>, examId: number): Promise<number> {
  const rows = await trx
    .updateTable('exam_attempts')
    .set({ finished_at: sql`least(deadline, now())` })
    .where('exam_id', '=', examId)
    .where('finished_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export async function storedSpecializationIds(db: Db, examId: number): Promise<number[]> {
  const rows = await db.selectFrom('exam_specializations').select('specialization_id').where('exam_id', '=', examId).execute();
  return rows.map((r) => r.specialization_id);
}

function examColumns(data: ExamData) {
  return {
    title: data.title,
    description: data.description,
    academic_year_id: data.academic_year_id,
    start_at: data.start_at,
    end_at: data.end_at,
    duration_minutes: data.duration_minutes,
    show_solutions_after_close: data.show_solutions_after_close,
    show_provisional_score: data.show_provisional_score,
    max_submissions: data.max_submissions,
    wrong_try_penalty: data.wrong_try_penalty,
  };
}

export async function insertExam(trx: Transaction<Database>, data: ExamData, authorId: number): Promise<number> {
  const row = await trx
    .insertInto('exams')
    .values({ ...examColumns(data), status: 'DRAFT', created_by: authorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setSpecializations(trx, row.id, data.specialization_ids);
  await setSections(trx, row.id, data.sections);
  await setQuestions(trx, row.id, data.questions);
  return row.id;
}

export async function updateExam(trx: Transaction<Database>, id: number, data: ExamData, opts: { questions: boolean }): Promise<void> {
  await trx
    .updateTable('exams')
    .set({ ...examColumns(data), version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('exam_specializations').where('exam_id', '=', id).execute();
  await setSpecializations(trx, id, data.specialization_ids);
  if (opts.questions) {
    await trx.deleteFrom('exam_questions').where('exam_id', '=', id).execute();
    await trx.deleteFrom('exam_sections').where('exam_id', '=', id).execute();
    await setSections(trx, id, data.sections);
    await setQuestions(trx, id, data.questions);
  }
}

async function setSpecializations(trx: Transaction<Database>, examId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length) {
    await trx.insertInto('exam_specializations').values(unique.map((specialization_id) => ({ exam_id: examId, specialization_id }))).execute();
  }
}

async function setSections(trx: Transaction<Database>, examId: number, sections: ExamData['sections']) {
  await trx
    .insertInto('exam_sections')
    .values(sections.map((s, i) => ({ exam_id: examId, position: i + 1, title: s.title, pick: s.pick, shuffle: s.shuffle })))
    .execute();
}

async function setQuestions(trx: Transaction<Database>, examId: number, questions: ExamData['questions']) {
  if (questions.length) {
    await trx
      .insertInto('exam_questions')
      .values(
        questions.map((q, i) => ({
          exam_id: examId,
          question_id: q.question_id,
          position: i + 1,
          points: q.points,
          max_submissions: q.max_submissions,
          wrong_try_penalty: q.wrong_try_penalty,
          section: q.section,
        })),
      )
      .execute();
  }
}

/** Each question of the exam pinned to a version of it (publication). */
export async function setQuestionVersions(trx: Transaction<Database>, examId: number, versions: Map<number, number>): Promise<void> {
  for (const [questionId, versionId] of versions) {
    await trx.updateTable('exam_questions').set({ question_version_id: versionId }).where('exam_id', '=', examId).where('question_id', '=', questionId).execute();
  }
}

export async function setExamStatus(trx: Transaction<Database>, id: number, status: ExamStatus): Promise<void> {
  await trx.updateTable('exams').set({ status, version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteExam(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('exams').where('id', '=', id).execute();
}

/** Whether the user is a student enrolled in the exam's year and in one of its parcours. */
export async function isStudentOfExam(db: Db, examId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('exams as e')
    .innerJoin('exam_specializations as es', 'es.exam_id', 'e.id')
    .innerJoin('student_enrolments as se', (j) =>
      j.onRef('se.academic_year_id', '=', 'e.academic_year_id').onRef('se.specialization_id', '=', 'es.specialization_id'),
    )
    .innerJoin('users as u', 'u.id', 'se.user_id')
    .select('u.id')
    .where('e.id', '=', examId)
    .where('u.id', '=', userId)
    .where('u.role', '=', 'STUDENT')
    .executeTakeFirst();
  return !!row;
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

export async function upsertExtraTime(db: Db, examId: number, userId: number, minutes: number): Promise<void> {
  if (minutes === 0) {
    await db.deleteFrom('exam_extra_time').where('exam_id', '=', examId).where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('exam_extra_time')
    .values({ exam_id: examId, user_id: userId, minutes })
    .onConflict((oc) => oc.columns(['exam_id', 'user_id']).doUpdateSet({ minutes }))
    .execute();
}

/**
 * After a change of a student's extra minutes: the deadline of their attempt, if started and not finished, is
 * computed again from its start (duration × the attempt’s factor + minutes, never after the closing time). Returns the
 * attempt's deadline (null when not started) and whether it was recomputed.
 */
export async function refreshDeadline(trx: Transaction<Database>, examId: number, userId: number, minutes: number): Promise<{ deadline: Date; recomputed: boolean } | null> {
  const a = await trx
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .leftJoin('exam_access_rules as r', 'r.exam_id', 'a.exam_id')
    // The factor the attempt started with, not the student's factor of today.
    .select(['a.id', 'a.started_at', 'a.deadline', 'a.finished_at', 'e.end_at', 'e.duration_minutes', 'a.extra_time_factor', 'r.time_bonus_percent'])
    .where('a.exam_id', '=', examId)
    .where('a.user_id', '=', userId)
    .forUpdate('a')
    .executeTakeFirst();
  if (!a) return null;
  if (a.finished_at) return { deadline: new Date(a.deadline as unknown as string), recomputed: false };
  const deadline = attemptDeadline(new Date(a.started_at as unknown as string), new Date(a.end_at as unknown as string), {
    duration_minutes: durationWithBonus(a.duration_minutes, Number(a.time_bonus_percent ?? 0)),
    extra_time_factor: Number(a.extra_time_factor),
    extra_minutes: minutes,
  });
  await trx.updateTable('exam_attempts').set({ deadline }).where('id', '=', a.id).execute();
  return { deadline, recomputed: true };
}
