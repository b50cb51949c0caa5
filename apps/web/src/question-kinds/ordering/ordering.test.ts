// The ordering kind's part of the editor: a stored question fills the form and comes back as the same rows, in the
// same order, with their ids and keys (the server's, sent back as they came), and its scoring; a new one starts with
// two blank items and partial credit; a message on row i lands on item i. The answer's order as the input shows it.
import { describe, expect, it } from 'vitest';
import type { Question } from '@exam/shared';
import type { QuestionFormValues } from '../form-values';
import { orderingFacts, shownOrder } from './facts';
import { orderingKind } from './index';
import { orderingViews } from './views';

const row = (id: number, content: string, expected_output: string) => ({
  id,
  question_id: 1,
  position: id,
  content,
  is_correct: 1 as const,
  stdin: '',
  expected_output,
  is_hidden: 0 as const,
  weight: 1,
});
const stored = {
  type: 'ORDERING',
  scoring: 'ALL_OR_NOTHING',
  possible_solutions: [row(11, 'Se lever', '7001'), row(12, 'Déjeuner', '402'), row(13, 'Partir', '99')],
} as unknown as Question;

describe('ordering in the editor', () => {
  it('keeps the rows, their order, ids, keys and the scoring from the stored question to the body', () => {
    const form = orderingKind.editor.toForm(stored);
    expect(form).toEqual({
      ordering_items: [
        { id: 11, key: '7001', text: 'Se lever' },
        { id: 12, key: '402', text: 'Déjeuner' },
        { id: 13, key: '99', text: 'Partir' },
      ],
      ordering_scoring: 'ALL_OR_NOTHING',
    });
    const body = orderingKind.editor.toBody(form as unknown as QuestionFormValues);
    expect(body.scoring).toBe('ALL_OR_NOTHING');
    expect((body.possible_solutions ?? []).map((p) => [p.id, p.content, p.expected_output])).toEqual([
      [11, 'Se lever', '7001'],
      [12, 'Déjeuner', '402'],
      [13, 'Partir', '99'],
    ]);
  });

  it('starts a new question with two blank items and partial credit; a new item goes without a key', () => {
    const blank = orderingKind.editor.toForm(undefined);
    expect(blank).toEqual({ ordering_items: [{ text: '' }, { text: '' }], ordering_scoring: 'PARTIAL' });
    const body = orderingKind.editor.toBody({ ...blank, ordering_items: [{ text: 'A' }, { text: 'B' }] } as unknown as QuestionFormValues);
    expect(body.possible_solutions?.map((p) => [p.id, p.expected_output])).toEqual([
      [undefined, ''],
      [undefined, ''],
    ]);
  });

  it('puts a message on row i on item i, and one on the list on the list', () => {
    const target = orderingKind.editor.solutionsField;
    if (!('path' in target)) throw new Error('ordering maps its rows itself');
    const v = orderingKind.editor.toForm(stored) as unknown as QuestionFormValues;
    expect(target.path(null, undefined, v)).toBe('ordering_items.root');
    expect(target.path(2, 'content', v)).toBe('ordering_items.2.text');
  });
});

describe('ordering answers', () => {
  const items = [{ id: 402 }, { id: 99 }, { id: 7001 }];

  it('shows the answer’s order, then the items it leaves out; the items as given when nothing is answered', () => {
    expect(shownOrder([], items)).toEqual([402, 99, 7001]);
    expect(shownOrder([7001, 402, 99], items)).toEqual([7001, 402, 99]);
    expect(shownOrder([7001, 5, 7001], items)).toEqual([7001, 402, 99]);
    expect(shownOrder('x', items)).toEqual([402, 99, 7001]);
  });

  it('reads back only a list of keys', () => {
    expect(orderingFacts.normalise([3, 1, 2])).toEqual([3, 1, 2]);
    expect(orderingFacts.normalise([3, 'a'])).toBeNull();
    expect(orderingFacts.normalise('Lever')).toBeNull();
  });

  it('reads a bank question as the student’s answer names it: items by key, the right order as the solution', () => {
    const { question, solution } = orderingViews.fromBank(stored);
    expect(question.items).toEqual([
      { id: 7001, content: 'Se lever' },
      { id: 402, content: 'Déjeuner' },
      { id: 99, content: 'Partir' },
    ]);
    expect(solution.choice_ids).toEqual([7001, 402, 99]);
  });
});
