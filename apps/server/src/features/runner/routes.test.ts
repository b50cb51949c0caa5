// Code helper routes with the real embedded runner: roles, validation, verdicts, maths, 429 and 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { authed, createTestApp, loginAs, seedStructure, seedUser, withContext, type TestApp } from '../../../test/helper';

let t: TestApp;
let runner: EmbeddedRunner;
let admin: string;
let teacher: string;
let student: string;

const PY = '/api/admin/python/exec-python-code';
const R = '/api/admin/python/exec-r-code';
const MATH = '/api/admin/python/compare-math-expression';

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  const s = await seedStructure(t.ctx);
  student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId }));
});
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('access', () => {
  it.each([PY, R, MATH])('%s: 401 without a session, 403 for a student', async (url) => {
    const anon = await t.app.inject({ method: 'POST', url, payload: { code: 'print(1)', expression: 'x', expected: 'x' } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toMatch(/connecter/);
    const res = await t.app.inject(authed(student, { method: 'POST', url, payload: { code: 'print(1)', expression: 'x', expected: 'x' } }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Vous n’avez pas les droits nécessaires pour cette action.");
  });
});

describe('exec-python-code and exec-r-code', () => {
  it('runs Python for an admin with stdin and answers the verdict envelope', async () => {
    const res = await t.app.inject(authed(admin, { method: 'POST', url: PY, payload: { code: 'print(int(input()) + 1)', stdin: '41' } }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: 'Exécution réussie' });
    expect(body.data).toMatchObject({ verdict: 'OK', stdout: '42\n', stderr: '', exit_code: 0 });
    expect(typeof body.data.duration_ms).toBe('number');
    // The limits the run was held to, so the screen can name the one a stopped program hit.
    expect(body.data.limits).toEqual({ cpu_seconds: 5, memory_mb: 256, output_kb: 1024 });
  });

  it('runs R for a teacher', async () => {
    const res = await t.app.inject(authed(teacher, { method: 'POST', url: R, payload: { code: 'cat(mean(c(1, 2, 3)), "\\n")' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ verdict: 'OK', stdout: '2 \n' });
  });

  it('reports runtime errors, time limits and wrong answers with French labels', async () => {
    const err = await t.app.inject(authed(admin, { method: 'POST', url: PY, payload: { code: '1/0' } }));
    expect(err.json()).toMatchObject({ status: 'warn', message: "Erreur à l’exécution", data: { verdict: 'RUNTIME_ERROR' } });
    expect(err.json().data.stderr).toContain('ZeroDivisionError');
    const wrong = await t.app.inject(authed(admin, { method: 'POST', url: PY, payload: { code: 'print(3)', expected_output: '4' } }));
    expect(wrong.json()).toMatchObject({ message: 'Réponse incorrecte', data: { verdict: 'WRONG_ANSWER' } });
  });

  it('validates the body (422, French messages)', async () => {
    const empty = await t.app.inject(authed(admin, { method: 'POST', url: PY, payload: { code: '' } }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.code).toEqual(['Le code est obligatoire.']);
    const missing = await t.app.inject(authed(admin, { method: 'POST', url: R, payload: {} }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code[0]).toBe('Le code est obligatoire.');
    const tooLong = await t.app.inject(authed(admin, { method: 'POST', url: PY, payload: { code: 'x'.repeat(100_001) } }));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.code[0]).toMatch(/ne doit pas dépasser/);
  });

  it('answers 429 with a French message when the runner is saturated', async () => {
    const small = await createEmbeddedRunner({ slots: 1, maxQueue: 0, warmMath: false });
    try {
      await withContext(t, { runner: small }, async () => {
        const slow = { method: 'POST' as const, url: PY, payload: { code: 'import time\ntime.sleep(1.5)' } };
        const [a, b] = await Promise.all([t.app.inject(authed(teacher, slow)), t.app.inject(authed(teacher, slow))]);
        const codes = [a.statusCode, b.statusCode].sort();
        expect(codes).toEqual([200, 429]);
        const busy = a.statusCode === 429 ? a : b;
        expect(busy.json()).toEqual({ status: 'error', message: 'Le serveur d’exécution est saturé. Réessayez dans quelques secondes.' });
      });
    } finally {
      await small.close();
    }
  });

  it('rate limits one user (429) without affecting another', async () => {
    const u = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const other = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    await withContext(t, { config: { RUNNER_RATE_LIMIT: 3 } }, async () => {
      for (let i = 0; i < 3; i++) {
        const r = await t.app.inject(authed(u, { method: 'POST', url: PY, payload: { code: 'print(1)' } }));
        expect(r.statusCode).toBe(200);
      }
      const blocked = await t.app.inject(authed(u, { method: 'POST', url: MATH, payload: { expression: 'x', expected: 'x' } }));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/plus de 3 exécutions en une minute/);
      const fine = await t.app.inject(authed(other, { method: 'POST', url: PY, payload: { code: 'print(1)' } }));
      expect(fine.statusCode).toBe(200);
    });
  });

  it('answers 503 when code execution is turned off', async () => {
    await withContext(t, { runner: undefined }, async () => {
      const res = await t.app.inject(authed(admin, { method: 'POST', url: PY, payload: { code: 'print(1)' } }));
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('L’exécution de code est désactivée sur ce serveur.');
    });
  });
});

describe('compare-math-expression', () => {
  it('answers equal / not equal', async () => {
    const eq = await t.app.inject(authed(teacher, { method: 'POST', url: MATH, payload: { expression: '\\frac{1}{2}x', expected: '0.5x' } }));
    expect(eq.statusCode).toBe(200);
    expect(eq.json()).toMatchObject({ status: 'success', data: { equal: true }, message: 'Les expressions sont équivalentes.' });
    const ne = await t.app.inject(authed(admin, { method: 'POST', url: MATH, payload: { expression: 'sqrt(x^2)', expected: 'x' } }));
    expect(ne.json().data).toEqual({ equal: false });
  });

  it('answers 422 with a French message naming what could not be read', async () => {
    const res = await t.app.inject(authed(admin, { method: 'POST', url: MATH, payload: { expression: '(x+1', expected: 'x' } }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Expression illisible : une parenthèse « ( » n’est pas fermée.' });
    expect(res.json().errors.expression).toHaveLength(1);
    const exp = await t.app.inject(authed(admin, { method: 'POST', url: MATH, payload: { expression: 'x', expected: 'x +* 2' } }));
    expect(exp.statusCode).toBe(422);
    expect(exp.json().errors.expected[0]).toMatch(/^Expression attendue illisible/);
    const blank = await t.app.inject(authed(admin, { method: 'POST', url: MATH, payload: { expression: '  ', expected: 'x' } }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.expression[0]).toBe("L’expression est obligatoire.");
  });
});
