// Which answers the exam page keeps asking about: a program or an expression kept while the runner was saturated,
// never an essay waiting for a person (its mark does not come during the attempt), never a graded answer.
import { describe, expect, it } from 'vitest';
import type { GradeDetails } from '@exam/shared';
import { gradedLater } from './use-graded-later';

const program = (pending?: boolean) =>
  ({ type: 'ALGORITHM', verdict: 'RUNTIME_ERROR', passed: 0, total: 2, visible: [], hidden: { passed: 0, total: 1 }, ...(pending === undefined ? {} : { pending }) }) as GradeDetails;

describe('answers graded later', () => {
  it('asks about a program or an expression kept for later, not about a graded one nor an essay', () => {
    expect(gradedLater(program(true))).toBe(true);
    expect(gradedLater({ type: 'MATH', pending: true } as GradeDetails)).toBe(true);
    expect(gradedLater(program())).toBe(false);
    expect(gradedLater(program(false))).toBe(false);
    expect(gradedLater({ type: 'MATH' } as GradeDetails)).toBe(false);
    expect(gradedLater({ type: 'ESSAY', pending: true, words: 3, comment: null } as GradeDetails)).toBe(false);
    expect(gradedLater(null)).toBe(false);
  });
});
