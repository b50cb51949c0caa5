// Taking an exam through the API on the real database and the real sandbox: start and deadline (extra time,
// closing time), idempotent start, drafts, immediate grading with the best result kept, repeated and
// simultaneous submission ids counted once, grace after the deadline, finish, the result, the exams a student
// may not take, and that no student answer ever carries a correct answer, a hidden test or a reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type CodeRunner, type EmbeddedRunner } from '@exam/runner';
import { authed, createTestApp, loginAs, seedStructure, seedUser, withContext, type TestApp } from '../../../test/helper';
import { settleDrafts } from './drafts';
import { sweepEndedAttempts } from '../../../test/exam-sitting';

let t: TestApp;
let runner: EmbeddedRunner;
let s: Awaited<ReturnType<typeof seedStructure>>;
let other: Awaited<ReturnType<typeof seedStructure>>;
const Q: Record<'qcm' | 'exact' | 'algo' | 'math' | 'foreign', number> = { qcm: 0, exact: 0, algo: 0, math: 0, foreign: 0 };
let goodChoice = 0;
let badChoice = 0;

const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);
// Values a student must never receive.
const SECRETS = ['246914', '123457', 'REPONSE_SECRETE', '17*zeta', 'REFSOL_MARK', 'is_correct', 'accepted', 'internal', 'reference_solution'];

async function question(type: 'QCM' | 'EXACT' | 'ALGORITHM' | 'MATH', solutions: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  const q = await t.ctx.db
    .insertInto('questions')
    .values({ type, statement: `<p>Question ${type}</p>`, points: 1, language: type === 'ALGORITHM' ? 'PYTHON' : null, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, p] of solutions.entries()) {
    const r = await t.ctx.db.insertInto('possible_solutions').values({ question_id: q.id, position: i, ...p }).returning('id').executeTakeFirstOrThrow();
    ids.push(r.id);
  }
  return { id: q.id, ids };
}

async function exam(
  over: {
    status?: 'DRAFT' | 'PUBLISHED' | 'CLOSED' | 'ARCHIVED';
    start?: Date;
    end?: Date;
    duration?: number | null;
    spec?: number;
    show?: number;
    questions?: number[];
    maxSubmissions?: number | null;
    penalty?: number;
  } = {},
) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({
      title: 'Partiel',
      academic_year_id: over.spec === other?.specializationId ? other.yearId : s.yearId,
      start_at: over.start ?? at(-MIN),
      end_at: over.end ?? at(180 * MIN),
      duration_minutes: over.duration === undefined ? 60 : over.duration,
      status: over.status ?? 'PUBLISHED',
      show_solutions_after_close: over.show ?? 1,
      max_submissions: over.maxSubmissions ?? null,
      wrong_try_penalty: over.penalty ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: over.spec ?? s.specializationId }).execute();
  const qs = over.questions ?? [Q.qcm, Q.exact, Q.algo, Q.math];
  for (const [i, id] of qs.entries()) {
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: id, position: i, points: i === 2 ? 4 : 2 }).execute();
  }
  return e.id;
}

async function student(factor?: number) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  if (factor) await t.ctx.db.updateTable('users').set({ extra_time_factor: factor }).where('id', '=', u.id).execute();
  return { id: u.id, token: await loginAs(t.app, u) };
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

function noSecret(body: string) {
  for (const secret of SECRETS) expect(body, `« ${secret} » ne doit jamais être envoyé`).not.toContain(secret);
}

const uuid = () => crypto.randomUUID();

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  s = await seedStructure(t.ctx);
  other = await seedStructure(t.ctx);
  const qcm = await question('QCM', [
    { content: 'Quatre', is_correct: 1 },
    { content: 'Cinq', is_correct: 0 },
  ]);
  Q.qcm = qcm.id;
  [goodChoice, badChoice] = qcm.ids as [number, number];
  Q.exact = (await question('EXACT', [{ content: 'REPONSE_SECRETE' }])).id;
  Q.algo = (
    await question(
      'ALGORITHM',
      [
        { stdin: '3\n', expected_output: '6\n', is_hidden: 0 },
        { stdin: '123457\n', expected_output: '246914\n', is_hidden: 1 },
      ],
      { reference_solution: 'print(int(input()) * 2)  # REFSOL_MARK', starter_code: 'n = int(input())\n' },
    )
  ).id;
  Q.math = (await question('MATH', [{ content: '2*x + 17*zeta' }])).id;
  Q.foreign = (await question('EXACT', [{ content: 'autre' }])).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('starting', () => {
  it('lists the exam as open, refuses questions before the start, starts once', async () => {
    const id = await exam();
    const draftExam = await exam({ status: 'DRAFT' });
    const st = await student();
    const list = await call(st.token, 'GET', '/api/student/exams');
    expect(list.statusCode, list.body).toBe(200);
    const mine = list.json().data.find((e: { id: number }) => e.id === id);
    expect(mine).toMatchObject({ group: 'OUVERT', attempt: null, progress: { answered: 0, validated: 0, total: 4 } });
    expect(list.json().data.some((e: { id: number }) => e.id === draftExam)).toBe(false);

    const early = await call(st.token, 'GET', `/api/student/exams/${id}/questions`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('pas encore commencé');

    const before = Date.now();
    const first = await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json().data;
    const started = Date.parse(a.started_at);
    expect(started).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(a.deadline) - started).toBe(60 * MIN);
    expect(Math.abs(Date.parse(a.server_time) - Date.now())).toBeLessThan(5000);
    const again = await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    expect(again.json().data).toMatchObject({ started_at: a.started_at, deadline: a.deadline });
    const rows = await t.ctx.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('tells an open page its attempt as it stands: the deadline moves with extra time granted meanwhile', async () => {
    const id = await exam();
    const st = await student();
    const early = await call(st.token, 'GET', `/api/student/exams/${id}/attempt`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('pas encore commencé');
    const started = (await call(st.token, 'POST', `/api/student/exams/${id}/start`)).json().data;
    const now = await call(st.token, 'GET', `/api/student/exams/${id}/attempt`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ started_at: started.started_at, deadline: started.deadline, finished_at: null });
    expect(Math.abs(Date.parse(now.json().data.server_time) - Date.now())).toBeLessThan(5000);
    const admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
    const granted = await call(admin, 'POST', `/api/admin/exams/${id}/extra-time`, { user_id: st.id, minutes: 15 });
    expect(granted.statusCode, granted.body).toBe(200);
    const later = (await call(st.token, 'GET', `/api/student/exams/${id}/attempt`)).json().data;
    expect(Date.parse(later.deadline) - Date.parse(started.deadline)).toBe(15 * MIN);
  });

  it('gives one attempt to two starts at once', async () => {
    const id = await exam();
    const st = await student();
    const both = await Promise.all([0, 1].map(() => call(st.token, 'POST', `/api/student/exams/${id}/start`)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const [one, two] = both.map((r) => r.json().data as { started_at: string; deadline: string });
    expect(one).toMatchObject({ started_at: two!.started_at, deadline: two!.deadline });
    expect(await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', id).execute()).toHaveLength(1);
  });

  it('applies the extra-time factor and the extra minutes, capped by the closing time', async () => {
    const id = await exam();
    const st = await student(1.5);
    await t.ctx.db.insertInto('exam_extra_time').values({ exam_id: id, user_id: st.id, minutes: 10 }).execute();
    // The list tells the student their own time before they start: 60 × 1.5 + 10.
    const listed = (await call(st.token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
    expect(listed).toMatchObject({ duration_minutes: 60, allowed_minutes: 100, total_points: 10 });
    const a = (await call(st.token, 'POST', `/api/student/exams/${id}/start`)).json().data;
    expect(Date.parse(a.deadline) - Date.parse(a.started_at)).toBe(100 * MIN);

    const soon = at(20 * MIN);
    const closing = await exam({ end: soon });
    const b = (await call(st.token, 'POST', `/api/student/exams/${closing}/start`)).json().data;
    expect(Date.parse(b.deadline)).toBe(soon.getTime());
  });

  it('refuses before the opening, after the closing, drafts, archived and other parcours', async () => {
    const st = await student();
    const cases: Array<[number, number, string]> = [
      [await exam({ start: at(60 * MIN) }), 409, "pas encore ouvert"],
      [await exam({ start: at(-120 * MIN), end: at(-MIN) }), 409, 'clôturé'],
      [await exam({ status: 'CLOSED' }), 409, 'clôturé'],
      [await exam({ status: 'DRAFT' }), 404, 'introuvable'],
      [await exam({ status: 'ARCHIVED' }), 404, 'introuvable'],
      [await exam({ spec: other.specializationId }), 404, 'introuvable'],
    ];
    for (const [id, code, text] of cases) {
      const res = await call(st.token, 'POST', `/api/student/exams/${id}/start`);
      expect(res.statusCode, `${id} ${res.body}`).toBe(code);
      expect(res.json().message).toContain(text);
    }
    expect(await t.ctx.db.selectFrom('exam_attempts').select('id').where('user_id', '=', st.id).execute()).toHaveLength(0);
  });
});

describe('answering', () => {
  it('grades at once, keeps the best result, counts a repeated submission once, keeps drafts, never leaks', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const url = `/api/student/exams/${id}`;
    const bodies: string[] = [];

    const qs = await call(st.token, 'GET', `${url}/questions`);
    expect(qs.statusCode, qs.body).toBe(200);
    bodies.push(qs.body);
    // The server's clock comes with the questions: the countdown corrects the client's clock by it.
    expect(Math.abs(Date.parse(qs.json().data.server_time) - Date.now())).toBeLessThan(5000);
    const questions = qs.json().data.questions;
    expect(questions.map((q: { id: number }) => q.id)).toEqual([Q.qcm, Q.exact, Q.algo, Q.math]);
    expect(questions.map((q: { points: number }) => q.points)).toEqual([2, 2, 4, 2]);
    expect(questions[2].tests).toEqual([{ stdin: '3\n', expected_output: '6\n' }]);
    expect(questions.every((q: { state: string }) => q.state === 'UNANSWERED')).toBe(true);

    const draft = await call(st.token, 'PUT', `${url}/draft`, { question_id: Q.algo, answer: 'n = int(input())\nprint(n)' });
    expect(draft.statusCode, draft.body).toBe(200);
    const foreignDraft = await call(st.token, 'PUT', `${url}/draft`, { question_id: Q.foreign, answer: 'x' });
    expect(foreignDraft.statusCode).toBe(422);
    const hugeDraft = await call(st.token, 'PUT', `${url}/draft`, { question_id: Q.algo, answer: '#'.repeat(300_000) });
    expect(hugeDraft.statusCode).toBe(422);
    const hugeProgram = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.algo, answer: 'print(1)\n' + '#'.repeat(150_000) }] });
    expect(hugeProgram.statusCode).toBe(422);

    const wrongSid = uuid();
    const wrong = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.qcm, answer: [badChoice], submission_id: wrongSid }] });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json().data).toEqual([{ question_id: Q.qcm, is_valid: false, details: { type: 'QCM' }, tries: 1 }]);
    bodies.push(wrong.body);

    const rightSid = uuid();
    const right = await call(st.token, 'POST', `${url}/solutions`, {
      answers: [
        { question_id: Q.qcm, answer: [goodChoice], submission_id: rightSid },
        { question_id: Q.exact, answer: '  reponse_secrete ', submission_id: uuid() },
        { question_id: Q.math, answer: 'x^2', submission_id: uuid() },
      ],
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.map((r: { is_valid: boolean }) => r.is_valid)).toEqual([true, true, false]);
    bodies.push(right.body);

    // The same submission again (a retry), then a later wrong answer: neither changes the result.
    const retry = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.qcm, answer: [badChoice], submission_id: rightSid }] });
    expect(retry.json().data).toEqual([{ question_id: Q.qcm, is_valid: true, details: { type: 'QCM' }, tries: 2 }]);
    await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.qcm, answer: [badChoice], submission_id: uuid() }] });
    const attempt = await t.ctx.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(attempt.score)).toBe(4);
    expect(attempt.validated_count).toBe(2);
    const subs = await t.ctx.db.selectFrom('exam_submissions').selectAll().where('attempt_id', '=', attempt.id).execute();
    expect(subs).toHaveLength(5);
    expect(subs.every((r) => r.user_agent !== undefined && r.ip)).toBe(true);

    // Two requests at once with the same id count once.
    const sid = uuid();
    const twice = await Promise.all([0, 1].map(() => call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.exact, answer: 'non', submission_id: sid }] })));
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await t.ctx.db.selectFrom('exam_submissions').select('id').where('submission_id', '=', sid).execute()).toHaveLength(1);

    // A program: wrong, then right, through the real sandbox; examples run without being stored.
    const examples = await call(st.token, 'POST', `${url}/run-examples`, { question_id: Q.algo, answer: 'print(int(input()) * 2)' });
    expect(examples.statusCode, examples.body).toBe(200);
    expect(examples.json().data.details).toMatchObject({ type: 'ALGORITHM', total: 1, hidden: { total: 0 } });
    bodies.push(examples.body);
    const before = (await t.ctx.db.selectFrom('exam_submissions').select('id').where('attempt_id', '=', attempt.id).execute()).length;

    const badProgram = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.algo, answer: 'print(6)', submission_id: uuid() }] });
    expect(badProgram.statusCode, badProgram.body).toBe(200);
    const badDetails = badProgram.json().data[0].details;
    expect(badProgram.json().data[0].is_valid).toBe(false);
    expect(badDetails).toMatchObject({ type: 'ALGORITHM', passed: 1, total: 2, hidden: { passed: 0, total: 1 } });
    expect(badDetails.visible).toHaveLength(1);
    bodies.push(badProgram.body);
    const goodProgram = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.algo, answer: 'print(int(input()) * 2)', submission_id: uuid() }] });
    expect(goodProgram.json().data[0]).toMatchObject({ is_valid: true, details: { passed: 2, hidden: { passed: 1, total: 1 } } });
    bodies.push(goodProgram.body);
    expect((await t.ctx.db.selectFrom('exam_submissions').select('id').where('attempt_id', '=', attempt.id).execute()).length).toBe(before + 2);

    const foreign = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.foreign, answer: 'autre' }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toContain("ne fait pas partie");
    const badShape = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.qcm, answer: 'pas une liste' }] });
    expect(badShape.statusCode).toBe(422);

    const after = await call(st.token, 'GET', `${url}/questions`);
    bodies.push(after.body);
    const byId = new Map(after.json().data.questions.map((q: { id: number }) => [q.id, q]));
    // The best result counts (validated), the last answer and its own verdict come back as sent.
    expect(byId.get(Q.qcm)).toMatchObject({ state: 'VALIDATED', last_answer: [badChoice], last_is_valid: false });
    expect(byId.get(Q.algo)).toMatchObject({ state: 'VALIDATED', draft: 'n = int(input())\nprint(n)' });
    const draftTime = (id: number) => (byId.get(id) as { draft_updated_at: string | null }).draft_updated_at;
    expect(Date.parse(draftTime(Q.algo)!)).toBeGreaterThan(Date.now() - 60_000);
    expect(draftTime(Q.qcm)).toBeNull();
    expect(byId.get(Q.math)).toMatchObject({ state: 'NOT_VALIDATED' });

    const show = await call(st.token, 'GET', `${url}/show`);
    expect(show.statusCode, show.body).toBe(200);
    bodies.push(show.body);
    expect(show.json().data).toMatchObject({ score: 8, max_score: 10, score_20: 16, validated: 3, total: 4, solutions_shown: false });
    expect(show.json().data.questions.every((q: { solution: unknown }) => q.solution === null)).toBe(true);
    // The result shows the answer that counted (the right choice, sent before), and the last one apart, labelled as not
    // counted; a question whose last answer is the one that counted has no second answer.
    const shown = new Map(show.json().data.questions.map((q: { question: { id: number } }) => [q.question.id, q]));
    expect(shown.get(Q.qcm)).toMatchObject({ state: 'VALIDATED', answer: [goodChoice], last: { answer: [badChoice], is_valid: false } });
    expect(shown.get(Q.algo)).toMatchObject({ answer: 'print(int(input()) * 2)', details: { passed: 2 }, last: null });

    const list = (await call(st.token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
    expect(list.progress).toEqual({ answered: 4, validated: 3, total: 4 });

    for (const b of bodies) noSecret(b);

    // Finish: idempotent; nothing is accepted afterwards.
    const fin = await call(st.token, 'POST', `${url}/finish`);
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data.finished_at).not.toBeNull();
    expect((await call(st.token, 'POST', `${url}/finish`)).json().data).toEqual(fin.json().data);
    const late = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: Q.exact, answer: 'x' }] });
    expect(late.statusCode).toBe(409);

    // After closing, the exam allowing it: the correct answers of QCM, EXACT and MATH, never a hidden test.
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED' }).where('id', '=', id).execute();
    const closed = (await call(st.token, 'GET', `${url}/show`)).json().data;
    expect(closed.solutions_shown).toBe(true);
    expect(closed.questions[0].solution.choice_ids).toEqual([goodChoice]);
    expect(closed.questions[1].solution.accepted).toEqual(['REPONSE_SECRETE']);
    expect(closed.questions[2].solution).toBeNull();
    expect(JSON.stringify(closed)).not.toContain('246914');
  }, 120_000);

  it('accepts answers up to 30 s after the deadline, then says « Temps écoulé »', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const setDeadline = (ms: number) => t.ctx.db.updateTable('exam_attempts').set({ deadline: at(ms) }).where('exam_id', '=', id).where('user_id', '=', st.id).execute();
    const send = () => call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer: 'REPONSE_SECRETE', submission_id: uuid() }] });
    await setDeadline(-20_000);
    expect((await send()).statusCode).toBe(200);
    await setDeadline(-40_000);
    const late = await send();
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('Temps écoulé');
    const draft = await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.exact, answer: 'x' });
    expect(draft.statusCode).toBe(409);
    const list = (await call(st.token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
    expect(list.group).toBe('TERMINE');
  });

  it('writes nothing of a batch holding an answer of the wrong shape', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const res = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, {
      answers: [
        { question_id: Q.exact, answer: 'REPONSE_SECRETE', submission_id: uuid() },
        { question_id: Q.qcm, answer: 'pas une liste', submission_id: uuid() },
      ],
    });
    expect(res.statusCode).toBe(422);
    const a = await t.ctx.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', id).where('user_id', '=', st.id).executeTakeFirstOrThrow();
    expect(await t.ctx.db.selectFrom('exam_submissions').select('id').where('attempt_id', '=', a.id).execute()).toHaveLength(0);
    expect(a.validated_count).toBe(0);
    // The same submission id twice in one batch counts once.
    const sid = uuid();
    const twice = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, {
      answers: [
        { question_id: Q.exact, answer: 'REPONSE_SECRETE', submission_id: sid },
        { question_id: Q.exact, answer: 'faux', submission_id: sid },
      ],
    });
    expect(twice.json().data.map((r: { is_valid: boolean }) => r.is_valid)).toEqual([true, true]);
    expect(await t.ctx.db.selectFrom('exam_submissions').select('id').where('attempt_id', '=', a.id).execute()).toHaveLength(1);
  });

  it('refuses staff and another parcours', async () => {
    const id = await exam({ spec: other.specializationId });
    const st = await student();
    for (const path of ['questions', 'show']) expect((await call(st.token, 'GET', `/api/student/exams/${id}/${path}`)).statusCode).toBe(404);
    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    expect((await call(teacher, 'GET', '/api/student/exams')).statusCode).toBe(403);
  });
});

describe('nothing typed is lost: drafts graded when the attempt ends', () => {
  const attemptOf = (examId: number, userId: number) =>
    t.ctx.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const submissionsOf = async (examId: number, userId: number) => {
    const a = await attemptOf(examId, userId);
    return t.ctx.db.selectFrom('exam_submissions').selectAll().where('attempt_id', '=', a.id).orderBy('id').execute();
  };
  type ShownQuestion = { question: { id: number }; state: string; from_draft: boolean; score: number; answer: unknown; last: { from_draft: boolean } | null };
  const shown = async (token: string, examId: number) => {
    const res = await call(token, 'GET', `/api/student/exams/${examId}/show`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { score: number; questions: ShownQuestion[] };
    return { score: data.score, q: (id: number) => data.questions.find((x) => x.question.id === id)! };
  };

  it('grades at « Terminer » each draft newer than its last submission, marked as sent automatically', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer: 'faux', submission_id: uuid() }] });
    // Typed after the wrong answer, never submitted.
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.exact, answer: 'REPONSE_SECRETE' });
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.qcm, answer: [goodChoice] });
    // Nothing typed in the program: nothing graded, nothing counted as a try.
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.algo, answer: '   ' });
    const finish = await call(st.token, 'POST', `/api/student/exams/${id}/finish`);
    expect(finish.statusCode).toBe(200);

    const r = await shown(st.token, id);
    expect(r.q(Q.exact)).toMatchObject({ state: 'VALIDATED', from_draft: true, answer: 'REPONSE_SECRETE', score: 2 });
    expect(r.q(Q.qcm)).toMatchObject({ state: 'VALIDATED', from_draft: true, score: 2 });
    expect(r.q(Q.algo)).toMatchObject({ state: 'UNANSWERED', from_draft: false });
    expect(r.score).toBe(4);
    const subs = await submissionsOf(id, st.id);
    expect(subs.map((x) => [x.question_id, x.auto])).toEqual([
      [Q.exact, 0],
      [Q.exact, 1],
      [Q.qcm, 1],
    ]);
    // Staff see which submission was sent automatically.
    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const copy = (await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${st.id}`)).json().data;
    const exactSubs = copy.questions.find((q: { question_id: number }) => q.question_id === Q.exact).submissions;
    expect(exactSubs.map((x: { from_draft: boolean; penalty: number }) => [x.from_draft, x.penalty])).toEqual([
      [false, 0],
      [true, 0],
    ]);
    // Settling again (another process, a retry) adds nothing.
    const a = await attemptOf(id, st.id);
    expect(a.drafts_settled_at).not.toBeNull();
    expect(await settleDrafts(t.ctx, { id: a.id, exam_id: id, user_id: st.id })).toBe(0);
    expect(await submissionsOf(id, st.id)).toHaveLength(3);
  });

  it('leaves a draft that is the answer already sent, and one older than the last submission', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.exact, answer: 'brouillon ancien' });
    await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer: 'faux', submission_id: uuid() }] });
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.qcm, answer: [badChoice] });
    await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.qcm, answer: [badChoice], submission_id: uuid() }] });
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.qcm, answer: [badChoice] });
    await call(st.token, 'POST', `/api/student/exams/${id}/finish`);
    expect((await submissionsOf(id, st.id)).every((x) => x.auto === 0)).toBe(true);
    expect(await submissionsOf(id, st.id)).toHaveLength(2);
  });

  it('grades the drafts of an attempt whose time ran out, in the sweep or when the result is asked first', async () => {
    const id = await exam();
    const [a, b] = [await student(), await student()];
    for (const st of [a, b]) {
      await call(st.token, 'POST', `/api/student/exams/${id}/start`);
      await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.exact, answer: 'REPONSE_SECRETE' });
    }
    const draftAt = (await t.ctx.db.selectFrom('exam_drafts').select('updated_at').where('attempt_id', '=', (await attemptOf(id, a.id)).id).executeTakeFirstOrThrow()).updated_at;
    // Both still running: the sweep leaves them alone.
    await sweepEndedAttempts(t);
    expect(await submissionsOf(id, a.id)).toHaveLength(0);
    await t.ctx.db.updateTable('exam_attempts').set({ deadline: at(-40_000) }).where('exam_id', '=', id).execute();
    // Student b asks for the result before any sweep: graded on the spot.
    expect((await shown(b.token, id)).q(Q.exact)).toMatchObject({ state: 'VALIDATED', from_draft: true });
    await sweepEndedAttempts(t);
    const subs = await submissionsOf(id, a.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ auto: 1, is_valid: 1 });
    // Dated when it was typed, not when it was graded.
    expect(new Date(subs[0]!.created_at).getTime()).toBe(new Date(draftAt).getTime());
    expect(await submissionsOf(id, b.id)).toHaveLength(1);
  });

  it('closing the exam ends every attempt at once, and their drafts are graded', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.exact, answer: 'REPONSE_SECRETE' });
    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    expect((await call(teacher, 'PUT', `/api/admin/exams/${id}/update-status/CLOSED`)).statusCode).toBe(200);
    expect((await attemptOf(id, st.id)).finished_at).not.toBeNull();
    const late = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer: 'REPONSE_SECRETE', submission_id: uuid() }] });
    expect(late.statusCode).toBe(409);
    // The sweep grades the drafts of the attempts the close ended.
    await sweepEndedAttempts(t);
    expect((await attemptOf(id, st.id)).drafts_settled_at).not.toBeNull();
    expect(await submissionsOf(id, st.id)).toMatchObject([{ auto: 1, is_valid: 1 }]);
  });
});

describe('tries: a limit per question and a penalty per wrong try', () => {
  it('refuses a submission past the limit in French, and shows the rule and the tries used', async () => {
    const id = await exam({ maxSubmissions: 2, penalty: 0.25 });
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const send = (answer: unknown, question = Q.qcm) => call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: question, answer, submission_id: uuid() }] });
    expect((await send([badChoice])).json().data[0]).toMatchObject({ is_valid: false, tries: 1 });
    expect((await send([goodChoice])).json().data[0]).toMatchObject({ is_valid: true, tries: 2 });
    const third = await send([goodChoice]);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Vous avez déjà utilisé vos 2 essais pour cette question.');
    const qs = (await call(st.token, 'GET', `/api/student/exams/${id}/questions`)).json().data.questions as Array<{ id: number; tries: number; max_submissions: number; wrong_try_penalty: number }>;
    expect(qs.find((q) => q.id === Q.qcm)).toMatchObject({ tries: 2, max_submissions: 2, wrong_try_penalty: 0.25 });
    // Right at the second try: one wrong try before it costs a quarter of the 2 points.
    const show = (await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data;
    expect(show.questions.find((q: { question: { id: number } }) => q.question.id === Q.qcm)).toMatchObject({ state: 'VALIDATED', score: 1.5 });
    expect(show.score).toBe(1.5);
  });

  it('lets a question of the exam set its own limit; a draft past the limit is not graded at the end', async () => {
    const id = await exam();
    await t.ctx.db.updateTable('exam_questions').set({ max_submissions: 1 }).where('exam_id', '=', id).where('question_id', '=', Q.exact).execute();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const send = (answer: unknown) => call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer, submission_id: uuid() }] });
    expect((await send('faux')).statusCode).toBe(200);
    const again = await send('REPONSE_SECRETE');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vous avez déjà soumis votre unique essai pour cette question.');
    // Other questions keep the exam's rule (no limit).
    for (let i = 0; i < 3; i++) {
      const r = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.qcm, answer: [badChoice], submission_id: uuid() }] });
      expect(r.statusCode).toBe(200);
    }
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.exact, answer: 'REPONSE_SECRETE' });
    await call(st.token, 'POST', `/api/student/exams/${id}/finish`);
    const show = (await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data;
    expect(show.questions.find((q: { question: { id: number } }) => q.question.id === Q.exact)).toMatchObject({ state: 'NOT_VALIDATED', from_draft: false });
  });
});

describe('late answers: kept, listed for staff, attached or refused with a reason', () => {
  it('keeps an answer refused for being late, lets staff attach it (graded at its time) or refuse it, once', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    // Given during the attempt (it began ten minutes ago), before its deadline.
    const given = new Date(Date.now() - 60_000).toISOString();
    const late = [
      { question_id: Q.exact, answer: 'REPONSE_SECRETE', submission_id: uuid(), given_at: given },
      { question_id: Q.qcm, answer: [badChoice], submission_id: uuid(), given_at: given },
    ];
    // While the attempt runs, answers go the normal way.
    const early = await call(st.token, 'POST', `/api/student/exams/${id}/late-answers`, { answers: late });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Votre tentative est encore ouverte : envoyez vos réponses normalement.');
    await t.ctx.db.updateTable('exam_attempts').set({ started_at: at(-600_000), deadline: at(-40_000) }).where('exam_id', '=', id).execute();
    const refused = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [late[0]!] });
    expect(refused.statusCode).toBe(409);
    const kept = await call(st.token, 'POST', `/api/student/exams/${id}/late-answers`, { answers: late });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.kept).toBe(2);
    // Sent again (a retry): kept once.
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/late-answers`, { answers: late })).json().data.kept).toBe(0);
    // An answer dated before the start is refused.
    const forged = await call(st.token, 'POST', `/api/student/exams/${id}/late-answers`, {
      answers: [{ question_id: Q.exact, answer: 'x', submission_id: uuid(), given_at: new Date(Date.now() - 3 * 3600_000).toISOString() }],
    });
    expect(forged.statusCode).toBe(422);
    // Nothing counted yet.
    expect((await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data.score).toBe(0);

    const teacherUser = await seedUser(t.ctx, 'TEACHER');
    const teacher = await loginAs(t.app, teacherUser);
    const list = await call(teacher, 'GET', `/api/admin/exams/${id}/late-answers`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as Array<{ id: number; question_id: number; position: number; source: string; given_at: string; decision: string | null }>;
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.source === 'QUEUE' && r.decision === null)).toBe(true);
    const exactRow = rows.find((r) => r.question_id === Q.exact)!;
    expect(exactRow.position).toBe(2);
    // A decision needs its reason.
    const noReason = await call(teacher, 'PUT', `/api/admin/exams/${id}/late-answers/${exactRow.id}/decision`, { decision: 'ATTACHED', reason: '' });
    expect(noReason.statusCode).toBe(422);
    const attached = await call(teacher, 'PUT', `/api/admin/exams/${id}/late-answers/${exactRow.id}/decision`, { decision: 'ATTACHED', reason: 'Coupure du réseau de la salle B constatée.' });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({ decision: 'ATTACHED', verdict: { is_valid: true, score: 1 }, reason: 'Coupure du réseau de la salle B constatée.' });
    expect(attached.json().data.decided_by_name).toMatch(/^Prénom\d+ Nom\d+$/);
    const again = await call(teacher, 'PUT', `/api/admin/exams/${id}/late-answers/${exactRow.id}/decision`, { decision: 'REFUSED', reason: 'Changement d’avis.' });
    expect(again.statusCode).toBe(409);
    const qcmRow = rows.find((r) => r.question_id === Q.qcm)!;
    const refusedRow = await call(teacher, 'PUT', `/api/admin/exams/${id}/late-answers/${qcmRow.id}/decision`, { decision: 'REFUSED', reason: 'Envoyée bien après la fin.' });
    expect(refusedRow.json().data).toMatchObject({ decision: 'REFUSED', verdict: null });
    // The attached answer counts, given at its time; the refused one does not.
    const show = (await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data;
    expect(show.score).toBe(2);
    const a = await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', id).where('user_id', '=', st.id).executeTakeFirstOrThrow();
    const subs = await t.ctx.db.selectFrom('exam_submissions').select(['question_id', 'created_at']).where('attempt_id', '=', a.id).execute();
    expect(subs).toHaveLength(1);
    expect(new Date(subs[0]!.created_at).toISOString()).toBe(given);
    // A student cannot reach the staff routes.
    expect((await call(st.token, 'GET', `/api/admin/exams/${id}/late-answers`)).statusCode).toBe(403);
  });

  it('imports a student’s emergency copy as late answers, refusing another exam’s copy in French', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const sentInTime = uuid();
    await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.qcm, answer: [goodChoice], submission_id: sentInTime }] });
    await t.ctx.db.updateTable('exam_attempts').set({ started_at: at(-600_000), deadline: at(-40_000) }).where('exam_id', '=', id).execute();
    const { email } = await t.ctx.db.selectFrom('users').select('email').where('id', '=', st.id).executeTakeFirstOrThrow();
    const copy = {
      format: 'copie-de-secours-examen',
      version: 1,
      exam: { id, title: 'Partiel' },
      student: { id: st.id, name: 'Étudiant', email },
      made_at: new Date().toISOString(),
      answers: [
        { question_id: Q.qcm, question_number: 1, answer: [goodChoice], submission_id: sentInTime, given_at: new Date(Date.now() - 90_000).toISOString(), kind: 'SUBMITTED', refusal: null },
        { question_id: Q.exact, question_number: 2, answer: 'REPONSE_SECRETE', submission_id: uuid(), given_at: new Date(Date.now() - 80_000).toISOString(), kind: 'DRAFT', refusal: null },
      ],
    };
    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const imported = await call(teacher, 'POST', `/api/admin/exams/${id}/late-answers/import`, copy);
    expect(imported.statusCode, imported.body).toBe(200);
    // The answer that reached the server in time is not late.
    expect(imported.json().data).toEqual({ kept: 1, user_id: st.id });
    const rows = (await call(teacher, 'GET', `/api/admin/exams/${id}/late-answers`)).json().data;
    expect(rows).toMatchObject([{ question_id: Q.exact, source: 'FILE', kind: 'DRAFT' }]);
    const other = await call(teacher, 'POST', `/api/admin/exams/${id}/late-answers/import`, { ...copy, exam: { id: id + 1000, title: 'Autre' } });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('Cette copie de secours est celle d’un autre examen.');
    const notCopy = await call(teacher, 'POST', `/api/admin/exams/${id}/late-answers/import`, { format: 'autre chose' });
    expect(notCopy.statusCode).toBe(422);
    expect(JSON.stringify(notCopy.json())).toContain('Ce fichier n’est pas une copie de secours d’examen.');
  });
});

describe('nothing of an exam reaches a student before their own start; solutions only once their attempt is over', () => {
  it('answers the result page with no question before the opening and before the start', async () => {
    const st = await student();
    for (const id of [await exam({ start: at(60 * MIN), end: at(180 * MIN) }), await exam()]) {
      const res = await call(st.token, 'GET', `/api/student/exams/${id}/show`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.attempt).toBeNull();
      expect(data.questions).toEqual([]);
      // The exam's size may be known (the rules say it), never its content.
      expect(data.total).toBe(4);
      expect(res.body).not.toContain('Question');
      expect(res.body).not.toContain('Quatre');
      noSecret(res.body);
    }
  });

  it('hides the solutions from a student still inside on extra time after the closing time', async () => {
    // Closing time passed for everyone but this student, whose extra minutes run past it.
    const id = await exam({ start: at(-60 * MIN), end: at(-2 * MIN), duration: null });
    const st = await student();
    const attempt = await t.ctx.db
      .insertInto('exam_attempts')
      .values({ exam_id: id, user_id: st.id, started_at: at(-50 * MIN), deadline: at(20 * MIN), score: 0, max_score: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const eq = await t.ctx.db.selectFrom('exam_questions').select(['question_id', 'position', 'points']).where('exam_id', '=', id).execute();
    await t.ctx.db.insertInto('exam_attempt_questions').values(eq.map((q) => ({ attempt_id: attempt.id, ...q, section: 1 }))).execute();
    const inside = (await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data;
    expect(inside.questions).toHaveLength(4);
    expect(inside.solutions_shown).toBe(false);
    expect(inside.questions.every((q: { solution: unknown }) => q.solution === null)).toBe(true);
    // Once their own attempt is over, the solutions show.
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/finish`)).statusCode).toBe(200);
    const after = (await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data;
    expect(after.solutions_shown).toBe(true);
    expect(after.questions.find((q: { question: { id: number } }) => q.question.id === Q.qcm).solution.choice_ids).toEqual([goodChoice]);
  });
});

describe('every student a different exam: sections, draws and shuffled order', () => {
  /** An exam of two sections: the first gives all of (qcm, exact) in order; the second draws 1 of (algo, math, foreign). */
  async function pooledExam(shuffle = 1) {
    const id = await exam({ questions: [Q.qcm, Q.exact, Q.algo, Q.math, Q.foreign] });
    await t.ctx.db.updateTable('exam_questions').set({ points: 2 }).where('exam_id', '=', id).execute();
    await t.ctx.db.updateTable('exam_questions').set({ section: 2 }).where('exam_id', '=', id).where('question_id', 'in', [Q.algo, Q.math, Q.foreign]).execute();
    await t.ctx.db
      .insertInto('exam_sections')
      .values([
        { exam_id: id, position: 1, title: 'Cours', pick: null, shuffle },
        { exam_id: id, position: 2, title: 'Exercice', pick: 1, shuffle: 0 },
      ])
      .execute();
    return id;
  }

  it('gives each student their own draw, fixed at the start, the same on every reload', async () => {
    const id = await pooledExam();
    const seen = new Set<string>();
    const drawn = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const st = await student();
      const list = (await call(st.token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
      expect(list.progress.total).toBe(3);
      expect(list.total_points).toBe(6);
      expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
      const ids = (await call(st.token, 'GET', `/api/student/exams/${id}/questions`)).json().data.questions.map((q: { id: number }) => q.id);
      expect(ids).toHaveLength(3);
      expect(ids.slice(0, 2).sort()).toEqual([Q.qcm, Q.exact].sort());
      expect([Q.algo, Q.math, Q.foreign]).toContain(ids[2]);
      drawn.add(ids[2]);
      seen.add(ids.join(','));
      // Reloading, or another device, gives the same questions in the same order.
      const again = (await call(st.token, 'GET', `/api/student/exams/${id}/questions`)).json().data.questions.map((q: { id: number }) => q.id);
      expect(again).toEqual(ids);
      const show = (await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data;
      expect(show.questions.map((q: { question: { id: number } }) => q.question.id)).toEqual(ids);
      expect(show.total).toBe(3);
      expect(show.max_score).toBe(6);
    }
    // 12 students: the chance that all drew the same question, or all got one order, is below 1 in 2,000.
    expect(drawn.size).toBeGreaterThan(1);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('refuses an answer, a draft or a run to a question of the exam the student was not given', async () => {
    const id = await pooledExam(0);
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const mine = (await call(st.token, 'GET', `/api/student/exams/${id}/questions`)).json().data.questions.map((q: { id: number }) => q.id);
    const notMine = [Q.algo, Q.math, Q.foreign].find((q) => !mine.includes(q))!;
    const answer = notMine === Q.algo ? 'print(6)' : 'x';
    const sub = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: notMine, answer, submission_id: uuid() }] });
    expect(sub.statusCode).toBe(422);
    expect(sub.json().message).toBe("Cette question ne fait pas partie de l’examen.");
    const draft = await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: notMine, answer });
    expect(draft.statusCode).toBe(422);
    const ok = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer: 'REPONSE_SECRETE', submission_id: uuid() }] });
    expect(ok.statusCode).toBe(200);
  });

  it('shows staff each student’s draw: results, statistics and the student’s copy count only what they were given', async () => {
    const id = await pooledExam(0);
    const a = await student();
    const b = await student();
    for (const st of [a, b]) {
      await call(st.token, 'POST', `/api/student/exams/${id}/start`);
      await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer: 'REPONSE_SECRETE', submission_id: uuid() }] });
    }
    const admin = await seedUser(t.ctx, 'ADMIN');
    const token = await loginAs(t.app, admin);
    const results = (await call(token, 'GET', `/api/admin/exam-results/${id}/show`)).json().data;
    expect(results.exam.question_count).toBe(3);
    expect(results.exam.total_points).toBe(6);
    expect(results.questions).toHaveLength(5);
    for (const st of [a, b]) {
      const row = results.rows.find((r: { user_id: number }) => r.user_id === st.id);
      expect(row.cells.filter((c: { drawn: boolean }) => c.drawn)).toHaveLength(3);
      expect(row.score).toBe(2);
      expect(row.score_20).toBeCloseTo(6.67, 2);
      const copy = (await call(token, 'GET', `/api/admin/exam-results/${id}/students/${st.id}`)).json().data;
      const given = (await t.ctx.db.selectFrom('exam_attempt_questions as d').innerJoin('exam_attempts as x', 'x.id', 'd.attempt_id').select('d.question_id').where('x.exam_id', '=', id).where('x.user_id', '=', st.id).orderBy('d.position').execute()).map((r) => r.question_id);
      expect(copy.questions.map((q: { question_id: number }) => q.question_id)).toEqual(given);
      expect(copy.questions.map((q: { position: number }) => q.position)).toEqual([1, 2, 3]);
      // Each keeps its number among the exam's questions (the results table's column).
      const columns = new Map(results.questions.map((q: { question_id: number; position: number }) => [q.question_id, q.position]));
      expect(copy.questions.map((q: { exam_position: number }) => q.exam_position)).toEqual(given.map((id) => columns.get(id)));
    }
    const stats = (await call(token, 'GET', `/api/admin/exam-results/${id}/statistics`)).json().data;
    const given = (qid: number) => stats.questions.find((q: { question_id: number }) => q.question_id === qid).given;
    expect(given(Q.qcm)).toBe(2);
    expect(given(Q.exact)).toBe(2);
    expect(given(Q.algo) + given(Q.math) + given(Q.foreign)).toBe(2);
  });
});

describe('the exam room live: signs of the exam page, problem reports, what invigilators see', () => {
  it('reports a problem on a question of the student’s exam; staff see who is in, offline, finished, and the reports', async () => {
    const id = await exam();
    const [inside, away, done, absent] = [await student(), await student(), await student(), await student()];
    for (const st of [inside, away, done]) expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    expect((await call(done.token, 'POST', `/api/student/exams/${id}/finish`)).statusCode).toBe(200);
    // The exam page asks for its attempt every 10 s: that is its sign. The other one's last sign is 2 minutes old.
    expect((await call(inside.token, 'GET', `/api/student/exams/${id}/attempt`)).statusCode).toBe(200);
    await t.ctx.db.updateTable('exam_attempts').set({ last_seen_at: at(-2 * MIN) }).where('exam_id', '=', id).where('user_id', '=', away.id).execute();

    const report = await call(inside.token, 'POST', `/api/student/exams/${id}/reports`, { question_id: Q.exact, message: 'L’énoncé parle d’une figure absente.' });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().message).toBe('Votre signalement a été transmis aux surveillants.');
    const short = await call(inside.token, 'POST', `/api/student/exams/${id}/reports`, { message: 'a' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.message).toEqual(['Décrivez le problème en quelques mots.']);
    const foreign = await call(inside.token, 'POST', `/api/student/exams/${id}/reports`, { question_id: Q.foreign, message: 'Une autre question' });
    expect(foreign.statusCode).toBe(422);
    expect((await call(absent.token, 'POST', `/api/student/exams/${id}/reports`, { message: 'Je ne peux pas commencer' })).statusCode).toBe(409);
    // 20 reports per attempt, then the student is sent to an invigilator.
    for (let i = 1; i <= 20; i++) expect((await call(away.token, 'POST', `/api/student/exams/${id}/reports`, { message: `Problème numéro ${i}` })).statusCode).toBe(200);
    const over = await call(away.token, 'POST', `/api/student/exams/${id}/reports`, { message: 'Vingt et unième' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('adressez-vous directement à un surveillant');

    // A student cannot see the room.
    expect((await call(inside.token, 'GET', `/api/admin/exam-results/${id}/live`)).statusCode).toBe(403);
    const staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const live = (await call(staff, 'GET', `/api/admin/exam-results/${id}/live`)).json().data;
    const row = (u: { id: number }) => live.rows.find((r: { user_id: number }) => r.user_id === u.id);
    expect(row(inside)).toMatchObject({ status: 'IN_PROGRESS', presence: 'ONLINE', total: 4, open_reports: 1 });
    expect(row(away)).toMatchObject({ status: 'IN_PROGRESS', presence: 'OFFLINE', open_reports: 20 });
    expect(row(done)).toMatchObject({ status: 'FINISHED', presence: null });
    expect(row(absent)).toMatchObject({ status: 'NOT_STARTED', presence: null, total: 0 });
    // Offline first, then online, not started, finished.
    const order = live.rows.map((r: { user_id: number }) => r.user_id);
    expect(order.indexOf(away.id)).toBeLessThan(order.indexOf(inside.id));
    expect(order.indexOf(inside.id)).toBeLessThan(order.indexOf(absent.id));
    expect(order.indexOf(absent.id)).toBeLessThan(order.indexOf(done.id));
    expect(live.counts).toMatchObject({ online: 1, offline: 1, finished: 1, open_reports: 21 });
    const mine = live.reports.find((r: { user_id: number }) => r.user_id === inside.id);
    expect(mine).toMatchObject({ question_id: Q.exact, position: 2, message: 'L’énoncé parle d’une figure absente.', handled_at: null });

    const handled = await call(staff, 'PUT', `/api/admin/exam-results/${id}/reports/${mine.id}/handled`);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().data.handled_at).not.toBeNull();
    expect(handled.json().data.handled_by_name).toBeTruthy();
    const after = (await call(staff, 'GET', `/api/admin/exam-results/${id}/live`)).json().data;
    expect(after.counts.open_reports).toBe(20);
    // Open reports first.
    expect(after.reports.at(-1).id).toBe(mine.id);
    expect((await call(staff, 'PUT', `/api/admin/exam-results/${id + 1000}/reports/${mine.id}/handled`)).statusCode).toBe(404);
  });
});

describe('parameterised questions in an exam: a variant per student, made at publication, none at start', () => {
  const GENERATOR = ['import random', 'def generate(seed):', '    r = random.Random(seed)', '    a, b = r.randint(10, 99), r.randint(10, 99)', "    return {'a': a, 'b': b, 's': a + b}", ''].join('\n');

  it('gives each student a variant drawn among those made at publication, grades on it, and runs nothing at start', async () => {
    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const q = await call(teacher, 'POST', '/api/admin/questions/create', {
      type: 'EXACT',
      statement: '<p>Combien font {{a}} + {{b}} ?</p>',
      points: 2,
      generator: GENERATOR,
      possible_solutions: [{ content: '{{s}}' }],
    });
    expect(q.statusCode, q.body).toBe(200);
    const created = await call(teacher, 'POST', '/api/admin/exams/create', {
      title: 'Additions',
      academic_year_id: s.yearId,
      specialization_ids: [s.specializationId],
      start_at: at(-MIN).toISOString(),
      end_at: at(120 * MIN).toISOString(),
      duration_minutes: 30,
      questions: [{ question_id: q.json().data.id, points: 2 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const published = await call(teacher, 'PUT', `/api/admin/exams/${id}/update-status/PUBLISHED`);
    expect(published.statusCode, published.body).toBe(200);

    // Starting counts every call to the sandbox: there must be none.
    let runs = 0;
    const counted: CodeRunner = {
      run: (r) => (runs++, runner.run(r)),
      runCases: (r, c, o) => (runs++, runner.runCases!(r, c, o)),
      compareMath: (e, x, o) => (runs++, runner.compareMath(e, x, o)),
      close: async () => undefined,
    };
    const students = await Promise.all(Array.from({ length: 8 }, () => student()));
    const statements: string[] = [];
    await withContext(t, { runner: counted }, async () => {
      for (const st of students) expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    });
    expect(runs).toBe(0);

    for (const st of students) {
      const [mine] = (await call(st.token, 'GET', `/api/student/exams/${id}/questions`)).json().data.questions;
      const m = /Combien font (\d+) \+ (\d+) \?/.exec(mine.statement);
      expect(m, mine.statement).not.toBeNull();
      statements.push(mine.statement);
      // The same statement on every reload.
      expect((await call(st.token, 'GET', `/api/student/exams/${id}/questions`)).json().data.questions[0].statement).toBe(mine.statement);
      const sum = String(Number(m![1]) + Number(m![2]));
      const wrong = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: mine.id, answer: String(Number(sum) + 1), submission_id: uuid() }] });
      expect(wrong.json().data[0].is_valid).toBe(false);
      const right = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: mine.id, answer: sum, submission_id: uuid() }] });
      expect(right.json().data[0].is_valid).toBe(true);
      noSecret(JSON.stringify(mine));
      expect(JSON.stringify(mine)).not.toContain('{{');
    }
    // 8 students among 20 variants: the chance that all got the same one is 20^-7.
    expect(new Set(statements).size).toBeGreaterThan(1);
    const seeds = await t.ctx.db
      .selectFrom('exam_attempt_questions as d')
      .innerJoin('exam_attempts as a', 'a.id', 'd.attempt_id')
      .select(['d.variant_seed', 'd.question_version_id'])
      .where('a.exam_id', '=', id)
      .execute();
    expect(seeds.every((r) => r.variant_seed !== null && r.question_version_id !== null)).toBe(true);
    // Staff see which variant each student had.
    const own = await t.ctx.db
      .selectFrom('exam_attempt_questions as d')
      .innerJoin('exam_attempts as a', 'a.id', 'd.attempt_id')
      .select('d.variant_seed')
      .where('a.exam_id', '=', id)
      .where('a.user_id', '=', students[0].id)
      .executeTakeFirstOrThrow();
    const copy = (await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${students[0].id}`)).json().data;
    expect(copy.questions[0].variant_seed).toBe(own.variant_seed);
  }, 120_000);
});

describe('the appeal file', () => {
  it('gives staff a PDF of the copy as given, its verdicts and the journal with its last hash; never to a student', async () => {
    const id = await exam();
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: Q.exact, answer: 'ma réponse « exacte »', submission_id: uuid() }] });
    await call(st.token, 'POST', `/api/student/exams/${id}/reports`, { question_id: Q.exact, message: 'Énoncé ambigu' });
    // Drafts saved every few seconds are journaled once a minute per question.
    for (const answer of ['4', '42', '421']) expect((await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: Q.exact, answer })).statusCode).toBe(200);
    await call(st.token, 'POST', `/api/student/exams/${id}/finish`);
    const url = `/api/admin/exam-results/${id}/students/${st.id}/appeal`;
    expect((await call(st.token, 'GET', url)).statusCode).toBe(403);
    const staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const res = await call(staff, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=".*\.pdf"; filename\*=UTF-8''R%C3%A9clamation/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The last hash of the journal is written in the file (the text streams are compressed: read them back).
    const journal = (await call(staff, 'GET', `/api/admin/exams/${id}/attempts/${st.id}/journal`)).json().data;
    expect(journal.intact).toBe(true);
    // The last draft (« 421 », not submitted) is graded at « Terminer », and journaled so.
    expect(journal.events.map((e: { type: string }) => e.type)).toEqual(['START', 'ANSWER', 'REPORT', 'DRAFT', 'DRAFT_GRADED', 'FINISH']);
    const { inflateSync } = await import('node:zlib');
    const pdf = res.rawPayload.toString('latin1');
    // Each stream taken at its declared /Length: compressed bytes may end with \r or hold a newline, so the end marker
    // cannot tell where they stop. Every stream is compressed but the XMP metadata (plain XML, as a tagged PDF has
    // it); one that does not inflate fails the test.
    const text = [...pdf.matchAll(/<<\n((?:\/[^\n]*\n)+)>>\s*stream\n/g)]
      .filter((m) => !m[1]!.includes('/Type /Metadata'))
      .map((m) => {
        const start = m.index + m[0].length;
        return inflateSync(res.rawPayload.subarray(start, start + Number(/\/Length (\d+)/.exec(m[1]!)![1]))).toString('latin1');
      })
      .join('\n');
    const shown = [...text.matchAll(/<([0-9a-f]+)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('');
    expect(shown).toContain(journal.last_hash.slice(0, 20));
    expect(shown).toContain('Problème signalé aux surveillants');
    expect((await call(staff, 'GET', `/api/admin/exam-results/${id}/students/999999/appeal`)).statusCode).toBe(404);
  });
});
