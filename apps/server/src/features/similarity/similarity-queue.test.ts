// Similar programs in the cluster's mode (RUNNER_MODE=queue with the machine's Redis): the API process that claims a
// comparison sends it as a BullMQ job, a runner worker in its own process (the `npm run runner` entry point, from
// sources) computes it, and the API saves its pairs as in the embedded mode. The job says which process computed it:
// the worker, never the API process. Skipped only when REDIS_URL is not set (say why below).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKv } from '../../lib/kv';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { jobIdOf, similarityIdle } from './jobs';
import { closeSimilarityQueues, obliterateSimilarityQueue, similarityJob, similarityQueueName } from './queue';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('Test des comparaisons par BullMQ ignoré : REDIS_URL non défini (par exemple REDIS_URL=redis://127.0.0.1:6379).');

const root = path.resolve(import.meta.dirname, '../../../../..');
const FIX = path.join(import.meta.dirname, 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');
const runnerQueue = `exam-sim-test-${process.pid}-${Date.now()}`;
const queueName = similarityQueueName(runnerQueue);
const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

describe.runIf(!!REDIS_URL)('similar programs through BullMQ and a runner worker', () => {
  let worker: ChildProcess;
  let workerLog = '';
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/runner-worker.ts')], {
      cwd: root,
      env: { ...process.env, REDIS_URL, RUNNER_QUEUE: runnerQueue, RUNNER_SLOTS: '1', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const onData = (b: Buffer) => {
        workerLog += b.toString();
        if (workerLog.includes('Processus d’exécution prêt')) resolve();
      };
      worker.stdout!.on('data', onData);
      worker.stderr!.on('data', onData);
      worker.once('exit', (code) => reject(new Error(`worker exited ${code}: ${workerLog}`)));
    });
    // The API process in the cluster's mode; its presence counters stay in memory (Redis keys of its own are not
    // this test's subject).
    t = await createTestApp({ config: { RUNNER_MODE: 'queue', REDIS_URL, RUNNER_QUEUE: runnerQueue }, kv: new MemoryKv() });
    staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    // This test's queues, the comparisons' and the runs' (which its worker opened), leave nothing in Redis.
    if (REDIS_URL) for (const q of [queueName, runnerQueue]) await obliterateSimilarityQueue(REDIS_URL, q);
    await closeSimilarityQueues();
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
  });

  it('computes a staff comparison in the runner worker, reports its progress on the job, and saves its pairs', async () => {
    const s = await seedStructure(t.ctx);
    const q = (
      await t.ctx.db
        .insertInto('questions')
        .values({ type: 'ALGORITHM', statement: '<p>Statistiques des notes.</p>', points: 4, language: 'PYTHON', starter_code: read('starter.py'), reference_solution: read('reference.py') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const exam = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Partiel', academic_year_id: s.yearId, start_at: at(-180 * MIN), end_at: at(180 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: q, position: 0, points: 4 }).execute();
    const who = new Map<number, string>();
    for (const name of ['original', 'renamed', 'reordered', 'independent-1', 'independent-2', 'independent-3']) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      const a = await t.ctx.db
        .insertInto('exam_attempts')
        .values({ exam_id: exam.id, user_id: u.id, started_at: at(-120 * MIN), deadline: at(-60 * MIN), finished_at: at(-61 * MIN), score: 0, drafts_settled_at: at(-61 * MIN) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('exam_submissions')
        .values({ attempt_id: a.id, question_id: q, submission_id: crypto.randomUUID(), answer: JSON.stringify(read(`${name}.py`)), is_valid: 1, score: 4, auto: 0, details: JSON.stringify({ type: 'ALGORITHM' }), ip: null, user_agent: null })
        .execute();
      who.set(a.id, name);
    }

    const run = await t.app.inject(authed(staff, { method: 'POST', url: `/api/admin/exam-results/${exam.id}/similarity/${q}/run` }));
    expect(run.statusCode, run.body).toBe(200);
    await similarityIdle();

    const row = await t.ctx.db.selectFrom('similarity_analyses').selectAll().where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
    expect(row, workerLog).toMatchObject({ status: 'DONE', progress: 100, programs: 6, pair_count: 15, error: null });
    // The job the API process sent: computed by the worker process (its host and pid), its progress reported there.
    const job = await similarityJob(REDIS_URL!, queueName, jobIdOf(row));
    expect(job, 'the comparison went through the queue').toBeDefined();
    expect(job!.processedBy).toBe(`${os.hostname()}:${worker.pid}`);
    expect(job!.finishedOn).toBeGreaterThan(0);
    expect(job!.progress).toBe(1);

    // The pairs as the embedded mode saves them: the planted copies above the independent solutions.
    const res = await t.app.inject(authed(staff, { method: 'GET', url: `/api/admin/exam-results/${exam.id}/similarity/${q}?threshold=0.6` }));
    expect(res.statusCode, res.body).toBe(200);
    const pairs = res.json().data.pairs as Array<{ left: { attempt_id: number }; right: { attempt_id: number }; similarity: number }>;
    expect(pairs).toHaveLength(15);
    const names = (p: (typeof pairs)[number]) => [who.get(p.left.attempt_id)!, who.get(p.right.attempt_id)!].sort().join('+');
    expect(new Set(pairs.slice(0, 3).map(names))).toEqual(new Set(['original+renamed', 'original+reordered', 'renamed+reordered']));

    // Asked again: a new job (the request's time names it), computed again by the worker.
    const again = await t.app.inject(authed(staff, { method: 'POST', url: `/api/admin/exam-results/${exam.id}/similarity/${q}/run` }));
    expect(again.statusCode, again.body).toBe(200);
    await similarityIdle();
    const second = await t.ctx.db.selectFrom('similarity_analyses').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(second.status).toBe('DONE');
    const job2 = await similarityJob(REDIS_URL!, queueName, jobIdOf(second));
    expect(job2?.id).not.toBe(job!.id);
    expect(job2?.processedBy).toBe(`${os.hostname()}:${worker.pid}`);
  }, 180_000);
});
