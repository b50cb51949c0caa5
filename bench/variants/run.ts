// Publishing a parameterised exam (issue 20): the time of PUT exams/{id}/update-status/PUBLISHED for an exam of 5
// parameterised questions × 20 variants each (EXACT, QCM, MATH, and 2 programs with 4 cases whose expected outputs
// the reference solution computes: Python and R by default, PROGRAMS=python,python for two Python ones), through the
// HTTP API of the built server (PGlite, demo data, embedded runner). Each round writes 5 new questions (new versions:
// nothing to reuse) and a new exam; then the same exam is published again (back to draft first): its variants are
// reused, no sandbox run.
// Usage: npm run build && npx tsx bench/variants/run.ts   (ROUNDS=3, PROGRAMS=python,r)
import os from 'node:os';
import { login, startServer } from '../lib.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PROGRAMS = (process.env.PROGRAMS ?? 'python,r').split(',').map((l) => l.trim().toUpperCase()) as Array<'PYTHON' | 'R'>;
const load = () => `${os.loadavg()[0].toFixed(2)} (1 min) / ${os.loadavg()[1].toFixed(2)} (5 min) sur ${os.availableParallelism()} cœurs`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const SEEDED = 'import random\n\ndef generate(seed):\n    r = random.Random(seed)\n';
const questions = (tag: string) => [
  {
    type: 'EXACT',
    statement: `<p>${tag} Combien font {{a}} × {{b}} ?</p>`,
    generator: `${SEEDED}    a, b = r.randint(2, 30), r.randint(2, 30)\n    return {'a': a, 'b': b, 'p': a * b}\n`,
    possible_solutions: [{ content: '{{p}}' }],
  },
  {
    type: 'QCM',
    statement: `<p>${tag} Quelle est la moyenne de {{a}} et {{b}} ?</p>`,
    generator: `${SEEDED}    a = r.randint(1, 50) * 2\n    b = a + 2 * r.randint(1, 20)\n    m = (a + b) // 2\n    return {'a': a, 'b': b, 'm': m, 'faux1': m + 1, 'faux2': a + b}\n`,
    possible_solutions: [
      { content: '{{m}}', is_correct: 1 },
      { content: '{{faux1}}', is_correct: 0 },
      { content: '{{faux2}}', is_correct: 0 },
    ],
  },
  {
    type: 'MATH',
    statement: `<p>${tag} Dérivez {{a}} x^2 + {{b}} x.</p>`,
    generator: `${SEEDED}    a, b = r.randint(2, 9), r.randint(2, 9)\n    return {'a': a, 'b': b, 'deux_a': 2 * a}\n`,
    possible_solutions: [{ content: '{{deux_a}}*x + {{b}}' }],
  },
  ...PROGRAMS.map((language) => ({
    type: 'ALGORITHM',
    language,
    statement: `<p>${tag} Lisez deux entiers et affichez leur somme (${language}).</p>`,
    generator: `${SEEDED}    return {'x': r.randint(1, 1000), 'y': r.randint(1, 1000)}\n`,
    reference_solution: language === 'PYTHON' ? 'a, b = map(int, input().split())\nprint(a + b)\n' : 'v <- scan("stdin", quiet = TRUE)\ncat(sum(v), "\\n")\n',
    possible_solutions: [
      { stdin: '{{x}} {{y}}', expected_output: '', is_hidden: 0 },
      { stdin: '{{y}} {{x}}', expected_output: '', is_hidden: 1 },
      { stdin: '0 {{x}}', expected_output: '{{x}}', is_hidden: 1 },
      { stdin: '{{y}} 0', expected_output: '', is_hidden: 1 },
    ],
  })),
];

console.log(`Charge au début : ${load()}`);
const server = await startServer({ RUNNER_RATE_LIMIT: '0' });
process.once('SIGINT', () => void server.stop().then(() => process.exit(130)));
try {
  const token = await login(server.base, 'enseignant@univ.example', 'Enseignant123!');
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const r = await fetch(`${server.base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { message: string; data?: unknown };
    if (r.status !== 200) throw new Error(`${method} ${url} refusé (${r.status}) : ${json.message}`);
    return json.data as Record<string, unknown> & { id: number };
  };
  const years = (await call('GET', '/api/admin/academic-years?per_page=100')) as unknown as Array<{ id: number; is_current: number }>;
  const year = years.find((y) => y.is_current === 1) ?? years[0]!;
  const specs = (await call('GET', '/api/admin/specializations?per_page=100')) as unknown as Array<{ id: number }>;

  const first: number[] = [];
  const again: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const ids: number[] = [];
    for (const q of questions(`R${round}-${Date.now().toString(36)}`)) ids.push((await call('POST', '/api/admin/questions/create', q)).id);
    const exam = await call('POST', '/api/admin/exams/create', {
      title: `Banc variantes ${round}`,
      academic_year_id: year.id,
      specialization_ids: [specs[0]!.id],
      start_at: new Date(Date.now() + 86400_000).toISOString(),
      end_at: new Date(Date.now() + 2 * 86400_000).toISOString(),
      questions: ids.map((question_id) => ({ question_id, points: 1 })),
    });
    let t = performance.now();
    await call('PUT', `/api/admin/exams/${exam.id}/update-status/PUBLISHED`);
    first.push(performance.now() - t);
    await call('PUT', `/api/admin/exams/${exam.id}/update-status/DRAFT`);
    t = performance.now();
    await call('PUT', `/api/admin/exams/${exam.id}/update-status/PUBLISHED`);
    again.push(performance.now() - t);
    console.log(`tour ${round} : publication ${s(first.at(-1)!)}, republication (variantes réutilisées) ${s(again.at(-1)!)} — charge ${load()}`);
  }
  const runs = 3 + PROGRAMS.length; // one generator run per question
  console.log('');
  console.log(`Examen de 5 questions paramétrées × 20 variantes (EXACT, QCM, MATH, programmes ${PROGRAMS.join(' + ')} à 4 cas) :`);
  console.log(`  exécutions : ${runs} générateurs, ${20 * PROGRAMS.length * 4} cas de solutions de référence, 20 comparaisons d’expressions`);
  console.log(`  publication : médiane ${s(median(first))} (min ${s(Math.min(...first))}, max ${s(Math.max(...first))}) sur ${ROUNDS} tours`);
  console.log(`  republication : médiane ${s(median(again))}`);
  console.log(`Charge à la fin : ${load()}`);
} finally {
  await server.stop();
}
