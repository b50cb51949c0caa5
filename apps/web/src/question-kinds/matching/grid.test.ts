// A matching is drawn as a true/false grid exactly when its answer list is « Vrai » and « Faux ».
import { describe, expect, it } from 'vitest';
import { isTrueFalseGrid } from './facts';

describe('true/false grid', () => {
  it('is a matching whose two answers are « Vrai » and « Faux », in any order', () => {
    expect(isTrueFalseGrid(['Vrai', 'Faux'])).toBe(true);
    expect(isTrueFalseGrid(['Faux', 'Vrai'])).toBe(true);
    expect(isTrueFalseGrid(['Vrai'])).toBe(false);
    expect(isTrueFalseGrid(['Vrai', 'Faux', 'Peut-être'])).toBe(false);
    expect(isTrueFalseGrid(['vrai', 'faux'])).toBe(false);
    expect(isTrueFalseGrid(['Paris', 'Rome'])).toBe(false);
  });
});
