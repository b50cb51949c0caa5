// Student practice through the API on the real database and the real sandbox: every type evaluated, tries
// stored and counted once per exercise for the progress, the next exercise the first not validated, premium
// (402) and parcours (403 / 404) rules, the per-student limit (French 429), nothing an exam counts touched,
// the staff's table, and no correct answer, hidden case or reference solution ever sent to a student.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let runner: EmbeddedRunner;
let s: Awaited<ReturnType<typeof seedStructure>>;
let other: Awaited<ReturnType<typeof seedStructure>>;
let teacherToken = '';
const C = { main: 0, premium: 0, hidden: 0, foreign: 0 };
const Q = { qcm: 0, exact: 0, py: 0, r: 0, math: 0, notPractice: 0, premium: 0, hidden: 0, foreign: 0 };
let chapterId = 0;
let goodChoice = 0;
let badChoice = 0;

// Values a student must never receive.
const SECRETS = ['246914', '123457', 'REPONSE_SECRETE', '17*zeta', 'REFSOL_MARK', 'is_correct', 'accepted', 'internal', 'reference_solution', 'expected_expression'];

function noSecret(body: string) {
  for (const secret of SECRETS) expect(body, `« ${secret} » ne doit jamais être envoyé`).not.toContain(secret);
}

async function course(title: string, over: { premium?: number; published?: number; structure?: typeof s } = {}) {
  const st = over.structure ?? s;
  const c = await t.ctx.db
    .insertInto('courses')
    .values({ title, description: '', academic_year_id: st.yearId, is_premium: over.premium ?? 0, is_published: over.published ?? 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('course_specializations').values({ course_id: c.id, specialization_id: st.specializationId }).execute();
  return c.id;
}

async function question(type: 'QCM' | 'EXACT' | 'ALGORITHM' | 'MATH', courseId: number, solutions: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  const q = await t.ctx.db
    .insertInto('questions')
    .values({ type, statement: `<p>Exercice ${type}</p>`, points: 1, language: type === 'ALGORITHM' ? 'PYTHON' : null, course_id: courseId, is_practice: 1, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, p] of solutions.entries()) {
    const r = await t.ctx.db.insertInto('possible_solutions').values({ question_id: q.id, position: i, ...p }).returning('id').executeTakeFirstOrThrow();
    ids.push(r.id);
  }
  return { id: q.id, ids };
}

async function student(over: { premium?: number; structure?: typeof s } = {}) {
  const st = over.structure ?? s;
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: st.yearId, specialization_id: st.specializationId, is_premium: over.premium ?? 0 });
  return { id: u.id, token: await loginAs(t.app, u) };
}

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

async function evaluate(token: string, question_id: number, answer: unknown) {
  const res = await call(token, 'POST', '/api/student/practices/evaluate-solution', { question_id, answer });
  noSecret(res.body);
  return res;
}

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  s = await seedStructure(t.ctx);
  other = await seedStructure(t.ctx);
  const teacher = await seedUser(t.ctx, 'TEACHER');
  teacherToken = await loginAs(t.app, teacher);
  C.main = await course('Programmation');
  C.premium = await course('Avancé', { premium: 1 });
  C.hidden = await course('Brouillon', { published: 0 });
  C.foreign = await course('Autre parcours', { structure: other });
  const ch = await t.ctx.db.insertInto('chapters').values({ course_id: C.main, title: 'Boucles', content: '<p>x</p>', position: 1 }).returning('id').executeTakeFirstOrThrow();
  chapterId = ch.id;
  const qcm = await question('QCM', C.main, [
    { content: 'Quatre', is_correct: 1 },
    { content: 'Cinq', is_correct: 0 },
  ]);
  Q.qcm = qcm.id;
  [goodChoice, badChoice] = qcm.ids as [number, number];
  Q.exact = (await question('EXACT', C.main, [{ content: 'REPONSE_SECRETE' }])).id;
  Q.py = (
    await question(
      'ALGORITHM',
      C.main,
      [
        { stdin: '3\n', expected_output: '6\n', is_hidden: 0 },
        { stdin: '5\n', expected_output: '10\n', is_hidden: 0 },
        { stdin: '123457\n', expected_output: '246914\n', is_hidden: 1 },
      ],
      { chapter_id: chapterId, reference_solution: 'print(int(input()) * 2)  # REFSOL_MARK', starter_code: 'n = int(input())\n' },
    )
  ).id;
  Q.r = (await question('ALGORITHM', C.main, [{ stdin: '4\n', expected_output: '8\n', is_hidden: 0 }], { language: 'R' })).id;
  Q.math = (await question('MATH', C.main, [{ content: '2*x + 17*zeta' }])).id;
  Q.notPractice = (await question('EXACT', C.main, [{ content: 'autre' }], { is_practice: 0 })).id;
  Q.premium = (await question('EXACT', C.premium, [{ content: 'premium' }])).id;
  Q.hidden = (await question('EXACT', C.hidden, [{ content: 'brouillon' }])).id;
  Q.foreign = (await question('EXACT', C.foreign, [{ content: 'ailleurs' }])).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('listing', () => {
  it('lists a course’s exercises in order, not done, without answers; a type or language narrows it', async () => {
    const st = await student();
    const res = await call(st.token, 'GET', `/api/student/practices/exercises?course_id=${C.main}`);
    expect(res.statusCode, res.body).toBe(200);
    noSecret(res.body);
    const data = res.json().data;
    expect(data.courses).toHaveLength(1);
    const ids = data.courses[0].exercises.map((e: { id: number }) => e.id);
    // The chaptered exercise first, then the others oldest first; the non-practice question is absent.
    expect(ids).toEqual([Q.py, Q.qcm, Q.exact, Q.r, Q.math]);
    expect(data.courses[0].exercises[0]).toMatchObject({ type: 'ALGORITHM', language: 'PYTHON', chapter: { id: chapterId, title: 'Boucles' }, done: false, attempts: 0 });
    expect(data.progress).toEqual({ validated: 0, total: 5 });

    const py = await call(st.token, 'GET', '/api/student/practices/exercises?type=PYTHON');
    expect(py.statusCode, py.body).toBe(200);
    // Across the student's courses: only the main course has Python exercises (premium and others are not listed).
    expect(py.json().data.courses.map((c: { id: number }) => c.id)).toEqual([C.main]);
    expect(py.json().data.courses[0].exercises.map((e: { id: number }) => e.id)).toEqual([Q.py]);
    const math = await call(st.token, 'GET', `/api/student/practices/exercises?course_id=${C.main}&type=MATH`);
    expect(math.json().data.courses[0].exercises.map((e: { id: number }) => e.id)).toEqual([Q.math]);
    const bad = await call(st.token, 'GET', '/api/student/practices/exercises?type=JAVA');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/type/);
  });

  it('shows a premium course locked (counted, not listed) to a student who is not premium', async () => {
    const st = await student();
    const all = await call(st.token, 'GET', '/api/student/practices/exercises');
    const premium = all.json().data.courses.find((c: { id: number }) => c.id === C.premium);
    expect(premium).toMatchObject({ locked: true, exercises: [], progress: { validated: 0, total: 1 } });
    expect(all.json().data.courses.some((c: { id: number }) => c.id === C.hidden || c.id === C.foreign)).toBe(false);
    const rich = await student({ premium: 1 });
    const mine = await call(rich.token, 'GET', '/api/student/practices/exercises');
    expect(mine.json().data.courses.find((c: { id: number }) => c.id === C.premium)).toMatchObject({ locked: false, exercises: [{ id: Q.premium }] });
  });
});

describe('the student question', () => {
  it('never carries a correct flag, an accepted answer, a hidden case or the reference solution', async () => {
    const st = await student();
    for (const id of [Q.qcm, Q.exact, Q.py, Q.r, Q.math]) {
      const res = await call(st.token, 'GET', `/api/student/practices/question?course_id=${C.main}&question_id=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      noSecret(res.body);
      const q = res.json().data.question;
      expect(q.id).toBe(id);
      if (id === Q.py) {
        // The visible cases with their expected output, never the hidden one.
        expect(q.tests).toEqual([
          { stdin: '3\n', expected_output: '6\n' },
          { stdin: '5\n', expected_output: '10\n' },
        ]);
        expect(q.chapter).toEqual({ id: chapterId, title: 'Boucles' });
        expect(q.starter_code).toBe('n = int(input())\n');
      }
      if (id === Q.qcm) expect(q.choices.map((c: { content: string }) => c.content).sort()).toEqual(['Cinq', 'Quatre']);
    }
  });
});

describe('evaluating', () => {
  it('grades each type at once, as often as asked, and counts an exercise once in the progress', async () => {
    const st = await student();
    const qcmWrong = await evaluate(st.token, Q.qcm, [badChoice]);
    expect(qcmWrong.statusCode, qcmWrong.body).toBe(200);
    expect(qcmWrong.json().data).toMatchObject({ is_valid: false, done: false, progress: { validated: 0, total: 5 } });
    expect(qcmWrong.json().message).toContain('réessayez');
    const qcmRight = await evaluate(st.token, Q.qcm, [goodChoice]);
    expect(qcmRight.json().data).toMatchObject({ is_valid: true, done: true, progress: { validated: 1, total: 5 } });
    // Wrong after right: still done, still counted once.
    const qcmAgain = await evaluate(st.token, Q.qcm, [badChoice]);
    expect(qcmAgain.json().data).toMatchObject({ is_valid: false, done: true, progress: { validated: 1, total: 5 } });
    expect((await evaluate(st.token, Q.qcm, [goodChoice])).json().data.progress).toEqual({ validated: 1, total: 5 });

    expect((await evaluate(st.token, Q.exact, 'mauvaise')).json().data.is_valid).toBe(false);
    expect((await evaluate(st.token, Q.exact, ' reponse_secrete ')).json().data.is_valid).toBe(true);

    const pyWrong = await evaluate(st.token, Q.py, 'print(int(input()) + 2)');
    expect(pyWrong.statusCode, pyWrong.body).toBe(200);
    const d = pyWrong.json().data.details;
    expect(d).toMatchObject({ type: 'ALGORITHM', verdict: 'WRONG_ANSWER', total: 3, hidden: { total: 1 } });
    // The visible cases come back with what was expected and what the program wrote.
    expect(d.visible[0]).toMatchObject({ stdin: '3\n', expected_output: '6\n', stdout: '5\n', verdict: 'WRONG_ANSWER' });
    const pyRight = await evaluate(st.token, Q.py, 'n = int(input())\nprint(n * 2)\n');
    expect(pyRight.json().data).toMatchObject({ is_valid: true, details: { type: 'ALGORITHM', verdict: 'OK', passed: 3, total: 3 } });

    const r = await evaluate(st.token, Q.r, 'x <- scan(file("stdin"), quiet = TRUE)\ncat(x * 2, "\\n", sep = "")\n');
    expect(r.json().data, r.body).toMatchObject({ is_valid: true, details: { type: 'ALGORITHM', verdict: 'OK' } });

    const unreadable = await evaluate(st.token, Q.math, '2x + (');
    expect(unreadable.statusCode, unreadable.body).toBe(200);
    expect(unreadable.json().data).toMatchObject({ is_valid: false, details: { type: 'MATH' } });
    expect(unreadable.json().data.details.message).toMatch(/[a-zé]/i);
    const math = await evaluate(st.token, Q.math, '\\zeta\\cdot 17+x\\cdot 2');
    expect(math.json().data, math.body).toMatchObject({ is_valid: true, details: { type: 'MATH' } });
    expect(math.json().data.progress).toEqual({ validated: 5, total: 5 });

    // Tries stored, one row each, none in exam results.
    const tries = await t.ctx.db.selectFrom('practice_attempts').select(['question_id', 'is_valid']).where('user_id', '=', st.id).execute();
    expect(tries).toHaveLength(11);
    const examRows = await t.ctx.db.selectFrom('exam_submissions').select('id').execute();
    const attempts = await t.ctx.db.selectFrom('exam_attempts').select('id').execute();
    expect(examRows.length + attempts.length).toBe(0);

    const list = await call(st.token, 'GET', `/api/student/practices/exercises?course_id=${C.main}`);
    const byId = new Map(list.json().data.courses[0].exercises.map((e: { id: number; done: boolean; attempts: number }) => [e.id, e]));
    expect(byId.get(Q.qcm)).toMatchObject({ done: true, attempts: 4 });
    expect(list.json().data.progress).toEqual({ validated: 5, total: 5 });
  }, 60_000);

  it('refuses a malformed answer in French and stores nothing', async () => {
    const st = await student();
    const res = await evaluate(st.token, Q.qcm, 'pas une liste');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('La réponse doit être une liste de choix.');
    const code = await evaluate(st.token, Q.py, '   ');
    expect(code.statusCode).toBe(422);
    expect(await t.ctx.db.selectFrom('practice_attempts').select('id').where('user_id', '=', st.id).execute()).toHaveLength(0);
  });

  it('gives the next exercise not yet validated, in course order, and the one after on demand', async () => {
    const st = await student();
    const first = await call(st.token, 'GET', `/api/student/practices/question?course_id=${C.main}`);
    expect(first.json().data).toMatchObject({ question: { id: Q.py }, position: 1, all_done: false, progress: { validated: 0, total: 5 } });
    await evaluate(st.token, Q.py, 'print(int(input()) * 2)');
    const second = await call(st.token, 'GET', `/api/student/practices/question?course_id=${C.main}`);
    expect(second.json().data).toMatchObject({ question: { id: Q.qcm, done: false, attempts: 0 }, position: 2, progress: { validated: 1, total: 5 } });
    const skip = await call(st.token, 'GET', `/api/student/practices/question?course_id=${C.main}&after=${Q.qcm}`);
    expect(skip.json().data.question.id).toBe(Q.exact);
    // After the last one, it wraps to the first not validated.
    const wrap = await call(st.token, 'GET', `/api/student/practices/question?course_id=${C.main}&after=${Q.math}`);
    expect(wrap.json().data.question.id).toBe(Q.qcm);
    // A validated exercise asked by id comes back done, with the student's last answer.
    const again = await call(st.token, 'GET', `/api/student/practices/question?question_id=${Q.py}`);
    expect(again.json().data.question).toMatchObject({ id: Q.py, done: true, attempts: 1, last_answer: 'print(int(input()) * 2)', course: { id: C.main } });
    const python = await call(st.token, 'GET', '/api/student/practices/question?type=MATH');
    expect(python.json().data.question.id).toBe(Q.math);
    const none = await call(st.token, 'GET', `/api/student/practices/question?course_id=${C.premium}&type=PYTHON`);
    expect(none.statusCode).toBe(402);
  });
});

describe('who may practise what', () => {
  it('answers 402 for a premium course’s exercises to a student who is not premium, and lets a premium one in', async () => {
    const st = await student();
    for (const url of [`/api/student/practices/exercises?course_id=${C.premium}`, `/api/student/practices/question?course_id=${C.premium}`, `/api/student/practices/question?question_id=${Q.premium}`]) {
      const res = await call(st.token, 'GET', url);
      expect(res.statusCode, url).toBe(402);
      expect(res.json().message).toContain('premium');
    }
    const ev = await evaluate(st.token, Q.premium, 'premium');
    expect(ev.statusCode).toBe(402);
    const rich = await student({ premium: 1 });
    const ok = await evaluate(rich.token, Q.premium, 'premium');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.is_valid).toBe(true);
  });

  it('answers 403 for another parcours’ course, 404 for an unpublished one or a question that is no exercise', async () => {
    const st = await student();
    expect((await call(st.token, 'GET', `/api/student/practices/exercises?course_id=${C.foreign}`)).statusCode).toBe(403);
    const foreign = await evaluate(st.token, Q.foreign, 'ailleurs');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe("Ce cours n’est pas proposé à votre parcours.");
    expect((await call(st.token, 'GET', `/api/student/practices/exercises?course_id=${C.hidden}`)).statusCode).toBe(404);
    expect((await evaluate(st.token, Q.hidden, 'brouillon')).statusCode).toBe(404);
    const notPractice = await evaluate(st.token, Q.notPractice, 'autre');
    expect(notPractice.statusCode).toBe(404);
    expect(notPractice.json().message).toBe('Cet exercice est introuvable ou ne vous est pas proposé.');
    expect((await call(st.token, 'GET', `/api/student/practices/question?course_id=${C.main}&question_id=${Q.foreign}`)).statusCode).toBe(404);
    expect((await evaluate(st.token, 99_999, 'x')).statusCode).toBe(404);
    // The other parcours' own student may.
    const there = await student({ structure: other });
    expect((await evaluate(there.token, Q.foreign, 'ailleurs')).json().data.is_valid).toBe(true);
    // Staff have no student practice routes.
    expect((await call(teacherToken, 'GET', `/api/student/practices/exercises?course_id=${C.main}`)).statusCode).toBe(403);
  });

  it('limits the tries per student and per minute with a French 429', async () => {
    const config = t.ctx.config as { PRACTICE_RATE_LIMIT: number };
    const before = config.PRACTICE_RATE_LIMIT;
    config.PRACTICE_RATE_LIMIT = 3;
    try {
      const st = await student();
      for (let i = 0; i < 3; i++) expect((await evaluate(st.token, Q.exact, 'non')).statusCode).toBe(200);
      const refused = await evaluate(st.token, Q.exact, 'non');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Vous avez envoyé plus de 3 réponses d’entraînement en une minute. Patientez un instant avant de réessayer.');
      expect(refused.headers['retry-after']).toBeDefined();
      // Another student is not held back.
      const next = await student();
      expect((await evaluate(next.token, Q.exact, 'non')).statusCode).toBe(200);
    } finally {
      config.PRACTICE_RATE_LIMIT = before;
    }
  });
});

describe('free runs of the student editors', () => {
  it('runs a program with its standard input and compares two expressions', async () => {
    const st = await student();
    const run = await call(st.token, 'POST', '/api/student/practices/run', { language: 'PYTHON', code: 'print(input()[::-1])', stdin: 'abc' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ verdict: 'OK', stdout: 'cba\n', limits: { cpu_seconds: expect.any(Number) } });
    const eq = await call(st.token, 'POST', '/api/student/practices/compare-math-expression', { expression: '(x+1)^2', expected: 'x^2+2x+1' });
    expect(eq.json().data).toEqual({ equal: true });
    const bad = await call(st.token, 'POST', '/api/student/practices/compare-math-expression', { expression: '2x + (', expected: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.expression[0]).toMatch(/\S/);
  });
});

describe('staff view of a course’s practice', () => {
  it('gives students × exercises validated and the most-failed exercises', async () => {
    const st = await student();
    await evaluate(st.token, Q.r, 'cat("0\\n")');
    await evaluate(st.token, Q.r, 'cat("1\\n")');
    await evaluate(st.token, Q.exact, 'REPONSE_SECRETE');
    const res = await call(teacherToken, 'GET', `/api/admin/practices/courses/${C.main}/progress`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.course).toEqual({ id: C.main, title: 'Programmation' });
    expect(data.exercises.map((e: { id: number }) => e.id)).toEqual([Q.py, Q.qcm, Q.exact, Q.r, Q.math]);
    const me = data.students.find((x: { id: number }) => x.id === st.id);
    expect(me).toMatchObject({ validated: 1, validated_ids: [Q.exact], tried_ids: [Q.r], attempts: 3 });
    // Enrolled students who never tried are listed too; the other parcours' students are not.
    expect(data.students.length).toBeGreaterThan(3);
    expect(data.students.every((x: { validated: number }) => x.validated >= 0)).toBe(true);
    expect(data.most_failed.length).toBeGreaterThan(0);
    const failures = data.most_failed.map((e: { failures: number }) => e.failures);
    expect([...failures].sort((a, b) => b - a)).toEqual(failures);
    const r = data.exercises.find((e: { id: number }) => e.id === Q.r);
    expect(r.failures).toBeGreaterThanOrEqual(2);
    const stTok = (await student()).token;
    expect((await call(stTok, 'GET', `/api/admin/practices/courses/${C.main}/progress`)).statusCode).toBe(403);
    expect((await call(teacherToken, 'GET', '/api/admin/practices/courses/99999/progress')).statusCode).toBe(404);
  });
});

describe('an exercise used by an exam that is not closed yet', () => {
  it('is withheld from practice until the exam is closed, so that no student sees it before their start', async () => {
    const st = await student();
    const q = await question('EXACT', C.main, [{ content: 'examen' }]);
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Partiel', academic_year_id: s.yearId, start_at: new Date(Date.now() + 3600_000), end_at: new Date(Date.now() + 7200_000), status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 1, points: 1 }).execute();
    const listed = async () =>
      (await call(st.token, 'GET', `/api/student/practices/exercises?course_id=${C.main}`)).json().data.courses[0].exercises.map((x: { id: number }) => x.id);
    expect(await listed()).not.toContain(q.id);
    const tried = await call(st.token, 'POST', '/api/student/practices/evaluate-solution', { question_id: q.id, answer: 'examen' });
    expect(tried.statusCode).toBe(404);
    expect(tried.body).not.toContain('Exercice EXACT');
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED' }).where('id', '=', e.id).execute();
    expect(await listed()).toContain(q.id);
  });
});
