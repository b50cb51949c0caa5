// Practice figures (issue 11): p50 / p95 of POST /api/student/practices/evaluate-solution through the HTTP API of
// the built server, for a Python exercise with 3 test cases (a right program) and for a MATH exercise (an
// equivalent expression), with, in the same run, one plain run of the same program (POST practices/run) and one
// free comparison of the same expressions (POST practices/compare-math-expression) for the ratio.
// Targets: p50 ≤ 60 ms (Python, 3 cases), p50 ≤ 50 ms (MATH).
// The server: apps/server/dist/main.js on PGlite in a temporary DATA_DIR with the demo data (DEMO=1), whose course
// has the exercises used here; the demo student logs in. One student sends everything, so the bench's own server
// runs with PRACTICE_RATE_LIMIT=0 and RUNNER_RATE_LIMIT=0 (no per-student limit; printed in the output).
// Usage: npm run build && npx tsx bench/practice/run.ts   (N=50 PAUSE_MS=100 to change)
import os from 'node:os';
import { login, startServer } from '../lib.mjs';

const N = Number(process.env.N ?? 50);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 100);
const TARGET_PY = 60;
const TARGET_MATH = 50;

/** A right program for the demo exercise « Affichez le double de n » (3 cases: 2 visible, 1 hidden). */
const PY = 'n = int(input())\nprint(n + n)\n';
/** Equivalent to the demo exercise's expected (a + b)/2, written differently. */
const MATH = 'a/2 + b/2';
const MATH_EXPECTED = '(a + b)/2';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const load = () => `${os.loadavg()[0].toFixed(2)} (1 min) / ${os.loadavg()[1].toFixed(2)} (5 min) sur ${os.availableParallelism()} cœurs`;

type Exercise = { id: number; type: string; language: string | null; excerpt: string };

const loadStart = load();
const server = await startServer({ PRACTICE_RATE_LIMIT: '0', RUNNER_RATE_LIMIT: '0' });
const stop = async () => {
  await server.stop();
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));
try {
  const token = await login(server.base, 'etudiant@univ.example', 'Etudiant123!');
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await fetch(`${server.base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { message: string; data?: unknown };
    if (r.status !== 200) throw new Error(`${method} ${url} refusé (${r.status}) : ${json.message}`);
    return json.data as Record<string, unknown>;
  };
  const exercises = async (type: string) =>
    ((await call('GET', `/api/student/practices/exercises?type=${type}`)) as { courses: Array<{ exercises: Exercise[] }> }).courses.flatMap((c) => c.exercises);
  const py = (await exercises('PYTHON')).find((e) => e.excerpt.includes('double'));
  const math = (await exercises('MATH')).find((e) => e.excerpt.includes('moyenne de deux nombres'));
  if (!py || !math) throw new Error('Exercices de démonstration introuvables (« double de n » en Python, « moyenne de deux nombres » en MATH).');

  const evaluate = async (questionId: number, answer: string) => {
    const d = (await call('POST', '/api/student/practices/evaluate-solution', { question_id: questionId, answer })) as { is_valid: boolean; details: unknown };
    if (!d.is_valid) throw new Error(`Réponse jugée fausse pour l’exercice ${questionId} : ${JSON.stringify(d.details)}`);
  };
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['run', () => call('POST', '/api/student/practices/run', { language: 'PYTHON', code: PY, stdin: '21\n' }).then((d) => {
      if (d.verdict !== 'OK') throw new Error(`Exécution libre : ${JSON.stringify(d)}`);
    })],
    ['py', () => evaluate(py.id, PY)],
    ['compare', () => call('POST', '/api/student/practices/compare-math-expression', { expression: MATH, expected: MATH_EXPECTED }).then((d) => {
      if (d.equal !== true) throw new Error('Comparaison libre : expressions jugées différentes');
    })],
    ['math', () => evaluate(math.id, MATH)],
  ];
  // Warm-up, then the four calls interleaved (one after another, a pause between calls): the ratios are measured
  // under the same load.
  for (let i = 0; i < 3; i++) for (const [, f] of steps) await f();
  const times: Record<string, number[]> = Object.fromEntries(steps.map(([k]) => [k, []]));
  for (let i = 0; i < N; i++) {
    for (const [k, f] of steps) {
      if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
      const t = performance.now();
      await f();
      times[k].push(performance.now() - t);
    }
  }
  const p = (k: string) => ({ p50: pct(times[k], 50), p95: pct(times[k], 95) });
  const [run, evalPy, compare, evalMath] = ['run', 'py', 'compare', 'math'].map(p);
  const holds = (x: number, target: number) => (x <= target ? 'oui' : '**non**');

  console.log(`\nPratique par l’API HTTP du serveur construit (PGlite, données de démonstration, runner embarqué ; étudiant de démonstration)`);
  console.log(`N=${N} par appel (après 3 tours d’échauffement), pause ${PAUSE_MS} ms, appels alternés ; limites relâchées pour ce seul serveur : PRACTICE_RATE_LIMIT=0 et RUNNER_RATE_LIMIT=0 (un seul étudiant envoie tout).`);
  console.log(`Charge au début : ${loadStart}\n`);
  console.log('| mesure | p50 | p95 | objectif p50 | tenu |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(`| evaluate-solution, Python, 3 tests (programme juste) | ${ms(evalPy.p50)} | ${ms(evalPy.p95)} | ≤ ${TARGET_PY} ms | ${holds(evalPy.p50, TARGET_PY)} |`);
  console.log(`| evaluate-solution, MATH (expression équivalente \`${MATH}\`) | ${ms(evalMath.p50)} | ${ms(evalMath.p95)} | ≤ ${TARGET_MATH} ms | ${holds(evalMath.p50, TARGET_MATH)} |`);
  console.log(`| pour comparaison : practices/run, même programme, 1 exécution | ${ms(run.p50)} | ${ms(run.p95)} | | |`);
  console.log(`| pour comparaison : practices/compare-math-expression, mêmes expressions | ${ms(compare.p50)} | ${ms(compare.p95)} | | |`);
  console.log(`\nRapports des p50 : Python 3 tests / 1 exécution libre = ${(evalPy.p50 / run.p50).toFixed(2)}× ; MATH évaluée / comparaison libre = ${(evalMath.p50 / compare.p50).toFixed(2)}×`);
} finally {
  await stop();
  console.log(`Charge à la fin : ${load()}`);
}
