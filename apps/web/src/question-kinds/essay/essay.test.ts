// The essay kind on the web: the editor's part of the form (word limit, template, grader information) from a stored
// question to the body and back, a new question's blank settings, the answer starting from the template, a stored
// answer made safe for the input, and the live word count with its French message past the limit.
import { describe, expect, it } from 'vitest';
import { countWords, ESSAY_TEXTS, type Question } from '@exam/shared';
import type { QuestionFormValues } from '../form-values';
import { essayFacts } from './facts';
import { essayKind } from './index';
import { badLevelPoints } from './rubric-form';
import { essayTexts } from './texts';

const stored = {
  type: 'ESSAY',
  possible_solutions: [],
  essay: { word_limit: 150, response_template: 'Introduction :\nDéveloppement :', grader_info: 'Deux idées attendues.' },
} as unknown as Question;

describe('essay in the editor', () => {
  it('keeps the word limit, the template and the grader information from the stored question to the body', () => {
    const form = essayKind.editor.toForm(stored);
    expect(form).toMatchObject({ essay: { word_limit: 150, response_template: 'Introduction :\nDéveloppement :', grader_info: 'Deux idées attendues.', rubric_on: false } });
    const body = essayKind.editor.toBody(form as unknown as QuestionFormValues);
    expect(body).toEqual({ possible_solutions: [], essay: { word_limit: 150, response_template: 'Introduction :\nDéveloppement :', grader_info: 'Deux idées attendues.', rubric: null } });
  });

  it('starts a new question without limit, template or information, and sends blanks as null', () => {
    const form = essayKind.editor.toForm(undefined);
    expect(form).toMatchObject({ essay: { word_limit: '', response_template: '', grader_info: '', rubric_on: false } });
    expect(essayKind.editor.toBody({ ...(form as object), essay: { word_limit: '', response_template: '  ', grader_info: '' } } as unknown as QuestionFormValues)).toEqual({
      possible_solutions: [],
      essay: { word_limit: null, response_template: null, grader_info: null, rubric: null },
    });
    // A typed limit arrives as text from the field: sent as a number.
    expect(essayKind.editor.toBody({ essay: { word_limit: '80', response_template: '', grader_info: '' } } as unknown as QuestionFormValues).essay?.word_limit).toBe(80);
    // A server message on essay.word_limit lands on the field of the same path.
    expect(essayKind.editor.solutionsField).toEqual({ single: 'essay.word_limit' });
  });
});

describe('a rubric in the editor', () => {
  it('offers one criterion with two levels to start, and keeps a stored rubric (ids, points typed as text) to the body', () => {
    const blank = essayKind.editor.toForm(undefined) as { essay: { rubric: { criteria: Array<{ id: string; levels: Array<{ label: string; points: number }> }> } } };
    expect(blank.essay.rubric.criteria).toHaveLength(1);
    expect(blank.essay.rubric.criteria[0]!.levels.map((l) => [l.label, l.points])).toEqual([['Insuffisant', 0], ['Satisfaisant', 1]]);
    const rubric = {
      free_points: true,
      criteria: [{ id: 'c1', title: 'Argumentation', description: null, levels: [{ id: 'l1', label: 'Absente', points: 0, description: null }, { id: 'l2', label: 'Complète', points: 4, description: 'Tout est justifié.' }] }],
    };
    const form = essayKind.editor.toForm({ ...stored, essay: { ...stored.essay!, rubric } } as Question) as { essay: { rubric_on: boolean; rubric: { criteria: Array<{ levels: Array<{ points: number | string }> }> } } };
    expect(form.essay.rubric_on).toBe(true);
    form.essay.rubric.criteria[0]!.levels[1]!.points = '3,5';
    expect(essayKind.editor.toBody(form as unknown as QuestionFormValues).essay?.rubric).toEqual({
      ...rubric,
      criteria: [{ ...rubric.criteria[0]!, levels: [rubric.criteria[0]!.levels[0]!, { ...rubric.criteria[0]!.levels[1]!, points: 3.5 }] }],
    });
    // A level's points must be typed (an empty field is not 0).
    expect(badLevelPoints(true, { free_points: false, criteria: [{ id: 'c', title: 'A', description: '', levels: [{ id: 'l', label: 'x', points: ' ', description: '' }] }] })).toBe('essay.rubric.criteria.0.levels.0.points');
    expect(badLevelPoints(true, { free_points: false, criteria: [{ id: 'c', title: 'A', description: '', levels: [{ id: 'l', label: 'x', points: '2,5', description: '' }] }] })).toBeNull();
    expect(badLevelPoints(false, { free_points: false, criteria: [{ id: 'c', title: 'A', description: '', levels: [{ id: 'l', label: 'x', points: '', description: '' }] }] })).toBeNull();
    // Unticked, the rubric is not sent.
    expect(essayKind.editor.toBody({ ...form, essay: { ...form.essay, rubric_on: false } } as unknown as QuestionFormValues).essay?.rubric).toBeNull();
  });
});

describe('essay answers', () => {
  it('start from the response template, and keep only a text', () => {
    expect(essayFacts.emptyAnswer({ starter_code: null, essay: { word_limit: null, response_template: 'Plan :' } })).toEqual({ text: 'Plan :' });
    expect(essayFacts.emptyAnswer({ starter_code: null })).toEqual({ text: '' });
    expect(essayFacts.normalise({ text: 'Ma réponse' })).toEqual({ text: 'Ma réponse' });
    expect(essayFacts.normalise('ancienne réponse')).toEqual({ text: 'ancienne réponse' });
    expect(essayFacts.normalise([1, 2])).toBeNull();
    expect(essayFacts.normalise({ text: 3 })).toBeNull();
  });

  it('counts words live as the server does, a formula as one word, and says in French when the limit is passed', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  La moyenne   vaut \\(\\bar x = 3\\), donc… ')).toBe(5);
    expect(countWords('<p>Deux</p><p>mots</p>')).toBe(2);
    expect(countWords('— ; ! l’écart-type')).toBe(1);
    expect(essayTexts.words(1, null)).toBe('1 mot');
    expect(essayTexts.words(12, 10)).toBe('12 mots sur 10 au plus');
    expect(ESSAY_TEXTS.overLimit(12, 10)).toBe('Votre réponse compte 12 mots : la limite est de 10 mots. Raccourcissez-la avant de l’envoyer.');
  });
});
