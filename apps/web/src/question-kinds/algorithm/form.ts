// The ALGORITHM kind's part of the question editor: language, starter code, test cases (each with its test code and
// when its result is shown), how the question counts, the input echo, run limits, reference solution.
import type { AlgorithmGrading, CaseDisplay, Language } from '@exam/shared';

export interface TestCase {
  id?: number;
  stdin: string;
  expected_output: string;
  /** Code run after the student's code (calls their function); empty: the student's program alone. */
  test_code: string;
  is_hidden: boolean;
  /** A hidden case: when its result is shown after grading. */
  display: CaseDisplay;
  weight: number | string;
}
export interface AlgorithmForm {
  language: Language | null;
  starter_code: string;
  reference_solution: string;
  cpu_seconds: number | string;
  memory_mb: number | string;
  grading: AlgorithmGrading;
  echo_input: boolean;
  tests: TestCase[];
}

export const blankTest = (): TestCase => ({ stdin: '', expected_output: '', test_code: '', is_hidden: false, display: 'HIDE', weight: 1 });
