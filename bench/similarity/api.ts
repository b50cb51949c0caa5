// Similar programs through the server, as staff use them: N students (500) of one exam hand in a program of about
// 100 lines to one question (programs.ts), a comparison is asked by the API, and the bench measures the time from the
// request to the comparison done, the peak memory of the process that computed it, the API's own latency while it runs
// (GET /api/helper every 100 ms: a comparison must never slow the API), then the pairs' page and the side-by-side view
// of the closest pairs opened ROUNDS times (20) each (objective: the side-by-side view in under 1 s).
// The app runs in this process (app.inject) on an embedded database. Two modes:
//   default        the embedded mode: the comparison runs in the API process's comparison thread;
//   QUEUE=1        the cluster's mode (REDIS_URL needed): the comparison is a BullMQ job computed by a runner worker
//                  started here (`npm run runner` from sources, its own queue), its peak memory read from /proc (VmHWM).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryKv } from '../../apps/server/src/lib/kv';
import { authed, createTestApp, loginAs, seedStructure, seedUser } from '../../apps/server/test/helper';
import { similarityIdle } from '../../apps/server/src/features/similarity/jobs';
import { closeSimilarityQueues, obliterateSimilarityQueue, similarityQueueName } from '../../apps/server/src/features/similarity/queue';
import { corpus, REFERENCE, STARTER } from './programs';

const N = Number(process.env.N ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const QUEUE = process.env.QUEUE === '1';
const REDIS_URL = process.env.REDIS_URL;
if (QUEUE && !REDIS_URL) {
  console.error('QUEUE=1 demande REDIS_URL (par exemple REDIS_URL=redis://127.0.0.1:6379).');
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '../..');
const runnerQueue = `exam-sim-bench-${process.pid}`;
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

console.log(`Charge au début : ${load()} (${os.cpus().length} cœurs) ; mode ${QUEUE ? 'grappe (BullMQ, processus d’exécution)' : 'embarqué (fil de comparaison du processus API)'}`);

let worker: ChildProcess | undefined;
if (QUEUE) {
  worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/runner-worker.ts')], {
    cwd: root,
    env: { ...process.env, REDIS_URL, RUNNER_QUEUE: runnerQueue, RUNNER_SLOTS: '1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    worker!.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Processus d’exécution prêt')) resolve();
    });
    worker!.once('exit', (code) => reject(new Error(`processus d’exécution arrêté (${code})`)));
  });
}
/** Resident memory now and at its peak of a process, from /proc (kB → bytes). */
const procMem = (pid: number) => {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};

const t = await createTestApp({ config: QUEUE ? { RUNNER_MODE: 'queue', REDIS_URL, RUNNER_QUEUE: runnerQueue } : {}, kv: new MemoryKv() });
const staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
const s = await seedStructure(t.ctx);
const q = (
  await t.ctx.db
    .insertInto('questions')
    .values({ type: 'ALGORITHM', statement: '<p>Statistiques des notes.</p>', points: 4, language: 'PYTHON', starter_code: STARTER, reference_solution: REFERENCE })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
const at = (min: number) => new Date(Date.now() + min * 60_000);
const exam = await t.ctx.db
  .insertInto('exams')
  .values({ title: 'Partiel', academic_year_id: s.yearId, start_at: at(-180), end_at: at(180), duration_minutes: 60, status: 'PUBLISHED' })
  .returning('id')
  .executeTakeFirstOrThrow();
await t.ctx.db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: q, position: 0, points: 4 }).execute();
const { programs } = corpus(N, 10);
for (const p of programs) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  const a = await t.ctx.db
    .insertInto('exam_attempts')
    .values({ exam_id: exam.id, user_id: u.id, started_at: at(-120), deadline: at(-60), finished_at: at(-61), score: 0, drafts_settled_at: at(-61) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('exam_submissions')
    .values({ attempt_id: a.id, question_id: q, submission_id: crypto.randomUUID(), answer: JSON.stringify(p.code), is_valid: 1, score: 4, auto: 0, details: JSON.stringify({ type: 'ALGORITHM' }), ip: null, user_agent: null })
    .execute();
}
console.log(`${N} copies écrites en base ; ${(programs.reduce((n, p) => n + p.code.split('\n').length, 0) / N).toFixed(0)} lignes par programme en moyenne`);
const call = (method: 'GET' | 'POST', url: string) => t.app.inject(authed(staff, { method, url }));
const base = `/api/admin/exam-results/${exam.id}/similarity/${q}`;

// No warm-up: the comparison thread starts and loads its parsers within the measure, as for a first comparison.
global.gc?.();
const apiBase = process.memoryUsage().rss;
let apiPeak = apiBase;
const workerBase = worker ? procMem(worker.pid!) : null;
const helper: number[] = [];
let running = true;
const sampler = (async () => {
  while (running) {
    apiPeak = Math.max(apiPeak, process.memoryUsage().rss);
    const h0 = performance.now();
    await t.app.inject({ method: 'GET', url: '/api/helper' });
    helper.push(performance.now() - h0);
    await new Promise((r) => setTimeout(r, 100));
  }
})();
const t0 = performance.now();
const asked = await call('POST', `${base}/run`);
if (asked.statusCode !== 200) throw new Error(asked.body);
await similarityIdle();
const ms = performance.now() - t0;
running = false;
await sampler;
const row = await t.ctx.db.selectFrom('similarity_analyses').selectAll().where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
if (row.status !== 'DONE') throw new Error(`comparaison ${row.status} : ${row.error}`);
console.log(`Comparaison complète (demande → résultats en base) : ${(ms / 1000).toFixed(1)} s (objectif < 30 s), ${row.pair_count} paires, ${row.programs} programmes`);
if (worker && workerBase) {
  const m = procMem(worker.pid!);
  console.log(`Mémoire du processus d’exécution : ${mb(workerBase.rss)} Mo avant, pic ${mb(m.hwm)} Mo (+${mb(m.hwm - workerBase.rss)} Mo) ; processus API : pic ${mb(apiPeak)} Mo (+${mb(apiPeak - apiBase)} Mo)`);
} else {
  console.log(`Mémoire du processus API (fil de comparaison compris) : ${mb(apiBase)} Mo avant, pic ${mb(apiPeak)} Mo (+${mb(apiPeak - apiBase)} Mo), relevée toutes les 100 ms`);
}
console.log(`API pendant la comparaison (GET /api/helper toutes les 100 ms, ${helper.length} appels) : p50 ${pct(helper, 50).toFixed(1)} ms, p99 ${pct(helper, 99).toFixed(1)} ms, max ${Math.max(...helper).toFixed(1)} ms`);

const list: number[] = [];
let pairs: Array<{ left: { attempt_id: number }; right: { attempt_id: number } }> = [];
for (let i = 0; i < ROUNDS; i++) {
  const l0 = performance.now();
  const res = await call('GET', `${base}?threshold=0.6`);
  list.push(performance.now() - l0);
  pairs = res.json().data.pairs;
}
const side: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const p = pairs[i % Math.min(pairs.length, 10)];
  const s0 = performance.now();
  const res = await call('GET', `${base}/pairs/${p.left.attempt_id}/${p.right.attempt_id}`);
  side.push(performance.now() - s0);
  if (res.statusCode !== 200) throw new Error(res.body);
}
console.log(`Page des paires et grappes (${ROUNDS} fois) : p50 ${pct(list, 50).toFixed(0)} ms, max ${Math.max(...list).toFixed(0)} ms`);
console.log(`Vue côte à côte (${ROUNDS} ouvertures, 10 paires les plus proches) : p50 ${pct(side, 50).toFixed(0)} ms, max ${Math.max(...side).toFixed(0)} ms (objectif < 1 s)`);
console.log(`Charge à la fin : ${load()}`);

await t.close();
if (QUEUE) {
  for (const q of [similarityQueueName(runnerQueue), runnerQueue]) await obliterateSimilarityQueue(REDIS_URL!, q);
  await closeSimilarityQueues();
  worker!.kill('SIGTERM');
}
process.exit(0);
