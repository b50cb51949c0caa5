// The matching kind's part of the editor: a stored question fills the form and comes back as the same rows (items
// with their answers, then the answers too many), and the server's messages on a row land on the field it came from.
import { describe, expect, it } from 'vitest';
import type { Question } from '@exam/shared';
import type { QuestionFormValues } from '../form-values';
import { matchingFacts } from './facts';
import { matchingKind } from './index';

const row = (id: number, content: string, expected_output: string) => ({
  id,
  question_id: 1,
  position: id,
  content,
  is_correct: (content ? 1 : 0) as 0 | 1,
  stdin: '',
  expected_output,
  is_hidden: 0 as const,
  weight: 1,
});
const stored = {
  type: 'MATCHING',
  scoring: 'ALL_OR_NOTHING',
  possible_solutions: [row(11, 'Paris', 'France'), row(12, 'Rome', 'Italie'), row(13, '', 'Portugal')],
} as unknown as Question;

describe('matching in the editor', () => {
  it('keeps the rows, their ids and the scoring from the stored question to the body', () => {
    const form = matchingKind.editor.toForm(stored);
    expect(form).toEqual({
      pairs: [
        { id: 11, item: 'Paris', answer: 'France' },
        { id: 12, item: 'Rome', answer: 'Italie' },
      ],
      distractors: [{ id: 13, answer: 'Portugal' }],
      scoring: 'ALL_OR_NOTHING',
    });
    const body = matchingKind.editor.toBody(form as unknown as QuestionFormValues);
    expect(body.scoring).toBe('ALL_OR_NOTHING');
    expect((body.possible_solutions ?? []).map((p) => [p.id, p.content, p.expected_output])).toEqual([
      [11, 'Paris', 'France'],
      [12, 'Rome', 'Italie'],
      [13, '', 'Portugal'],
    ]);
  });

  it('starts a new question with two blank items, no extra answer and partial credit', () => {
    expect(matchingKind.editor.toForm(undefined)).toEqual({
      pairs: [
        { item: '', answer: '' },
        { item: '', answer: '' },
      ],
      distractors: [],
      scoring: 'PARTIAL',
    });
  });

  it('puts a message on row i where the row is shown: an item, its answer, or an answer too many', () => {
    const target = matchingKind.editor.solutionsField;
    if (!('path' in target)) throw new Error('matching maps its rows itself');
    const v = matchingKind.editor.toForm(stored) as unknown as QuestionFormValues;
    expect(target.path(null, undefined, v)).toBe('pairs.root');
    expect(target.path(1, 'content', v)).toBe('pairs.1.item');
    expect(target.path(1, 'expected_output', v)).toBe('pairs.1.answer');
    expect(target.path(2, 'expected_output', v)).toBe('distractors.0.answer');
  });

  it('reads back only well-formed pairs of a stored answer', () => {
    expect(matchingFacts.normalise([{ item_id: 11, answer: 'France' }, { item_id: 'x', answer: 'Italie' }, null, { item_id: 12 }])).toEqual([{ item_id: 11, answer: 'France' }]);
    expect(matchingFacts.normalise('France')).toBeNull();
  });
});
