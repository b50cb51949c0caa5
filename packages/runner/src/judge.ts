// Checks a program against test cases (stdin + expected stdout), as exams and practice questions do.
import type { ExecResult, Language, Verdict } from '@exam/shared';
import { RunnerBusyError, type CodeRunner, type RunLimits } from './types';

export interface TestCase {
  stdin: string;
  /** The case's whole program when it differs from the judged code (the student's code followed by the case's test
   *  code); absent: the judged code. */
  code?: string;
  /** Absent: no comparison, the run's output is what is wanted (a reference solution computing a variant's). */
  expectedOutput?: string;
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
 * With a runner that takes several cases at once (`runCases`: every runner of this package), hands it all the
 * cases (see EmbeddedRunner.runCases: each case a run of its own in a slot of its own, the hidden ones apart in time).
 * Otherwise runs the cases side by side: up to `concurrency` of them at once (default: all), each one `runner.run`,
 * the visible ones first, then the hidden ones.
 * When a run fails (queue full, runner gone), no further case starts, the cases in flight are awaited (none is left
 * running), and the error is thrown; a full queue wins over other errors. `owner`: the user the runner shares its
 * slots fairly with the others.
 */
export async function judge(
  runner: CodeRunner,
  language: Language,
  code: string,
  tests: TestCase[],
  opts: { limits?: Partial<RunLimits>; concurrency?: number; owner?: string; exam?: boolean } = {},
): Promise<JudgeResult> {
  let results: ExecResult[] = new Array(tests.length);
  const failures: unknown[] = [];
  if (runner.runCases) {
    results = await runner.runCases(
      { language, code, limits: opts.limits, owner: opts.owner, exam: opts.exam },
      tests.map((t) => ({ stdin: t.stdin, code: t.code, expectedOutput: t.expectedOutput, hidden: !!t.hidden })),
      { slots: opts.concurrency },
    );
    return toJudgeResult(tests, results);
  }
  const order = [...tests.keys()].sort((a, b) => Number(!!tests[a].hidden) - Number(!!tests[b].hidden) || a - b);
  let next = 0;
  const worker = async () => {
    while (failures.length === 0 && next < order.length) {
      const index = order[next++];
      const t = tests[index];
      try {
        const req = { language, code: t.code ?? code, stdin: t.stdin, expectedOutput: t.expectedOutput, limits: opts.limits, owner: opts.owner, exam: opts.exam, hidden: !!t.hidden };
        results[index] = await runner.run(req);
      } catch (err) {
        failures.push(err);
      }
    }
  };
  const width = Math.max(1, Math.min(tests.length, opts.concurrency ?? tests.length));
  await Promise.all(Array.from({ length: width }, worker));
  if (failures.length) throw failures.find((e) => e instanceof RunnerBusyError) ?? failures[0];
  return toJudgeResult(tests, results);
}

function toJudgeResult(tests: TestCase[], results: ExecResult[]): JudgeResult {
  const cases: TestCaseResult[] = results.map((r, index) => ({ ...r, index, hidden: !!tests[index].hidden }));
  const firstFailure = cases.find((c) => c.verdict !== 'OK');
  return { verdict: firstFailure?.verdict ?? 'OK', passed: cases.filter((c) => c.verdict === 'OK').length, total: tests.length, cases };
}
