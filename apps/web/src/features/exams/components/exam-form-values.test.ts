import { describe, expect, it } from 'vitest';
import { allowsRetriesWithPenalty } from './exam-form-values';

const q = (max_submissions: number | null, wrong_try_penalty: number | null) => ({ max_submissions, wrong_try_penalty }) as never;

describe('allowsRetriesWithPenalty (the editor warns that hidden verdicts make students retry blind)', () => {
  it('is true when a question allows several tries with a penalty, its own rule or the exam’s', () => {
    expect(allowsRetriesWithPenalty({ max_submissions: 3, wrong_try_penalty: 0.2, questions: [q(null, null)] })).toBe(true);
    expect(allowsRetriesWithPenalty({ max_submissions: null, wrong_try_penalty: 0.1, questions: [q(null, null)] })).toBe(true);
    expect(allowsRetriesWithPenalty({ max_submissions: 1, wrong_try_penalty: 0, questions: [q(1, null), q(2, 0.25)] })).toBe(true);
  });

  it('is false with one try, or without a penalty', () => {
    expect(allowsRetriesWithPenalty({ max_submissions: 1, wrong_try_penalty: 0.5, questions: [q(null, null)] })).toBe(false);
    expect(allowsRetriesWithPenalty({ max_submissions: 5, wrong_try_penalty: 0, questions: [q(null, null), q(3, null)] })).toBe(false);
    expect(allowsRetriesWithPenalty({ max_submissions: 5, wrong_try_penalty: 0.5, questions: [q(1, null), q(null, 0)] })).toBe(false);
  });
});
