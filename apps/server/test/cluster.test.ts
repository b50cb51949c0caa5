// `npm run cluster` end to end: nginx in front of two API processes and a runner worker, on the machine's
// PostgreSQL (a database of its own) and Redis (a key prefix and a queue of its own). Signs in through
// nginx, runs a Python program that a runner worker executes, sees both API processes answer, then stops
// the cluster with SIGTERM and checks that no process is left.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startLocalCluster, type LocalCluster } from './services';

const NGINX = '/usr/sbin/nginx';
const missing = [
  !fs.existsSync(NGINX) && 'nginx absent (apt-get install nginx)',
  !process.env.DATABASE_URL && 'DATABASE_URL non défini',
  !process.env.REDIS_URL && 'REDIS_URL non défini',
].filter(Boolean);
if (missing.length) console.warn(`Test de la grappe ignoré : ${missing.join(', ')}.`);

interface ClusterState {
  url: string;
  nginx: { pid: number; port: number };
  api: Array<{ name: string; pid: number; port: number }>;
  runners: Array<{ name: string; pid: number }>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(missing.length === 0)('local cluster (npm run cluster)', () => {
  const id = randomBytes(4).toString('hex');
  const dbName = `exam_cluster_${id}`;
  const prefix = `exam-cluster-${id}:`;
  const queue = `exam-cluster-${id}`;
  let dataDir: string;
  let stateFile: string;
  const adminUrl = process.env.DATABASE_URL!;
  let cluster: LocalCluster | undefined;
  let state: ClusterState;

  beforeAll(async () => {
    // Made here, not in the describe body, which also runs when the suite is skipped.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-cluster-data-'));
    stateFile = path.join(dataDir, 'cluster.json');
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${dbName}`;
    cluster = await startLocalCluster({
      DATABASE_URL: dbUrl.toString(),
      REDIS_PREFIX: prefix,
      RUNNER_QUEUE: queue,
      PORT: String(await freePort()),
      API_PROCESSES: '2',
      RUNNER_WORKERS: '1',
      RUNNER_SLOTS: '1',
      DATA_DIR: dataDir,
      CLUSTER_STATE: stateFile,
      ADMIN_EMAIL: 'admin@univ.example',
      ADMIN_PASSWORD: 'Admin123!',
      LOG_LEVEL: 'warn',
    });
    state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
    const r = new Redis(process.env.REDIS_URL!);
    const keys = [...(await r.keys(`${prefix}*`)), ...(await r.keys(`bull:${queue}:*`))];
    if (keys.length) await r.del(...keys);
    r.disconnect();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves through nginx from both API processes, runs Python on a runner worker, and stops cleanly', async () => {
    expect(state.api).toHaveLength(2);
    expect(state.runners).toHaveLength(1);
    const pids = [state.nginx.pid, ...state.api.map((a) => a.pid), ...state.runners.map((r) => r.pid)];
    for (const pid of pids) expect(alive(pid)).toBe(true);

    const login = await fetch(`${state.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@univ.example', password: 'Admin123!' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };

    // Successive calls are spread over both API processes (nginx names the one that answered).
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${state.url}/api/admin/users/profile`, { headers: auth });
      expect(res.status).toBe(200);
      seen.add(res.headers.get('x-exam-upstream') ?? '');
    }
    expect([...seen].sort()).toEqual(state.api.map((a) => `127.0.0.1:${a.port}`).sort());

    // The API processes run in queue mode: only the runner worker can execute this.
    const run = await fetch(`${state.url}/api/admin/python/exec-python-code`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'n = int(input())\nprint(sum(range(n)))', stdin: '10\n' }),
    });
    expect(run.status).toBe(200);
    const result = ((await run.json()) as { data: { verdict: string; stdout: string } }).data;
    expect(result).toMatchObject({ verdict: 'OK', stdout: '45\n' });

    // The live count stream passes through nginx unbuffered: its first event arrives at once.
    const ctrl = new AbortController();
    const stream = await fetch(`${state.url}/api/admin/users/connected-count/stream`, { headers: auth, signal: ctrl.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const first = await stream.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toMatch(/event: count\ndata: \{"count":\d+\}/);
    ctrl.abort();

    await cluster!.stop();
    expect(await cluster!.exited).toBe(0);
    for (const pid of pids) expect(alive(pid), `pid ${pid} still running`).toBe(false);
    expect(cluster!.output()).toContain('Grappe arrêtée.');
  }, 120_000);
});
