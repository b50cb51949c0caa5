// ALGORITHM questions' runs: a program against the question's test cases, all side by side in the runner's pool.
import { judge, type CodeRunner, type JudgeResult, type RunLimits } from '@exam/runner';
import { MAX_DETAIL_OUTPUT, type AlgorithmGradeDetails } from '@exam/shared';
import { storableText } from '../../lib/storable-text';
import type { GradeOutcome, InternalCaseResult, ReferenceFailure } from './types';

/** An ALGORITHM question as grading takes it. */
export interface AlgorithmQuestion {
  type: 'ALGORITHM';
  language: 'PYTHON' | 'R';
  tests: { id: number; stdin: string; expected_output: string; is_hidden: boolean; weight: number }[];
  limits: { cpu_seconds: number; memory_mb: number } | null;
}

type Test = AlgorithmQuestion['tests'][number];

/**
 * The question's limits as the runner takes them. The wall-clock limit keeps the runner's default ratio (twice the
 * CPU time), so a question asking for the default limits runs in the runner's pre-started sandboxes.
 */
export function runLimits(limits: AlgorithmQuestion['limits']): Partial<RunLimits> | undefined {
  if (!limits) return undefined;
  return { cpuSeconds: limits.cpu_seconds, memoryMb: limits.memory_mb, wallMs: limits.cpu_seconds * 2000 };
}

/**
 * Runs the cases side by side, each a run of its own, at most `concurrency` at once. `owner`: the user the runner
 * shares its slots fairly with the others; `exam`: an exam's answer, which the runner serves first.
 */
export function runCases(runner: CodeRunner, question: AlgorithmQuestion, code: string, tests: Test[], concurrency: number, owner: string, exam = false): Promise<JudgeResult> {
  return judge(
    runner,
    question.language,
    code,
    tests.map((t) => ({ stdin: t.stdin, expectedOutput: t.expected_output, hidden: t.is_hidden })),
    { limits: runLimits(question.limits), concurrency, owner, exam },
  );
}

function cut(text: string): string {
  if (text.length <= MAX_DETAIL_OUTPUT) return text;
  return `${text.slice(0, MAX_DETAIL_OUTPUT)}\n[… ${text.length - MAX_DETAIL_OUTPUT} caractères de plus non affichés]`;
}

/**
 * Turns the judge's result into the outcome: the student-safe details carry the visible cases in full and only
 * counts of the hidden ones; `internal` keeps everything for staff. `tests` are the cases that ran (all, or the
 * visible ones), in the question's order.
 */
export function toOutcome(question: AlgorithmQuestion, tests: Test[], result: JudgeResult): GradeOutcome {
  const allIndex = new Map(question.tests.map((t, i) => [t, i]));
  const internal: InternalCaseResult[] = result.cases.map((c, i) => ({
    test_id: tests[i].id,
    index: allIndex.get(tests[i]) ?? i,
    is_hidden: tests[i].is_hidden,
    verdict: c.verdict,
    // Whatever the program printed (a NUL byte included) is kept as storable text.
    stdout: storableText(c.stdout),
    stderr: storableText(c.stderr),
    exit_code: c.exit_code,
    duration_ms: c.duration_ms,
  }));
  const visible: AlgorithmGradeDetails['visible'] = internal.flatMap((c, j) =>
    c.is_hidden
      ? []
      : [
          {
            index: c.index,
            verdict: c.verdict,
            stdin: tests[j].stdin,
            expected_output: tests[j].expected_output,
            stdout: cut(c.stdout),
            stderr: cut(c.stderr),
            duration_ms: c.duration_ms,
          },
        ],
  );
  const hidden = internal.filter((c) => c.is_hidden);
  const totalWeight = tests.reduce((s, t) => s + Math.max(0, t.weight), 0);
  const passedWeight = internal.reduce((s, c, i) => s + (c.verdict === 'OK' ? Math.max(0, tests[i].weight) : 0), 0);
  const score = totalWeight > 0 ? passedWeight / totalWeight : result.total > 0 ? result.passed / result.total : 0;
  return {
    is_valid: result.total > 0 && result.passed === result.total,
    score,
    details: {
      type: 'ALGORITHM',
      verdict: result.verdict,
      passed: result.passed,
      total: result.total,
      visible,
      hidden: { passed: hidden.filter((c) => c.verdict === 'OK').length, total: hidden.length },
    },
    internal: { cases: internal },
  };
}

/** The first failing case (in the question's order), with expected vs got, or null when every case passed. */
export function firstFailure(question: AlgorithmQuestion, result: JudgeResult): ReferenceFailure | null {
  const c = result.cases.find((x) => x.verdict !== 'OK');
  if (!c) return null;
  const test = question.tests[c.index];
  return { index: c.index, test_id: test.id, verdict: c.verdict, stdin: test.stdin, expected: test.expected_output, got: c.stdout, stderr: c.stderr };
}
