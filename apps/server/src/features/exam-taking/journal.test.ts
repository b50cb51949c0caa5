// What exam taking writes in the journal when nobody calls: an attempt whose time ran out ends at its deadline, and
// the drafts graded then (by the sweep, or by the result page asked first) are each journaled with their verdict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { sweepEndedAttempts } from '../../../test/exam-sitting';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff: string;
let qcm = 0;
let good = 0;
let exact = 0;
const MIN = 60_000;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  qcm = (await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  good = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 1, content: 'Cinq', is_correct: 0 }).execute();
  exact = (await t.ctx.db.insertInto('questions').values({ type: 'EXACT', statement: '<p>La capitale ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: exact, position: 0, content: 'Paris' }).execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function exam() {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel à l’échéance', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 2 }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: exact, position: 1, points: 2 }).execute();
  return e.id;
}

async function sitting(id: number) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  const token = await loginAs(t.app, u);
  expect((await call(token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
  expect((await call(token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: qcm, answer: [good] })).statusCode).toBe(200);
  expect((await call(token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: exact, answer: 'Lyon' })).statusCode).toBe(200);
  return { id: u.id, token };
}

type Event = { type: string; client_at: string | null; data: Record<string, unknown> };
const journalOf = async (id: number, userId: number) => (await call(staff, 'GET', `/api/admin/exams/${id}/attempts/${userId}/journal`)).json().data as { intact: boolean; events: Event[] };

describe('journal of an attempt ended by its deadline', () => {
  it('records the end at the deadline and each draft graded then, in the sweep or when the result is asked first', async () => {
    const id = await exam();
    const [a, b] = [await sitting(id), await sitting(id)];
    const typedBy = Date.now();
    const deadline = new Date(Date.now() - 40_000);
    await t.ctx.db.updateTable('exam_attempts').set({ deadline }).where('exam_id', '=', id).execute();
    // Student b asks for the result before any sweep; student a's attempt is left to the sweep.
    expect((await call(b.token, 'GET', `/api/student/exams/${id}/show`)).statusCode).toBe(200);
    await sweepEndedAttempts(t);
    for (const st of [a, b]) {
      const journal = await journalOf(id, st.id);
      expect(journal.intact).toBe(true);
      // START, the two drafts journaled while typing, then the end and the two drafts graded.
      expect(journal.events.map((e) => e.type)).toEqual(['START', 'DRAFT', 'DRAFT', 'DEADLINE', 'DRAFT_GRADED', 'DRAFT_GRADED']);
      expect(journal.events[3]!.data).toEqual({ deadline: deadline.toISOString() });
      const graded = journal.events.slice(4);
      expect(graded.map((e) => [e.data.question_id, e.data.is_valid])).toEqual([
        [qcm, true],
        [exact, false],
      ]);
      // Dated when the draft was typed, not when it was graded.
      for (const e of graded) expect(Date.parse(e.client_at!)).toBeLessThanOrEqual(typedBy);
    }
    // Settling runs once: another sweep writes nothing more.
    await sweepEndedAttempts(t);
    expect((await journalOf(id, a.id)).events).toHaveLength(6);
  });

  it('writes no end at the deadline for an attempt the student finished (its drafts graded after « Terminer »)', async () => {
    const id = await exam();
    const st = await sitting(id);
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/finish`)).statusCode).toBe(200);
    const types = (await journalOf(id, st.id)).events.map((e) => e.type);
    expect(types).toEqual(['START', 'DRAFT', 'DRAFT', 'DRAFT_GRADED', 'DRAFT_GRADED', 'FINISH']);
  });
});
