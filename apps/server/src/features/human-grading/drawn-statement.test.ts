// The grading queue shows the statement each student was given: the question as the exam pinned it (not as it was
// edited since), and, for a parameterised question, each copy's own variant with its values filled in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradingQueueSchema } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
const MIN = 60_000;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the statement in the grading queue', () => {
  it('is the pinned version’s, and each copy of a parameterised essay carries its own variant', async () => {
    const template = '<p>Commentez la série {{a}}, {{b}}.</p>';
    const essay = { word_limit: null, response_template: null, grader_info: 'Attendu : la moyenne.', rubric: null };
    const generator = 'def generate(seed):\n    return {}\n';
    const q = await t.ctx.db.insertInto('questions').values({ type: 'ESSAY', statement: template, points: 2, generator, essay: JSON.stringify(essay) }).returning('id').executeTakeFirstOrThrow();
    const snapshot = { type: 'ESSAY', statement: template, language: null, points: 2, starter_code: null, reference_solution: null, tolerance: null, limits: null, essay, generator, possible_solutions: [] };
    const version = (await t.ctx.db.insertInto('question_versions').values({ question_id: q.id, number: 1, snapshot: JSON.stringify(snapshot), created_by: null }).returning('id').executeTakeFirstOrThrow()).id;
    const variants = [
      { seed: 11, values: { a: 2, b: 4 }, statement: '<p>Commentez la série 2, 4.</p>' },
      { seed: 22, values: { a: 5, b: 9 }, statement: '<p>Commentez la série 5, 9.</p>' },
    ];
    for (const v of variants) {
      await t.ctx.db
        .insertInto('question_variants')
        .values({ version_id: version, seed: v.seed, values: JSON.stringify(v.values), content: JSON.stringify({ statement: v.statement, possible_solutions: [] }) })
        .execute();
    }
    const exam = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Séries tirées', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: exam.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: q.id, question_version_id: version, position: 0, points: 2 }).execute();

    // Six students: each is sent their variant's statement, answers it and finishes.
    const sent = new Map<string, string>();
    for (let i = 0; i < 6; i += 1) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      const token = await loginAs(t.app, u);
      expect((await call(token, 'POST', `/api/student/exams/${exam.id}/start`)).statusCode).toBe(200);
      const statement = (await call(token, 'GET', `/api/student/exams/${exam.id}/questions`)).json().data.questions[0].statement as string;
      expect(variants.map((v) => v.statement)).toContain(statement);
      const text = `Réponse de l’étudiant ${i}.`;
      sent.set(text, statement);
      expect((await call(token, 'POST', `/api/student/exams/${exam.id}/solutions`, { answers: [{ question_id: q.id, answer: { text } }] })).statusCode).toBe(200);
      expect((await call(token, 'POST', `/api/student/exams/${exam.id}/finish`)).statusCode).toBe(200);
    }
    // The question edited since the publication: the graders still read what the students were given.
    await t.ctx.db.updateTable('questions').set({ statement: '<p>Un tout autre énoncé.</p>', essay: JSON.stringify({ ...essay, grader_info: 'Modifiée.' }) }).where('id', '=', q.id).execute();

    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const res = await call(teacher, 'GET', `/api/admin/exams/${exam.id}/grading/questions/${q.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const queue = gradingQueueSchema.parse(res.json().data);
    expect(queue.question.statement).toBe(template);
    expect(queue.question.grader_info).toBe('Attendu : la moyenne.');
    expect(queue.copies).toHaveLength(6);
    for (const c of queue.copies) expect(c.statement, c.text).toBe(sent.get(c.text));
  });
});
