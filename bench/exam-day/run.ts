// Exam day: N simulated students sign in, open one published exam of 10
// questions (2 Python programs with 2 test cases each, then QCM, EXACT and MATH) and answer it with think time,
// against the built server on a fresh PostgreSQL database with the embedded runner pool. Prints p50/p99 per kind of
// call, errors by status, runs/s, the rush by windows of 10 s, and whether the target holds: the calls of students
// already writing (after their start) keep p99 < 500 ms while the others sign in, every sign-in is served, no error.
// Usage: npm run build && npx tsx bench/exam-day/run.ts
//   N=100 THINK_MS=2000 RAMP_MS=(N × 100: logins spread over this time) DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
//   RUNNER_SLOTS=… (passed to the server)
//   CLUSTER=1 API_PROCESSES=2 RUNNER_WORKERS=2 REDIS_URL=redis://127.0.0.1:6379: against the local cluster instead
//   START_AT_MS=… START_SPREAD_MS=20000: the exam room: students sign in over RAMP_MS, then wait for the opening
//   (START_AT_MS after the first one) and all start within START_SPREAD_MS of it
// bench/exam-day/suite.ts runs the one-process rush and the cluster room, at both think times, in one run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/password';
import { startLocalCluster } from '../../apps/server/test/services';
import { fmt, freePort, freshPg, login, startServer } from '../lib.mjs';

const N = Number(process.env.N ?? 100);
const THINK_MS = Number(process.env.THINK_MS ?? 2000);
const RAMP_MS = Number(process.env.RAMP_MS ?? N * 100);
const START_AT_MS = process.env.START_AT_MS ? Number(process.env.START_AT_MS) : undefined;
const START_SPREAD_MS = Number(process.env.START_SPREAD_MS ?? 20_000);
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'Etudiant-Bench-2026!';
const EXAM_TITLE = 'Examen de charge (bench exam-day)';
const TARGET_P99_MS = 500;

const KINDS = ['login', 'list', 'start', 'questions', 'draft', 'solutions', 'solutions-program', 'finish'] as const;
type Kind = (typeof KINDS)[number];
/** The calls of students already writing (after their start): the rush must not slow them. */
const INSIDE: readonly Kind[] = ['questions', 'draft', 'solutions', 'solutions-program', 'finish'];
const latencies = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
/** Every call as it ended: when (ms since the first student) and how long it took. */
const timeline: Array<{ kind: Kind; end: number; ms: number }> = [];
let t0 = 0;
const errors = new Map<string, number>();
let programTests = 0;
let validAnswers = 0;
let keptForLater = 0;
const wrongByType = new Map<string, number>();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Think time: uniform between half and one and a half THINK_MS. */
const think = (scale = 1) => sleep(scale * THINK_MS * (0.5 + Math.random()));

/** One timed call; a non-2xx answer or a network failure is counted under its kind and status. */
async function call<T>(kind: Kind, base: string, method: string, url: string, token?: string, body?: unknown): Promise<T | undefined> {
  const t = performance.now();
  try {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const j = (await r.json()) as { data?: T; message?: string };
    latencies.get(kind)!.push(performance.now() - t);
    timeline.push({ kind, end: performance.now() - t0, ms: performance.now() - t });
    if (!r.ok) {
      const key = `${kind} ${r.status}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
      if ((errors.get(key) ?? 0) <= 3) console.error(`  ${key} : ${j.message ?? ''}`);
      return undefined;
    }
    return j.data;
  } catch (err) {
    latencies.get(kind)!.push(performance.now() - t);
    timeline.push({ kind, end: performance.now() - t0, ms: performance.now() - t });
    const key = `${kind} réseau`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
    if ((errors.get(key) ?? 0) <= 3) console.error(`  ${key} : ${(err as Error).message}`);
    return undefined;
  }
}

// ---- Seeding: the year and parcours of the demo student, 10 questions through the admin API, N students in SQL.

type Answer = { kind: 'program' | 'other'; answer: (q: StudentQuestion) => unknown };
type StudentQuestion = { id: number; type: string; statement: string; choices: Array<{ id: number; content: string }> };

const tag = (i: number) => `<p>[bench ${i}]</p>`;
const QUESTIONS: Array<{ body: Record<string, unknown>; answer: Answer }> = [
  {
    body: {
      type: 'ALGORITHM',
      statement: `${tag(0)}<p>Lisez un entier n et affichez la somme des entiers de 0 à n − 1.</p>`,
      language: 'PYTHON',
      points: 4,
      limits: { cpu_seconds: 2, memory_mb: 256 },
      starter_code: 'n = int(input())\n',
      reference_solution: 'n = int(input())\nprint(sum(range(n)))\n',
      possible_solutions: [
        { stdin: '10\n', expected_output: '45\n', is_hidden: 0, weight: 1 },
        { stdin: '1000\n', expected_output: '499500\n', is_hidden: 1, weight: 1 },
      ],
    },
    answer: { kind: 'program', answer: () => 'n = int(input())\nprint(sum(range(n)))\n' },
  },
  {
    body: {
      type: 'ALGORITHM',
      statement: `${tag(1)}<p>Lisez des nombres séparés par des espaces et affichez leur maximum.</p>`,
      language: 'PYTHON',
      points: 4,
      limits: { cpu_seconds: 2, memory_mb: 256 },
      starter_code: 'xs = list(map(int, input().split()))\n',
      reference_solution: 'xs = list(map(int, input().split()))\nprint(max(xs))\n',
      possible_solutions: [
        { stdin: '3 9 2\n', expected_output: '9\n', is_hidden: 0, weight: 1 },
        { stdin: '-5 -1 -7\n', expected_output: '-1\n', is_hidden: 1, weight: 1 },
      ],
    },
    answer: { kind: 'program', answer: () => 'xs = list(map(int, input().split()))\nprint(max(xs))\n' },
  },
  ...[0, 1, 2].map((i) => ({
    body: {
      type: 'QCM',
      statement: `${tag(2 + i)}<p>Combien font ${i + 2} × 3 ?</p>`,
      points: 1,
      possible_solutions: [
        { content: String((i + 2) * 3), is_correct: 1 },
        { content: String((i + 2) * 3 + 1), is_correct: 0 },
        { content: String((i + 2) * 3 - 1), is_correct: 0 },
      ],
    },
    answer: {
      kind: 'other' as const,
      answer: (q: StudentQuestion) => q.choices.filter((c) => c.content === String((i + 2) * 3)).map((c) => c.id),
    },
  })),
  ...[0, 1, 2].map((i) => ({
    body: { type: 'EXACT', statement: `${tag(5 + i)}<p>Écrivez le nombre ${10 + i}.</p>`, points: 1, possible_solutions: [{ content: String(10 + i) }] },
    answer: { kind: 'other' as const, answer: () => String(10 + i) },
  })),
  {
    body: { type: 'MATH', statement: `${tag(8)}<p>Dérivez x² + 3x.</p>`, points: 2, possible_solutions: [{ content: '2*x + 3' }] },
    answer: { kind: 'other', answer: () => '3 + 2*x' },
  },
  {
    body: { type: 'MATH', statement: `${tag(9)}<p>Simplifiez (x² − 1)/(x − 1).</p>`, points: 2, possible_solutions: [{ content: 'x + 1' }] },
    answer: { kind: 'other', answer: () => '1 + x' },
  },
];


async function adminCall<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const r = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = (await r.json()) as { data: T; message?: string };
  if (!r.ok) throw new Error(`${method} ${url} : ${r.status} ${j.message ?? ''} ${JSON.stringify(j).slice(0, 500)}`);
  return j.data;
}

async function seed(base: string, dbUrl: string): Promise<{ examId: number; emails: string[] }> {
  const admin = await login(base, 'admin@univ.example', 'Admin123!');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // The demo student's year and parcours (DEMO=1 seeds them, current and inside the access window).
    const scope = await db.query<{ academic_year_id: number; specialization_id: number }>(
      `select e.academic_year_id, e.specialization_id from student_enrolments e join users u on u.id = e.user_id
       join academic_years y on y.id = e.academic_year_id where u.email = 'etudiant@univ.example' and y.is_current = 1 limit 1`,
    );
    const { academic_year_id: yearId, specialization_id: specId } = scope.rows[0];
    const ids: number[] = [];
    for (const q of QUESTIONS) ids.push((await adminCall<{ id: number }>(base, admin, 'POST', '/api/admin/questions/create', q.body)).id);
    const now = Date.now();
    const exam = await adminCall<{ id: number }>(base, admin, 'POST', '/api/admin/exams/create', {
      title: EXAM_TITLE,
      description: 'Mesure de charge.',
      academic_year_id: yearId,
      specialization_ids: [specId],
      start_at: new Date(now - 60_000).toISOString(),
      end_at: new Date(now + 6 * 3600_000).toISOString(),
      duration_minutes: 120,
      show_solutions_after_close: 0,
      questions: ids.map((id, i) => ({ question_id: id, points: QUESTIONS[i].body.points })),
    });
    await adminCall(base, admin, 'PUT', `/api/admin/exams/${exam.id}/update-status/PUBLISHED`);
    // One scrypt hash (the server's own function and parameters) shared by every bench student.
    const hash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: N }, (_, i) => `bench.etudiant${i}@univ.example`);
    await db.query('begin');
    const users = await db.query<{ id: number }>(
      `insert into users (last_name, first_name, email, password_hash, role, student_number)
       select 'Charge', 'Étudiant ' || i, 'bench.etudiant' || i || '@univ.example', $1, 'STUDENT', 'B' || lpad(i::text, 7, '0')
       from generate_series(0, $2::int - 1) i returning id`,
      [hash, N],
    );
    await db.query(
      `insert into student_enrolments (user_id, academic_year_id, specialization_id) select unnest($1::int[]), $2, $3`,
      [users.rows.map((u) => u.id), yearId, specId],
    );
    await db.query('commit');
    return { examId: exam.id, emails };
  } finally {
    await db.end();
  }
}

// ---- One simulated student.

async function student(base: string, examId: number, email: string, done: { finished: number }) {
  await sleep(Math.random() * RAMP_MS);
  const auth = await call<{ token: string }>('login', base, 'POST', '/api/users/login', undefined, { email, password: PASSWORD });
  if (!auth) return;
  const token = auth.token;
  const list = await call<Array<{ id: number }>>('list', base, 'GET', '/api/student/exams', token);
  if (!list?.some((e) => e.id === examId)) return;
  // The room: everyone signed in waits for the opening, then starts within START_SPREAD_MS of it.
  if (START_AT_MS !== undefined) await sleep(Math.max(0, t0 + START_AT_MS + Math.random() * START_SPREAD_MS - performance.now()));
  else await think(0.5);
  if (!(await call('start', base, 'POST', `/api/student/exams/${examId}/start`, token))) return;
  const qs = await call<{ questions: StudentQuestion[] }>('questions', base, 'GET', `/api/student/exams/${examId}/questions`, token);
  if (!qs) return;
  for (const q of qs.questions) {
    const spec = QUESTIONS.find((_, i) => q.statement.startsWith(tag(i)));
    if (!spec) throw new Error(`Question inconnue ${q.id}`);
    const answer = spec.answer.answer(q);
    await think();
    await call('draft', base, 'PUT', `/api/student/exams/${examId}/draft`, token, { question_id: q.id, answer });
    await think(0.5);
    const kind: Kind = spec.answer.kind === 'program' ? 'solutions-program' : 'solutions';
    const res = await call<Array<{ is_valid: boolean; details?: { pending?: boolean } }>>(kind, base, 'POST', `/api/student/exams/${examId}/solutions`, token, {
      answers: [{ question_id: q.id, answer, submission_id: randomUUID() }],
    });
    // Kept while the runner was saturated (« en cours de correction »): graded later, checked in the database below.
    if (res?.[0]?.details?.pending) keptForLater++;
    else if (res?.[0]?.is_valid) validAnswers++;
    else if (res) wrongByType.set(q.type, (wrongByType.get(q.type) ?? 0) + 1);
    if (res && kind === 'solutions-program') programTests += 2;
  }
  await think(0.5);
  if (await call('finish', base, 'POST', `/api/student/exams/${examId}/finish`, token)) done.finished++;
}

// ---- Main: set up, run, report, check the database, clean up (also on Ctrl+C).

let cleanup: (() => Promise<void>) | undefined;
let cleaning: Promise<void> | undefined;
const runCleanup = () => (cleaning ??= (cleanup ?? (async () => undefined))());
process.on('SIGINT', () => {
  console.error('\nInterrompu : arrêt du serveur et suppression de la base…');
  void runCleanup().finally(() => process.exit(130));
});

/**
 * CLUSTER=1: the local cluster (`npm run cluster`: nginx, API_PROCESSES API processes, RUNNER_WORKERS runner
 * workers) on the fresh database and REDIS_URL (a key prefix and a queue of its own), instead of one server.
 */
async function startCluster(dbUrl: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const tag = `exam-bench-${Date.now()}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-cluster-'));
  const cluster = await startLocalCluster({
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `${tag}:`,
    RUNNER_QUEUE: tag,
    PORT: String(await freePort()),
    API_PROCESSES: process.env.API_PROCESSES ?? '2',
    RUNNER_WORKERS: process.env.RUNNER_WORKERS ?? '2',
    DATA_DIR: dataDir,
    CLUSTER_STATE: path.join(dataDir, 'cluster.json'),
    DEMO: '1',
    LOG_LEVEL: 'warn',
  });
  return {
    base: cluster.url,
    stop: async () => {
      await cluster.stop();
      // The cluster's own output (its processes' logs): CLUSTER_LOG=file.
      if (process.env.CLUSTER_LOG) fs.writeFileSync(process.env.CLUSTER_LOG, cluster.output());
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const load0 = os.loadavg();
  const db = await freshPg(PG_BASE, 'examday');
  if (!db) throw new Error(`PostgreSQL ne répond pas sur ${PG_BASE}`);
  const started: { server?: { stop: () => Promise<unknown> } } = {};
  cleanup = async () => {
    await started.server?.stop().catch(() => undefined);
    await db.drop().catch((e: Error) => console.error(`Suppression de la base impossible : ${e.message}`));
  };
  const env: Record<string, string> = { DATABASE_URL: db.url, RUNNER_MODE: 'embedded', DEMO: '1' };
  if (process.env.RUNNER_SLOTS) env.RUNNER_SLOTS = process.env.RUNNER_SLOTS;
  const cluster = process.env.CLUSTER === '1';
  const server = cluster ? await startCluster(db.url) : await startServer(env);
  started.server = server;
  const { examId, emails } = await seed(server.base, db.url);
  console.log(
    `Machine : ${os.availableParallelism()} cœurs, charge ${load0.map((l) => l.toFixed(2)).join(' ')} ; PostgreSQL, ` +
      (cluster
        ? `grappe locale (nginx, ${process.env.API_PROCESSES ?? '2'} processus API, ${process.env.RUNNER_WORKERS ?? '2'} processus d’exécution, Redis)`
        : 'exécuteur embarqué') +
      (env.RUNNER_SLOTS ? ` (RUNNER_SLOTS=${env.RUNNER_SLOTS})` : '') +
      ` ; ${N} étudiants, réflexion ${THINK_MS} ms (± 50 %), connexions étalées sur ${fmt(RAMP_MS / 1000)} s` +
      (START_AT_MS !== undefined ? `, ouverture à ${fmt(START_AT_MS / 1000)} s (démarrages étalés sur ${fmt(START_SPREAD_MS / 1000)} s)` : ''),
  );
  const done = { finished: 0 };
  t0 = performance.now();
  await Promise.all(emails.map((e) => student(server.base, examId, e, done)));
  const secs = (performance.now() - t0) / 1000;
  const load1 = os.loadavg();

  console.log('| appel | nombre | p50 (ms) | p99 (ms) | max (ms) |');
  console.log('| --- | --- | --- | --- | --- |');
  let worst = 0;
  for (const k of KINDS) {
    const xs = latencies.get(k)!;
    worst = Math.max(worst, pct(xs, 99) || 0);
    console.log(`| ${k} | ${xs.length} | ${fmt(pct(xs, 50), 0)} | ${fmt(pct(xs, 99), 0)} | ${fmt(Math.max(...xs), 0)} |`);
  }
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`Erreurs : ${errorCount ? [...errors].map(([k, v]) => `${k} × ${v}`).join(', ') : 'aucune'}`);
  const programs = latencies.get('solutions-program')!.length;
  console.log(
    `Durée ${fmt(secs)} s ; programmes soumis ${fmt(programs / secs, 2)}/s (${fmt(programTests / secs, 2)} cas de test/s) ; ` +
      `réponses justes ${validAnswers}/${10 * N}${wrongByType.size ? ` (fausses : ${[...wrongByType].map(([t, n]) => `${t} ${n}`).join(', ')})` : ''} ; examens terminés ${done.finished}/${N} ; charge à la fin ${load1.map((l) => l.toFixed(2)).join(' ')}`,
  );

  // What the database holds: every student finished, 10 submissions each. Answers kept for later are awaited first
  // (at most 10 minutes): how long the last one took after the load ended is the drain.
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const waitingSql = `select count(*) as n from exam_submissions s join exam_attempts a on a.id = s.attempt_id where a.exam_id = $1 and s.grade_at is not null`;
  const drainFrom = Date.now();
  let stillWaiting = Number((await c.query<{ n: string }>(waitingSql, [examId])).rows[0].n);
  while (stillWaiting > 0 && Date.now() - drainFrom < 600_000) {
    await new Promise((r) => setTimeout(r, 1000));
    stillWaiting = Number((await c.query<{ n: string }>(waitingSql, [examId])).rows[0].n);
  }
  const drainSeconds = (Date.now() - drainFrom) / 1000;
  const later = await c.query<{ n: string; valid: string }>(
    `select count(*) as n, count(*) filter (where s.is_valid = 1) as valid from exam_submissions s join exam_attempts a on a.id = s.attempt_id where a.exam_id = $1 and s.graded_later_at is not null`,
    [examId],
  );
  console.log(
    `Gardées pour plus tard (« en cours de correction ») : ${keptForLater} ; corrigées plus tard en base : ${later.rows[0].n} (${later.rows[0].valid} justes), ` +
      `encore en attente : ${stillWaiting}, dernière corrigée ${fmt(drainSeconds)} s après la fin de la charge`,
  );
  const counts = await c.query<{ finished: string; submissions: string; valid: string }>(
    `select (select count(*) from exam_attempts where exam_id = $1 and finished_at is not null) as finished,
            (select count(*) from exam_submissions s join exam_attempts a on a.id = s.attempt_id where a.exam_id = $1) as submissions,
            (select count(*) from exam_submissions s join exam_attempts a on a.id = s.attempt_id where a.exam_id = $1 and s.is_valid = 1) as valid`,
    [examId],
  );
  await c.end();
  const { finished, submissions, valid } = counts.rows[0];
  const dbOk = Number(finished) === N && Number(submissions) === 10 * N && stillWaiting === 0;
  console.log(`Base : ${finished}/${N} tentatives terminées, ${submissions}/${10 * N} soumissions (${valid} justes) : ${dbOk ? 'conforme' : 'NON CONFORME'}`);

  // The rush second by second: sign-ins served, and how the students already writing are answered meanwhile.
  const WINDOW_MS = 10_000;
  console.log(`\n| secondes | connexions servies | appels des étudiants entrés | p50 (ms) | p99 (ms) |`);
  console.log('| --- | --- | --- | --- | --- |');
  for (let from = 0; from < secs * 1000; from += WINDOW_MS) {
    const w = timeline.filter((c) => c.end >= from && c.end < from + WINDOW_MS);
    const inside = w.filter((c) => INSIDE.includes(c.kind)).map((c) => c.ms);
    console.log(`| ${from / 1000}–${(from + WINDOW_MS) / 1000} | ${w.filter((c) => c.kind === 'login').length} | ${inside.length} | ${fmt(pct(inside, 50), 0)} | ${fmt(pct(inside, 99), 0)} |`);
  }
  const insideAll = timeline.filter((c) => INSIDE.includes(c.kind)).map((c) => c.ms);
  const insideP99 = pct(insideAll, 99);
  const logins = latencies.get('login')!.length;
  const holds = insideP99 < TARGET_P99_MS && errorCount === 0 && dbOk && logins === N;
  console.log(
    `\nObjectif de la ruée (étudiants entrés : p99 < ${TARGET_P99_MS} ms sur ${INSIDE.join(', ')} ; ${N} connexions servies ; aucune erreur ; base conforme) : ` +
      `${holds ? 'TENU' : 'NON TENU'} (p99 des étudiants entrés ${fmt(insideP99, 0)} ms, pire p99 par type ${fmt(worst, 0)} ms, ${logins}/${N} connexions, ${errorCount} erreurs)`,
  );
  // One line for bench/exam-day/suite.ts.
  const p = (k: Kind, q: number) => Math.round(pct(latencies.get(k)!, q));
  console.log(
    `RÉSUMÉ ${JSON.stringify({
      insideP99: Math.round(insideP99),
      errors: errorCount,
      errorsByKind: Object.fromEntries(errors),
      programP50: p('solutions-program', 50),
      programP99: p('solutions-program', 99),
      loginP99: p('login', 99),
      programsPerSecond: Number((programs / secs).toFixed(2)),
      finished: Number(finished),
      submissions: Number(submissions),
      dbOk,
      keptForLater,
      gradedLater: Number(later.rows[0].n),
      drainSeconds: Number(drainSeconds.toFixed(1)),
      load: [load0[0], load1[0]].map((l) => Number(l.toFixed(2))),
    })}`,
  );
  return holds;
}

main()
  .then(async (holds) => {
    await runCleanup();
    process.exit(holds ? 0 : 2);
  })
  .catch(async (err) => {
    console.error(err);
    await runCleanup();
    process.exit(1);
  });
