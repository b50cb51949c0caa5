// Code runner figures: bare interpreter vs sandboxed run (overhead), p50/p95 per language through the
// HTTP API of the built server, runs/s at concurrency 4, maths comparisons p50.
// Usage: npm run build && npx tsx bench/runner/run.ts   (N=40 DURATION=5 PAUSE_MS=200 to change the sample sizes)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmbeddedRunner, DEFAULT_LIMITS, probeSandbox, PYTHON_PATH, runInSandbox, RSCRIPT_PATH } from '../../packages/runner/src/index';
import { fmt, freshPg, login, startServer } from '../lib.mjs';

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';


const N = Number(process.env.N ?? 40);
const DURATION = Number(process.env.DURATION ?? 5);
const CONCURRENCY = 4;

const PY = 'import sys\nn = int(sys.stdin.readline())\nprint(sum(range(n)))\n';
const R = 'n <- as.integer(readLines(file("stdin"), n = 1))\ncat(sum(seq_len(n)), "\\n")\n';
const R_BIN = '/usr/lib/R/bin/exec/R';
const R_ENV = {
  R_HOME: '/usr/lib/R',
  R_SHARE_DIR: '/usr/share/R/share',
  R_INCLUDE_DIR: '/usr/share/R/include',
  R_DOC_DIR: '/usr/share/R/doc',
  LD_LIBRARY_PATH: '/usr/lib/R/lib:/usr/lib/x86_64-linux-gnu',
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Pause between two timed requests (not timed): someone clicking Run, and time for the runner to start the next
 * pre-started sandbox. Throughput is measured separately, without pauses. */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 200);

async function timed(n: number, f: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(3, n); i++) await f(); // warm caches
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out;
}

function bare(argv: string[], env: Record<string, string>, stdin: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = spawn(argv[0], argv.slice(1), { env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    c.stdout.resume();
    c.stderr.resume();
    c.stdin.end(stdin);
    c.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}

async function main() {
  console.log(`Machine : ${os.cpus().length} cœurs, charge moyenne ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`Latences : ${N} mesures (R : ${Math.max(5, Math.round(N / 2))}), pause de ${PAUSE_MS} ms entre deux requêtes\n`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-runner-'));
  fs.writeFileSync(path.join(dir, 'main.py'), PY);
  fs.writeFileSync(path.join(dir, 'main.R'), R);

  // 1. Bare interpreter vs the same program in a fresh sandbox (no HTTP).
  const env = probeSandbox();
  const barePy = await timed(N, () => bare([PYTHON_PATH, '-I', '-B', path.join(dir, 'main.py')], {}, '1000\n'));
  const sandPy = await timed(N, () =>
    runInSandbox(env, { argv: [PYTHON_PATH, '-I', '-B', '/tmp/main.py'], files: [{ path: '/tmp/main.py', content: PY }], stdin: '1000\n', limits: DEFAULT_LIMITS }),
  );
  const embedded = await createEmbeddedRunner({ sandbox: env, slots: 2, warmMath: false });
  await embedded.forkServer?.start();
  await new Promise((r) => setTimeout(r, 300));
  const pyPath = embedded.forkServer && !embedded.forkServer.unavailable ? 'serveur d’exécution Python' : 'bac à sable neuf (serveur indisponible)';
  const warmPy = await timed(N, async () => {
    const r = await embedded.run({ language: 'PYTHON', code: PY, stdin: '1000\n' });
    if (r.verdict !== 'OK') throw new Error(r.stderr);
  });
  const nR = Math.max(5, Math.round(N / 2));
  const warmR = await timed(nR, async () => {
    const r = await embedded.run({ language: 'R', code: R, stdin: '1000\n' });
    if (r.verdict !== 'OK') throw new Error(r.stderr);
  });
  await embedded.close();
  const bareRscript = await timed(nR, () => bare([RSCRIPT_PATH, path.join(dir, 'main.R')], {}, '1000\n'));
  const bareR = await timed(nR, () => bare([R_BIN, '--no-echo', '--no-restore', '--no-save', `--file=${path.join(dir, 'main.R')}`], R_ENV, '1000\n'));
  const sandR = await timed(nR, () =>
    runInSandbox(env, {
      argv: [R_BIN, '--no-echo', '--no-restore', '--no-save', '--file=/tmp/main.R'],
      env: R_ENV,
      files: [{ path: '/tmp/main.R', content: R }],
      stdin: '1000\n',
      limits: DEFAULT_LIMITS,
    }),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  console.log('Interpréteur nu vs bac à sable (p50, ms) :');
  console.log(`  Python : nu ${fmt(pct(barePy, 50))}, bac à sable neuf ${fmt(pct(sandPy, 50))}  → rapport ${fmt(pct(sandPy, 50) / pct(barePy, 50), 2)}×`);
  console.log(`           ${pyPath} (chemin par défaut) ${fmt(pct(warmPy, 50))}  → rapport ${fmt(pct(warmPy, 50) / pct(barePy, 50), 2)}×`);
  console.log(`  R      : nu ${fmt(pct(bareR, 50))} (Rscript ${fmt(pct(bareRscript, 50))}), bac à sable neuf ${fmt(pct(sandR, 50))}  → rapport ${fmt(pct(sandR, 50) / pct(bareR, 50), 2)}×`);
  console.log(`           bac à sable pré-démarré (chemin par défaut) ${fmt(pct(warmR, 50))}  → rapport ${fmt(pct(warmR, 50) / pct(bareR, 50), 2)}×\n`);

  // 2. Through the HTTP API of the built server (embedded runner, one slot per core), on PostgreSQL when one
  // answers, and on the embedded PGlite.
  const db = await freshPg(PG_BASE, 'runner');
  if (db) {
    try {
      await httpFigures('PostgreSQL', { DATABASE_URL: db.url }, N, nR);
    } finally {
      await db.drop();
    }
  }
  await httpFigures('PGlite (base embarquée)', {}, N, nR);
}

async function httpFigures(label: string, extraEnv: Record<string, string>, N: number, nR: number) {
  console.log(`=== API HTTP, base ${label} ===`);
  const server = await startServer({ RUNNER_RATE_LIMIT: '0', ...extraEnv });

  try {
    const token = await login(server.base, 'admin@univ.example', 'Admin123!');
    const post = async (url: string, body: unknown) => {
      const r = await fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const j = (await r.json()) as { data?: { verdict?: string; equal?: boolean } };
      return { status: r.status, data: j.data };
    };
    const check = (r: { status: number; data?: { verdict?: string } }) => {
      if (r.status !== 200 || r.data?.verdict !== 'OK') throw new Error(`réponse inattendue ${r.status} ${JSON.stringify(r.data)}`);
    };
    const apiPy = await timed(N, async () => check(await post('/api/admin/python/exec-python-code', { code: PY, stdin: '1000\n' })));
    const apiR = await timed(nR, async () => check(await post('/api/admin/python/exec-r-code', { code: R, stdin: '1000\n' })));
    const pairs: Array<[string, string]> = [
      ['(x+1)^2', 'x^2+2x+1'],
      ['\\frac{1}{2}x', '0.5x'],
      ['sin(x)^2+cos(x)^2', '1'],
      ['log(x*y)', 'log(x)+log(y)'],
      ['sqrt(x^2)', 'x'],
      ['\\sqrt{x+1}', '(x+1)^(1/2)'],
    ];
    let k = 0;
    const apiMath = await timed(N, async () => {
      const [expression, expected] = pairs[k++ % pairs.length];
      const r = await post('/api/admin/python/compare-math-expression', { expression, expected });
      if (r.status !== 200) throw new Error(`maths ${r.status}`);
    });
    console.log('À travers l’API HTTP (ms) :');
    console.log(`  Python : p50 ${fmt(pct(apiPy, 50))}, p95 ${fmt(pct(apiPy, 95))}  (n=${N})`);
    console.log(`  R      : p50 ${fmt(pct(apiR, 50))}, p95 ${fmt(pct(apiR, 95))}  (n=${nR})`);
    console.log(`  Maths  : p50 ${fmt(pct(apiMath, 50))}, p95 ${fmt(pct(apiMath, 95))}  (n=${N}, serveur chaud)\n`);

    // 3. Throughput: CONCURRENCY clients posting Python runs back to back for DURATION seconds.
    let ok = 0;
    let busy = 0;
    let other = 0;
    const end = performance.now() + DURATION * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const r = await post('/api/admin/python/exec-python-code', { code: PY, stdin: '1000\n' });
          if (r.status === 200 && r.data?.verdict === 'OK') ok++;
          else if (r.status === 429) busy++;
          else other++;
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    console.log(`Débit Python, ${CONCURRENCY} clients en parallèle pendant ${DURATION} s : ${fmt(ok / secs)} exécutions/s (${ok} réussies, ${busy} refusées 429, ${other} autres)`);
    console.log(`Mémoire du serveur (RSS) : ${fmt(server.rssMb(), 0)} Mio`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
