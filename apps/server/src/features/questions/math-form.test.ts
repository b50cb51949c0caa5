// MATH questions that require a form (développée, factorisée, simplifiée) beside equivalence, through the API on the
// real database and the real sandbox: the form stored and kept by update and duplicate, the expected expression
// refused when it is not itself in that form, the student shown the form asked (never the expected expression), and
// an equivalent answer in the wrong form not validated, with « Expression équivalente mais pas sous la forme
// demandée (…) ».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { gradeDetailsSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let runner: EmbeddedRunner;
let teacher: string;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
});
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(teacher, { method, url, ...(payload !== undefined ? { payload: payload as object } : {}) }));

const math = (expected: string, math_form?: string) => ({
  type: 'MATH',
  statement: '<p>Développez (x + 1)².</p>',
  possible_solutions: [{ content: expected }],
  ...(math_form ? { math_form } : {}),
});

async function create(body: unknown): Promise<Question> {
  const res = await call('POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

async function preview(id: number, answer: string) {
  const res = await call('POST', `/api/admin/questions/${id}/preview`, { answer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result as { is_valid: boolean; score: number; details: Record<string, unknown> };
}

describe('MATH in a required form', () => {
  it('stores the form (EQUIVALENT by default, null for the other kinds)', async () => {
    expect((await create(math('x^2+2x+1'))).math_form).toBe('EQUIVALENT');
    expect((await create(math('x^2+2x+1', 'EXPANDED'))).math_form).toBe('EXPANDED');
    const exact = await create({ type: 'EXACT', statement: '<p>Capitale ?</p>', possible_solutions: [{ content: 'Paris' }], math_form: 'EXPANDED' });
    expect(exact.math_form).toBeNull();
    const bad = await call('POST', '/api/admin/questions/create', math('x^2+2x+1', 'DEVELOPPEE'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.math_form[0]).toMatch(/forme exigée/);
  });

  it('refuses an expected expression that is not itself in the form required, with a French 422', async () => {
    const res = await call('POST', '/api/admin/questions/create', math('(x+1)^2', 'EXPANDED'));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      'L’expression attendue « (x+1)^2 » n’est pas sous la forme exigée (développée) : écrivez-la sous cette forme, ou changez la forme exigée. Rien n’a été enregistré.',
    );
    expect(res.json().errors['possible_solutions.0.content']).toEqual(['L’expression attendue n’est pas sous la forme exigée (développée).']);
  });

  it('validates « Développez (x+1)² » answered x^2+2*x+1, not (x+1)^2, and says why', async () => {
    const q = await create(math('x^2+2x+1', 'EXPANDED'));
    expect(await preview(q.id, 'x^2+2*x+1')).toEqual({ is_valid: true, score: 1, details: { type: 'MATH' } });
    const wrongForm = await preview(q.id, '(x+1)^2');
    expect(wrongForm).toEqual({
      is_valid: false,
      score: 0,
      details: { type: 'MATH', message: 'Expression équivalente mais pas sous la forme demandée (développée).', wrong_form: 'EXPANDED' },
    });
    expect(gradeDetailsSchema.parse(wrongForm.details)).toEqual(wrongForm.details);
    expect(await preview(q.id, 'x^2+1')).toEqual({ is_valid: false, score: 0, details: { type: 'MATH' } });
    // Without a form, the same answer is right, as before.
    const any = await create(math('x^2+2x+1'));
    expect((await preview(any.id, '(x+1)^2')).is_valid).toBe(true);
  });

  it('shows the student the form asked, never the expected expression', async () => {
    const q = await create(math('(x+1)^2', 'FACTORED'));
    const shown = await call('GET', `/api/admin/questions/${q.id}/preview`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.question.math_form).toBe('FACTORED');
    expect(JSON.stringify(shown.json().data.question)).not.toContain('(x+1)^2');
    const plain = await create(math('x+1'));
    const plainShown = await call('GET', `/api/admin/questions/${plain.id}/preview`);
    expect(plainShown.json().data.question.math_form).toBeUndefined();
  });

  it('keeps the form through update and duplicate, and grades with the form saved', async () => {
    const q = await create(math('x^2-1', 'EXPANDED'));
    const updated = await call('PUT', `/api/admin/questions/${q.id}/update`, { ...math('(x-1)(x+1)', 'FACTORED'), version: q.version });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await preview(q.id, 'x^2-1')).details).toMatchObject({ wrong_form: 'FACTORED', message: 'Expression équivalente mais pas sous la forme demandée (factorisée).' });
    expect((await preview(q.id, '(x+1)(x-1)')).is_valid).toBe(true);
    const copy = await call('POST', `/api/admin/questions/${q.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.math_form).toBe('FACTORED');
    const simplified = await create({ ...math('3x', 'SIMPLIFIED'), statement: '<p>Réduisez x + 2x.</p>' });
    expect((await preview(simplified.id, 'x+2x')).details).toMatchObject({ wrong_form: 'SIMPLIFIED', message: 'Expression équivalente mais pas sous la forme demandée (simplifiée).' });
    expect((await preview(simplified.id, '3*x')).is_valid).toBe(true);
  });
});
