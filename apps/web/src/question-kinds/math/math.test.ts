// The MATH kind's part of the editor: the form required comes from the stored question (EQUIVALENT for a new one or
// one stored before the form existed) and goes back in the body beside the expected expression; the text the student
// reads names the form asked.
import { describe, expect, it } from 'vitest';
import type { Question } from '@exam/shared';
import { mathToBody, mathToForm } from './form';
import { mathTexts } from './texts';

const stored = (math_form: string | null) =>
  ({
    type: 'MATH',
    math_form,
    possible_solutions: [{ id: 7, question_id: 1, position: 1, content: 'x^2+2x+1', is_correct: 1, stdin: '', expected_output: '', is_hidden: 0, weight: 1 }],
  }) as unknown as Question;

describe('MATH in the editor', () => {
  it('keeps the expected expression and the form required from the stored question to the body', () => {
    const form = mathToForm(stored('EXPANDED'));
    expect(form).toEqual({ expected: 'x^2+2x+1', math_form: 'EXPANDED' });
    const body = mathToBody(form);
    expect(body).toEqual({ math_form: 'EXPANDED', possible_solutions: [{ content: 'x^2+2x+1', is_correct: 1 }] });
  });

  it('starts from any equivalent form (a new question, or one stored before the form existed)', () => {
    expect(mathToForm(undefined)).toEqual({ expected: '', math_form: 'EQUIVALENT' });
    expect(mathToForm(stored(null)).math_form).toBe('EQUIVALENT');
  });

  it('tells the student the form asked', () => {
    expect(mathTexts.formAsked('EXPANDED')).toBe('Réponse attendue sous forme développée.');
    expect(mathTexts.formAsked('FACTORED')).toBe('Réponse attendue sous forme factorisée.');
    expect(mathTexts.formAsked('SIMPLIFIED')).toBe('Réponse attendue sous forme simplifiée.');
  });
});
