// The CLOZE kind's shared rules: a gap kept in a row and read back, tolerances as teachers write them, the markers of
// the statement against the gaps, each gap kind's own checks, and the answer as plain text (the appeal file).
import { describe, expect, it } from 'vitest';
import { clozeGapOf, clozeKind, clozeMarkers, clozeRowOf, clozeToleranceText, parseClozeTolerance, type ClozeGap } from './cloze';

const row = (r: Partial<{ content: string; stdin: string; expected_output: string; is_correct: 0 | 1; weight: number }>) => ({
  content: '',
  stdin: 'SHORT',
  expected_output: '',
  is_correct: 0 as 0 | 1,
  is_hidden: 0 as const,
  weight: 1,
  ...r,
});
const rules = (statement: string | undefined, rows: ReturnType<typeof row>[]) =>
  clozeKind.rules({ language: null, tolerance: null, statement, possible_solutions: rows }).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('CLOZE gaps as rows', () => {
  it('keeps each kind of gap in a row and reads it back', () => {
    const gaps: ClozeGap[] = [
      { kind: 'CHOICE', answers: ['Paris'], wrong: ['Lyon', 'Nice'], caseSensitive: false, tolerance: null, weight: 2 },
      { kind: 'SHORT', answers: ['NaCl', 'chlorure de sodium'], wrong: [], caseSensitive: true, tolerance: null, weight: 1 },
      { kind: 'NUMBER', answers: ['3,14'], wrong: [], caseSensitive: false, tolerance: { kind: 'relative', value: 0.05 }, weight: 1.5 },
      { kind: 'NUMBER', answers: ['42'], wrong: [], caseSensitive: false, tolerance: null, weight: 1 },
    ];
    for (const g of gaps) expect(clozeGapOf(clozeRowOf(g))).toEqual(g);
    expect(clozeRowOf(gaps[0]!)).toEqual({ stdin: 'CHOICE', expected_output: 'Paris', content: 'Lyon\nNice', is_correct: 0, weight: 2 });
    expect(clozeRowOf(gaps[2]!).content).toBe('5 %');
    // Lines trimmed, blank and repeated ones left out; a wrong choice also right counts right only.
    expect(clozeGapOf(row({ stdin: 'CHOICE', expected_output: ' Paris \n\nParis', content: 'Paris\nLyon' }))).toMatchObject({ answers: ['Paris'], wrong: ['Lyon'] });
  });

  it('reads tolerances as teachers write them', () => {
    expect(parseClozeTolerance('')).toBeNull();
    expect(parseClozeTolerance('0,01')).toEqual({ kind: 'absolute', value: 0.01 });
    expect(parseClozeTolerance(' 5 % ')).toEqual({ kind: 'relative', value: 0.05 });
    expect(parseClozeTolerance('peu')).toBeUndefined();
    expect(parseClozeTolerance('-1')).toBeUndefined();
    expect(clozeToleranceText({ kind: 'absolute', value: 0.5 })).toBe('0,5');
    expect(clozeToleranceText({ kind: 'relative', value: 0.025 })).toBe('2,5 %');
  });
});

describe('CLOZE rules', () => {
  const ok = [row({ stdin: 'CHOICE', expected_output: 'Paris', content: 'Lyon' }), row({ stdin: 'NUMBER', expected_output: '3,14', content: '0,01' })];

  it('accepts gaps that each have their marker once', () => {
    expect(clozeMarkers('<p>{2} puis {1} et {10}</p>')).toEqual([2, 1, 10]);
    expect(rules('<p>La capitale est {1} ; π vaut {2}.</p>', ok)).toEqual([]);
    // Without the statement, the rows are checked alone.
    expect(rules(undefined, ok)).toEqual([]);
  });

  it('names a marker without its gap, a gap without its marker, a marker written twice', () => {
    expect(rules('<p>{1} {2} {3}</p>', ok)).toEqual(['statement: Le repère {3} de l’énoncé ne correspond à aucun trou : ajoutez le trou 3 ou retirez le repère.']);
    expect(rules('<p>{1}</p>', ok)).toEqual(['possible_solutions.1.stdin: Le trou 2 n’a pas d’emplacement : écrivez {2} dans l’énoncé.']);
    expect(rules('<p>{1} {2} {1}</p>', ok)).toEqual(['statement: Le repère {1} est écrit deux fois dans l’énoncé : chaque trou a un seul emplacement.']);
    expect(rules('<p>Rien</p>', [])).toEqual(['possible_solutions: Un texte à trous doit avoir au moins un trou : ajoutez-en un avec « Ajouter un trou ».']);
  });

  it('checks each gap by its kind', () => {
    const one = (r: ReturnType<typeof row>) => rules('<p>{1}</p>', [r]);
    expect(one(row({ stdin: 'MENU' }))).toEqual(['possible_solutions.0.stdin: Le type du trou 1 doit être une liste de choix, une réponse courte ou un nombre.']);
    expect(one(row({ stdin: 'CHOICE', content: 'Lyon\nNice' }))).toEqual(['possible_solutions.0.expected_output: Le trou 1 n’a pas de bon choix.']);
    expect(one(row({ stdin: 'CHOICE', expected_output: 'Paris' }))).toEqual(['possible_solutions.0.content: Le trou 1 doit proposer au moins deux choix.']);
    expect(one(row({ stdin: 'SHORT' }))).toEqual(['possible_solutions.0.expected_output: Le trou 1 n’a pas de réponse acceptée.']);
    expect(one(row({ stdin: 'NUMBER', expected_output: 'pi', content: 'un peu' }))).toEqual([
      'possible_solutions.0.expected_output: Dans le trou 1, « pi » n’est pas un nombre (écrivez par exemple 3,14).',
      'possible_solutions.0.content: La tolérance du trou 1 doit être un nombre positif (0,01) ou un pourcentage (5 %).',
    ]);
    expect(one(row({ stdin: 'NUMBER', expected_output: '-1,5e3\n.5', content: '2 %' }))).toEqual([]);
  });

  it('writes an answer as plain text, one gap a line', () => {
    expect(clozeKind.answerText(['Paris', '', '3,14'], null, (s) => s)).toBe('- Trou 1 : Paris\n- Trou 2 : (vide)\n- Trou 3 : 3,14');
    expect(clozeKind.answerText([], null, (s) => s)).toBe('(aucun trou rempli)');
    expect(clozeKind.answerText({ broken: true }, null, (s) => s)).toBe('{"broken":true}');
  });
});
