// The live page and the staff copy say counts and penalties in French with their unit and the right plural: « 1
// validée », « 2 validées », « pénalité de 0,4 point », never « (s) ».
import { describe, expect, it } from 'vitest';
import { examResultsTexts as t } from './texts';

describe('results texts', () => {
  it('counts answers on the live page with one word per number', () => {
    expect(t.live.answered(1, 1, 3)).toBe('1 / 3 répondue, 1 validée');
    expect(t.live.answered(2, 0, 3)).toBe('2 / 3 répondues, 0 validée');
    expect(t.live.answered(3, 2, 3)).toBe('3 / 3 répondues, 2 validées');
  });

  it('gives a submission’s penalty in points, with its unit, in French decimals', () => {
    expect(t.student.penalty(0.4)).toBe('pénalité de 0,4 point retirée pour les essais incorrects avant celui-ci');
    expect(t.student.penalty(2)).toBe('pénalité de 2 points retirée pour les essais incorrects avant celui-ci');
  });
});
