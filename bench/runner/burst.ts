// Burst figures (issue 10): CLIENTS clients posting Python runs at once to the built server, against the rate at
// which the same machine spawns bare `python3` processes, BARE_PARALLEL at a time, measured in the same run and
// alternated ROUNDS times (absolute figures move a lot on a shared machine; the ratio of one round is what counts).
// Target: runs/s through the API ≥ 60 % of the bare rate, at 40 clients, with no refusal.
// Usage: npm run build && npx tsx bench/runner/burst.ts
//   CLIENTS=40 BARE_PARALLEL=4 DURATION=8 ROUNDS=3 RUNNER_SLOTS=… (passed to the server) BENCH_PG_URL=…
//   OWNERS=1: the clients post as that many accounts (round robin); the runner shares its slots between accounts, one
//   account holding all but one, so a single account measures what one user may take, several the whole runner.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PYTHON_PATH } from '../../packages/runner/src/index';
import { fmt, freshPg, login, startServer } from '../lib.mjs';

const CLIENTS = Number(process.env.CLIENTS ?? 40);
const BARE_PARALLEL = Number(process.env.BARE_PARALLEL ?? 4);
const DURATION = Number(process.env.DURATION ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const OWNERS = Math.max(1, Number(process.env.OWNERS ?? 1));
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PY = 'import sys\nn = int(sys.stdin.readline())\nprint(sum(range(n)))\n';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

/** `python3 -I -B main.py` with the same program and stdin, BARE_PARALLEL at a time for DURATION seconds. */
async function bareRate(file: string): Promise<number> {
  let done = 0;
  const end = performance.now() + DURATION * 1000;
  const t0 = performance.now();
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const c = spawn(PYTHON_PATH, ['-I', '-B', file], { env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' }, stdio: ['pipe', 'pipe', 'pipe'] });
      c.stdout.resume();
      c.stderr.resume();
      c.stdin.end('1000\n');
      c.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`python3 : code ${code}`))));
    });
  await Promise.all(
    Array.from({ length: BARE_PARALLEL }, async () => {
      while (performance.now() < end) {
        await one();
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

/** CLIENTS clients posting exec-python-code back to back (each waits for its answer) for DURATION seconds. */
async function apiRate(base: string, tokens: string[]) {
  let ok = 0;
  let refused = 0;
  let other = 0;
  const latencies: number[] = [];
  const end = performance.now() + DURATION * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const token = tokens[client % tokens.length];
      while (performance.now() < end) {
        const t = performance.now();
        const r = await fetch(`${base}/api/admin/python/exec-python-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ code: PY, stdin: '1000\n' }),
        });
        const j = (await r.json()) as { data?: { verdict?: string } };
        latencies.push(performance.now() - t);
        if (r.status === 200 && j.data?.verdict === 'OK') ok++;
        else if (r.status === 429) refused++;
        else other++;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  return { rate: ok / secs, ok, refused, other, p50: pct(latencies, 50), p99: pct(latencies, 99) };
}


async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-burst-'));
  const file = path.join(dir, 'main.py');
  fs.writeFileSync(file, PY);
  const db = await freshPg(PG_BASE, 'burst');
  const env: Record<string, string> = { RUNNER_RATE_LIMIT: '0', ...(db ? { DATABASE_URL: db.url } : {}) };
  if (process.env.RUNNER_SLOTS) env.RUNNER_SLOTS = process.env.RUNNER_SLOTS;
  console.log(
    `Machine : ${os.availableParallelism()} cœurs, charge ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} ; base ${db ? 'PostgreSQL' : 'PGlite'} ; ` +
      `${CLIENTS} clients contre ${BARE_PARALLEL} python3 nus en parallèle, ${DURATION} s chacun, ${ROUNDS} tours` +
      (env.RUNNER_SLOTS ? ` ; RUNNER_SLOTS=${env.RUNNER_SLOTS}` : '') +
      ` ; ${OWNERS} compte${OWNERS > 1 ? 's' : ''}`,
  );
  const server = await startServer(env);
  try {
    const token = await login(server.base, 'admin@univ.example', 'Admin123!');
    const tokens = [token];
    for (let i = 1; i < OWNERS; i++) {
      const email = `bench-burst-${i}@univ.example`;
      const password = 'Bench-burst-123!';
      const r = await fetch(`${server.base}/api/admin/users/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ last_name: 'Banc', first_name: `Rafale ${i}`, email, password, role: 'TEACHER' }),
      });
      if (!r.ok) throw new Error(`Compte ${email} : ${r.status} ${await r.text()}`);
      tokens.push(await login(server.base, email, password));
    }
    // Warm-up: the first runs load the caches of the interpreter and of the sandbox.
    await apiRate(server.base, tokens).catch(() => undefined);
    const cores = os.availableParallelism();
    console.log('| tour | charge | python3 nu (/s) | API, exécutions réussies (/s) | par cœur (/s) | rapport | refus 429 | autres erreurs | latence p50 / p99 |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const load = os.loadavg()[0];
      const bare = await bareRate(file);
      const api = await apiRate(server.base, tokens);
      ratios.push(api.rate / bare);
      console.log(
        `| ${round} | ${fmt(load)} | ${fmt(bare)} | ${fmt(api.rate)} (${api.ok}) | ${fmt(api.rate / cores)} | **${fmt((100 * api.rate) / bare, 0)} %** | ${api.refused} | ${api.other} | ${fmt(api.p50, 0)} / ${fmt(api.p99, 0)} ms |`,
      );
    }
    console.log(`Rapport médian : ${fmt(100 * pct(ratios, 50), 0)} % (objectif ≥ 60 %, sans refus)`);
  } finally {
    await server.stop();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
