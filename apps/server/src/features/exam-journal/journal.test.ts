// The attempt journal through the API on the real database: a sitting (start, a refusal, answers with verdicts,
// the browser's signals, time granted, an unlock, finish) is written in order, each event chained to the one
// before; staff read it with its last hash, and a change made afterwards in the database shows where it was made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { insertEvents, lastEvent } from './repository';
import { appendEvents, eventHash, readJournal } from './service';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff: string;
let qcm = 0;
let good = 0;
let bad = 0;
const MIN = 60_000;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  qcm = (await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  good = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  bad = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 1, content: 'Cinq', is_correct: 0 }).returning('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function exam() {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel journalisé', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 2 }).execute();
  return e.id;
}

describe('attempt journal', () => {
  it('records a sitting in order, chained, and shows a later change', async () => {
    const id = await exam();
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, u);
    const other = await loginAs(t.app, u);
    const base = `/api/student/exams/${id}`;

    // Nothing to report before the start.
    expect((await call(token, 'POST', `${base}/events`, { events: [{ type: 'OFFLINE', at: new Date().toISOString() }] })).statusCode).toBe(409);
    expect((await call(staff, 'PUT', `/api/admin/exams/${id}/access-rules`, { single_session: 1 })).statusCode).toBe(200);
    expect((await call(token, 'POST', `${base}/start`)).statusCode).toBe(200);
    expect((await call(token, 'POST', `${base}/start`)).statusCode).toBe(200); // resumed: one START
    expect((await call(other, 'GET', `${base}/questions`)).statusCode).toBe(403);
    expect((await call(other, 'GET', `${base}/questions`)).statusCode).toBe(403); // the same refusal within a minute: once
    const sid = crypto.randomUUID();
    await call(token, 'POST', `${base}/solutions`, { answers: [{ question_id: qcm, answer: [bad], submission_id: sid }] });
    await call(token, 'POST', `${base}/solutions`, { answers: [{ question_id: qcm, answer: [bad], submission_id: sid }] }); // the same, again
    await call(token, 'POST', `${base}/solutions`, { answers: [{ question_id: qcm, answer: [good] }] });
    const lost = new Date(Date.now() - 5000).toISOString();
    const events = await call(token, 'POST', `${base}/events`, { events: [{ type: 'FOCUS_LOST', at: lost }, { type: 'FOCUS_BACK', at: new Date().toISOString() }] });
    expect(events.json().data).toEqual({ recorded: 2 });
    expect((await call(token, 'POST', `${base}/events`, { events: [{ type: 'CHEATING', at: lost }] })).statusCode).toBe(422);
    expect((await call(staff, 'POST', `/api/admin/exams/${id}/extra-time`, { user_id: u.id, minutes: 10 })).statusCode).toBe(200);
    expect((await call(staff, 'POST', `/api/admin/exams/${id}/attempts/${u.id}/unlock`)).statusCode).toBe(200);
    expect((await call(token, 'POST', `${base}/finish`)).statusCode).toBe(200);

    const res = await call(staff, 'GET', `/api/admin/exams/${id}/attempts/${u.id}/journal`);
    expect(res.statusCode).toBe(200);
    const journal = res.json().data;
    expect(journal.events.map((e: { type: string }) => e.type)).toEqual(['START', 'ACCESS_REFUSED', 'ANSWER', 'ANSWER', 'FOCUS_LOST', 'FOCUS_BACK', 'TIME_GRANTED', 'UNLOCK', 'FINISH']);
    expect(journal.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(journal.events[2].data).toMatchObject({ question_id: qcm, submission_id: sid, is_valid: false });
    expect(journal.events[3].data).toMatchObject({ is_valid: true });
    expect(journal.events[4].client_at).toBe(lost);
    expect(journal.events[6].data).toMatchObject({ extra_minutes: 10 });
    expect(journal).toMatchObject({ intact: true, broken_at: null, last_hash: journal.events[8].hash });
    for (let i = 1; i < journal.events.length; i++) expect(journal.events[i].prev_hash).toBe(journal.events[i - 1].hash);
    expect((await call(token, 'GET', `/api/admin/exams/${id}/attempts/${u.id}/journal`)).statusCode).toBe(403);

    // Someone turns the wrong answer into a right one in the database: the chain breaks there.
    await t.ctx.db
      .updateTable('exam_journal')
      .set({ data: JSON.stringify({ ...journal.events[2].data, is_valid: true }) })
      .where('attempt_id', '=', journal.attempt_id)
      .where('seq', '=', 3)
      .execute();
    const after = (await call(staff, 'GET', `/api/admin/exams/${id}/attempts/${u.id}/journal`)).json();
    expect(after.data).toMatchObject({ intact: false, broken_at: 3 });
    expect(after.message).toBe('Journal chargé : la chaîne est rompue à l’événement 3.');
    // Removing an event shows too.
    await t.ctx.db.deleteFrom('exam_journal').where('attempt_id', '=', journal.attempt_id).where('seq', 'in', [2, 3]).execute();
    expect((await call(staff, 'GET', `/api/admin/exams/${id}/attempts/${u.id}/journal`)).json().data).toMatchObject({ intact: false, broken_at: 4 });

    const nobody = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    expect((await call(staff, 'GET', `/api/admin/exams/${id}/attempts/${nobody.id}/journal`)).statusCode).toBe(404);
  });

  it('keeps one unbroken chain when appends cross: twenty at once, and another process appending meanwhile', async () => {
    const id = await exam();
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, u);
    expect((await call(token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    const attemptId = (await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', id).where('user_id', '=', u.id).executeTakeFirstOrThrow()).id;

    // Twenty appends in flight together, each built on the same last event: the database takes one per number.
    await Promise.all(Array.from({ length: 20 }, (_, i) => appendEvents(t.ctx, attemptId, [{ type: 'FOCUS_LOST', data: { n: i } }, { type: 'FOCUS_BACK', data: { n: i } }])));
    // Another API process appends: this one's idea of the last event is now out of date.
    const head = (await lastEvent(t.ctx.db, attemptId))!;
    const base = { seq: head.seq + 1, type: 'OFFLINE', at: new Date(), client_at: null, data: { from: 'autre processus' } };
    await insertEvents(t.ctx.db, attemptId, [{ ...base, prev_hash: head.hash, hash: eventHash(head.hash, base) }]);
    await appendEvents(t.ctx, attemptId, [{ type: 'ONLINE' }]);

    const journal = await readJournal(t.ctx, id, u.id);
    expect(journal).toMatchObject({ intact: true, broken_at: null });
    expect(journal.events.map((e) => e.seq)).toEqual(Array.from({ length: 43 }, (_, i) => i + 1));
    expect(journal.events.slice(-2).map((e) => e.type)).toEqual(['OFFLINE', 'ONLINE']);
    // Each append's two events stay together, in their order.
    const pairs = journal.events.slice(1, 41);
    for (let i = 0; i < pairs.length; i += 2) {
      expect([pairs[i].type, pairs[i + 1].type]).toEqual(['FOCUS_LOST', 'FOCUS_BACK']);
      expect(pairs[i].data).toEqual(pairs[i + 1].data);
    }
  });
});
