// The staff copy of a student's attempt shows a parameterised question as the student was given it: the values
// drawn for their variant and the statement they read, not only the variant's seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
const MIN = 60_000;

const call = (token: string, method: 'GET' | 'POST', url: string) => t.app.inject(authed(token, { method, url }));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the staff copy of a parameterised question', () => {
  it('gives the drawn values and the statement as the student read it; none for a plain question', async () => {
    const template = '<p>Combien font {{a}} + {{b}} ?</p>';
    const q = await t.ctx.db
      .insertInto('questions')
      .values({ type: 'EXACT', statement: template, points: 1, generator: 'def generate(seed):\n    return {}\n' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sol = { question_id: q.id, position: 0, content: '{{s}}', is_correct: 1 as const, stdin: '', expected_output: '', is_hidden: 0 as const, weight: 1 };
    const solId = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: q.id, position: 0, content: '{{s}}' }).returning('id').executeTakeFirstOrThrow()).id;
    const snapshot = { type: 'EXACT', statement: template, language: null, points: 1, starter_code: null, reference_solution: null, tolerance: null, limits: null, generator: 'def generate(seed):\n    return {}\n', possible_solutions: [{ ...sol, id: solId }] };
    const version = (await t.ctx.db.insertInto('question_versions').values({ question_id: q.id, number: 1, snapshot: JSON.stringify(snapshot), created_by: null }).returning('id').executeTakeFirstOrThrow()).id;
    // One variant only: every student gets it.
    await t.ctx.db
      .insertInto('question_variants')
      .values({
        version_id: version,
        seed: 4217,
        values: JSON.stringify({ a: 12, b: 30, s: 42 }),
        content: JSON.stringify({ statement: '<p>Combien font 12 + 30 ?</p>', possible_solutions: [{ ...sol, id: solId, content: '42' }] }),
      })
      .execute();
    const plain = (await t.ctx.db.insertInto('questions').values({ type: 'EXACT', statement: '<p>La capitale ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('possible_solutions').values({ question_id: plain, position: 0, content: 'Paris' }).execute();
    const exam = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Additions tirées', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: exam.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: q.id, question_version_id: version, position: 0, points: 2 }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: plain, position: 1, points: 1 }).execute();

    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const student = await loginAs(t.app, u);
    const staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const url = `/api/admin/exam-results/${exam.id}/students/${u.id}`;
    // Before the start: nothing drawn yet.
    const before = (await call(staff, 'GET', url)).json().data;
    expect(before.questions.map((x: { variant_values: unknown; drawn_statement: unknown }) => [x.variant_values, x.drawn_statement])).toEqual([
      [null, null],
      [null, null],
    ]);

    expect((await call(student, 'POST', `/api/student/exams/${exam.id}/start`)).statusCode).toBe(200);
    const seen = (await call(student, 'GET', `/api/student/exams/${exam.id}/questions`)).json().data.questions;
    const res = await call(staff, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data;
    const drawn = copy.questions.find((x: { question_id: number }) => x.question_id === q.id);
    expect(drawn).toMatchObject({ variant_seed: 4217, variant_values: { a: 12, b: 30, s: 42 }, drawn_statement: '<p>Combien font 12 + 30 ?</p>' });
    // The very statement the student was sent.
    expect(drawn.drawn_statement).toBe(seen.find((x: { id: number }) => x.id === q.id).statement);
    expect(copy.questions.find((x: { question_id: number }) => x.question_id === plain)).toMatchObject({ variant_seed: null, variant_values: null, drawn_statement: '<p>La capitale ?</p>' });
  });
});
