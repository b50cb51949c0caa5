// CodeRunner's template parameters turned into a generator, and its penalty regime named: the translation alone (the
// generator's Python run in the sandbox is checked by question-exchange/coderunner-random.test.ts).
import { describe, expect, it } from 'vitest';
import { penaltyNote } from './algorithm';
import { mapTemplateParams } from './coderunner-twig';

const ok = (m: ReturnType<typeof mapTemplateParams>) => {
  if ('reason' in m) throw new Error(m.reason);
  return m;
};

describe('template parameters as a generator', () => {
  it('keeps a parameter as our placeholder and computes an expression as a value of its own', () => {
    const m = ok(mapTemplateParams('{"i": {{ 1 + random(19) }} }', 'twig', ['<p>growOlderBy{{i}}</p>', '{{17 + i}}', '{{ 17+i }}', '{{ QUESTION.parameters.i }}']));
    expect(m.texts).toEqual(['<p>growOlderBy{{i}}</p>', '{{calcul1}}', '{{calcul1}}', '{{i}}']);
    expect(m.generator).toContain('p_i = (_num(1) + _num(_random(_rng, 19)))');
    expect(m.generator).toContain('"calcul1": _value((_num(17) + _num(p_i))),');
    expect(m.generator).toContain('_rng = _random_module.Random(seed)');
  });

  it('reads {% set %}, lists, hashes, ranges, indexes and attributes', () => {
    const params = `{ {% set ix = random(2) %}{% set obj = random([{'name': 'Dog'}, {'name': 'Cat'}]) %}
      "animal": "{{ ["Dog", "Cat", "Cow"][ix] }}", "other": "{{ obj.name }}", "n": {{ random(3..8) }}, "text": "a{{ ix }}b" }`;
    const m = ok(mapTemplateParams(params, '', ['{{ animal }} {{ other }} {{ n }} {{ text }}']));
    expect(m.generator).toContain('v_ix = _random(_rng, 2)');
    expect(m.generator).toContain('p_animal = _item(["Dog", "Cat", "Cow"], v_ix)');
    expect(m.generator).toContain('p_other = _item(v_obj, "name")');
    expect(m.generator).toContain('p_n = _random(_rng, _range(3, 8))');
    expect(m.generator).toContain('p_text = "a" + _str(v_ix) + "b"');
  });

  it('says in French what does not translate, so the question is skipped', () => {
    const loop = mapTemplateParams('{ {% for i in 1..3 %}"x{{i}}": 1,{% endfor %} "y": 2 }', 'twig', ['{{ y }}']);
    expect(loop).toEqual({ reason: expect.stringContaining('l’instruction Twig « {% for i in 1..3 %} »') });
    expect(mapTemplateParams('{"a": 1}', 'twig', ['{% if a %}x{% endif %}'])).toEqual({ reason: expect.stringContaining('dans le texte de la question') });
    expect(mapTemplateParams('{"a": 1}', 'twig', ['{{ a | e("py") }}'])).toEqual({ reason: expect.stringContaining('le filtre Twig « e »') });
    expect(mapTemplateParams('{"a": 1}', 'twig', ['{{ STUDENT_ANSWER }}'])).toEqual({ reason: expect.stringContaining('« STUDENT_ANSWER », qui n’est pas un paramètre') });
    expect(mapTemplateParams('{"a": 1', 'twig', ['{{ a }}'])).toEqual({ reason: expect.stringContaining('objet JSON') });
    expect(mapTemplateParams('x = 1', 'octave', ['{{ a }}'])).toEqual({ reason: expect.stringContaining('« octave »') });
  });

  it('runs a Python preprocessor with seed=N as its argument', () => {
    const m = ok(mapTemplateParams('import sys\nprint("{}")', 'python3', ['{{ mot }}']));
    expect(m.generator).toContain("_sys.argv = ['templateparams.py', 'seed=%d' % seed]");
    expect(m.generator).toContain('"mot": _value(_item(v__params, "mot")),');
  });
});

describe('penalty regime', () => {
  it('names the exam’s penalty when the regime is linear, else says it has no exact equivalent', () => {
    expect(penaltyNote('10, 20, ...')).toMatch(/« 10, 20, \.\.\. » non reprises .* ce barème y correspond à 10 %\.$/);
    expect(penaltyNote('25, 50, 75, 100')).toMatch(/correspond à 25 %\.$/);
    expect(penaltyNote('0, 10, 50')).toMatch(/pas d’équivalent exact\.$/);
    expect(penaltyNote('10, 20')).toMatch(/pas d’équivalent exact\.$/);
    expect(penaltyNote('beaucoup')).toMatch(/« beaucoup » non reprises/);
    expect(penaltyNote('0')).toBeNull();
    expect(penaltyNote('')).toBeNull();
  });
});
