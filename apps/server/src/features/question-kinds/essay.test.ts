// ESSAY (réponse rédigée) and grading by people, end to end on the real database: the kind's rules and settings, the
// student shape (never the grader information), the word limit, an exam whose essay waits « en attente de
// correction » (no verdict, its points not counted as 0: the score hidden, or provisional when the exam says so;
// statistics and results say pending), the grading queue (anonymous copy numbers, an order fixed per grader and
// shuffled, never alphabetical), marks saved with their version (a stale one: 409), the journal's MARK event, the
// appeal sentence, and a regrade that never touches a human mark.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examShowResultSchema, gradingQueueSchema, studentQuestionSchema, takingQuestionSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { journalSentence } from '../exam-results';
import { copyNumbers, graderOrder } from '../human-grading';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let teacher: string;
let teacher2: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  teacher2 = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const SECRET = 'Barème secret : 2 points pour la moyenne';
const essay = (extra: Record<string, unknown> = {}) => ({
  type: 'ESSAY',
  statement: '<p>Commentez la distribution observée.</p>',
  points: 4,
  essay: { word_limit: 10, response_template: 'Plan : 1. … 2. …', grader_info: SECRET },
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<Question> {
  const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

describe('ESSAY questions', () => {
  it('keeps its settings, refuses possible solutions and a bad word limit', async () => {
    const q = await create(essay());
    expect(q.type).toBe('ESSAY');
    expect(q.essay).toEqual({ word_limit: 10, response_template: 'Plan : 1. … 2. …', grader_info: SECRET, rubric: null });
    expect(q.possible_solutions).toEqual([]);

    const withRows = await call(teacher, 'POST', '/api/admin/questions/create', essay({ possible_solutions: [{ content: 'x' }] }));
    expect(withRows.statusCode).toBe(422);
    expect(withRows.json().errors.possible_solutions[0]).toMatch(/corrigée par une personne/);
    const limit = await call(teacher, 'POST', '/api/admin/questions/create', essay({ essay: { word_limit: 0 } }));
    expect(limit.statusCode).toBe(422);
    expect(limit.json().errors['essay.word_limit'][0]).toMatch(/limite de mots/);
    // Another kind keeps no essay settings.
    const other = await create({ type: 'EXACT', statement: '<p>2+2</p>', possible_solutions: [{ content: '4' }], essay: { word_limit: 3 } });
    expect(other.essay).toBeNull();
  });

  it('shows a student the limit and the template, never the grader information; an answer waits for a person', async () => {
    const q = await create(essay());
    const preview = await call(teacher, 'GET', `/api/admin/questions/${q.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const shown = studentQuestionSchema.strict().parse(preview.json().data.question);
    expect(shown.essay).toEqual({ word_limit: 10, response_template: 'Plan : 1. … 2. …' });
    expect(JSON.stringify(preview.json().data)).not.toContain('Barème secret');
    expect(JSON.stringify(preview.json().data)).not.toContain('grader_info');

    const tried = await call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer: { text: 'La moyenne vaut \\(\\bar x = 3\\) ici.' } });
    expect(tried.statusCode, tried.body).toBe(200);
    expect(tried.json().data.result).toEqual({ is_valid: false, score: 0, details: { type: 'ESSAY', pending: true, words: 5, comment: null } });
    const long = await call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer: { text: 'un deux trois quatre cinq six sept huit neuf dix onze' } });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe('Votre réponse compte 11 mots : la limite est de 10 mots. Raccourcissez-la avant de l’envoyer.');
    expect((await call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer: { text: '  ' } })).statusCode).toBe(422);
    expect((await call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer: 'texte' })).statusCode).toBe(422);
  });
});

describe('copy numbers and the grader’s order', () => {
  it('draws copy numbers from the exam and each grader’s order from the grader and the question, never from the ids’ order', () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    const numbers = copyNumbers(7, ids);
    expect([...numbers.values()].sort((a, b) => a - b)).toEqual(ids);
    expect(copyNumbers(7, [...ids].reverse())).toEqual(numbers);
    expect([...numbers.entries()].every(([id, n]) => id === n)).toBe(false);
    const copies = ids.map((attempt_id) => ({ attempt_id }));
    const a = graderOrder(1, 5, copies).map((c) => c.attempt_id);
    expect(graderOrder(1, 5, [...copies].reverse()).map((c) => c.attempt_id)).toEqual(a);
    expect(graderOrder(2, 5, copies).map((c) => c.attempt_id)).not.toEqual(a);
    expect(graderOrder(1, 6, copies).map((c) => c.attempt_id)).not.toEqual(a);
    expect(a).not.toEqual(ids);
  });
});

describe('ESSAY in an exam, graded by people', () => {
  it('waits « en attente de correction », is graded in the queue (anonymous, 409 on a stale mark, journaled), and the regrade keeps the mark', async () => {
    const q = await create(essay({ essay: { word_limit: 50, response_template: null, grader_info: SECRET } }));
    const auto = await create({ type: 'EXACT', statement: '<p>2 + 2 ?</p>', points: 2, possible_solutions: [{ content: '4' }] });
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Partiel rédigé', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: auto.id, position: 0, points: 2 }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 1, points: 4 }).execute();

    // Three students, named so that alphabetical order is one the queue must not follow.
    const students: Array<{ token: string; id: number; text: string }> = [];
    for (const [i, last] of ['Anquetil', 'Bernard', 'Charles'].entries()) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      await t.ctx.db.updateTable('users').set({ last_name: last }).where('id', '=', u.id).execute();
      const token = await loginAs(t.app, u);
      expect((await call(token, 'POST', `/api/student/exams/${e.id}/start`)).statusCode).toBe(200);
      students.push({ token, id: u.id, text: `Copie ${last} : la série est symétrique, rédaction ${i + 1}.` });
    }
    const [a, b, c] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];

    const qs = await call(a.token, 'GET', `/api/student/exams/${e.id}/questions`);
    const drawn = qs.json().data.questions.map((x: unknown) => takingQuestionSchema.strict().parse(x));
    expect(drawn[1].essay).toEqual({ word_limit: 50, response_template: null });
    expect(JSON.stringify(qs.json())).not.toContain('Barème secret');

    for (const st of students) {
      const sent = await call(st.token, 'POST', `/api/student/exams/${e.id}/solutions`, {
        answers: [
          { question_id: auto.id, answer: '4' },
          { question_id: q.id, answer: { text: st.text } },
        ],
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data[1]).toMatchObject({ is_valid: false, details: { type: 'ESSAY', pending: true } });
    }
    // The queue holds only copies that are over: none yet.
    const early = await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data.copies).toEqual([]);
    for (const st of students) expect((await call(st.token, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);

    // The student sees what they handed in, pending, and no score yet (the exam does not show a provisional one).
    const pending = examShowResultSchema.parse((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(pending).toMatchObject({ score: null, score_20: null, score_status: 'PENDING', pending_count: 1 });
    expect(pending.questions[1]).toMatchObject({ state: 'PENDING', score: 0, answer: { text: a.text }, details: { type: 'ESSAY', pending: true } });
    expect(JSON.stringify(pending)).not.toContain('Barème secret');
    // When the exam says so, the automatic part first, labelled provisional.
    await t.ctx.db.updateTable('exams').set({ show_provisional_score: 1 }).where('id', '=', e.id).execute();
    const provisional = examShowResultSchema.parse((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(provisional).toMatchObject({ score: 2, score_20: 6.67, score_status: 'PROVISIONAL', pending_count: 1 });

    // Staff results and statistics say pending, never 0.
    const results = (await call(teacher, 'GET', `/api/admin/exam-results/${e.id}/show`)).json().data;
    const row = results.rows.find((r: { user_id: number }) => r.user_id === a.id);
    expect(row).toMatchObject({ pending_count: 1, score: 2 });
    expect(row.cells[1]).toMatchObject({ state: 'PENDING' });
    const stats = (await call(teacher, 'GET', `/api/admin/exam-results/${e.id}/statistics`)).json().data;
    expect(stats).toMatchObject({ participants: 3, pending_participants: 3, mean_20: null });
    expect(stats.questions[1]).toMatchObject({ pending: 3, facility: null });
    // The xlsx export: « En attente » where the essay's points and the total would be, never a 0.
    const xl = await call(teacher, 'GET', `/api/admin/exam-results/${s.yearId}/${s.specializationId}/export`);
    expect(xl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xl.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Partiel rédigé')!;
    const rowA = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === 'Anquetil')!;
    expect((rowA.values as unknown[]).slice(4)).toEqual(['En attente de correction (1 réponse)', 2, 'En attente', 'En attente', 'En attente', 1]);

    // The overview and the queue: anonymous copies, in an order of this grader's, the same on every load.
    const overview = await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().data.questions).toEqual([{ question_id: q.id, position: 2, title: 'Commentez la distribution observée.', points: 4, counts: { total: 3, graded: 0, left: 3 } }]);
    const queue = gradingQueueSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    expect(queue.question.grader_info).toBe(SECRET);
    expect(queue.copies.map((x) => x.text).sort()).toEqual(students.map((x) => x.text).sort());
    const raw = JSON.stringify(queue);
    for (const name of ['Anquetil', 'Bernard', 'Charles']) expect(raw.split(name).length - 1).toBe(1); // only inside each answer's own text
    expect(raw).not.toMatch(/user_id|attempt_id|last_name|email/);
    const again = gradingQueueSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    expect(again.copies.map((x) => x.copy)).toEqual(queue.copies.map((x) => x.copy));
    expect([...queue.copies.map((x) => x.copy)].sort()).toEqual([1, 2, 3]);

    // Marks: saved at once; a grader holding an older version gets 409 and writes nothing.
    const copyOf = (text: string) => queue.copies.find((x) => x.text === text)!.copy;
    const url = (copy: number) => `/api/admin/exams/${e.id}/grading/questions/${q.id}/copies/${copy}`;
    const first = await call(teacher, 'PUT', url(copyOf(a.text)), { points: 3, comment: 'Bonne analyse.', version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ mark: { points: 3, comment: 'Bonne analyse.', version: 1 }, counts: { total: 3, graded: 1, left: 2 } });
    expect(first.json().message).toBe(`Note de la copie ${copyOf(a.text)} enregistrée.`);
    const stale = await call(teacher2, 'PUT', url(copyOf(a.text)), { points: 1, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Un autre correcteur a noté cette copie entre-temps/);
    const tooMany = await call(teacher, 'PUT', url(copyOf(b.text)), { points: 5, version: 0 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('La note ne peut pas dépasser les points de la question (4).');
    expect((await call(teacher, 'PUT', url(99), { points: 1, version: 0 })).statusCode).toBe(404);
    // Two graders saving the same version at once: one wins, the other gets 409.
    const both = await Promise.all([call(teacher, 'PUT', url(copyOf(b.text)), { points: 2, version: 0 }), call(teacher2, 'PUT', url(copyOf(b.text)), { points: 1, version: 0 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const regraded = await call(teacher2, 'PUT', url(copyOf(a.text)), { points: 3.5, comment: 'Bonne analyse, bien rédigée.', version: 1 });
    expect(regraded.statusCode, regraded.body).toBe(200);
    expect(regraded.json().data.mark).toMatchObject({ version: 2, points: 3.5 });

    // The marks reach the students once the teacher publishes them (docs/correction-humaine.md « Publication »).
    expect((await call(teacher, 'POST', `/api/admin/exams/${e.id}/grading/publish`)).statusCode).toBe(200);
    // Student a: everything graded, the score final (2 + 3.5 of 6), the comment with the answer.
    const final = examShowResultSchema.parse((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(final).toMatchObject({ score: 5.5, score_20: 18.33, score_status: 'FINAL', pending_count: 0 });
    expect(final.questions[1]).toMatchObject({ state: 'VALIDATED', score: 3.5, details: { type: 'ESSAY', pending: false, comment: 'Bonne analyse, bien rédigée.' } });
    // Student c is still waiting.
    expect(examShowResultSchema.parse((await call(c.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data).score_status).toBe('PROVISIONAL');

    // The journal of a's attempt holds both marks, chained, and the appeal file says them in French.
    const journal = await call(teacher, 'GET', `/api/admin/exams/${e.id}/attempts/${a.id}/journal`);
    expect(journal.statusCode, journal.body).toBe(200);
    const marks = journal.json().data.events.filter((ev: { type: string }) => ev.type === 'MARK');
    expect(marks.map((m: { data: { points: number } }) => m.data.points)).toEqual([3, 3.5]);
    expect(journal.json().data.intact).toBe(true);
    const sentence = journalSentence(marks[1], new Map([[q.id, 2]]));
    expect(sentence).toMatch(/^Note donnée par un correcteur, question 2, 3,5 sur 4, au lieu de 3, par .+, commentaire « Bonne analyse, bien rédigée. »$/);

    // A regrade never touches the marks (nor the pending copy).
    const regrade = await call(teacher, 'POST', `/api/admin/exam-results/${e.id}/regrade`, { dry_run: false });
    expect(regrade.statusCode, regrade.body).toBe(200);
    const afterRegrade = examShowResultSchema.parse((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(afterRegrade).toMatchObject({ score: 5.5, score_status: 'FINAL' });
    expect(examShowResultSchema.parse((await call(c.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data).questions[1]!.state).toBe('PENDING');

    // Statistics over the graded copies only; c still pending.
    const later = (await call(teacher, 'GET', `/api/admin/exam-results/${e.id}/statistics`)).json().data;
    expect(later).toMatchObject({ participants: 3, pending_participants: 1 });
    expect(later.questions[1]).toMatchObject({ pending: 1 });
  });
});

describe('ESSAY drafts', () => {
  it('hands in a draft left at the end, even past the limit: pending, its words counted for the graders', async () => {
    const q = await create(essay({ essay: { word_limit: 3, response_template: null, grader_info: null } }));
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Brouillon rédigé', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 4 }).execute();
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const st = await loginAs(t.app, u);
    expect((await call(st, 'POST', `/api/student/exams/${e.id}/start`)).statusCode).toBe(200);
    const text = 'un deux trois quatre cinq';
    const refused = await call(st, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { text } }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Votre réponse compte 5 mots : la limite est de 3 mots. Raccourcissez-la avant de l’envoyer.');
    expect((await call(st, 'PUT', `/api/student/exams/${e.id}/draft`, { question_id: q.id, answer: { text } })).statusCode).toBe(200);
    expect((await call(st, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);
    const shown = examShowResultSchema.parse((await call(st, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(shown).toMatchObject({ score_status: 'PENDING', pending_count: 1 });
    expect(shown.questions[0]).toMatchObject({ state: 'PENDING', from_draft: true, answer: { text }, details: { pending: true, words: 5 } });
    const queue = gradingQueueSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    expect(queue.copies).toEqual([{ copy: 1, text, words: 5, from_draft: true, mark: null }]);
    expect(queue.question.word_limit).toBe(3);
  });
});

describe('ESSAY out and back in', () => {
  it('writes Moodle essay (grader information, template, word limit) and GIFT {}, and reads them back', async () => {
    const q = await create(essay({ tags: ['rédaction'] }));
    for (const [format, file] of [
      ['moodle', 'export.xml'],
      ['gift', 'export.gift'],
    ] as const) {
      const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=${format}&ids=${q.id}` }));
      expect(exp.statusCode, exp.body).toBe(200);
      expect(exp.headers['x-omitted-questions'] ?? '').toBe('');
      expect(exp.body).toContain(format === 'moodle' ? '<question type="essay">' : '{}');
      const boundary = `----essay${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        exp.rawPayload,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const imp = await t.app.inject(
        authed(teacher, { method: 'POST', url: '/api/admin/questions/import?confirm=1', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
      );
      expect(imp.statusCode, imp.body).toBe(200);
      const report = imp.json().data;
      expect(report.items[0]).toMatchObject({ source_type: 'essay', outcome: 'imported', type: 'ESSAY' });
      const back = (await call(teacher, 'GET', `/api/admin/questions/${report.question_ids[0]}/show`)).json().data as Question;
      expect(back.type).toBe('ESSAY');
      // GIFT holds no settings: Moodle XML keeps them all.
      expect(back.essay).toEqual(format === 'moodle' ? q.essay : { word_limit: null, response_template: null, grader_info: null, rubric: null });
    }
  });
});
