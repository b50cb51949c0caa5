// Test seeding shared by the retention and personal-data tests: an exam of a year with two questions, and a real
// sitting through the student's routes (start, answers, a journal, finish), then the exam closed. And the drafts
// sweep as the exam-taking tests drive it.
import { expect } from 'vitest';
import { settleDueDrafts } from '../src/features/exam-taking';
import { authed, loginAs, seedUser, type TestApp } from './helper';

const MIN = 60_000;

export async function seedExam(t: TestApp, yearId: number, specializationId: number, title: string) {
  const qcm = (await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>Combien font 2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  const good = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 1, content: 'Cinq', is_correct: 0 }).execute();
  const exact = (await t.ctx.db.insertInto('questions').values({ type: 'EXACT', statement: '<p>La capitale de la France ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: exact, position: 0, content: 'Paris' }).execute();
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title, academic_year_id: yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 1 }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: exact, position: 1, points: 2 }).execute();
  return { examId: e.id, qcm, good, exact };
}

/** A student of the year sits the exam through the real routes: one right answer, one wrong, then finishes. */
export async function sit(t: TestApp, exam: Awaited<ReturnType<typeof seedExam>>, yearId: number, specializationId: number) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: yearId, specialization_id: specializationId });
  const token = await loginAs(t.app, u);
  const call = (method: 'POST', url: string, payload?: object) => t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const base = `/api/student/exams/${exam.examId}`;
  const started = await call('POST', `${base}/start`);
  expect(started.statusCode, started.body).toBe(200);
  expect((await call('POST', `${base}/solutions`, { answers: [{ question_id: exam.qcm, answer: [exam.good], submission_id: crypto.randomUUID() }] })).statusCode).toBe(200);
  expect((await call('POST', `${base}/solutions`, { answers: [{ question_id: exam.exact, answer: 'Lyon', submission_id: crypto.randomUUID() }] })).statusCode).toBe(200);
  expect((await call('POST', `${base}/finish`)).statusCode).toBe(200);
  return { ...u, token };
}

export async function closeExam(t: TestApp, examId: number) {
  await t.ctx.db.updateTable('exams').set({ status: 'CLOSED', end_at: new Date(Date.now() - 1000) }).where('id', '=', examId).execute();
}

/**
 * One sweep of the ended attempts' drafts, finished whoever runs it: the app's own sweep (every few seconds) may have
 * claimed an attempt first and still be grading it, so this waits until no attempt is claimed and unsettled (each is
 * then settled, or its failure counted and its next try set).
 */
export async function sweepEndedAttempts(t: TestApp): Promise<void> {
  await settleDueDrafts(t.ctx);
  const inFlight = async () =>
    (
      await t.ctx.db
        .selectFrom('exam_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('drafts_settled_at', 'is', null)
        .where('drafts_claimed_at', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n;
  await expect.poll(inFlight, { timeout: 120_000 }).toBe(0);
}
