// Checks a program against test cases (stdin + expected stdout), as exams and practice questions do.
import type { ExecResult, Language, Verdict } from '@exam/shared';
import { RunnerBusyError, type CodeRunner, type RunLimits } from './types';

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
  /** OK when every case passed, else the verdict of the first failing case (in the order of the cases). */
  verdict: Verdict;
  passed: number;
  total: number;
  cases: TestCaseResult[];
}

/**
 * Runs every case at the same time: each is one `runner.run`, so the runner's pool runs as many side by side as it
 * has free slots and queues the rest (a program against k cases takes about ceil(k / free slots) runs of wall time,
 * not k). When a run fails (queue full, runner gone), the other cases are still awaited before the error is thrown,
 * so no run of this program is left in flight; a full queue wins over other errors.
 */
export async function judge(
  runner: CodeRunner,
  language: Language,
  code: string,
  tests: TestCase[],
  opts: { limits?: Partial<RunLimits> } = {},
): Promise<JudgeResult> {
  const settled = await Promise.allSettled(
    tests.map((t) => runner.run({ language, code, stdin: t.stdin, expectedOutput: t.expectedOutput, limits: opts.limits })),
  );
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  if (failures.length) throw failures.find((e) => e instanceof RunnerBusyError) ?? failures[0];
  const cases: TestCaseResult[] = settled.map((s, index) => ({
    ...(s as PromiseFulfilledResult<ExecResult>).value,
    index,
    hidden: !!tests[index].hidden,
  }));
  const firstFailure = cases.find((c) => c.verdict !== 'OK');
  return { verdict: firstFailure?.verdict ?? 'OK', passed: cases.filter((c) => c.verdict === 'OK').length, total: tests.length, cases };
}
