// Simulated students for the fault tests (and their measurements): an exam of three questions (a Python program
// with two test cases, a QCM, an EXACT) seeded through the admin API, students inserted in SQL, and students that
// answer in a loop the way the exam page does: each answer carries a submission id chosen once, and an answer that
// got no 200 (an error, a lost connection) is sent again with the same id until it is accepted.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../src/lib/password';

export const STUDENT_PASSWORD = 'Etudiant-Panne-2026!';

type StudentQuestion = { id: number; type: string; statement: string; choices: Array<{ id: number; content: string }> };

/** The program sleeps a little so that runs are in flight when a fault strikes. */
const PROGRAM = 'import time\nn = int(input())\ntime.sleep(0.3)\nprint(sum(range(n)))\n';

const QUESTIONS = [
  {
    type: 'ALGORITHM',
    statement: '<p>[panne 0] Lisez n et affichez la somme des entiers de 0 à n − 1.</p>',
    language: 'PYTHON',
    points: 4,
    limits: { cpu_seconds: 2, memory_mb: 256 },
    reference_solution: PROGRAM,
    possible_solutions: [
      { stdin: '10\n', expected_output: '45\n', is_hidden: 0, weight: 1 },
      { stdin: '1000\n', expected_output: '499500\n', is_hidden: 1, weight: 1 },
    ],
  },
  {
    type: 'QCM',
    statement: '<p>[panne 1] Combien font 2 × 3 ?</p>',
    points: 1,
    possible_solutions: [
      { content: '6', is_correct: 1 },
      { content: '5', is_correct: 0 },
    ],
  },
  { type: 'EXACT', statement: '<p>[panne 2] Écrivez le nombre 12.</p>', points: 1, possible_solutions: [{ content: '12' }] },
];

function answerFor(q: StudentQuestion): unknown {
  if (q.statement.includes('[panne 0]')) return PROGRAM;
  if (q.statement.includes('[panne 1]')) return q.choices.filter((c) => c.content === '6').map((c) => c.id);
  return '12';
}

export interface CallResult<T> {
  status: number; // 0: no answer (connection refused, reset, timed out)
  ms: number;
  data?: T;
  message?: string;
}

export async function call<T>(base: string, method: string, url: string, token?: string, body?: unknown, timeoutMs = 60_000): Promise<CallResult<T>> {
  const t = performance.now();
  try {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await r.text();
    let j: { data?: T; message?: string } = {};
    try {
      j = JSON.parse(text);
    } catch {
      j = { message: text.slice(0, 200) };
    }
    return { status: r.status, ms: performance.now() - t, data: j.data, message: j.message };
  } catch (err) {
    return { status: 0, ms: performance.now() - t, message: (err as Error).message };
  }
}

async function admin<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const r = await call<T>(base, method, url, token, body);
  if (r.status !== 200) throw new Error(`${method} ${url} : ${r.status} ${r.message ?? ''}`);
  return r.data as T;
}

/** Creates the exam (published, open now) for the demo student's year and parcours, and `n` students in it. */
export async function seedExam(base: string, dbUrl: string, n: number, adminEmail = 'admin@univ.example', adminPassword = 'Admin123!') {
  const login = await call<{ token: string }>(base, 'POST', '/api/users/login', undefined, { email: adminEmail, password: adminPassword });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.message}`);
  const token = login.data!.token;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const scope = await db.query<{ academic_year_id: number; specialization_id: number }>(
      `select e.academic_year_id, e.specialization_id from student_enrolments e join users u on u.id = e.user_id
       join academic_years y on y.id = e.academic_year_id where u.email = 'etudiant@univ.example' and y.is_current = 1 limit 1`,
    );
    if (!scope.rows[0]) throw new Error('demo data missing (DEMO=1)');
    const { academic_year_id: yearId, specialization_id: specId } = scope.rows[0];
    const ids: number[] = [];
    for (const q of QUESTIONS) ids.push((await admin<{ id: number }>(base, token, 'POST', '/api/admin/questions/create', q)).id);
    const now = Date.now();
    const exam = await admin<{ id: number }>(base, token, 'POST', '/api/admin/exams/create', {
      title: `Examen sous pannes ${now}`,
      description: 'Pannes simulées.',
      academic_year_id: yearId,
      specialization_ids: [specId],
      start_at: new Date(now - 60_000).toISOString(),
      end_at: new Date(now + 6 * 3600_000).toISOString(),
      duration_minutes: 240,
      show_solutions_after_close: 0,
      questions: ids.map((id, i) => ({ question_id: id, points: QUESTIONS[i].points })),
    });
    await admin(base, token, 'PUT', `/api/admin/exams/${exam.id}/update-status/PUBLISHED`);
    const hash = await hashPassword(STUDENT_PASSWORD);
    const tag = String(now).slice(-8);
    const users = await db.query<{ email: string }>(
      `insert into users (last_name, first_name, email, password_hash, role, student_number)
       select 'Panne', 'Étudiant ' || i, 'panne' || $3 || '.' || i || '@univ.example', $1, 'STUDENT', 'P' || $3 || lpad(i::text, 5, '0')
       from generate_series(0, $2::int - 1) i returning email`,
      [hash, n, tag],
    );
    await db.query(
      `insert into student_enrolments (user_id, academic_year_id, specialization_id)
       select id, $2, $3 from users where email = any($1::text[])`,
      [users.rows.map((u) => u.email), yearId, specId],
    );
    return { examId: exam.id, emails: users.rows.map((u) => u.email) };
  } finally {
    await db.end();
  }
}

/** What every simulated student saw, shared by all of them. */
export class LoadRecord {
  /** Submission ids answered 200. */
  readonly acknowledged = new Set<string>();
  /** Non-200 answers by status ('0': no answer) and the time each came. */
  readonly errors: Array<{ status: number; at: number; kind: string; message?: string }> = [];
  /** Latency of each accepted answer, with the time it came back. */
  readonly accepted: Array<{ at: number; ms: number; program: boolean }> = [];
  /** Sent, then given up when the run stopped (still waiting for a 200). */
  pending = 0;

  errorsBetween(from: number, to: number) {
    const byStatus = new Map<number, number>();
    for (const e of this.errors) if (e.at >= from && e.at < to) byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + 1);
    return byStatus;
  }

  /** Milliseconds from `from` until answers are accepted again with no error after (the service recovered). */
  recoveredAfter(from: number): number | undefined {
    const lastError = Math.max(from, ...this.errors.filter((e) => e.at >= from).map((e) => e.at));
    const next = this.accepted.find((a) => a.at > lastError);
    return next ? next.at - from : undefined;
  }
}

/** One simulated student: signs in, starts, loads the questions, then answers in a loop until `stop.now`. */
export async function simulateStudent(base: string, examId: number, email: string, rec: LoadRecord, stop: { now: boolean }, thinkMs = 400) {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const retry = async <T>(kind: string, f: () => Promise<CallResult<T>>): Promise<T | undefined> => {
    for (;;) {
      const r = await f();
      if (r.status === 200) return r.data;
      rec.errors.push({ status: r.status, at: Date.now(), kind, message: r.message });
      if (stop.now) return undefined;
      await sleep(300);
    }
  };
  const auth = await retry('login', () => call<{ token: string }>(base, 'POST', '/api/users/login', undefined, { email, password: STUDENT_PASSWORD }));
  if (!auth) return;
  if (!(await retry('start', () => call(base, 'POST', `/api/student/exams/${examId}/start`, auth.token)))) return;
  const qs = await retry('questions', () => call<{ questions: StudentQuestion[] }>(base, 'GET', `/api/student/exams/${examId}/questions`, auth.token));
  if (!qs) return;
  for (let i = Math.floor(Math.random() * 3); !stop.now; i++) {
    const q = qs.questions[i % qs.questions.length];
    const program = q.type === 'ALGORITHM';
    // One id per answer, kept across its retries, as the exam page does.
    const submission_id = randomUUID();
    const body = { answers: [{ question_id: q.id, answer: answerFor(q), submission_id }] };
    for (;;) {
      const r = await call<unknown>(base, 'POST', `/api/student/exams/${examId}/solutions`, auth.token, body);
      if (r.status === 200) {
        rec.acknowledged.add(submission_id);
        rec.accepted.push({ at: Date.now(), ms: r.ms, program });
        break;
      }
      rec.errors.push({ status: r.status, at: Date.now(), kind: program ? 'solutions-program' : 'solutions', message: r.message });
      if (stop.now) {
        rec.pending++;
        break;
      }
      await sleep(300);
    }
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}

/** Submission ids of the exam in the database, and how many times each appears. */
export async function submissionsInDb(dbUrl: string, examId: number): Promise<Map<string, number>> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const r = await c.query<{ submission_id: string; n: string }>(
      `select s.submission_id, count(*) as n from exam_submissions s join exam_attempts a on a.id = s.attempt_id
       where a.exam_id = $1 group by s.submission_id`,
      [examId],
    );
    return new Map(r.rows.map((x) => [x.submission_id, Number(x.n)]));
  } finally {
    await c.end();
  }
}
