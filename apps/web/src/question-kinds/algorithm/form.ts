// The ALGORITHM kind's part of the question editor: language, starter code, test cases, run limits, reference solution.
import type { Language } from '@exam/shared';

export interface TestCase {
  id?: number;
  stdin: string;
  expected_output: string;
  is_hidden: boolean;
  weight: number | string;
}
export interface AlgorithmForm {
  language: Language | null;
  starter_code: string;
  reference_solution: string;
  cpu_seconds: number | string;
  memory_mb: number | string;
  tests: TestCase[];
}

export const blankTest = (): TestCase => ({ stdin: '', expected_output: '', is_hidden: false, weight: 1 });
