// Reads and writes of the similarity tables (migration 025-similarity), and the reads of an exam's programs they
// compare. A comparison is one row per (exam, program question), queued, claimed by one process, done or failed.
import { sql } from 'kysely';
import { QUESTION_KINDS, type QuestionKind, type SimilarityLanguage, type SimilarityStudent } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { Trx } from '../../lib/transaction';
import { serverKind } from '../question-kinds';

/** Whether a kind's answers are programs (its kind keeps one): the only answers compared. */
const isProgram = (kind: QuestionKind) => serverKind(kind).fields.program;
/** The kinds whose answers are programs. */
const PROGRAM_KINDS = QUESTION_KINDS.filter(isProgram);

const iso = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();
const isoOrNull = (v: unknown) => (v == null ? null : iso(v));

/** The program questions of an exam, in the exam's order, with their number there. */
export async function programQuestionsOf(db: Db, examId: number) {
  const rows = await db
    .selectFrom('exam_questions as eq')
    .innerJoin('questions as q', 'q.id', 'eq.question_id')
    .select(['q.id', 'q.type', 'q.language', 'q.statement', 'eq.section', 'eq.position'])
    .where('eq.exam_id', '=', examId)
    .orderBy('eq.section')
    .orderBy('eq.position')
    .execute();
  return rows
    .map((r, i) => ({ ...r, number: i + 1 }))
    .filter((r): r is typeof r & { language: SimilarityLanguage } => isProgram(r.type) && (r.language === 'PYTHON' || r.language === 'R'));
}

export async function examExists(db: Db, examId: number): Promise<boolean> {
  return (await db.selectFrom('exams').select('id').where('id', '=', examId).executeTakeFirst()) !== undefined;
}

export interface ProgramRow {
  attempt_id: number;
  code: string;
  auto: boolean;
  question_version_id: number | null;
  variant_seed: number | null;
}

const codeOf = (answer: unknown): string =>
  typeof answer === 'string' ? answer : answer && typeof answer === 'object' && typeof (answer as { code?: unknown }).code === 'string' ? (answer as { code: string }).code : '';

/**
 * Each attempt's final program for the question: its last submission (one sent by the student, or a draft graded at
 * the end), else its last draft never graded; with the version and variant the student was given.
 */
export async function finalPrograms(db: Db, examId: number, questionId: number): Promise<ProgramRow[]> {
  const submitted = await db
    .selectFrom('exam_submissions as s')
    .innerJoin('exam_attempts as a', 'a.id', 's.attempt_id')
    .distinctOn('s.attempt_id')
    .select(['s.attempt_id', 's.answer', 's.auto'])
    .where('a.exam_id', '=', examId)
    .where('s.question_id', '=', questionId)
    .orderBy('s.attempt_id')
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  const drafts = await db
    .selectFrom('exam_drafts as d')
    .innerJoin('exam_attempts as a', 'a.id', 'd.attempt_id')
    .select(['d.attempt_id', 'd.answer'])
    .where('a.exam_id', '=', examId)
    .where('d.question_id', '=', questionId)
    .execute();
  const byAttempt = new Map<number, { code: string; auto: boolean }>();
  for (const d of drafts) byAttempt.set(d.attempt_id, { code: codeOf(d.answer), auto: true });
  for (const s of submitted) byAttempt.set(s.attempt_id, { code: codeOf(s.answer), auto: Number(s.auto) === 1 });
  const ids = [...byAttempt.keys()];
  const pins =
    ids.length === 0
      ? []
      : await db
          .selectFrom('exam_attempt_questions')
          .select(['attempt_id', 'question_version_id', 'variant_seed'])
          .where('attempt_id', 'in', ids)
          .where('question_id', '=', questionId)
          .execute();
  const pinOf = new Map(pins.map((p) => [p.attempt_id, p]));
  return [...byAttempt]
    .filter(([, p]) => p.code.trim() !== '')
    .sort(([a], [b]) => a - b)
    .map(([attempt_id, p]) => ({ attempt_id, ...p, question_version_id: pinOf.get(attempt_id)?.question_version_id ?? null, variant_seed: pinOf.get(attempt_id)?.variant_seed ?? null }));
}

// ---- Analyses --------------------------------------------------------------------------------------

export async function analysesOf(db: Db, examId: number) {
  return db.selectFrom('similarity_analyses').selectAll().where('exam_id', '=', examId).execute();
}

export async function analysisOf(db: Db, examId: number, questionId: number) {
  return db.selectFrom('similarity_analyses').selectAll().where('exam_id', '=', examId).where('question_id', '=', questionId).executeTakeFirst();
}

export type AnalysisRow = NonNullable<Awaited<ReturnType<typeof analysisOf>>>;

export function analysisShape(r: AnalysisRow) {
  return {
    status: r.status,
    progress: r.progress,
    programs: r.programs,
    pair_count: r.pair_count,
    trigger: r.trigger,
    requested_at: iso(r.requested_at),
    finished_at: isoOrNull(r.finished_at),
    error: r.error,
  };
}

/**
 * Queues a comparison of the question, unless one is queued or running (undefined then). A comparison done or failed
 * is queued again; its results stay readable until the new ones replace them.
 */
export async function queueAnalysis(db: Db, examId: number, questionId: number, trigger: 'STAFF' | 'CLOSE', by: number | null) {
  return db
    .insertInto('similarity_analyses')
    .values({ exam_id: examId, question_id: questionId, trigger, requested_by: by })
    .onConflict((oc) =>
      oc
        .columns(['exam_id', 'question_id'])
        .doUpdateSet({ status: 'QUEUED', progress: 0, trigger, requested_by: by, requested_at: sql`now()`, error: null })
        .where('similarity_analyses.status', 'not in', ['QUEUED', 'RUNNING']),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Takes the oldest queued comparison (or one whose process stopped beating before `staleBefore`), marks it running. */
export async function claimAnalysis(db: Db, staleBefore: Date) {
  const row = await db
    .updateTable('similarity_analyses')
    .set({ status: 'RUNNING', progress: 0, started_at: sql`now()`, beat_at: sql`now()` })
    .where(
      'id',
      '=',
      db
        .selectFrom('similarity_analyses')
        .select('id')
        .where((eb) => eb.or([eb('status', '=', 'QUEUED'), eb.and([eb('status', '=', 'RUNNING'), eb('beat_at', '<', staleBefore)])]))
        .orderBy('requested_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
  return row;
}

export async function beat(db: Db, id: number, progress: number): Promise<void> {
  await db.updateTable('similarity_analyses').set({ progress, beat_at: sql`now()` }).where('id', '=', id).where('status', '=', 'RUNNING').execute();
}

export async function failAnalysis(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('similarity_analyses').set({ status: 'FAILED', error: error.slice(0, 2000), finished_at: sql`now()` }).where('id', '=', id).execute();
}

export interface StoredPair {
  left: number;
  right: number;
  similarity: number;
  longest: number;
  fragments: Array<{ left: number[]; right: number[]; kgrams: number }>;
}

const BATCH = 200;

/** Replaces the question's programs and pairs with the new ones and marks the comparison done, in one transaction. */
export async function saveResults(trx: Trx, id: number, programs: Array<{ attempt_id: number; code: string; auto: boolean }>, pairs: StoredPair[], histogram: number[], pairCount: number): Promise<void> {
  await trx.deleteFrom('similarity_pairs').where('analysis_id', '=', id).execute();
  await trx.deleteFrom('similarity_programs').where('analysis_id', '=', id).execute();
  for (let i = 0; i < programs.length; i += BATCH) {
    await trx
      .insertInto('similarity_programs')
      .values(programs.slice(i, i + BATCH).map((p) => ({ analysis_id: id, attempt_id: p.attempt_id, code: p.code, auto: p.auto ? 1 : 0 })))
      .execute();
  }
  for (let i = 0; i < pairs.length; i += BATCH) {
    await trx
      .insertInto('similarity_pairs')
      .values(
        pairs.slice(i, i + BATCH).map((p) => ({
          analysis_id: id,
          left_attempt_id: p.left,
          right_attempt_id: p.right,
          similarity: p.similarity,
          longest: p.longest,
          fragments: JSON.stringify(p.fragments),
        })),
      )
      .execute();
  }
  await trx
    .updateTable('similarity_analyses')
    .set({ status: 'DONE', progress: 100, programs: programs.length, pair_count: pairCount, histogram: JSON.stringify(histogram), finished_at: sql`now()`, error: null })
    .where('id', '=', id)
    .execute();
}

export async function pairsOf(db: Db, analysisId: number, limit: number) {
  return db.selectFrom('similarity_pairs').selectAll().where('analysis_id', '=', analysisId).orderBy('similarity', 'desc').orderBy('longest', 'desc').limit(limit).execute();
}

export async function pairOf(db: Db, analysisId: number, left: number, right: number) {
  const [a, b] = left < right ? [left, right] : [right, left];
  return db.selectFrom('similarity_pairs').selectAll().where('analysis_id', '=', analysisId).where('left_attempt_id', '=', a).where('right_attempt_id', '=', b).executeTakeFirst();
}

export async function programsOf(db: Db, analysisId: number, attemptIds: number[]) {
  if (attemptIds.length === 0) return new Map<number, { code: string; auto: boolean }>();
  const rows = await db.selectFrom('similarity_programs').select(['attempt_id', 'code', 'auto']).where('analysis_id', '=', analysisId).where('attempt_id', 'in', attemptIds).execute();
  return new Map(rows.map((r) => [r.attempt_id, { code: r.code, auto: Number(r.auto) === 1 }]));
}

/** The students of these attempts (of this exam only), by attempt. */
export async function studentsOf(db: Db, examId: number, attemptIds: number[]): Promise<Map<number, Omit<SimilarityStudent, 'from_draft'>>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('exam_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id as attempt_id', 'u.id as user_id', 'u.last_name', 'u.first_name', 'u.student_number'])
    .where('a.exam_id', '=', examId)
    .where('a.id', 'in', [...new Set(attemptIds)])
    .execute();
  return new Map(rows.map((r) => [r.attempt_id, r]));
}

// ---- Exams that ended: their comparison is queued by itself -----------------------------------------

/**
 * Program questions of exams ended in the last `days` days (closed, or past their end with no attempt still running
 * nor drafts left to grade) that have no comparison yet and at least two programs.
 */
export async function endedWithoutAnalysis(db: Db, days: number, limit: number) {
  const since = new Date(Date.now() - days * 86_400_000);
  return db
    .selectFrom('exams as e')
    .innerJoin('exam_questions as eq', 'eq.exam_id', 'e.id')
    .innerJoin('questions as q', 'q.id', 'eq.question_id')
    .select(['e.id as exam_id', 'q.id as question_id'])
    .where('q.type', 'in', PROGRAM_KINDS)
    .where('q.language', 'in', ['PYTHON', 'R'])
    .where((eb) => eb.or([eb('e.status', 'in', ['CLOSED', 'ARCHIVED']), eb('e.end_at', '<', new Date())]))
    .where('e.status', '!=', 'DRAFT')
    .where('e.end_at', '>', since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('similarity_analyses as s').select('s.id').whereRef('s.exam_id', '=', 'e.id').whereRef('s.question_id', '=', 'q.id'))))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('exam_attempts as a')
            .select('a.id')
            .whereRef('a.exam_id', '=', 'e.id')
            .where('a.drafts_settled_at', 'is', null)
            .where('a.finished_at', 'is', null),
        ),
      ),
    )
    .where(
      (eb) =>
        eb
          .selectFrom('exam_submissions as s')
          .innerJoin('exam_attempts as a', 'a.id', 's.attempt_id')
          .select(sql<number>`count(distinct s.attempt_id)`.as('n'))
          .whereRef('a.exam_id', '=', 'e.id')
          .whereRef('s.question_id', '=', 'q.id'),
      '>=',
      2,
    )
    .limit(limit)
    .execute();
}
