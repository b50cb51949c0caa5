// Comparisons as jobs. A request (staff, or the end of an exam) queues a row in similarity_analyses; any API process
// claims it (FOR UPDATE SKIP LOCKED: one process per comparison, with the embedded database as with PostgreSQL behind
// several processes), has it computed, writes its progress as it goes and its results in one transaction. Where it is
// computed depends on the mode: in the cluster (RUNNER_MODE=queue) as a BullMQ job taken by a runner worker
// (queue.ts), never on an API process; otherwise in this process's comparison thread (worker-pool.ts). A process that
// stops mid-way stops beating: its comparison is claimed again by another.
import type { FastifyBaseLogger } from 'fastify';
import { SIMILARITY_TEXTS as T } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import { pinKey, pinnedQuestions } from '../exam-taking';
import { findQuestion } from '../questions';
import { beat, claimAnalysis, endedWithoutAnalysis, failAnalysis, finalPrograms, queueAnalysis, saveResults, analysisShape, type AnalysisRow } from './repository';
import { compareInQueue, similarityQueueName } from './queue';
import { compareInWorker, type CompareTask } from './worker-pool';
import { programQuestion } from './service';
import { beatPractice, claimPracticeAnalysis, failPractice, lastTries, practiceJobId, practiceQuestion, queuePracticeAnalysis, savePractice, type PracticeAnalysisRow } from './practice';

/** Pairs kept with their fragments per question (the closest); every pair counts in the distribution. */
export const PAIRS_KEPT = 500;
/** A running comparison writes its progress at most this often, and beats at least every KEEP_MS while it waits for a
 *  worker; one silent for STALE_MS is taken again. */
const BEAT_MS = 1000;
const KEEP_MS = 20_000;
const STALE_MS = 120_000;
/** How often each process looks for exams that ended, and how far back. */
const SWEEP_MS = 60_000;
const ENDED_DAYS = 30;

let draining: Promise<void> | null = null;
let again = false;

/** Queues a comparison of the question for staff; 409 when one is already queued or running. */
export async function requestAnalysis(ctx: AppContext, log: FastifyBaseLogger, examId: number, questionId: number, userId: number) {
  await programQuestion(ctx, examId, questionId);
  const row = await queueAnalysis(ctx.db, examId, questionId, 'STAFF', userId);
  if (!row) throw conflict(T.alreadyRunning);
  kick(ctx, log);
  return analysisShape(row);
}

/** Starts claiming queued comparisons now (in the background); a call while a drain runs makes it look once more. */
export function kick(ctx: AppContext, log: FastifyBaseLogger): void {
  if (draining) {
    again = true;
    return;
  }
  draining = (async () => {
    do {
      again = false;
      for (;;) {
        const stale = new Date(Date.now() - STALE_MS);
        const row = await claimAnalysis(ctx.db, stale);
        if (row) {
          await runAnalysis(ctx, log, row);
          continue;
        }
        const practice = await claimPracticeAnalysis(ctx.db, stale);
        if (!practice) break;
        await runPractice(ctx, log, practice);
      }
    } while (again);
  })()
    .catch((err: unknown) => log.warn({ err }, 'similarity: claiming comparisons failed; the next sweep tries again'))
    .finally(() => {
      draining = null;
    });
}

/** Resolves when this process has no comparison left to claim (tests wait on it, never on time). */
export async function similarityIdle(): Promise<void> {
  while (draining) await draining;
}

/** The code every student of the question was given or shown as the answer, over every version and variant drawn. */
async function templateOf(ctx: AppContext, questionId: number, pins: Array<{ question_version_id: number | null; variant_seed: number | null }>): Promise<string> {
  const parts = new Set<string>();
  const current = await findQuestion(ctx.db, questionId);
  if (current) for (const c of [current.starter_code, current.reference_solution]) if (c?.trim()) parts.add(c);
  const given = await pinnedQuestions(
    ctx.db,
    pins.map((p) => ({ question_id: questionId, ...p })),
  );
  for (const p of pins) {
    const q = given.get(pinKey({ question_id: questionId, ...p }));
    if (q) for (const c of [q.starter_code, q.reference_solution]) if (c?.trim()) parts.add(c);
  }
  return [...parts].join('\n\n');
}

/** The BullMQ job of a comparison as requested: the same across a take-over, a new one when it is asked again. */
export const jobIdOf = (row: AnalysisRow) => `analysis-${row.id}-${Date.parse(analysisShape(row).requested_at)}`;

/** Where the comparison is computed: a runner worker through BullMQ in the cluster, else this process's thread. */
function compute(ctx: AppContext, jobId: string, task: CompareTask, progress: (done: number) => void) {
  const { RUNNER_MODE, REDIS_URL, RUNNER_QUEUE } = ctx.config;
  if (RUNNER_MODE === 'queue' && REDIS_URL) {
    return compareInQueue(REDIS_URL, similarityQueueName(RUNNER_QUEUE), jobId, task, progress);
  }
  return compareInWorker(task.language, task.programs, task.template, task.keep, progress);
}

async function runAnalysis(ctx: AppContext, log: FastifyBaseLogger, row: AnalysisRow): Promise<void> {
  let percent = 0;
  const write = () => beat(ctx.db, row.id, percent).catch((err: unknown) => log.warn({ err }, 'similarity: writing progress failed'));
  // A comparison waiting for a worker sends no progress: its row still beats, so that no other process takes it.
  const keep = setInterval(write, KEEP_MS);
  keep.unref();
  try {
    const question = await programQuestion(ctx, row.exam_id, row.question_id);
    const programs = await finalPrograms(ctx.db, row.exam_id, row.question_id);
    const template = await templateOf(ctx, row.question_id, programs);
    let last = 0;
    const task: CompareTask = { language: question.language, programs: programs.map((p) => ({ id: p.attempt_id, code: p.code })), template, keep: PAIRS_KEPT };
    const out = await compute(ctx, jobIdOf(row), task, (done) => {
      const now = Date.now();
      if (now - last < BEAT_MS) return;
      last = now;
      percent = Math.min(99, Math.round(done * 100));
      void write();
    });
    await withTransaction(ctx.db, (trx) =>
      saveResults(
        trx,
        row.id,
        programs.map((p) => ({ attempt_id: p.attempt_id, code: p.code, auto: p.auto })),
        out.pairs,
        out.histogram,
        out.pair_count,
      ),
    );
  } catch (err) {
    log.warn({ err, analysis: row.id }, 'similarity: a comparison failed');
    await failAnalysis(ctx.db, row.id, err instanceof Error ? err.message : String(err)).catch(() => undefined);
  } finally {
    clearInterval(keep);
  }
}

/** A practice exercise's comparison: each student's last try, the exercise's starter code and reference subtracted. */
async function runPractice(ctx: AppContext, log: FastifyBaseLogger, row: PracticeAnalysisRow): Promise<void> {
  let percent = 0;
  const write = () => beatPractice(ctx.db, row.id, percent).catch((err: unknown) => log.warn({ err }, 'similarity: writing progress failed'));
  const keep = setInterval(write, KEEP_MS);
  keep.unref();
  try {
    const question = await practiceQuestion(ctx, row.question_id);
    const tries = await lastTries(ctx.db, row.question_id);
    const template = [question.starter_code, question.reference_solution].filter((c): c is string => !!c?.trim()).join('\n\n');
    let last = 0;
    const task: CompareTask = { language: question.language, programs: tries.map((t) => ({ id: t.try_id, code: t.code })), template, keep: PAIRS_KEPT };
    const out = await compute(ctx, practiceJobId(row), task, (done) => {
      const now = Date.now();
      if (now - last < BEAT_MS) return;
      last = now;
      percent = Math.min(99, Math.round(done * 100));
      void write();
    });
    await withTransaction(ctx.db, (trx) => savePractice(trx, row.id, tries.length, out.pairs, out.histogram, out.pair_count));
  } catch (err) {
    log.warn({ err, practiceAnalysis: row.id }, 'similarity: a practice comparison failed');
    await failPractice(ctx.db, row.id, err instanceof Error ? err.message : String(err)).catch(() => undefined);
  } finally {
    clearInterval(keep);
  }
}

/** Queues a practice exercise's comparison for a teacher (409 when one is queued or running), and starts claiming. */
export async function requestPracticeAnalysis(ctx: AppContext, log: FastifyBaseLogger, questionId: number, userId: number) {
  const shape = await queuePracticeAnalysis(ctx, questionId, userId);
  kick(ctx, log);
  return shape;
}

/** Queues the comparison of every program question of the exams that ended, then claims what is queued. */
export async function sweepEnded(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const due = await endedWithoutAnalysis(ctx.db, ENDED_DAYS, 100);
  let queued = 0;
  for (const d of due) if (await queueAnalysis(ctx.db, d.exam_id, d.question_id, 'CLOSE', null)) queued += 1;
  kick(ctx, log);
  return queued;
}

/** The timer of each process: exams that ended, and comparisons left queued or abandoned by a stopped process. */
export function startSweeps(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    sweepEnded(ctx, log)
      .catch((err: unknown) => log.warn({ err }, 'similarity: the sweep of ended exams failed'))
      .finally(() => {
        busy = false;
      });
  }, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
