// An exam answer kept for later survives the API process (features/exam-taking/grade-later.ts): a real server process
// on a PostgreSQL of the test's own, whose runner cannot answer (RUNNER_MODE=off: the answer meets no runner at all,
// as under saturation it meets none in time), keeps a student's program pending; the process is killed (SIGKILL, its
// loop may be mid-try); a new process with a runner starts on the same database and grades the answer by itself, with
// the verdict the program deserves. The saturated runner itself is tested in grade-later.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password';
import { call } from './exam-load';
import { freePort, postgresMissing, startOwnPostgres, type OwnPostgres } from './services';

if (postgresMissing) console.warn(`Test de redémarrage ignoré : ${postgresMissing}.`);

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Etudiant-Redemarrage-2026!';
const RIGHT = 'n = int(input())\nprint(n * 2)\n';

interface Server {
  proc: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** The server from its sources, as `npm run dev` would run it, until it says it is ready. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  proc.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('Plateforme prête')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { proc, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

describe.runIf(!postgresMissing)('an answer kept for later, across a restart of the API process', () => {
  let own: OwnPostgres;
  let dataDir = '';
  let server: Server | undefined;
  let db: pg.Client;

  beforeAll(async () => {
    own = await startOwnPostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-grade-later-'));
    db = new pg.Client({ connectionString: own.url });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await db?.end();
    own?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is graded by the next process with its right verdict', async () => {
    const env = { DATABASE_URL: own.url, DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: 'admin@univ.example', ADMIN_PASSWORD: 'Admin123!' };
    server = await startServer({ ...env, RUNNER_MODE: 'off' });

    // A program question, an exam open now for the demo student's year and specialization, and a student.
    const scope = (
      await db.query<{ academic_year_id: number; specialization_id: number }>(
        `select e.academic_year_id, e.specialization_id from student_enrolments e join users u on u.id = e.user_id
         join academic_years y on y.id = e.academic_year_id where u.email = 'etudiant@univ.example' and y.is_current = 1 limit 1`,
      )
    ).rows[0]!;
    const q = (await db.query<{ id: number }>(`insert into questions (type, statement, points, language) values ('ALGORITHM', '<p>Doubler</p>', 1, 'PYTHON') returning id`)).rows[0]!.id;
    await db.query(
      `insert into possible_solutions (question_id, position, stdin, expected_output, is_hidden) values ($1, 0, '3\n', '6\n', 0), ($1, 1, '21\n', '42\n', 1)`,
      [q],
    );
    const exam = (
      await db.query<{ id: number }>(
        `insert into exams (title, academic_year_id, start_at, end_at, duration_minutes, status, show_solutions_after_close, wrong_try_penalty)
         values ('Redémarrage', $1, now() - interval '1 minute', now() + interval '3 hours', 60, 'PUBLISHED', 0, 0) returning id`,
        [scope.academic_year_id],
      )
    ).rows[0]!.id;
    await db.query(`insert into exam_specializations (exam_id, specialization_id) values ($1, $2)`, [exam, scope.specialization_id]);
    await db.query(`insert into exam_questions (exam_id, question_id, position, points) values ($1, $2, 0, 2)`, [exam, q]);
    const email = `redemarrage.${Date.now()}@univ.example`;
    const user = (
      await db.query<{ id: number }>(`insert into users (last_name, first_name, email, password_hash, role, student_number) values ('Redémarrage', 'Étudiant', $1, $2, 'STUDENT', 'R0001') returning id`, [
        email,
        await hashPassword(PASSWORD),
      ])
    ).rows[0]!.id;
    await db.query(`insert into student_enrolments (user_id, academic_year_id, specialization_id) values ($1, $2, $3)`, [user, scope.academic_year_id, scope.specialization_id]);

    const login = await call<{ token: string }>(server.base, 'POST', '/api/users/login', undefined, { email, password: PASSWORD });
    expect(login.status, login.message).toBe(200);
    const token = login.data!.token;
    expect((await call(server.base, 'POST', `/api/student/exams/${exam}/start`, token)).status).toBe(200);
    const sent = await call<Array<{ is_valid: boolean; details: { pending?: boolean } }>>(server.base, 'POST', `/api/student/exams/${exam}/solutions`, token, {
      answers: [{ question_id: q, answer: RIGHT, submission_id: crypto.randomUUID() }],
    });
    expect(sent.status, sent.message).toBe(200);
    expect(sent.message).toContain('en cours');
    expect(sent.data![0]).toMatchObject({ is_valid: false, details: { pending: true } });
    const row = () => db.query(`select s.pending, s.is_valid, s.score, s.grade_at, s.grade_failures, s.graded_later_at from exam_submissions s join exam_attempts a on a.id = s.attempt_id where a.exam_id = $1`, [exam]);
    expect((await row()).rows).toMatchObject([{ pending: 1, is_valid: 0, graded_later_at: null }]);

    // The process dies without warning; the answer is in the database, still to grade.
    server.proc.kill('SIGKILL');
    await server.exited;
    expect((await row()).rows[0].grade_at).not.toBeNull();

    // A new process, with a runner, grades it by itself (its wait after the failed tries is at most a few seconds).
    server = await startServer({ ...env, RUNNER_MODE: 'embedded', RUNNER_SLOTS: '1' });
    await expect.poll(async () => (await row()).rows[0], { timeout: 120_000, interval: 1000 }).toMatchObject({ pending: 0, is_valid: 1, grade_at: null });
    expect((await row()).rows[0].graded_later_at).not.toBeNull();
    const questions = await call<{ questions: Array<{ id: number; state: string; details: { passed: number; total: number } }> }>(server.base, 'GET', `/api/student/exams/${exam}/questions`, token);
    expect(questions.data!.questions[0]).toMatchObject({ state: 'VALIDATED', details: { passed: 2, total: 2 } });
    const score = await db.query<{ score: string }>(`select score from exam_attempts where exam_id = $1`, [exam]);
    expect(Number(score.rows[0]!.score)).toBe(2);
    server.proc.kill('SIGTERM');
    await server.exited;
    server = undefined;
  }, 300_000);
});
