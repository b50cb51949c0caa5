// Shared helpers for benchmark scripts: start the built server, wait for it, measure with autocannon.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts apps/server/dist/main.js; resolves once /api/helper answers, with the time it took. */
export async function startServer(env = {}, opts = {}) {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('Construisez d’abord : npm run build');
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-'));
  const t0 = performance.now();
  // SERVER_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const prof = process.env.SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s’est arrêté :\n${output}`);
    try {
      const r = await fetch(`${base}/api/helper`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return {
    base,
    port,
    pid: child.pid,
    startMs,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
    },
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(base, email, password) {
  const r = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await r.json();
  if (!r.ok) throw new Error(`Connexion impossible : ${body.message}`);
  return body.data.token;
}

/** Runs autocannon in a separate process (so the load generator does not share the server's event loop). */
export function autocannon(url, { connections = 50, duration = 10, headers = {} } = {}) {
  const bin = path.join(root, 'node_modules/autocannon/autocannon.js');
  const args = [bin, '-j', '-c', String(connections), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon a échoué (${code})`));
      const j = JSON.parse(out);
      resolve({
        rps: Math.round(j.requests.average),
        p50: j.latency.p50,
        p99: j.latency.p99,
        errors: j.errors + j.non2xx,
      });
    });
  });
}

export const fmt = (n, d = 1) => Number(n).toFixed(d);

/**
 * A throw-away PostgreSQL database named `exam_bench_<tag>_<time>` on the server of `baseUrl`, or undefined when
 * that server does not answer. `drop()` removes it (also while connections to it are open).
 */
export async function freshPg(baseUrl, tag) {
  const c = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
  } catch {
    return undefined;
  }
  const name = `exam_bench_${tag}_${Date.now()}`;
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}
