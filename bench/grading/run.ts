// Grading figures: a program checked against 4 test cases (the reference-solution check done when an ALGORITHM
// question is saved), against one sandboxed run of the same program. Target: p50 ≤ 2× one sandboxed run.
//   1. Through the grading service directly (no HTTP): checkReferenceSolution with 4 cases, cases side by side,
//      and the same 4 runs one after another for comparison; Python and R; default limits and a question's own
//      (lower) limits, both served by pre-started sandboxes.
//   2. Through the HTTP API of the built server, when it has the questions API: saving an ALGORITHM question with
//      4 test cases and a reference solution (POST /api/admin/questions/create) against one exec-python-code call.
// Usage: npx tsx bench/grading/run.ts   (N=30 PAUSE_MS=200 to change, ONLY=direct|api for one part, LANGS=python for Python
// only, CASE_WIDTH=n for the cases of one program run at once, each a run of its own; npm run build first for part 2)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmbeddedRunner, judge, type CodeRunner, type RunLimits } from '../../packages/runner/src/index';
import { checkReferenceSolution, type AlgorithmQuestion } from '../../apps/server/src/features/grading/index';
import { configSchema } from '../../apps/server/src/config';
import { MemoryKv } from '../../apps/server/src/lib/kv';
import type { AppContext } from '../../apps/server/src/lib/context';
import { freshPg, login, root, startServer } from '../lib.mjs';

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const N = Number(process.env.N ?? 30);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 200);

const PY = 'import sys\nn = int(sys.stdin.readline())\nprint(sum(range(n)))\n';
const R = 'n <- as.integer(readLines(file("stdin"), n = 1))\ncat(sum(seq_len(n) - 1), "\\n")\n';
const cases = [10, 100, 1000, 10000].map((n, i) => ({
  id: i + 1,
  stdin: `${n}\n`,
  expected_output: String((n * (n - 1)) / 2),
  is_hidden: i >= 2,
  weight: 1,
}));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** p50 and p95 of `f`, one call at a time with a pause between calls (someone clicking Save). */
async function timed(f: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await f();
  const out: number[] = [];
  for (let i = 0; i < N; i++) {
    if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return { p50: pct(out, 50), p95: pct(out, 95) };
}

function lightCtx(runner: CodeRunner): AppContext {
  const config = configSchema.parse({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), RUNNER_RATE_LIMIT: '0' });
  // The grading service touches neither the database nor the files.
  return { config: { ...config, dataDir: config.DATA_DIR }, kv: new MemoryKv(), runner, dbKind: 'pglite' } as unknown as AppContext;
}

async function direct() {
  const runner = await createEmbeddedRunner({ warmMath: false, ...(process.env.CASE_WIDTH ? { caseWidth: Number(process.env.CASE_WIDTH) } : {}) });
  await runner.forkServer?.start();
  const ctx = lightCtx(runner);
  console.log(`\n1. Service de correction, sans HTTP (runner embarqué, ${runner.pool.slots} emplacements, ${runner.caseWidth} tests à la fois, Python ${runner.forkServer && !runner.forkServer.unavailable ? 'par le serveur d’exécution' : 'en bacs à sable neufs'})`);
  const rows: string[][] = [];
  const langs = (process.env.LANGS ?? 'python,r').toLowerCase().split(',');
  for (const [language, code] of (
    [
      ['PYTHON', PY],
      ['R', R],
    ] as const
  ).filter(([l]) => langs.includes(l.toLowerCase()))) {
    for (const limits of [null, { cpu_seconds: 3, memory_mb: 200 }]) {
      const question: AlgorithmQuestion = { type: 'ALGORITHM', language, tests: cases, limits };
      const runLimits: Partial<RunLimits> | undefined = limits ? { cpuSeconds: limits.cpu_seconds, memoryMb: limits.memory_mb, wallMs: limits.cpu_seconds * 2000 } : undefined;
      const check = await checkReferenceSolution(ctx, { userId: 1, question, code });
      if (check) throw new Error(`La solution de référence échoue : ${JSON.stringify(check)}`);
      const one = await timed(() => runner.run({ language, code, stdin: cases[3].stdin, expectedOutput: cases[3].expected_output, limits: runLimits }));
      const four = await timed(() => checkReferenceSolution(ctx, { userId: 1, question, code }));
      // The previous path: one runner.run per case, side by side in the pool (a runner without runCases).
      const perRun: CodeRunner = { run: (r) => runner.run(r), compareMath: (a, b) => runner.compareMath(a, b), close: () => Promise.resolve() };
      const tests = cases.map((c) => ({ stdin: c.stdin, expectedOutput: c.expected_output }));
      const perCase = await timed(() => judge(perRun, language, code, tests, { limits: runLimits, concurrency: runner.pool.slots }));
      const sequential = await timed(async () => {
        for (const c of cases) await runner.run({ language, code, stdin: c.stdin, expectedOutput: c.expected_output, limits: runLimits });
      });
      rows.push([
        `${language === 'PYTHON' ? 'Python' : 'R'}, ${limits ? 'limites de la question (3 s CPU, 200 Mio)' : 'limites par défaut'}`,
        `${ms(one.p50)} / ${ms(one.p95)}`,
        `${ms(four.p50)} / ${ms(four.p95)}`,
        `${(four.p50 / one.p50).toFixed(2)}×`,
        `${ms(perCase.p50)} (${(perCase.p50 / one.p50).toFixed(2)}×)`,
        `${ms(sequential.p50)} (${(sequential.p50 / one.p50).toFixed(2)}×)`,
      ]);
    }
  }
  console.log('| cas | 1 exécution p50 / p95 | 4 tests, chemin actuel (runCases) p50 / p95 | rapport | ancien chemin : 1 exécution par test côte à côte, p50 | 4 tests l’un après l’autre p50 |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  await runner.close();
}

async function throughApi() {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    console.log('\n2. Par l’API : serveur non construit (npm run build), partie sautée.');
    return;
  }
  await throughApiOn('PGlite (base embarquée)', {});
  const db = await freshPg(PG_BASE, 'grading');
  if (!db) {
    console.log(`\nPostgreSQL (${PG_BASE}) ne répond pas : mesure sur PostgreSQL sautée.`);
    return;
  }
  try {
    await throughApiOn('PostgreSQL', { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
}

async function throughApiOn(label: string, env: Record<string, string>) {
  const server = await startServer({ RUNNER_RATE_LIMIT: '0', DATABASE_URL: '', ...env });
  try {
    const token = await login(server.base, 'admin@univ.example', 'Admin123!');
    const post = async (url: string, body: unknown) => {
      const r = await fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { message: string; data?: { id?: number } };
      return { status: r.status, json };
    };
    const question = () => ({
      type: 'ALGORITHM',
      statement: '<p>Somme des entiers de 0 à n − 1.</p>',
      language: 'PYTHON',
      points: 1,
      reference_solution: PY,
      possible_solutions: cases.map((c) => ({ stdin: c.stdin, expected_output: c.expected_output, is_hidden: c.is_hidden ? 1 : 0, weight: 1 })),
    });
    const probe = await post('/api/admin/questions/create', question());
    if (probe.status === 404) {
      console.log('\n2. Par l’API : le serveur construit n’a pas encore l’API des questions, partie sautée.');
      return;
    }
    if (probe.status !== 200 && probe.status !== 201) throw new Error(`Création refusée (${probe.status}) : ${probe.json.message}`);
    const created: number[] = [];
    const save = await timed(async () => {
      const r = await post('/api/admin/questions/create', question());
      if (r.status >= 300) throw new Error(`Création refusée (${r.status}) : ${r.json.message}`);
      if (r.json.data?.id) created.push(r.json.data.id);
    });
    // The same save without a reference solution: what the database and HTTP cost alone.
    const bare = await timed(async () => {
      const r = await post('/api/admin/questions/create', { ...question(), reference_solution: null });
      if (r.status >= 300) throw new Error(`Création refusée (${r.status}) : ${r.json.message}`);
      if (r.json.data?.id) created.push(r.json.data.id);
    });
    const exec = await timed(async () => {
      const r = await post('/api/admin/python/exec-python-code', { code: PY, stdin: cases[3].stdin });
      if (r.status !== 200) throw new Error(`Exécution refusée (${r.status})`);
    });
    console.log(`\n2. Par l’API HTTP du serveur construit (runner dans son processus enfant), ${label}`);
    console.log('| mesure | p50 | p95 |');
    console.log('| --- | --- | --- |');
    console.log(`| exec-python-code, 1 exécution | ${ms(exec.p50)} | ${ms(exec.p95)} |`);
    console.log(`| questions/create ALGORITHM, 4 tests + solution de référence | ${ms(save.p50)} | ${ms(save.p95)} |`);
    console.log(`| questions/create, même question sans solution de référence (base et HTTP seuls) | ${ms(bare.p50)} | ${ms(bare.p95)} |`);
    console.log(`| rapport (objectif ≤ 2×) | ${(save.p50 / exec.p50).toFixed(2)}× | |`);
  } finally {
    await server.stop();
  }
}

console.log(`Charge (loadavg 1 min) : ${os.loadavg()[0].toFixed(2)} sur ${os.availableParallelism()} cœurs ; N=${N}, pause ${PAUSE_MS} ms`);
// ONLY=direct or ONLY=api runs one part.
if (process.env.ONLY !== 'api') await direct();
if (process.env.ONLY !== 'direct') await throughApi();
console.log(`\nCharge en fin de mesure : ${os.loadavg()[0].toFixed(2)}`);
