// The appeal file of an attempt with a long journal is drawn off the API's event loop (appeal-worker-pool.ts): while
// it is made, the same process keeps answering other requests, one after the other, without a pause as long as the
// drawing. On the event loop, a journal of thousands of events held every request until the PDF was done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { appendEvents } from '../exam-journal';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;

const call = (token: string, url: string) => t.app.inject(authed(token, { method: 'GET', url }));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the appeal file of a long journal', () => {
  it('is made while the process goes on answering other requests', async () => {
    const qcm = (await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('possible_solutions').values([{ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }, { question_id: qcm, position: 1, content: 'Cinq', is_correct: 0 }]).execute();
    const exam = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Partiel au long journal', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3600_000), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: exam.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: qcm, position: 0, points: 2 }).execute();
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, u);
    expect((await t.app.inject(authed(token, { method: 'POST', url: `/api/student/exams/${exam.id}/start` }))).statusCode).toBe(200);
    const attemptId = (await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', exam.id).executeTakeFirstOrThrow()).id;
    // A journal as a flood left it before signals were bounded: thousands of events.
    for (let i = 0; i < 8; i++) {
      await appendEvents(t.ctx, attemptId, Array.from({ length: 500 }, (_, j) => ({ type: 'DRAFT' as const, data: { question_id: qcm, answer_sha256: `${i}-${j}`.padEnd(64, '0') } })));
    }
    const staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));

    const light = async () => {
      // As requests from the network would, each one comes in through the event loop (inject alone runs on promises
      // and PGlite in this thread, which would never let the loop take the worker's answer).
      await new Promise((resolve) => setImmediate(resolve));
      const res = await call(staff, `/api/admin/exams/${exam.id}/late-answers`);
      expect(res.statusCode).toBe(200);
    };
    // The process's pace when nothing else runs, measured under the same load as what follows.
    const idleStart = Date.now();
    for (let i = 0; i < 20; i++) await light();
    const idleEach = (Date.now() - idleStart) / 20;

    const began = Date.now();
    let done = false;
    const pdf = call(staff, `/api/admin/exam-results/${exam.id}/students/${u.id}/appeal`).finally(() => {
      done = true;
    });
    // Other requests, one after the other, for as long as the PDF is being made; the longest wait between two answers.
    let answered = 0;
    let last = Date.now();
    let longest = 0;
    while (!done) {
      await light();
      if (done) break;
      answered += 1;
      longest = Math.max(longest, Date.now() - last);
      last = Date.now();
    }
    const res = await pdf;
    const total = Date.now() - began;
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Answered all along, at no less than a quarter of the idle pace (measured with the PDF drawn on the event loop:
    // 24 answers in 3.5 s, a quarter of the idle pace being 33; in the worker thread: 220 in 5 s).
    const detail = `${answered} answers in ${total} ms (idle: ${idleEach.toFixed(1)} ms each), the longest wait ${longest} ms`;
    expect(answered, detail).toBeGreaterThanOrEqual(3);
    expect(answered, detail).toBeGreaterThanOrEqual(total / idleEach / 4);
  }, 180_000);
});
