// Maths answers in a required form (as STACK's answer tests), through the sandboxed sympy server: a held-out table of
// pairs (the question's expected expression, the form asked, a student's answer, the verdict a teacher expects), for
// each form an equivalent answer in the wrong form, answers in the right form, and a wrong value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner, type MathCompareResult, type MathFormTest } from '../src';

let runner: EmbeddedRunner;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
});
afterAll(async () => {
  await runner?.close();
});

type Verdict = 'right' | 'wrong form' | 'wrong value';

// [expected, form, answer, verdict]
const PAIRS: Array<[string, MathFormTest, string, Verdict]> = [
  // développée
  ['x^2-9', 'EXPANDED', '(x-3)(x+3)', 'wrong form'],
  ['x^2-9', 'EXPANDED', 'x^2-9', 'right'],
  ['x^2-9', 'EXPANDED', 'x^2+9', 'wrong value'],
  ['2x^2+6x', 'EXPANDED', '2x(x+3)', 'wrong form'],
  ['2x^2+6x', 'EXPANDED', '6x+2x^2', 'right'],
  ['a^2+2ab+b^2', 'EXPANDED', '(a+b)^2', 'wrong form'],
  ['a^2+2ab+b^2', 'EXPANDED', 'a^2+b^2+2*a*b', 'right'],
  ['a^2+2ab+b^2', 'EXPANDED', 'a^2+b^2', 'wrong value'],
  ['x^3+3x^2+3x+1', 'EXPANDED', '(x+1)^3', 'wrong form'],
  ['x^3+3x^2+3x+1', 'EXPANDED', 'x^{3}+3x^{2}+3x+1', 'right'],
  ['4x-12', 'EXPANDED', '4(x-3)', 'wrong form'],
  ['4x-12', 'EXPANDED', '4\\left(x-3\\right)', 'wrong form'],
  ['4x-12', 'EXPANDED', '-12+4x', 'right'],
  // factorisée
  ['(x-3)(x+3)', 'FACTORED', 'x^2-9', 'wrong form'],
  ['(x-3)(x+3)', 'FACTORED', '(x+3)(x-3)', 'right'],
  ['(x-3)(x+3)', 'FACTORED', '(x-3)^2', 'wrong value'],
  ['2x(x+3)', 'FACTORED', '2x^2+6x', 'wrong form'],
  ['2x(x+3)', 'FACTORED', 'x(2x+6)', 'wrong form'],
  ['2x(x+3)', 'FACTORED', '2\\cdot x\\left(x+3\\right)', 'right'],
  ['(x-2)^2', 'FACTORED', 'x^2-4x+4', 'wrong form'],
  ['(x-2)^2', 'FACTORED', '(2-x)^2', 'right'],
  ['(x-2)^2', 'FACTORED', '(x+2)^2', 'wrong value'],
  ['x(x-1)(x+1)', 'FACTORED', 'x(x^2-1)', 'wrong form'],
  ['x(x-1)(x+1)', 'FACTORED', 'x(x+1)(x-1)', 'right'],
  ['x^2+1', 'FACTORED', '1+x^2', 'right'],
  // simplifiée (au moins autant que l'expression attendue)
  ['3x', 'SIMPLIFIED', 'x+2x', 'wrong form'],
  ['3x', 'SIMPLIFIED', '3x', 'right'],
  ['3x', 'SIMPLIFIED', '3x+1', 'wrong value'],
  ['x-1', 'SIMPLIFIED', '(x^2-1)/(x+1)', 'wrong form'],
  ['x-1', 'SIMPLIFIED', '-1+x', 'right'],
  ['2/3', 'SIMPLIFIED', '4/6', 'wrong form'],
  ['2/3', 'SIMPLIFIED', '\\frac{2}{3}', 'right'],
  ['2/3', 'SIMPLIFIED', '3/2', 'wrong value'],
  ['x^3', 'SIMPLIFIED', 'x*x^2', 'wrong form'],
  ['x^3', 'SIMPLIFIED', 'x^{3}', 'right'],
  ['\\frac{1}{x}', 'SIMPLIFIED', '\\frac{x}{x^{2}}', 'wrong form'],
  ['\\frac{1}{x}', 'SIMPLIFIED', '1/x', 'right'],
];

const verdictOf = (r: MathCompareResult): Verdict | string => (!r.ok ? `illisible : ${r.message}` : !r.equal ? 'wrong value' : r.form ? 'right' : 'wrong form');

describe('maths answers in a required form', () => {
  it('covers, for each form, an equivalent answer in the wrong form, one in the right form and a wrong value', () => {
    for (const form of ['EXPANDED', 'FACTORED', 'SIMPLIFIED'] as const) {
      const verdicts = new Set(PAIRS.filter((p) => p[1] === form).map((p) => p[3]));
      expect([...verdicts].sort(), form).toEqual(['right', 'wrong form', 'wrong value']);
    }
  });

  it('gives the verdict a teacher expects for every pair', async () => {
    const results: MathCompareResult[] = [];
    for (let i = 0; i < PAIRS.length; i += 6) {
      const batch = PAIRS.slice(i, i + 6);
      results.push(...(await Promise.all(batch.map(([expected, form, answer]) => runner.compareMath(answer, expected, undefined, { form })))));
    }
    const wrong = PAIRS.map((p, i) => ({ p, got: verdictOf(results[i]!) }))
      .filter(({ p, got }) => got !== p[3])
      .map(({ p, got }) => `${p[2]} pour ${p[0]} (${p[1]}) : ${got}, attendu ${p[3]}`);
    expect(wrong).toEqual([]);
  });

  it('answers as before when no form is asked (no form in the result)', async () => {
    expect(await runner.compareMath('(x+1)^2', 'x^2+2x+1')).toEqual({ ok: true, equal: true });
    const r = await runner.compareMath('(x+1)^2', 'x^2+2x+1', undefined, { form: 'EXPANDED' });
    expect(r).toEqual({ ok: true, equal: true, form: false });
  });

  it('reads a product written without its sign, as MathLive writes it: x(x+1), 2x\\left(x-1\\right)', async () => {
    expect(await runner.compareMath('x(x+1)', 'x^2+x')).toEqual({ ok: true, equal: true });
    expect(await runner.compareMath('2x\\left(x-1\\right)', '2x^2-2x')).toEqual({ ok: true, equal: true });
    // Known functions still take their argument; sympy's own names stay refused.
    expect(await runner.compareMath('sin(x)', 'sin(x)')).toEqual({ ok: true, equal: true });
    expect((await runner.compareMath('Mul(x, x)', 'x^2')).ok).toBe(false);
  });
});
