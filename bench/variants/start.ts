// The synchronised start of a parameterised exam (issue 20): N students (500 by default) press « Commencer »
// within RAMP_MS (20 s) on one API process with PostgreSQL. The exam (5 parameterised questions × 20 variants, in
// two sections: 3 given to all in a shuffled order, 1 drawn out of 2) is published first by a server with the
// runner; the starts then go to a server of the same database **without any runner** (RUNNER_MODE=off): a start
// that needed the sandbox would fail, so N answers 200 prove that starting runs nothing. Prints p50 / p95 / p99 of
// start and of the first questions load, errors, and checks in the database that every attempt has its draw and a
// variant per question.
// Usage: npm run build && npx tsx bench/variants/start.ts   (N=500 RAMP_MS=20000 DATABASE_URL=postgres://…/test)
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { freshPg, login, startServer } from '../lib.mjs';

const N = Number(process.env.N ?? 500);
const RAMP_MS = Number(process.env.RAMP_MS ?? 20_000);
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_P99_MS = 300;
const load = () => `${os.loadavg()[0].toFixed(2)} (1 min) sur ${os.availableParallelism()} cœurs`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const SEEDED = 'import random\n\ndef generate(seed):\n    r = random.Random(seed)\n';
const QUESTIONS = [
  { type: 'EXACT', statement: '<p>Combien font {{a}} × {{b}} ?</p>', generator: `${SEEDED}    a, b = r.randint(2, 30), r.randint(2, 30)\n    return {'a': a, 'b': b, 'p': a * b}\n`, possible_solutions: [{ content: '{{p}}' }] },
  {
    type: 'QCM',
    statement: '<p>Quelle est la moyenne de {{a}} et {{b}} ?</p>',
    generator: `${SEEDED}    a = r.randint(1, 50) * 2\n    b = a + 2 * r.randint(1, 20)\n    m = (a + b) // 2\n    return {'a': a, 'b': b, 'm': m, 'f1': m + 1, 'f2': a + b}\n`,
    possible_solutions: [
      { content: '{{m}}', is_correct: 1 },
      { content: '{{f1}}', is_correct: 0 },
      { content: '{{f2}}', is_correct: 0 },
    ],
  },
  { type: 'MATH', statement: '<p>Dérivez {{a}} x^2 + {{b}} x.</p>', generator: `${SEEDED}    a, b = r.randint(2, 9), r.randint(2, 9)\n    return {'a': a, 'b': b, 'd': 2 * a}\n`, possible_solutions: [{ content: '{{d}}*x + {{b}}' }] },
  ...[0, 1].map((i) => ({
    type: 'ALGORITHM',
    language: 'PYTHON',
    statement: `<p>Lisez deux entiers et affichez leur ${i === 0 ? 'somme' : 'différence'}.</p>`,
    generator: `${SEEDED}    return {'x': r.randint(1, 1000), 'y': r.randint(1, 1000)}\n`,
    reference_solution: `a, b = map(int, input().split())\nprint(a ${i === 0 ? '+' : '-'} b)\n`,
    possible_solutions: [
      { stdin: '{{x}} {{y}}', expected_output: '', is_hidden: 0 },
      { stdin: '{{y}} {{x}}', expected_output: '', is_hidden: 1 },
      { stdin: '0 {{x}}', expected_output: '', is_hidden: 1 },
      { stdin: '{{y}} 0', expected_output: '', is_hidden: 1 },
    ],
  })),
];

async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const r = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const j = (await r.json()) as { data: T; message?: string };
  if (!r.ok) throw new Error(`${method} ${url} : ${r.status} ${j.message ?? ''}`);
  return j.data;
}

async function main() {
  console.log(`Charge au début : ${load()}`);
  const db = await freshPg(PG_BASE, 'start');
  if (!db) throw new Error(`PostgreSQL ne répond pas sur ${PG_BASE}`);
  const client = new pg.Client({ connectionString: db.url });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // 1. Publish with a runner: the variants are made here.
    server = await startServer({ DATABASE_URL: db.url, RUNNER_RATE_LIMIT: '0' });
    const teacher = await login(server.base, 'enseignant@univ.example', 'Enseignant123!');
    const ids: number[] = [];
    for (const q of QUESTIONS) ids.push((await api<{ id: number }>(server.base, teacher, 'POST', '/api/admin/questions/create', { points: 2, ...q })).id);
    await client.connect();
    const scope = await client.query<{ academic_year_id: number; specialization_id: number }>(
      `select e.academic_year_id, e.specialization_id from student_enrolments e join users u on u.id = e.user_id where u.email = 'etudiant@univ.example' limit 1`,
    );
    const { academic_year_id: yearId, specialization_id: specId } = scope.rows[0]!;
    const exam = await api<{ id: number }>(server.base, teacher, 'POST', '/api/admin/exams/create', {
      title: 'Démarrage simultané (bench)',
      academic_year_id: yearId,
      specialization_ids: [specId],
      start_at: new Date(Date.now() - 60_000).toISOString(),
      end_at: new Date(Date.now() + 3 * 3600_000).toISOString(),
      duration_minutes: 60,
      sections: [
        { title: 'Calcul', pick: null, shuffle: 1 },
        { title: 'Programme', pick: 1, shuffle: 0 },
      ],
      questions: ids.map((id, i) => ({ question_id: id, points: 2, section: i < 3 ? 1 : 2 })),
    });
    const t0 = performance.now();
    await api(server.base, teacher, 'PUT', `/api/admin/exams/${exam.id}/update-status/PUBLISHED`);
    console.log(`Publication (5 questions × 20 variantes, 2 programmes à 4 cas) : ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await server.stop();
    server = undefined;

    // 2. N students with a session each (written directly: the sign-in rush is measured by bench/exam-day).
    const tokens = Array.from({ length: N }, () => randomBytes(24).toString('hex'));
    await client.query('begin');
    const users = await client.query<{ id: number }>(
      `insert into users (last_name, first_name, email, password_hash, role, student_number)
       select 'Départ', 'Étudiant ' || i, 'bench.depart' || i || '@univ.example', 'x', 'STUDENT', 'D' || lpad(i::text, 7, '0')
       from generate_series(0, $1::int - 1) i returning id`,
      [N],
    );
    await client.query(`insert into student_enrolments (user_id, academic_year_id, specialization_id) select unnest($1::int[]), $2, $3`, [users.rows.map((u) => u.id), yearId, specId]);
    await client.query(`insert into tokens (user_id, token_hash, expires_at) select unnest($1::int[]), unnest($2::text[]), now() + interval '1 day'`, [
      users.rows.map((u) => u.id),
      tokens.map((t) => createHash('sha256').update(t).digest('hex')),
    ]);
    await client.query('commit');

    // 3. The rush, on a server of the same database with no runner at all.
    server = await startServer({ DATABASE_URL: db.url, RUNNER_MODE: 'off', DEMO: '0' });
    const base = server.base;
    const starts: number[] = [];
    const loads: number[] = [];
    const errors = new Map<string, number>();
    const fail = (k: string) => errors.set(k, (errors.get(k) ?? 0) + 1);
    console.log(`Charge avant la ruée : ${load()} ; ${N} démarrages étalés sur ${RAMP_MS / 1000} s`);
    await Promise.all(
      tokens.map(async (token) => {
        await new Promise((r) => setTimeout(r, Math.random() * RAMP_MS));
        let t = performance.now();
        const s = await fetch(`${base}/api/student/exams/${exam.id}/start`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        starts.push(performance.now() - t);
        if (!s.ok) return fail(`start ${s.status}`);
        t = performance.now();
        const q = await fetch(`${base}/api/student/exams/${exam.id}/questions`, { headers: { authorization: `Bearer ${token}` } });
        loads.push(performance.now() - t);
        if (!q.ok) fail(`questions ${q.status}`);
        else if (((await q.json()) as { data: { questions: unknown[] } }).data.questions.length !== 4) fail('questions : pas 4 questions');
      }),
    );
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log(`start      : p50 ${ms(pct(starts, 50))}, p95 ${ms(pct(starts, 95))}, p99 ${ms(pct(starts, 99))}, max ${ms(Math.max(...starts))}`);
    console.log(`questions  : p50 ${ms(pct(loads, 50))}, p95 ${ms(pct(loads, 95))}, p99 ${ms(pct(loads, 99))}`);
    console.log(`erreurs    : ${errors.size ? [...errors].map(([k, n]) => `${k} × ${n}`).join(', ') : 'aucune'}`);
    const check = await client.query<{ attempts: number; drawn: number; pinned: number; seeds: number }>(
      `select count(distinct a.id)::int as attempts, count(d.*)::int as drawn,
              count(d.*) filter (where d.variant_seed is not null and d.question_version_id is not null)::int as pinned,
              count(distinct (d.question_id, d.variant_seed))::int as seeds
       from exam_attempts a left join exam_attempt_questions d on d.attempt_id = a.id where a.exam_id = $1`,
      [exam.id],
    );
    const c = check.rows[0]!;
    console.log(`en base    : ${c.attempts} tentatives, ${c.drawn} questions tirées (${c.pinned} avec version et variante), ${c.seeds} variantes distinctes servies`);
    const ok = errors.size === 0 && c.attempts === N && c.drawn === 4 * N && c.pinned === 4 * N && pct(starts, 99) < TARGET_P99_MS;
    console.log(`Objectif (aucune exécution au démarrage : serveur sans exécuteur ; p99 du démarrage < ${TARGET_P99_MS} ms ; aucune erreur) : ${ok ? 'tenu' : 'MANQUÉ'}`);
    console.log(`Charge à la fin : ${load()}`);
  } finally {
    await server?.stop().catch(() => undefined);
    await client.end().catch(() => undefined);
    await db.drop().catch(() => undefined);
  }
}

await main();
