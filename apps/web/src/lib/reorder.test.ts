import { describe, expect, it } from 'vitest';
import { moveId } from './reorder';

describe('moveId', () => {
  it('moves one id to a new place', () => {
    expect(moveId([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveId([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
  });
});
