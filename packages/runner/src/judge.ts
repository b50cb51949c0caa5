// Checks a program against test cases (stdin + expected stdout), as exams and practice questions do.
import type { ExecResult, Language, Verdict } from '@exam/shared';
import type { CodeRunner, RunLimits } from './types';

export interface TestCase {
  stdin: string;
  expectedOutput: string;
  /** Hidden cases are judged but their content is not shown to students. */
  hidden?: boolean;
}

export interface TestCaseResult extends ExecResult {
  index: number;
  hidden: boolean;
}

export interface JudgeResult {
  /** OK when every case passed, else the verdict of the first failing case. */
  verdict: Verdict;
  passed: number;
  total: number;
  cases: TestCaseResult[];
}

export async function judge(
  runner: CodeRunner,
  language: Language,
  code: string,
  tests: TestCase[],
  opts: { limits?: Partial<RunLimits>; stopOnFailure?: boolean } = {},
): Promise<JudgeResult> {
  const cases: TestCaseResult[] = [];
  let verdict: Verdict = 'OK';
  for (const [index, t] of tests.entries()) {
    const r = await runner.run({ language, code, stdin: t.stdin, expectedOutput: t.expectedOutput, limits: opts.limits });
    cases.push({ ...r, index, hidden: !!t.hidden });
    if (r.verdict !== 'OK' && verdict === 'OK') {
      verdict = r.verdict;
      if (opts.stopOnFailure) break;
    }
  }
  return { verdict, passed: cases.filter((c) => c.verdict === 'OK').length, total: tests.length, cases };
}
