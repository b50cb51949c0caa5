// Similar programs in practice, on a teacher's demand (migration 048): for a practice exercise in Python or R, each
// student's last try (the last program they sent for it, valid or not; a student who never sent one is not compared)
// is compared with every other, the exercise's starter code and reference solution subtracted. The comparison runs as
// the exam's do (jobs.ts: claimed by one process, computed in its thread or by a runner worker in the cluster) and is
// read through the same shapes, a side named by the try compared (`attempt_id` is the practice try's id). No case
// file: practice counts for nothing, a close pair is a reason to talk with the students.
import { sql } from 'kysely';
import { SIMILARITY_BINS, SIMILARITY_PAIRS_SHOWN, SIMILARITY_TEXTS as T, type SimilarityComparison, type SimilarityPair, type SimilarityQuestion, type SimilarityResult, type SimilarityStudent } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import type { Trx } from '../../lib/transaction';
import { plainText } from '../questions';
import { serverKind } from '../question-kinds';
import type { StoredPair } from './repository';
import { clustersOf, medianOf } from './service';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();
const codeOf = (answer: unknown): string =>
  typeof answer === 'string' ? answer : answer && typeof answer === 'object' && typeof (answer as { code?: unknown }).code === 'string' ? (answer as { code: string }).code : '';

async function analysisRow(db: Db, questionId: number) {
  return db.selectFrom('practice_similarity_analyses').selectAll().where('question_id', '=', questionId).executeTakeFirst();
}
export type PracticeAnalysisRow = NonNullable<Awaited<ReturnType<typeof analysisRow>>>;

const shape = (r: PracticeAnalysisRow) => ({
  status: r.status,
  progress: r.progress,
  programs: r.programs,
  pair_count: r.pair_count,
  trigger: 'STAFF' as const,
  requested_at: iso(r.requested_at),
  finished_at: r.finished_at == null ? null : iso(r.finished_at),
  error: r.error,
});

/** The BullMQ job of a practice comparison as requested (jobs.ts). */
export const practiceJobId = (r: PracticeAnalysisRow) => `practice-${r.id}-${Date.parse(iso(r.requested_at))}`;

/** The practice exercise in Python or R, with its comparison's state, or 404. */
export async function practiceQuestion(ctx: AppContext, questionId: number): Promise<SimilarityQuestion & { starter_code: string | null; reference_solution: string | null }> {
  const q = await ctx.db
    .selectFrom('questions')
    .select(['id', 'type', 'language', 'statement', 'starter_code', 'reference_solution'])
    .where('id', '=', questionId)
    .where('is_practice', '=', 1)
    .executeTakeFirst();
  if (!q || !serverKind(q.type).fields.program || (q.language !== 'PYTHON' && q.language !== 'R')) throw notFound(T.notProgram);
  const row = await analysisRow(ctx.db, questionId);
  const text = plainText(q.statement).replace(/\s+/g, ' ').trim();
  return {
    question_id: q.id,
    position: 1,
    title: text.length > 120 ? `${text.slice(0, 119)}…` : text,
    language: q.language,
    analysis: row ? shape(row) : null,
    starter_code: q.starter_code,
    reference_solution: q.reference_solution,
  };
}

/** Each student's last try at the exercise with a program in it (the students' own tries only, not staff's). */
export async function lastTries(db: Db, questionId: number): Promise<Array<{ try_id: number; user_id: number; code: string }>> {
  const rows = await db
    .selectFrom('practice_attempts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .distinctOn('p.user_id')
    .select(['p.id', 'p.user_id', 'p.answer'])
    .where('p.question_id', '=', questionId)
    .where('u.role', '=', 'STUDENT')
    .orderBy('p.user_id')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({ try_id: r.id, user_id: r.user_id, code: codeOf(r.answer) })).filter((r) => r.code.trim() !== '');
}

/** Queues the exercise's comparison for a teacher; 409 when one is already queued or running. */
export async function queuePracticeAnalysis(ctx: AppContext, questionId: number, by: number) {
  await practiceQuestion(ctx, questionId);
  const row = await ctx.db
    .insertInto('practice_similarity_analyses')
    .values({ question_id: questionId, requested_by: by })
    .onConflict((oc) =>
      oc
        .column('question_id')
        .doUpdateSet({ status: 'QUEUED', progress: 0, requested_by: by, requested_at: sql`now()`, error: null })
        .where('practice_similarity_analyses.status', 'not in', ['QUEUED', 'RUNNING']),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(T.alreadyRunning);
  return shape(row);
}

/** Takes the oldest queued practice comparison (or one whose process stopped beating), marks it running. */
export async function claimPracticeAnalysis(db: Db, staleBefore: Date) {
  return db
    .updateTable('practice_similarity_analyses')
    .set({ status: 'RUNNING', progress: 0, started_at: sql`now()`, beat_at: sql`now()` })
    .where(
      'id',
      '=',
      db
        .selectFrom('practice_similarity_analyses')
        .select('id')
        .where((eb) => eb.or([eb('status', '=', 'QUEUED'), eb.and([eb('status', '=', 'RUNNING'), eb('beat_at', '<', staleBefore)])]))
        .orderBy('requested_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function beatPractice(db: Db, id: number, progress: number): Promise<void> {
  await db.updateTable('practice_similarity_analyses').set({ progress, beat_at: sql`now()` }).where('id', '=', id).where('status', '=', 'RUNNING').execute();
}

export async function failPractice(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('practice_similarity_analyses').set({ status: 'FAILED', error: error.slice(0, 2000), finished_at: sql`now()` }).where('id', '=', id).execute();
}

/** Replaces the exercise's pairs with the new ones and marks the comparison done, in one transaction. */
export async function savePractice(trx: Trx, id: number, programs: number, pairs: StoredPair[], histogram: number[], pairCount: number): Promise<void> {
  await trx.deleteFrom('practice_similarity_pairs').where('analysis_id', '=', id).execute();
  for (let i = 0; i < pairs.length; i += 200) {
    await trx
      .insertInto('practice_similarity_pairs')
      .values(
        pairs.slice(i, i + 200).map((p) => ({
          analysis_id: id,
          left_try_id: p.left,
          right_try_id: p.right,
          similarity: p.similarity,
          longest: p.longest,
          fragments: JSON.stringify(p.fragments),
        })),
      )
      .execute();
  }
  await trx
    .updateTable('practice_similarity_analyses')
    .set({ status: 'DONE', progress: 100, programs, pair_count: pairCount, histogram: JSON.stringify(histogram), finished_at: sql`now()`, error: null })
    .where('id', '=', id)
    .execute();
}

/** The students of these tries, by try, with the code of each try. */
async function triesOf(db: Db, questionId: number, ids: number[]): Promise<Map<number, SimilarityStudent & { code: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('practice_attempts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.answer', 'u.id as user_id', 'u.last_name', 'u.first_name', 'u.student_number'])
    .where('p.question_id', '=', questionId)
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { attempt_id: r.id, user_id: r.user_id, last_name: r.last_name, first_name: r.first_name, student_number: r.student_number, from_draft: false, code: codeOf(r.answer) }]));
}

const person = ({ code: _code, ...s }: SimilarityStudent & { code: string }): SimilarityStudent => s;

/** The exercise's pairs and clusters at a threshold, as the exam's page reads them. */
export async function practiceResult(ctx: AppContext, questionId: number, threshold: number): Promise<SimilarityResult> {
  const { starter_code: _s, reference_solution: _r, ...question } = await practiceQuestion(ctx, questionId);
  const row = await analysisRow(ctx.db, questionId);
  const empty = { question, threshold, histogram: new Array<number>(SIMILARITY_BINS).fill(0), median: null, pairs: [], clusters: [] };
  if (!row || row.programs === 0) return empty;
  const stored = await ctx.db.selectFrom('practice_similarity_pairs').selectAll().where('analysis_id', '=', row.id).orderBy('similarity', 'desc').orderBy('longest', 'desc').limit(10_000).execute();
  const clusters = clustersOf(
    stored.map((p) => ({ left: p.left_try_id, right: p.right_try_id, similarity: Number(p.similarity) })),
    threshold,
  );
  const shown = stored.slice(0, SIMILARITY_PAIRS_SHOWN);
  const tries = await triesOf(ctx.db, questionId, [...shown.flatMap((p) => [p.left_try_id, p.right_try_id]), ...clusters.flatMap((c) => c.members)]);
  const pairs: SimilarityPair[] = shown.flatMap((p) => {
    const left = tries.get(p.left_try_id);
    const right = tries.get(p.right_try_id);
    if (!left || !right) return [];
    const longest = p.fragments[0];
    return [
      {
        left: person(left),
        right: person(right),
        similarity: Number(p.similarity),
        longest_lines: longest ? longest.left[2] - longest.left[0] + 1 : 0,
        longest_text: longest ? left.code.split('\n').slice(longest.left[0], longest.left[2] + 1).join('\n').slice(0, 4000) : '',
        longest_left: longest ? (longest.left as SimilarityPair['longest_left']) : null,
        longest_right: longest ? (longest.right as SimilarityPair['longest_right']) : null,
      },
    ];
  });
  const histogram = Array.isArray(row.histogram) && row.histogram.length === SIMILARITY_BINS ? row.histogram : empty.histogram;
  return {
    question,
    threshold,
    histogram,
    median: medianOf(histogram),
    pairs,
    clusters: clusters.map((c) => ({ members: c.members.flatMap((m) => (tries.has(m) ? [person(tries.get(m)!)] : [])), pairs: c.pairs, max_similarity: c.max_similarity })),
  };
}

/** Two students' tries side by side with their shared fragments, `leftId` on the left. */
export async function practiceComparison(ctx: AppContext, questionId: number, leftId: number, rightId: number): Promise<SimilarityComparison> {
  const question = await practiceQuestion(ctx, questionId);
  const row = await analysisRow(ctx.db, questionId);
  if (!row || row.programs === 0) throw notFound(T.noAnalysis);
  const [a, b] = leftId < rightId ? [leftId, rightId] : [rightId, leftId];
  const pair = await ctx.db.selectFrom('practice_similarity_pairs').selectAll().where('analysis_id', '=', row.id).where('left_try_id', '=', a).where('right_try_id', '=', b).executeTakeFirst();
  if (!pair) throw notFound(T.pairNotFound);
  const tries = await triesOf(ctx.db, questionId, [a, b]);
  const side = (id: number) => {
    const t = tries.get(id);
    if (!t) throw notFound(T.pairNotFound);
    return { student: person(t), code: t.code };
  };
  const asked = leftId === pair.left_try_id;
  const fragments = pair.fragments.map((f) => ({ left: f.left as [number, number, number, number], right: f.right as [number, number, number, number], kgrams: f.kgrams }));
  return {
    question_id: questionId,
    language: question.language,
    similarity: Number(pair.similarity),
    left: side(asked ? pair.left_try_id : pair.right_try_id),
    right: side(asked ? pair.right_try_id : pair.left_try_id),
    fragments: asked ? fragments : fragments.map((f) => ({ left: f.right, right: f.left, kgrams: f.kgrams })),
  };
}
