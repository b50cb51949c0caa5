// End-of-exam grading never stalls (on the real database and the real sandbox): a program printing a NUL byte is
// graded, stored and shown; an attempt whose drafts cannot be graded never holds back another's, is tried again
// later (not at every sweep) and is reported to staff; a regrade of an exam holding such an output succeeds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { settleDueDrafts } from './drafts';

let t: TestApp;
let runner: EmbeddedRunner;
let s: Awaited<ReturnType<typeof seedStructure>>;
let algo = 0;
let exact = 0;
let teacher = '';

const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);
// Prints its input doubled, then a NUL byte: wrong, but an output like any other.
const NUL_PROGRAM = 'import sys\nn = int(input())\nprint(n * 2)\nsys.stdout.write(chr(0) + "fin\\n")\n';

async function exam(questions: number[]) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel', academic_year_id: s.yearId, start_at: at(-MIN), end_at: at(180 * MIN), duration_minutes: 60, status: 'PUBLISHED', show_solutions_after_close: 1, max_submissions: null, wrong_try_penalty: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  for (const [i, id] of questions.entries()) await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: id, position: i, points: 2 }).execute();
  return e.id;
}

async function student() {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  return { id: u.id, token: await loginAs(t.app, u) };
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const attemptOf = (examId: number, userId: number) =>
  t.ctx.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirstOrThrow();
const submissionsOf = async (examId: number, userId: number) =>
  t.ctx.db.selectFrom('exam_submissions').selectAll().where('attempt_id', '=', (await attemptOf(examId, userId)).id).orderBy('id').execute();

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  s = await seedStructure(t.ctx);
  const q = await t.ctx.db
    .insertInto('questions')
    .values({ type: 'ALGORITHM', statement: '<p>Doubler</p>', points: 1, language: 'PYTHON' })
    .returning('id')
    .executeTakeFirstOrThrow();
  algo = q.id;
  await t.ctx.db
    .insertInto('possible_solutions')
    .values([
      { question_id: algo, position: 0, stdin: '3\n', expected_output: '6\n', is_hidden: 0 },
      { question_id: algo, position: 1, stdin: '21\n', expected_output: '42\n', is_hidden: 1 },
    ])
    .execute();
  const e = await t.ctx.db.insertInto('questions').values({ type: 'EXACT', statement: '<p>Capitale</p>', points: 1 }).returning('id').executeTakeFirstOrThrow();
  exact = e.id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: exact, position: 0, content: 'Paris' }).execute();
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('a program printing a NUL byte', () => {
  it('is graded at « Terminer », stored with the byte written \\u0000, and shown to the student and to staff', async () => {
    const id = await exam([algo]);
    const st = await student();
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    // Sent: graded and stored at once.
    const sent = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: algo, answer: NUL_PROGRAM, submission_id: crypto.randomUUID() }] });
    expect(sent.statusCode, sent.body).toBe(200);
    // Typed afterwards and left as a draft: graded at « Terminer ».
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: algo, answer: `${NUL_PROGRAM}# brouillon\n` });
    const finish = await call(st.token, 'POST', `/api/student/exams/${id}/finish`);
    expect(finish.statusCode, finish.body).toBe(200);
    const subs = await submissionsOf(id, st.id);
    expect(subs.map((x) => x.auto)).toEqual([0, 1]);
    for (const sub of subs) {
      const visible = (sub.details as { visible: Array<{ stdout: string }> }).visible[0]!;
      expect(visible.stdout).toBe('6\n\\u0000fin\n');
      expect(JSON.stringify(sub.internal)).toContain('\\\\u0000fin');
    }
    const shown = await call(st.token, 'GET', `/api/student/exams/${id}/show`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.questions[0].details.visible[0].stdout).toBe('6\n\\u0000fin\n');
    const copy = await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${st.id}`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.questions[0].submissions[1].cases.map((c: { stdout: string }) => c.stdout)).toEqual(['6\n\\u0000fin\n', '42\n\\u0000fin\n']);
  });
});

describe('the drafts sweep', () => {
  it('grades a normal attempt in the same sweep as one that fails, tries the failing one again later and later, and reports it', async () => {
    // A question whose expected expression cannot be read: grading it fails at every try until staff fix it.
    const broken = (await t.ctx.db.insertInto('questions').values({ type: 'MATH', statement: '<p>Dériver</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('possible_solutions').values({ question_id: broken, position: 0, content: '2*x +' }).execute();
    const id = await exam([algo, exact, broken]);
    const [nul, failing, normal] = [await student(), await student(), await student()];
    for (const st of [nul, failing, normal]) expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    await call(nul.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: algo, answer: NUL_PROGRAM });
    await call(failing.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: broken, answer: '2*x' });
    await call(normal.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: exact, answer: 'Paris' });
    // Past their deadline, the poisoned ones first in the sweep's order.
    const ids = { nul: (await attemptOf(id, nul.id)).id, failing: (await attemptOf(id, failing.id)).id, normal: (await attemptOf(id, normal.id)).id };
    await t.ctx.db.updateTable('exam_attempts').set({ deadline: at(-50_000) }).where('id', '=', ids.nul).execute();
    await t.ctx.db.updateTable('exam_attempts').set({ deadline: at(-45_000) }).where('id', '=', ids.failing).execute();
    await t.ctx.db.updateTable('exam_attempts').set({ deadline: at(-40_000) }).where('id', '=', ids.normal).execute();

    await settleDueDrafts(t.ctx);
    // The app's own sweep may have claimed an attempt first: each is awaited until settled (or its failure counted).
    await expect.poll(() => submissionsOf(id, normal.id), { timeout: 60_000 }).toMatchObject([{ auto: 1, is_valid: 1 }]);
    await expect.poll(() => submissionsOf(id, nul.id), { timeout: 60_000 }).toMatchObject([{ auto: 1, is_valid: 0 }]);
    await expect.poll(async () => (await attemptOf(id, failing.id)).drafts_failures, { timeout: 60_000 }).toBe(1);
    expect(await submissionsOf(id, failing.id)).toHaveLength(0);
    const first = await attemptOf(id, failing.id);
    expect(first).toMatchObject({ drafts_settled_at: null, drafts_claimed_at: null, drafts_failures: 1 });
    const wait1 = new Date(first.drafts_retry_at!).getTime() - Date.now();
    expect(wait1).toBeGreaterThan(5_000);
    expect(first.drafts_error).toContain('expression attendue');

    // Not tried again at the next sweep (every 5 s), nor by the student's result page, before its time.
    expect(await settleDueDrafts(t.ctx)).toBe(0);
    expect((await call(failing.token, 'GET', `/api/student/exams/${id}/show`)).statusCode).toBe(200);
    expect((await attemptOf(id, failing.id)).drafts_failures).toBe(1);
    // Its time come, it fails again: the wait doubles.
    await t.ctx.db.updateTable('exam_attempts').set({ drafts_retry_at: at(-1000) }).where('id', '=', ids.failing).execute();
    await settleDueDrafts(t.ctx);
    await expect.poll(async () => (await attemptOf(id, failing.id)).drafts_failures, { timeout: 60_000 }).toBe(2);
    const second = await attemptOf(id, failing.id);
    expect(new Date(second.drafts_retry_at!).getTime() - Date.now()).toBeGreaterThan(wait1 + 5_000);

    // Staff see the failure on the student's copy.
    const copy = await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${failing.id}`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.attempt.drafts_failure).toMatchObject({ failures: 2 });
    expect(copy.json().data.attempt.drafts_failure.reason).toContain('expression attendue');

    // The question fixed, the next try grades the draft and the report goes.
    await t.ctx.db.updateTable('possible_solutions').set({ content: '2*x' }).where('question_id', '=', broken).execute();
    await t.ctx.db.updateTable('exam_attempts').set({ drafts_retry_at: at(-1000) }).where('id', '=', ids.failing).execute();
    await settleDueDrafts(t.ctx);
    await expect.poll(() => submissionsOf(id, failing.id), { timeout: 60_000 }).toMatchObject([{ auto: 1, is_valid: 1 }]);
    expect((await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${failing.id}`)).json().data.attempt.drafts_failure).toBeNull();
  });

  it('lets « Terminer » end the attempt even when its drafts cannot be graded yet', async () => {
    const broken = (await t.ctx.db.insertInto('questions').values({ type: 'MATH', statement: '<p>Intégrer</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('possible_solutions').values({ question_id: broken, position: 0, content: '((x' }).execute();
    const id = await exam([broken]);
    const st = await student();
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: broken, answer: 'x' });
    const finish = await call(st.token, 'POST', `/api/student/exams/${id}/finish`);
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json().data.finished_at).not.toBeNull();
    expect((await attemptOf(id, st.id)).drafts_failures).toBe(1);
  });
});

describe('regrade', () => {
  it('succeeds when a program prints a NUL byte only with the fixed question', async () => {
    const q = (await t.ctx.db.insertInto('questions').values({ type: 'ALGORITHM', statement: '<p>Doubler</p>', points: 1, language: 'PYTHON' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('possible_solutions').values({ question_id: q, position: 0, stdin: '3\n', expected_output: '6\n', is_hidden: 0 }).execute();
    const id = await exam([q]);
    const st = await student();
    await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    const program = 'import sys\nn = int(input())\nsys.stdout.write(str(n * 2) + "\\n" if n else chr(0))\n';
    const sent = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: q, answer: program, submission_id: crypto.randomUUID() }] });
    expect(sent.json().data[0].is_valid).toBe(true);
    // The teacher adds the case of 0: the same program now prints a NUL byte.
    await t.ctx.db.insertInto('possible_solutions').values({ question_id: q, position: 1, stdin: '0\n', expected_output: '0\n', is_hidden: 1 }).execute();
    for (const dry_run of [true, false]) {
      const r = await call(teacher, 'POST', `/api/admin/exam-results/${id}/regrade`, { dry_run });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.submissions_changed).toBe(1);
    }
    const copy = (await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${st.id}`)).json().data;
    expect(copy.questions[0].submissions[0].cases.map((c: { stdout: string }) => c.stdout)).toEqual(['6\n', '\\u0000']);
    expect(copy.attempt.score).toBe(1);
  });
});
