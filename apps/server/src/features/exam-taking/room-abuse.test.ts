// What a student (or a forged file) can no longer do to the exam room, through the API on the real database: flood
// the journal with browser signals, send them after the end or with any time, send a late answer « given » after
// the attempt ended, have staff import an emergency copy naming someone else or dated in the future.
import { JOURNAL_SIGNAL_CALLS_PER_MINUTE, JOURNAL_SIGNALS_PER_TYPE, JOURNAL_TEXTS } from '@exam/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff: string;
let qcm = 0;
const MIN = 60_000;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  qcm = (await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }).execute();
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 1, content: 'Cinq', is_correct: 0 }).execute();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function exam(extra: { show_solutions_after_close?: number } = {}) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel surveillé', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED', ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 2 }).execute();
  return e.id;
}

async function started(examId: number) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  const token = await loginAs(t.app, u);
  expect((await call(token, 'POST', `/api/student/exams/${examId}/start`)).statusCode).toBe(200);
  const attemptId = (await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).where('user_id', '=', u.id).executeTakeFirstOrThrow()).id;
  return { u, token, attemptId };
}

const journalOf = async (examId: number, userId: number) => (await call(staff, 'GET', `/api/admin/exams/${examId}/attempts/${userId}/journal`)).json().data;

describe('browser signals', () => {
  it('a flood is counted, not stored one by one: the journal keeps a bounded number, the calls are limited', async () => {
    const id = await exam();
    const { u, token } = await started(id);
    const at = new Date().toISOString();
    // Focus toggled as fast as a script can: 50 alternating signals per call, as many calls as the limit allows.
    const alternating = { events: Array.from({ length: 50 }, (_, i) => ({ type: i % 2 ? 'FOCUS_BACK' : 'FOCUS_LOST', at })) };
    for (let i = 0; i < JOURNAL_SIGNAL_CALLS_PER_MINUTE - 1; i++) {
      const res = await call(token, 'POST', `/api/student/exams/${id}/events`, alternating);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ recorded: 50 });
    }
    // The same signal 50 times in one call: one event with its count.
    expect((await call(token, 'POST', `/api/student/exams/${id}/events`, { events: Array.from({ length: 50 }, () => ({ type: 'OFFLINE', at })) })).statusCode).toBe(200);
    const over = await call(token, 'POST', `/api/student/exams/${id}/events`, alternating);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(JOURNAL_TEXTS.signalsTooFast);

    const journal = await journalOf(id, u.id);
    expect(journal.intact).toBe(true);
    const byType = (type: string) => journal.events.filter((e: { type: string }) => e.type === type);
    expect(byType('FOCUS_LOST')).toHaveLength(JOURNAL_SIGNALS_PER_TYPE);
    expect(byType('FOCUS_BACK')).toHaveLength(JOURNAL_SIGNALS_PER_TYPE);
    expect(byType('FOCUS_LOST').at(-1).data).toEqual({ last_journaled: true });
    expect(byType('OFFLINE')).toHaveLength(1);
    expect(byType('OFFLINE')[0].data).toMatchObject({ count: 50 });
    const rows = await t.ctx.db.selectFrom('exam_journal').select((eb) => eb.fn.countAll<number>().as('n')).where('attempt_id', '=', journal.attempt_id).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(1 + 2 * JOURNAL_SIGNALS_PER_TYPE + 1); // START, the first signals, the OFFLINE run
    // Every signal counted all the same.
    const half = ((JOURNAL_SIGNAL_CALLS_PER_MINUTE - 1) * 50) / 2;
    expect(journal.signals).toEqual([
      expect.objectContaining({ type: 'FOCUS_BACK', count: half }),
      expect.objectContaining({ type: 'FOCUS_LOST', count: half }),
      expect.objectContaining({ type: 'OFFLINE', count: 50 }),
    ]);
  });

  it('dates each signal by the server, keeps an implausible browser time out, and refuses signals once the attempt is over', async () => {
    const id = await exam();
    const { u, token } = await started(id);
    const before = Date.now();
    expect((await call(token, 'POST', `/api/student/exams/${id}/events`, { events: [{ type: 'FOCUS_LOST', at: '2001-01-01T00:00:00Z' }, { type: 'FOCUS_BACK', at: '2099-01-01T00:00:00Z' }] })).statusCode).toBe(200);
    const signals = (await journalOf(id, u.id)).events.filter((e: { type: string }) => e.type.startsWith('FOCUS'));
    for (const e of signals) {
      expect(e.client_at).toBeNull();
      expect(Date.parse(e.at)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect((await call(token, 'POST', `/api/student/exams/${id}/finish`)).statusCode).toBe(200);
    const late = await call(token, 'POST', `/api/student/exams/${id}/events`, { events: [{ type: 'FOCUS_LOST', at: new Date().toISOString() }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(JOURNAL_TEXTS.signalsAfterEnd);
    // The same once staff closed the exam, for an attempt left running.
    const other = await started(id);
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED' }).where('id', '=', id).execute();
    expect((await call(other.token, 'POST', `/api/student/exams/${id}/events`, { events: [{ type: 'OFFLINE', at: new Date().toISOString() }] })).statusCode).toBe(409);
    const kinds = (await journalOf(id, other.u.id)).events.map((e: { type: string }) => e.type);
    expect(kinds).not.toContain('OFFLINE');
  });
});
