// A runner saturated by others never refuses an exam answer (real PGlite, real sandbox): the runner is given one slot
// and a short wait, another owner's endless program holds that slot, and students submit programs meanwhile. Each
// answer is kept at once, pending (« en cours de correction », never a verdict nor an error, never 0 in the score),
// then graded later by the sweep with the verdict and the penalty it would have had at once; closing the exam keeps
// the waiting answers, archiving waits for them. The attempt's journal says when an answer is kept and when its
// verdict comes (with the failed tries counted, never journaled one by one); the staff copy shows a waiting answer
// with its failed tries and their last reason, which no student's shape ever carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { EXAM_TAKING_TEXTS, examJournalSchema, examQuestionsEnvelopeSchema, examShowResultSchema, examSolutionsEnvelopeSchema, examStudentResultSchema, type JournalEvent } from '@exam/shared';
import { journalSentence } from '../exam-results';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { gradeDueLater } from './grade-later';

let t: TestApp;
let runner: EmbeddedRunner;
let s: Awaited<ReturnType<typeof seedStructure>>;
let algo = 0;
let exact = 0;
let teacher = '';

const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);
const RIGHT = 'n = int(input())\nprint(n * 2)\n';
const WRONG = 'n = int(input())\nprint(n + 2)\n';
// A hidden case's input and output: never in what a student receives.
const HIDDEN_IN = '21\n';
const HIDDEN_OUT = '42\n';

async function exam(questions: number[], penalty: number) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel', academic_year_id: s.yearId, start_at: at(-MIN), end_at: at(180 * MIN), duration_minutes: 60, status: 'PUBLISHED', show_solutions_after_close: 0, max_submissions: null, wrong_try_penalty: penalty })
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
const submit = (token: string, examId: number, questionId: number, answer: string) =>
  call(token, 'POST', `/api/student/exams/${examId}/solutions`, { answers: [{ question_id: questionId, answer, submission_id: crypto.randomUUID() }] });
const questionState = async (token: string, examId: number, questionId: number) => {
  const r = examQuestionsEnvelopeSchema.parse((await call(token, 'GET', `/api/student/exams/${examId}/questions`)).json());
  return r.data!.questions.find((q) => q.id === questionId)!;
};
const journalOf = async (examId: number, userId: number) => examJournalSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${examId}/attempts/${userId}/journal`)).json().data);
const laterEvents = (events: JournalEvent[]) => events.filter((e) => ['ANSWER', 'ANSWER_KEPT', 'DRAFT_GRADED', 'GRADED_LATER'].includes(e.type));
const staffCopy = async (examId: number, userId: number) => {
  const r = await call(teacher, 'GET', `/api/admin/exam-results/${examId}/students/${userId}`);
  expect(r.statusCode, r.body).toBe(200);
  return examStudentResultSchema.parse(r.json().data);
};
const submissionsOf = async (examId: number, userId: number) => {
  const a = await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return t.ctx.db.selectFrom('exam_submissions').selectAll().where('attempt_id', '=', a.id).orderBy('id').execute();
};

beforeAll(async () => {
  // One slot, and a run waits for it at most 200 ms (an exam run three times as long): a saturated runner.
  runner = await createEmbeddedRunner({ slots: 1, queueTimeoutMs: 200 });
  t = await createTestApp({ runner });
  s = await seedStructure(t.ctx);
  algo = (await t.ctx.db.insertInto('questions').values({ type: 'ALGORITHM', statement: '<p>Doubler</p>', points: 1, language: 'PYTHON' }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db
    .insertInto('possible_solutions')
    .values([
      { question_id: algo, position: 0, stdin: '3\n', expected_output: '6\n', is_hidden: 0 },
      { question_id: algo, position: 1, stdin: HIDDEN_IN, expected_output: HIDDEN_OUT, is_hidden: 1 },
    ])
    .execute();
  exact = (await t.ctx.db.insertInto('questions').values({ type: 'EXACT', statement: '<p>Capitale</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: exact, position: 0, content: 'Paris' }).execute();
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('an exam answer meeting a saturated runner', () => {
  it('is kept pending, then graded later with its own verdict and penalty; closing keeps it, archiving waits for it', async () => {
    const id = await exam([algo, exact], 0.25);
    const [right, wrong, penalised] = [await student(), await student(), await student()];
    for (const st of [right, wrong, penalised]) expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    // One wrong try graded at once, before the runner is saturated: the later right answer takes its penalty.
    const first = await submit(penalised.token, id, algo, WRONG);
    expect(first.json().data[0]).toMatchObject({ is_valid: false });

    // Another owner's endless program takes the only slot, and keeps it until its own limits end it.
    let blockerDone = false;
    const blocker = runner.run({ language: 'PYTHON', code: 'while True:\n    pass\n', limits: { cpuSeconds: 4, wallMs: 8000 }, owner: 'quelqu-un-d-autre' }).finally(() => (blockerDone = true));
    await expect.poll(() => runner.pool.stats.active).toBe(1);

    const sent = {
      right: await submit(right.token, id, algo, RIGHT),
      wrong: await submit(wrong.token, id, algo, WRONG),
      penalised: await submit(penalised.token, id, algo, RIGHT),
    };
    // The runner was really saturated all along: the slot still held by the same run.
    expect(blockerDone).toBe(false);
    expect(runner.pool.stats.active).toBe(1);
    for (const r of Object.values(sent)) {
      expect(r.statusCode, r.body).toBe(200);
      const body = examSolutionsEnvelopeSchema.parse(r.json());
      expect(body.message).toBe(EXAM_TAKING_TEXTS.answersKeptForLater);
      expect(body.data![0]).toMatchObject({ is_valid: false, details: { type: 'ALGORITHM', pending: true, passed: 0, visible: [] } });
      expect(r.body).not.toContain(HIDDEN_IN.trim());
      expect(r.body).not.toContain(HIDDEN_OUT.trim());
    }
    // A question graded without the runner is graded at once meanwhile.
    expect((await submit(right.token, id, exact, 'Paris')).json()).toMatchObject({ message: EXAM_TAKING_TEXTS.answersGraded, data: [{ is_valid: true }] });

    // Stored, pending, no verdict and no penalty yet; the page says « en cours de correction », never « non validé ».
    expect(await submissionsOf(id, right.id)).toMatchObject([{ pending: 1, is_valid: 0, penalty: 0 }, { pending: 0, is_valid: 1 }]);
    expect((await submissionsOf(id, right.id))[0].grade_at).not.toBeNull();
    expect(await questionState(right.token, id, algo)).toMatchObject({ state: 'PENDING', details: { pending: true }, tries: 1 });
    // The score never counts it as 0: the result waits for it.
    const waiting = examShowResultSchema.parse((await call(right.token, 'GET', `/api/student/exams/${id}/show`)).json().data);
    expect(waiting).toMatchObject({ score_status: 'PENDING', pending_count: 1, score: null });

    // Staff close the exam while answers wait: closing keeps them (graded after), archiving waits for them.
    expect((await call(teacher, 'PUT', `/api/admin/exams/${id}/update-status/CLOSED`)).statusCode).toBe(200);
    const archive = await call(teacher, 'PUT', `/api/admin/exams/${id}/update-status/ARCHIVED`);
    expect(archive.statusCode, archive.body).toBe(409);
    expect(archive.json().message).toContain('3 réponses attendent encore leur correction');
    const book = (await call(teacher, 'GET', `/api/admin/exam-results/${id}/show`)).json().data;
    const row = book.rows.find((r: { user_id: number }) => r.user_id === right.id);
    expect(row).toMatchObject({ pending_count: 1, score: 2 });
    expect(row.cells[0]).toMatchObject({ state: 'PENDING' });

    // The slot comes free; the answers due are graded (the app's own loop may take some first: each is awaited).
    expect((await blocker).verdict).toBe('TIME_LIMIT');
    await t.ctx.db.updateTable('exam_submissions').set({ grade_at: at(-1000) }).where('grade_at', 'is not', null).execute();
    await expect
      .poll(async () => {
        await gradeDueLater(t.ctx);
        return (await t.ctx.db.selectFrom('exam_submissions').select('id').where('grade_at', 'is not', null).execute()).length;
      }, { timeout: 60_000 })
      .toBe(0);

    const graded = await questionState(right.token, id, algo);
    expect(graded).toMatchObject({ state: 'VALIDATED', details: { passed: 2, total: 2 } });
    expect(graded.details).not.toHaveProperty('pending');
    expect(await questionState(wrong.token, id, algo)).toMatchObject({ state: 'NOT_VALIDATED', details: { verdict: 'WRONG_ANSWER', passed: 0 } });
    expect(await submissionsOf(id, right.id)).toMatchObject([{ pending: 0, is_valid: 1, score: 1, penalty: 0, grade_at: null }, { is_valid: 1 }]);
    expect((await submissionsOf(id, right.id))[0].graded_later_at).not.toBeNull();
    // The wrong try before it costs its penalty, as it would have at once.
    expect(await submissionsOf(id, penalised.id)).toMatchObject([{ is_valid: 0 }, { is_valid: 1, score: 0.75, penalty: 0.25, pending: 0 }]);

    // The journal: the answer kept (no verdict), then its verdict graded later, with the penalty it took.
    const journal = await journalOf(id, right.id);
    expect(journal.intact).toBe(true);
    const [kept, verdict] = laterEvents(journal.events).filter((e) => e.data.question_id === algo);
    expect(kept).toMatchObject({ type: 'ANSWER_KEPT', data: { question_id: algo, from_draft: false, tries: 1 } });
    expect(kept.data).not.toHaveProperty('is_valid');
    // The tries that failed while the slot was still held (the app's own loop may have tried): counted in the event.
    const failures = (await submissionsOf(id, right.id))[0].grade_failures;
    expect(verdict).toMatchObject({ type: 'GRADED_LATER', data: { question_id: algo, submission_id: kept.data.submission_id, is_valid: true, failures, penalty: 0 } });
    const pos = new Map([[algo, 1]]);
    const tries = (n: number) => (n === 0 ? 'au premier essai de correction' : n === 1 ? 'après 1 essai de correction échoué' : `après ${n} essais de correction échoués`);
    expect(journalSentence(kept, pos)).toMatch(/^Réponse enregistrée, en cours de correction, question 1, le serveur d’exécution n’a pas pu la corriger à temps, essai n° 1, depuis l’adresse \S+$/);
    expect(journalSentence(verdict, pos)).toBe(`Réponse corrigée plus tard, question 1, validée, ${tries(failures)}`);
    const pj = laterEvents((await journalOf(id, penalised.id)).events).filter((e) => e.data.question_id === algo);
    expect(pj.map((e) => e.type)).toEqual(['ANSWER', 'ANSWER_KEPT', 'GRADED_LATER']);
    expect(journalSentence(pj[2], pos)).toBe(`Réponse corrigée plus tard, question 1, validée, pénalité de 25 % pour les essais faux envoyés avant, ${tries(Number(pj[2].data.failures))}`);
    expect(laterEvents((await journalOf(id, wrong.id)).events).at(-1)).toMatchObject({ type: 'GRADED_LATER', data: { is_valid: false } });

    const final = examShowResultSchema.parse((await call(right.token, 'GET', `/api/student/exams/${id}/show`)).json().data);
    expect(final).toMatchObject({ score_status: 'FINAL', pending_count: 0, score: 4, score_20: 20 });
    const p = examShowResultSchema.parse((await call(penalised.token, 'GET', `/api/student/exams/${id}/show`)).json().data);
    expect(p).toMatchObject({ score_status: 'FINAL', score: 1.5 });
    expect((await call(teacher, 'PUT', `/api/admin/exams/${id}/update-status/ARCHIVED`)).statusCode).toBe(200);
  }, 120_000);

  it('keeps a draft handed in at « Terminer » the same way: the attempt ends at once, the draft is graded later', async () => {
    const id = await exam([algo], 0);
    const st = await student();
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    expect((await call(st.token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: algo, answer: RIGHT })).statusCode).toBe(200);
    let blockerDone = false;
    const blocker = runner.run({ language: 'PYTHON', code: 'while True:\n    pass\n', limits: { cpuSeconds: 4, wallMs: 8000 }, owner: 'quelqu-un-d-autre' }).finally(() => (blockerDone = true));
    await expect.poll(() => runner.pool.stats.active).toBe(1);
    const finish = await call(st.token, 'POST', `/api/student/exams/${id}/finish`);
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json().data.finished_at).not.toBeNull();
    expect(blockerDone).toBe(false);
    // Settled at once (nothing left for the drafts sweep), the draft stored pending, sent automatically.
    const attempt = await t.ctx.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', id).where('user_id', '=', st.id).executeTakeFirstOrThrow();
    expect(attempt.drafts_settled_at).not.toBeNull();
    expect(await submissionsOf(id, st.id)).toMatchObject([{ auto: 1, pending: 1, is_valid: 0 }]);
    const waiting = examShowResultSchema.parse((await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data);
    expect(waiting).toMatchObject({ score_status: 'PENDING', pending_count: 1, score: null });
    expect(waiting.questions[0]).toMatchObject({ state: 'PENDING', from_draft: true });

    await blocker;
    await t.ctx.db.updateTable('exam_submissions').set({ grade_at: at(-1000) }).where('grade_at', 'is not', null).execute();
    await expect
      .poll(async () => {
        await gradeDueLater(t.ctx);
        return examShowResultSchema.parse((await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data).score_status;
      }, { timeout: 60_000 })
      .toBe('FINAL');
    expect(await submissionsOf(id, st.id)).toMatchObject([{ auto: 1, pending: 0, is_valid: 1 }]);
    // Journaled as a draft kept at the end (never « corrigé » before its verdict), then its verdict.
    const events = laterEvents((await journalOf(id, st.id)).events);
    expect(events.map((e) => e.type)).toEqual(['ANSWER_KEPT', 'GRADED_LATER']);
    expect(events[0]).toMatchObject({ data: { from_draft: true, question_id: algo } });
    expect(events[0].client_at).not.toBeNull();
    expect(events[1]).toMatchObject({ data: { from_draft: true, is_valid: true, failures: (await submissionsOf(id, st.id))[0].grade_failures } });
    expect(journalSentence(events[0], new Map([[algo, 1]]))).toMatch(/^Réponse enregistrée, en cours de correction, question 1, le serveur d’exécution n’a pas pu la corriger à temps, brouillon remis à la fin, tapé à \d\d:\d\d:\d\d$/);
  }, 120_000);

  it('keeps the answer when no runner answers at all, tries again later and later, and grades it once one is back', async () => {
    const id = await exam([algo], 0);
    const st = await student();
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    // The runner turned off (RUNNER_MODE=off, or down): the student's answer is kept all the same.
    const ctx = t.ctx as { runner?: unknown };
    const saved = ctx.runner;
    ctx.runner = undefined;
    try {
      const r = await submit(st.token, id, algo, RIGHT);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ message: EXAM_TAKING_TEXTS.answersKeptForLater, data: [{ is_valid: false, details: { pending: true } }] });
      // A try without a runner fails: counted with its reason, and not tried again before its wait.
      await t.ctx.db.updateTable('exam_submissions').set({ grade_at: at(-1000) }).where('grade_at', 'is not', null).execute();
      await gradeDueLater(t.ctx);
      await expect.poll(async () => (await submissionsOf(id, st.id))[0].grade_failures, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      const [failed] = await submissionsOf(id, st.id);
      expect(failed).toMatchObject({ pending: 1, is_valid: 0 });
      expect(failed.grade_error).toContain('désactivée');
      expect(new Date(failed.grade_at!).getTime()).toBeGreaterThan(Date.now() + 1000);
      expect(await gradeDueLater(t.ctx)).toBe(0);
      // A second failed try, counted with the first.
      await t.ctx.db.updateTable('exam_submissions').set({ grade_at: at(-1000) }).where('grade_at', 'is not', null).execute();
      await gradeDueLater(t.ctx);
      await expect.poll(async () => (await submissionsOf(id, st.id))[0].grade_failures, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

      // Staff see the answer waiting, its failed tries and their last reason.
      const copy = await staffCopy(id, st.id);
      const sub = copy.questions.find((q) => q.question_id === algo)!.submissions[0];
      expect(sub.grading_later).toMatchObject({ failures: (await submissionsOf(id, st.id))[0].grade_failures });
      expect(sub.grading_later!.reason).toContain('désactivée');
      expect(sub.graded_later_at).toBeNull();
      // The student never: neither the error's text nor its fields, in any of their shapes.
      const reason = (await submissionsOf(id, st.id))[0].grade_error!;
      for (const url of [`/api/student/exams/${id}/questions`, `/api/student/exams/${id}/show`, `/api/student/exams/${id}/attempt`, '/api/student/exams']) {
        const r = await call(st.token, 'GET', url);
        expect(r.statusCode, `${url} ${r.body}`).toBe(200);
        for (const leak of [reason, 'grade_error', 'grade_failures', 'grading_later', 'désactivée']) expect(r.body, url).not.toContain(leak);
      }
      const again = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: algo, answer: RIGHT, submission_id: (await submissionsOf(id, st.id))[0].submission_id }] });
      expect(again.statusCode, again.body).toBe(200);
      for (const leak of [reason, 'grade_error', 'grading_later']) expect(again.body).not.toContain(leak);
    } finally {
      ctx.runner = saved;
    }
    // The runner back, the answer's time come: graded.
    await t.ctx.db.updateTable('exam_submissions').set({ grade_at: at(-1000) }).where('grade_at', 'is not', null).execute();
    await expect
      .poll(async () => {
        await gradeDueLater(t.ctx);
        return (await questionState(st.token, id, algo)).state;
      }, { timeout: 60_000 })
      .toBe('VALIDATED');
    // One event for the verdict, with the failed tries counted (not one event per failure); the copy no longer waits.
    const [row] = await submissionsOf(id, st.id);
    expect(row.grade_failures).toBeGreaterThanOrEqual(2);
    const events = laterEvents((await journalOf(id, st.id)).events);
    expect(events.map((e) => e.type)).toEqual(['ANSWER_KEPT', 'GRADED_LATER']);
    expect(events[1]).toMatchObject({ data: { is_valid: true, failures: row.grade_failures } });
    expect(journalSentence(events[1], new Map([[algo, 1]]))).toBe(`Réponse corrigée plus tard, question 1, validée, après ${row.grade_failures} essais de correction échoués`);
    const sub = (await staffCopy(id, st.id)).questions[0].submissions[0];
    expect(sub).toMatchObject({ is_valid: true, grading_later: null });
    expect(sub.graded_later_at).not.toBeNull();
  }, 120_000);
});
