// What a student (or a forged file) can no longer do to the exam room, through the API on the real database: flood
// the journal with browser signals, send them after the end or with any time, send a late answer « given » after
// the attempt ended, have staff import an emergency copy naming someone else or dated in the future; and what staff
// do is not left half-done (a late-answer decision) nor run twice at once by two API processes (a regrade).
import { EXAM_RESULTS_TEXTS, JOURNAL_SIGNAL_CALLS_PER_MINUTE, JOURNAL_SIGNALS_PER_TYPE, JOURNAL_TEXTS, LATE_ANSWER_TEXTS as L } from '@exam/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

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

const ago = (ms: number) => new Date(Date.now() - ms);

describe('late answers and emergency copies', () => {
  it('a late answer must have been given during the attempt; staff see when it ended and whether the solutions were visible when it came', async () => {
    const id = await exam({ show_solutions_after_close: 1 });
    const { u, token, attemptId } = await started(id);
    expect((await call(token, 'POST', `/api/student/exams/${id}/finish`)).statusCode).toBe(200);
    // The attempt began ten minutes ago and the student clicked « Terminer » two minutes ago; staff closed the exam.
    await t.ctx.db.updateTable('exam_attempts').set({ started_at: ago(600_000), finished_at: ago(120_000) }).where('id', '=', attemptId).execute();
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED' }).where('id', '=', id).execute();
    const answer = (givenAt: Date) => ({ answers: [{ question_id: qcm, answer: [good], submission_id: crypto.randomUUID(), given_at: givenAt.toISOString() }] });
    // « Given » after « Terminer », once the solutions could be read: refused.
    for (const when of [ago(60_000), new Date()]) {
      const forged = await call(token, 'POST', `/api/student/exams/${id}/late-answers`, answer(when));
      expect(forged.statusCode).toBe(422);
      expect(forged.json().message).toBe(L.givenAtOutside);
    }
    // Given during the attempt: kept, and staff see the attempt's end and that the solutions were visible on arrival.
    expect((await call(token, 'POST', `/api/student/exams/${id}/late-answers`, answer(ago(300_000)))).json().data).toEqual({ kept: 1 });
    const rows = (await call(staff, 'GET', `/api/admin/exams/${id}/late-answers`)).json().data;
    expect(rows).toHaveLength(1);
    const ended = (await t.ctx.db.selectFrom('exam_attempts').select('finished_at').where('id', '=', attemptId).executeTakeFirstOrThrow()).finished_at!;
    expect(rows[0]).toMatchObject({ user_id: u.id, attempt_ended_at: new Date(ended).toISOString(), solutions_visible: true });
  });

  it('a late-answer decision is written whole or not at all', async () => {
    const id = await exam();
    const { token, attemptId } = await started(id);
    await t.ctx.db.updateTable('exam_attempts').set({ started_at: ago(600_000), deadline: ago(120_000) }).where('id', '=', attemptId).execute();
    const sid = crypto.randomUUID();
    const kept = await call(token, 'POST', `/api/student/exams/${id}/late-answers`, { answers: [{ question_id: qcm, answer: [good], submission_id: sid, given_at: ago(300_000).toISOString() }] });
    expect(kept.json().data).toEqual({ kept: 1 });
    const late = (await call(staff, 'GET', `/api/admin/exams/${id}/late-answers`)).json().data[0];
    // The database refuses the last step (the late answer linked to the answer stored), as a crash there would.
    await sql`create or replace function h6_fail_link() returns trigger as $$ begin if new.exam_submission_id is not null then raise exception 'panne simulée'; end if; return new; end $$ language plpgsql`.execute(t.ctx.db);
    await sql`create trigger h6_fail_link before update on exam_late_answers for each row execute function h6_fail_link()`.execute(t.ctx.db);
    try {
      const failed = await call(staff, 'PUT', `/api/admin/exams/${id}/late-answers/${late.id}/decision`, { decision: 'ATTACHED', reason: 'Coupure du réseau constatée.' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`drop trigger h6_fail_link on exam_late_answers`.execute(t.ctx.db);
    }
    // Nothing changed: no decision, no answer stored, the score as it was.
    const row = await t.ctx.db.selectFrom('exam_late_answers').select(['decision', 'decided_by', 'reason', 'exam_submission_id']).where('id', '=', late.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ decision: null, decided_by: null, reason: null, exam_submission_id: null });
    expect(await t.ctx.db.selectFrom('exam_submissions').select('id').where('attempt_id', '=', attemptId).execute()).toEqual([]);
    expect(Number((await t.ctx.db.selectFrom('exam_attempts').select('score').where('id', '=', attemptId).executeTakeFirstOrThrow()).score ?? 0)).toBe(0);
    // Decided again, it goes through whole.
    const attached = await call(staff, 'PUT', `/api/admin/exams/${id}/late-answers/${late.id}/decision`, { decision: 'ATTACHED', reason: 'Coupure du réseau constatée.' });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({ decision: 'ATTACHED', verdict: { is_valid: true } });
  });

  it('refuses, with its reason, an emergency copy naming another student, made from another student’s answers, or dated in the future', async () => {
    const id = await exam();
    const mine = await started(id);
    const theirs = await started(id);
    for (const a of [mine, theirs]) await t.ctx.db.updateTable('exam_attempts').set({ started_at: ago(600_000), deadline: ago(120_000) }).where('id', '=', a.attemptId).execute();
    // The other student's answer reached the server in time.
    const sent = crypto.randomUUID();
    await t.ctx.db.updateTable('exam_attempts').set({ deadline: ago(-600_000) }).where('id', '=', theirs.attemptId).execute();
    expect((await call(theirs.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: qcm, answer: [good], submission_id: sent }] })).statusCode).toBe(200);
    const copy = (over: Record<string, unknown> = {}, answer: Record<string, unknown> = {}) => ({
      format: 'copie-de-secours-examen',
      version: 1,
      exam: { id, title: 'Partiel surveillé' },
      student: { id: mine.u.id, name: 'Étudiant', email: mine.u.email },
      made_at: ago(60_000).toISOString(),
      answers: [{ question_id: qcm, question_number: 1, answer: [good], submission_id: crypto.randomUUID(), given_at: ago(300_000).toISOString(), kind: 'SUBMITTED', refusal: null, ...answer }],
      ...over,
    });
    const refused = async (body: unknown, message: string) => {
      const res = await call(staff, 'POST', `/api/admin/exams/${id}/late-answers/import`, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
    };
    // Another student's account named with this one's address (or the reverse).
    await refused(copy({ student: { id: theirs.u.id, name: 'Étudiant', email: mine.u.email } }), L.copyOtherStudent);
    // This student's name on another's answers (their submission, already stored).
    await refused(copy({}, { submission_id: sent }), L.copyOtherStudent);
    await refused(copy({ made_at: new Date(Date.now() + 3600_000).toISOString() }), L.copyInFuture);
    await refused(copy({}, { given_at: ago(30_000).toISOString() }), L.answerAfterCopy);
    // Given after the attempt's deadline.
    await refused(copy({ made_at: new Date().toISOString() }, { given_at: ago(60_000).toISOString() }), L.givenAtOutside);
    expect((await t.ctx.db.selectFrom('exam_late_answers').select('id').where('attempt_id', 'in', [mine.attemptId, theirs.attemptId]).execute()).length).toBe(0);
    // The real copy goes in.
    const ok = await call(staff, 'POST', `/api/admin/exams/${id}/late-answers/import`, copy());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ kept: 1, user_id: mine.u.id });
  });
});

describe('regrade lock', () => {
  it('holds across processes: a regrade another process runs is refused, a lock its process left is taken over', async () => {
    const id = await exam();
    await started(id);
    // Another API process regrades this exam (its lock row, renewed).
    await t.ctx.db.insertInto('regrade_locks').values({ exam_id: id, holder: 'autre-processus' }).execute();
    const busy = await call(staff, 'POST', `/api/admin/exam-results/${id}/regrade`, { dry_run: true });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(EXAM_RESULTS_TEXTS.regradeRunning);
    // That process died: its lock, no longer renewed, is taken over, and released at the end.
    await t.ctx.db.updateTable('regrade_locks').set({ beat_at: sql`now() - interval '10 minutes'` }).where('exam_id', '=', id).execute();
    const run = await call(staff, 'POST', `/api/admin/exam-results/${id}/regrade`, { dry_run: true });
    expect(run.statusCode, run.body).toBe(200);
    expect(await t.ctx.db.selectFrom('regrade_locks').select('exam_id').where('exam_id', '=', id).execute()).toEqual([]);
  });
});
