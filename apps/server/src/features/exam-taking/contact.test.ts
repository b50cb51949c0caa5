// Periods without contact, journaled by the server from the gaps in the exam page's checks of its attempt (every
// 10 s): the page that comes back has its period journaled at its next check, and the page that never comes back
// before the end (its own signals then refused) has the period from its last check until the end journaled when the
// attempt is settled. Real PGlite; the checks' dates are moved back in the database instead of waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_SILENCE_SECONDS } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { sweepEndedAttempts } from '../../../test/exam-sitting';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff: string;
let qcm = 0;
let good = 0;
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
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function exam() {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel hors ligne', academic_year_id: s.yearId, start_at: new Date(Date.now() - 120 * MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 2 }).execute();
  return e.id;
}

async function sitting(id: number) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  const token = await loginAs(t.app, u);
  expect((await call(token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
  return { id: u.id, token };
}

const check = async (token: string, id: number) => expect((await call(token, 'GET', `/api/student/exams/${id}/attempt`)).statusCode).toBe(200);

type Event = { type: string; data: Record<string, unknown> };
const journalOf = async (id: number, userId: number) => (await call(staff, 'GET', `/api/admin/exams/${id}/attempts/${userId}/journal`)).json().data as { intact: boolean; events: Event[] };
const periods = async (id: number, userId: number) => (await journalOf(id, userId)).events.filter((e) => e.type === 'OFFLINE_PERIOD');

/** Moves the attempt's whole timeline back (its start, its last check, its deadline), as if that time had passed. */
async function moveBack(examId: number, userId: number, v: { started: number; checked: number | null; deadline: number }) {
  const now = Date.now();
  await t.ctx.db
    .updateTable('exam_attempts')
    .set({ started_at: new Date(now - v.started), checked_at: v.checked === null ? null : new Date(now - v.checked), deadline: new Date(now - v.deadline) })
    .where('exam_id', '=', examId)
    .where('user_id', '=', userId)
    .execute();
  const a = await t.ctx.db.selectFrom('exam_attempts').select(['checked_at', 'deadline', 'started_at']).where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { checked: a.checked_at ? new Date(a.checked_at).toISOString() : null, deadline: new Date(a.deadline).toISOString(), started: new Date(a.started_at).toISOString() };
}

describe('periods without contact, journaled by the server', () => {
  it('journals the period from the last check until the end when the page never comes back before the end', async () => {
    const id = await exam();
    const st = await sitting(id);
    await check(st.token, id);
    expect((await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: qcm, answer: [good] })).statusCode).toBe(200);
    // The checks stop 40 min into the attempt; the attempt ends 20 min later at its deadline, 10 min ago.
    const at = await moveBack(id, st.id, { started: 70 * MIN, checked: 30 * MIN, deadline: 10 * MIN });
    // The page coming back now cannot tell anything any more: its signals are refused after the end.
    const late = await call(st.token, 'POST', `/api/student/exams/${id}/events`, { events: [{ type: 'ONLINE', at: new Date().toISOString() }] });
    expect(late.statusCode).toBe(409);
    await sweepEndedAttempts(t);
    const journal = await journalOf(id, st.id);
    expect(journal.intact).toBe(true);
    const found = journal.events.filter((e) => e.type === 'OFFLINE_PERIOD');
    expect(found.map((e) => e.data)).toEqual([{ from: at.checked, until: at.deadline, seconds: 20 * 60, until_end: true }]);
    // Settled once: another sweep, or the result page, journals it no second time.
    await sweepEndedAttempts(t);
    expect((await call(st.token, 'GET', `/api/student/exams/${id}/show`)).statusCode).toBe(200);
    expect(await periods(id, st.id)).toHaveLength(1);
  });

  it('journals the period from the start when the page never checked, and nothing for a page that kept checking', async () => {
    const id = await exam();
    const [silent, present] = [await sitting(id), await sitting(id)];
    const at = await moveBack(id, silent.id, { started: 50 * MIN, checked: null, deadline: 5 * MIN });
    await moveBack(id, present.id, { started: 50 * MIN, checked: 6 * MIN, deadline: 5 * MIN });
    await sweepEndedAttempts(t);
    expect((await periods(id, silent.id)).map((e) => e.data)).toEqual([{ from: at.started, until: at.deadline, seconds: 45 * 60, until_end: true }]);
    // Its last check a minute before the end, within JOURNAL_SILENCE_SECONDS: no period.
    expect(JOURNAL_SILENCE_SECONDS).toBeGreaterThan(60);
    expect(await periods(id, present.id)).toEqual([]);
  });

  it('journals the gap at the next check when the page comes back during the attempt, and not for checks 10 s apart', async () => {
    const id = await exam();
    const st = await sitting(id);
    await check(st.token, id);
    const at = await moveBack(id, st.id, { started: 20 * MIN, checked: 4 * MIN, deadline: -40 * MIN });
    const before = Date.now();
    await check(st.token, id);
    const after = Date.now();
    const found = await periods(id, st.id);
    expect(found).toHaveLength(1);
    expect(found[0]!.data.from).toBe(at.checked);
    expect(found[0]!.data.until_end).toBeUndefined();
    const until = Date.parse(found[0]!.data.until as string);
    expect(until).toBeGreaterThanOrEqual(before - 1000);
    expect(until).toBeLessThanOrEqual(after + 1000);
    // Checks every few seconds: no period (the last check is moved 10 s back, as the page's timer would).
    await moveBack(id, st.id, { started: 20 * MIN, checked: 10_000, deadline: -40 * MIN });
    await check(st.token, id);
    await check(st.token, id);
    expect(await periods(id, st.id)).toHaveLength(1);
  });
});
