// When a variant of a parameterised question stands apart: a real gap on enough students, not a small group's chance.
import { describe, expect, it } from 'vitest';
import { standsApart } from './stats';

const ones = (n: number, v: number) => Array.from({ length: n }, () => v);

describe('standsApart', () => {
  it('flags a variant everyone fails while the others pass', () => {
    expect(standsApart(ones(8, 0), [...ones(30, 1), ...ones(10, 0)])).toBe(true);
  });
  it('leaves a variant given to fewer than 5', () => {
    expect(standsApart(ones(4, 0), ones(40, 1))).toBe(false);
  });
  it('leaves a small gap, and a gap within the noise of a spread-out question', () => {
    expect(standsApart([...ones(6, 1), ...ones(4, 0)], [...ones(25, 1), ...ones(15, 0)])).toBe(false);
    // 0.6 against 0.4 on 5 and 5 students: a gap of 0.2, well within chance.
    expect(standsApart([1, 1, 1, 0, 0], [0, 1, 0, 0, 1])).toBe(false);
  });
});
