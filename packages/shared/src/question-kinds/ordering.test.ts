// The ORDERING kind's shared rules: what a question must hold (2 to 20 items, none empty or written twice, a known
// scoring), how an answer is graded (all or nothing; partial credit by the longest ordered subsequence, a single
// item counting nothing), how keys are read from the rows, and the answer as the appeal file writes it.
import { describe, expect, it } from 'vitest';
import { longestOrderedRun, orderingGrade, orderingKeys, orderingKind } from './ordering';

const row = (content: string, expected_output = '') => ({ content, is_correct: 1 as const, stdin: '', expected_output, is_hidden: 0 as const, weight: 1 });
const rules = (contents: string[], scoring: string | null = null) =>
  orderingKind.rules({ language: null, tolerance: null, scoring, possible_solutions: contents.map((c) => row(c)) });

describe('ORDERING rules', () => {
  it('takes 2 to 20 distinct items and a known scoring', () => {
    expect(rules(['Lever', 'Déjeuner'])).toEqual([]);
    expect(rules(['Seul'])).toEqual([{ path: ['possible_solutions'], message: 'Une remise en ordre doit avoir entre 2 et 20 éléments.' }]);
    expect(rules(Array.from({ length: 21 }, (_, i) => `É${i}`))[0]!.message).toMatch(/entre 2 et 20/);
    expect(rules(['Lever', ' '])).toEqual([{ path: ['possible_solutions', 1, 'content'], message: 'L’élément 2 est vide.' }]);
    expect(rules(['Lever', 'lever '])).toEqual([{ path: ['possible_solutions', 1, 'content'], message: 'L’élément 2 est écrit deux fois.' }]);
    expect(rules(['a', 'b'], 'HALF')).toEqual([{ path: ['scoring'], message: 'Choisissez le crédit partiel ou le tout ou rien.' }]);
    expect(rules(['a', 'b'], 'ALL_OR_NOTHING')).toEqual([]);
  });
});

describe('ORDERING grading', () => {
  const right = [10, 20, 30, 40, 50];

  it('measures the longest ordered subsequence, not only neighbours', () => {
    expect(longestOrderedRun([])).toBe(0);
    expect(longestOrderedRun([0, 1, 2, 3])).toBe(4);
    expect(longestOrderedRun([3, 2, 1, 0])).toBe(1);
    expect(longestOrderedRun([1, 0, 3, 2, 4])).toBe(3);
    expect(longestOrderedRun([4, 0, 1, 2, 3])).toBe(4);
  });

  it('gives partial credit by the longest run in order, out of all the items', () => {
    expect(orderingGrade(right, right, 'PARTIAL')).toEqual({ valid: true, in_order: 5, score: 1 });
    // The last item put first: the four others are still in order.
    expect(orderingGrade(right, [50, 10, 20, 30, 40], 'PARTIAL')).toEqual({ valid: false, in_order: 4, score: 0.8 });
    // Fully reversed: no two items in order, a single one counts nothing.
    expect(orderingGrade(right, [50, 40, 30, 20, 10], 'PARTIAL')).toEqual({ valid: false, in_order: 0, score: 0 });
    expect(orderingGrade([1, 2], [2, 1], 'PARTIAL')).toEqual({ valid: false, in_order: 0, score: 0 });
    // Items left out count as out of order.
    expect(orderingGrade(right, [10, 20, 30], 'PARTIAL')).toEqual({ valid: false, in_order: 3, score: 0.6 });
  });

  it('gives all or nothing when asked', () => {
    expect(orderingGrade(right, [50, 10, 20, 30, 40], 'ALL_OR_NOTHING')).toEqual({ valid: false, in_order: 4, score: 0 });
    expect(orderingGrade(right, right, 'ALL_OR_NOTHING').score).toBe(1);
  });
});

describe('ORDERING keys and answer text', () => {
  it('reads the rows’ keys, or their ids when some key is missing or repeated', () => {
    expect(orderingKeys([{ id: 1, expected_output: '9876' }, { id: 2, expected_output: '123' }])).toEqual([9876, 123]);
    expect(orderingKeys([{ id: 1, expected_output: '9876' }, { id: 2, expected_output: '' }])).toEqual([1, 2]);
    expect(orderingKeys([{ id: 1, expected_output: '5' }, { id: 2, expected_output: '5' }])).toEqual([1, 2]);
    expect(orderingKeys([{ id: 1, expected_output: '0' }, { id: 2, expected_output: '3000000000' }])).toEqual([1, 2]);
  });

  it('writes the answer as a numbered list of the items', () => {
    const q = { possible_solutions: [{ id: 1, content: 'Lever', expected_output: '77' }, { id: 2, content: 'Déjeuner', expected_output: '33' }] };
    expect(orderingKind.answerText([33, 77], q, (s) => s)).toBe('1. Déjeuner\n2. Lever');
    expect(orderingKind.answerText([33, 5], q, (s) => s)).toBe('1. Déjeuner\n2. élément retiré de la question');
    expect(orderingKind.answerText([], q, (s) => s)).toBe('(aucun ordre donné)');
    expect(orderingKind.answerText('x', q, (s) => s)).toBe('x');
    expect(orderingKind.detailsText({ type: 'ORDERING', in_order: 3, total: 5 })).toBe('Éléments dans le bon ordre : 3 sur 5.');
  });
});
