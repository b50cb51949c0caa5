// Exam day under faults, against the local cluster (`npm run cluster`: nginx, two API processes, two runner
// workers) on a PostgreSQL and a Redis of the test's own, while simulated students answer: an API process killed,
// a runner worker killed mid-run, Redis restarted, PostgreSQL restarted, and everyone pressing « Commencer » at
// once. After each fault, every answer that was acknowledged (200) is in the database, exactly once; no student
// ever sees a 500; the service recovers by itself. Prints, per fault, the figures of docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, LoadRecord, seedExam, simulateStudent, STUDENT_PASSWORD, submissionsInDb } from './exam-load';
import { freePort, postgresMissing, redisMissing, startLocalCluster, startOwnPostgres, startOwnRedis, type LocalCluster, type OwnPostgres, type OwnRedis } from './services';

const NGINX = '/usr/sbin/nginx';
const STUDENTS = Number(process.env.FAULT_STUDENTS ?? 16);
const BURST = Number(process.env.FAULT_BURST ?? 60);
const missing = [!fs.existsSync(NGINX) && 'nginx absent', postgresMissing, redisMissing].filter(Boolean);
if (missing.length) console.warn(`Tests de pannes ignorés : ${missing.join(', ')}.`);

interface ClusterState {
  url: string;
  api: Array<{ name: string; pid: number; port: number; restarts: number }>;
  runners: Array<{ name: string; pid: number; restarts: number }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(missing.length === 0)('exam day under faults (local cluster, own PostgreSQL and Redis)', () => {
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let dataDir: string;
  let stateFile: string;
  let cluster: LocalCluster | undefined;
  let base = '';
  let examId = 0;
  let emails: string[] = [];
  const rec = new LoadRecord();
  const stop = { now: false };
  let students: Promise<void>[] = [];
  const report: string[] = [];
  const state = (): ClusterState => JSON.parse(fs.readFileSync(stateFile, 'utf8'));

  /** Waits `ms` while the students answer, then checks that everything acknowledged so far is stored once. */
  async function settleAndCheck(name: string, faultAt: number, ms: number) {
    await sleep(ms);
    // Acknowledged first, then the database: an answer acknowledged in between is in the database too.
    const acked = [...rec.acknowledged];
    const inDb = await submissionsInDb(pg.url, examId);
    const lost = acked.filter((id) => !inDb.has(id));
    const twice = [...inDb].filter(([, n]) => n > 1);
    const errs = rec.errorsBetween(faultAt, Date.now());
    const recovered = rec.recoveredAfter(faultAt);
    const errText = [...errs].map(([s, n]) => `${s === 0 ? 'sans réponse' : s} × ${n}`).join(', ') || 'aucune';
    report.push(`| ${name} | ${acked.length} | ${acked.length - lost.length} | ${errText} | ${recovered === undefined ? 'non' : `${(recovered / 1000).toFixed(1)} s`} |`);
    expect(lost, `${name}: acknowledged answers missing from the database`).toEqual([]);
    expect(twice, `${name}: an answer stored twice`).toEqual([]);
    const fivehundreds = rec.errors.filter((e) => e.at >= faultAt && e.status === 500).map((e) => `${e.kind}: ${e.message}`);
    expect(fivehundreds, `${name}: 500 answers`).toEqual([]);
    expect(recovered, `${name}: no answer accepted after the fault`).toBeDefined();
  }

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-faults-data-'));
    stateFile = path.join(dataDir, 'cluster.json');
    cluster = await startLocalCluster({
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      PORT: String(await freePort()),
      API_PROCESSES: '2',
      RUNNER_WORKERS: '2',
      RUNNER_SLOTS: '1',
      DATA_DIR: dataDir,
      CLUSTER_STATE: stateFile,
      ADMIN_EMAIL: 'admin@univ.example',
      ADMIN_PASSWORD: 'Admin123!',
      DEMO: '1',
      LOG_LEVEL: 'warn',
    });
    base = state().url;
    ({ examId, emails } = await seedExam(base, pg.url, STUDENTS + BURST));
    students = emails.slice(0, STUDENTS).map((e) => simulateStudent(base, examId, e, rec, stop));
    // Everyone has started and answered a little before the first fault.
    for (let i = 0; i < 100 && rec.accepted.length < STUDENTS * 2; i++) await sleep(200);
  }, 240_000);

  afterAll(async () => {
    stop.now = true;
    await Promise.race([Promise.all(students), sleep(60_000)]);
    if (report.length) {
      console.log(
        [
          `Pannes, ${STUDENTS} étudiants qui répondent sans cesse (réflexion 0,2 à 0,6 s) :`,
          '| panne | réponses acquittées (cumul) | dont en base | erreurs vues par les étudiants | service rétabli après |',
          '| --- | --- | --- | --- | --- |',
          ...report,
        ].join('\n'),
      );
    }
    // The cluster's own output (its processes' logs), for a failing run: FAULT_LOG=file.
    if (process.env.FAULT_LOG && cluster) fs.writeFileSync(process.env.FAULT_LOG, cluster.output());
    await cluster?.stop();
    await redis?.destroy();
    pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('an API process killed (SIGKILL): students carry on through the other one, nothing acknowledged is lost', async () => {
    const victim = state().api[0];
    const at = Date.now();
    process.kill(victim.pid, 'SIGKILL');
    await settleAndCheck('processus API tué (SIGKILL)', at, 8_000);
    // The cluster (as systemd would) started it again.
    const now = state().api.find((a) => a.name === victim.name)!;
    expect(now.pid).not.toBe(victim.pid);
  }, 60_000);

  it('a runner worker killed mid-run: the run is taken again by the other worker, the student gets a verdict in time', async () => {
    // Wait until a program is being run, then kill the worker that holds it (the slower program keeps runs in flight).
    const workers = state().runners;
    const before = rec.accepted.filter((a) => a.program).length;
    const at = Date.now();
    process.kill(workers[0].pid, 'SIGKILL');
    await settleAndCheck('processus d’exécution tué pendant une exécution', at, 20_000);
    const programs = rec.accepted.filter((a) => a.program && a.at >= at);
    expect(rec.accepted.filter((a) => a.program).length).toBeGreaterThan(before);
    // A run taken again after its worker died waits for the stalled-job check (≈ 8 to 12 s): the longest says so.
    report.push(`| (programmes après cette panne : ${programs.length}, le plus long ${(Math.max(0, ...programs.map((p) => p.ms)) / 1000).toFixed(1)} s) | | | | |`);
    // No program answer waited past the run's deadline and the queue's (2 s CPU → 4 s wall + 20 s).
    expect(Math.max(0, ...programs.map((p) => p.ms))).toBeLessThan(24_000);
  }, 90_000);

  it('Redis restarted: presence, limits and the queue recover; nothing acknowledged is lost', async () => {
    const at = Date.now();
    await redis.stop();
    await sleep(2_000);
    await redis.start();
    await settleAndCheck('Redis redémarré (2 s d’arrêt, rien gardé)', at, 30_000);
    // A program is graded again after the restart.
    expect(rec.accepted.some((a) => a.program && a.at > at + 2_000)).toBe(true);
  }, 90_000);

  it('PostgreSQL restarted: French 503 during the outage, never a 500, no process crashed, recovery by itself', async () => {
    const pidsBefore = state().api.map((a) => a.pid);
    const at = Date.now();
    pg.stop('fast');
    await sleep(3_000);
    pg.start();
    await settleAndCheck('PostgreSQL redémarré (3 s d’arrêt)', at, 10_000);
    const during = rec.errors.filter((e) => e.at >= at && e.at < at + 3_000);
    for (const e of during) expect([0, 502, 503], `${e.kind} ${e.status} ${e.message}`).toContain(e.status);
    expect(during.filter((e) => e.status === 503).every((e) => /indisponible/.test(e.message ?? ''))).toBe(true);
    expect(state().api.map((a) => a.pid)).toEqual(pidsBefore);
  }, 60_000);

  it(`a burst at the top of the hour: ${BURST} students press « Commencer » within 10 seconds`, async () => {
    const burst = emails.slice(STUDENTS);
    const tokens = await Promise.all(
      burst.map(async (email, i) => {
        await sleep((i / burst.length) * 5_000);
        const r = await call<{ token: string }>(base, 'POST', '/api/users/login', undefined, { email, password: STUDENT_PASSWORD });
        expect(r.status, r.message).toBe(200);
        return r.data!.token;
      }),
    );
    const starts = await Promise.all(
      tokens.map(async (t) => {
        await sleep(Math.random() * 10_000);
        return call(base, 'POST', `/api/student/exams/${examId}/start`, t);
      }),
    );
    const ms = starts.map((s) => s.ms).sort((a, b) => a - b);
    const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(0);
    report.push(`| ${BURST} « Commencer » en 10 s | ${starts.filter((s) => s.status === 200).length}/${BURST} acceptés | | p50 ${p(0.5)} ms, p99 ${p(0.99)} ms | |`);
    expect(starts.map((s) => s.status)).toEqual(starts.map(() => 200));
  }, 90_000);
});
