// The cloze kind's part of the editor: a stored question fills the form (one block a gap) and comes back as the same
// rows with their ids; a message on a row lands on the gap's field it came from; removing a gap takes its marker out
// of the statement and renumbers the others; a stored answer keeps only texts.
import { describe, expect, it } from 'vitest';
import { questionInputSchema, type Question } from '@exam/shared';
import type { QuestionFormValues } from '../form-values';
import { withoutMarker } from './editor-fields';
import { clozeAnswerOf, clozeFacts } from './facts';
import { clozeKind } from './index';

const row = (id: number, stdin: string, expected_output: string, content = '', is_correct: 0 | 1 = 0, weight = 1) => ({
  id,
  question_id: 1,
  position: id,
  content,
  is_correct,
  stdin,
  expected_output,
  is_hidden: 0 as const,
  weight,
});
const stored = {
  type: 'CLOZE',
  statement: '<p>{1} est traversée par la {2} ; π vaut {3}.</p>',
  possible_solutions: [row(21, 'CHOICE', 'Paris', 'Lyon\nNice', 0, 2), row(22, 'SHORT', 'Seine\nSequana', '', 1), row(23, 'NUMBER', '3,14', '0,01')],
} as unknown as Question;

describe('cloze in the editor', () => {
  it('keeps the gaps, their ids, kinds, answers, case, tolerance and weight from the stored question to the body', () => {
    const form = clozeKind.editor.toForm(stored);
    expect(form).toEqual({
      clozeGaps: [
        { id: 21, kind: 'CHOICE', answers: 'Paris', wrong: 'Lyon\nNice', caseSensitive: false, tolerance: '', weight: 2 },
        { id: 22, kind: 'SHORT', answers: 'Seine\nSequana', wrong: '', caseSensitive: true, tolerance: '', weight: 1 },
        { id: 23, kind: 'NUMBER', answers: '3,14', wrong: '', caseSensitive: false, tolerance: '0,01', weight: 1 },
      ],
    });
    const body = clozeKind.editor.toBody(form as unknown as QuestionFormValues);
    expect((body.possible_solutions ?? []).map((p) => [p.id, p.stdin, p.expected_output, p.content, p.is_correct, p.weight])).toEqual(
      stored.possible_solutions.map((p) => [p.id, p.stdin, p.expected_output, p.content, p.is_correct, p.weight]),
    );
    // The body passes the shared rules, the statement's markers included.
    expect(questionInputSchema.safeParse({ type: 'CLOZE', statement: stored.statement, ...body }).success).toBe(true);
  });

  it('starts a new question without gaps, and sends a tolerance it cannot read as written, for the rule to name it', () => {
    expect(clozeKind.editor.toForm(undefined)).toEqual({ clozeGaps: [] });
    const v = { clozeGaps: [{ kind: 'NUMBER', answers: '2', wrong: '', caseSensitive: false, tolerance: 'un peu', weight: '1,5' }] } as unknown as QuestionFormValues;
    const [gap] = clozeKind.editor.toBody(v).possible_solutions ?? [];
    expect(gap).toMatchObject({ stdin: 'NUMBER', content: 'un peu', weight: 1.5 });
    const checked = questionInputSchema.safeParse({ type: 'CLOZE', statement: '<p>{1}</p>', possible_solutions: [gap] });
    expect(checked.success).toBe(false);
    expect(checked.error!.issues.map((i) => i.message)).toEqual(['La tolérance du trou 1 doit être un nombre positif (0,01) ou un pourcentage (5 %).']);
  });

  it('puts a message on row i where the gap shows it: its kind, its answers, its wrong choices or its tolerance', () => {
    const target = clozeKind.editor.solutionsField;
    if (!('path' in target)) throw new Error('cloze maps its rows itself');
    const v = clozeKind.editor.toForm(stored) as unknown as QuestionFormValues;
    expect(target.path(null, undefined, v)).toBe('clozeGaps.root');
    expect(target.path(1, 'stdin', v)).toBe('clozeGaps.1.kind');
    expect(target.path(0, 'expected_output', v)).toBe('clozeGaps.0.answers');
    expect(target.path(0, 'content', v)).toBe('clozeGaps.0.wrong');
    expect(target.path(2, 'content', v)).toBe('clozeGaps.2.tolerance');
    expect(target.path(2, 'weight', v)).toBe('clozeGaps.2.weight');
  });

  it('takes a removed gap’s marker out of the statement and renumbers the following ones', () => {
    expect(withoutMarker('<p>{1} puis {2}, {3} et {12}.</p>', 2)).toBe('<p>{1} puis , {2} et {11}.</p>');
  });

  it('sends one text a gap, trailing blanks left out, and reads back only texts', () => {
    expect(clozeAnswerOf(['Paris', '', '3,14', ' ', ''])).toEqual(['Paris', '', '3,14']);
    expect(clozeAnswerOf(['', ''])).toEqual([]);
    expect(clozeFacts.normalise(['Paris', 'Seine'])).toEqual(['Paris', 'Seine']);
    expect(clozeFacts.normalise(['Paris', 3])).toEqual([]);
    expect(clozeFacts.normalise('Paris')).toBeNull();
    expect(clozeFacts.exchangeFormats).toEqual(['moodle']);
  });
});
