// ALGORITHM questions' runs: a program against the question's test cases, all side by side in the runner's pool. A
// case with test code runs the student's code followed by it, as one program of its own (its own run, its own input);
// Python's input() may echo what it reads (CodeRunner's python3). A program that does not compile is said once: when a
// case fails the way a syntax error does, the student's code alone is read (Python compile(), R parse()) in the
// sandbox, and its line is the student's own.
import { judge, type CodeRunner, type JudgeResult, type RunLimits } from '@exam/runner';
import { caseShown, MAX_DETAIL_OUTPUT, type AlgorithmGradeDetails, type AlgorithmGrading, type CaseDisplay, type SyntaxErrorDetails } from '@exam/shared';
import { storableText } from '../../lib/storable-text';
import type { GradeOutcome, InternalCaseResult, ReferenceFailure } from './types';

/** An ALGORITHM question as grading takes it. */
export interface AlgorithmQuestion {
  type: 'ALGORITHM';
  language: 'PYTHON' | 'R';
  /** `test_code`: run after the student's code (absent or empty: none); `display`: absent, from is_hidden. */
  tests: { id: number; stdin: string; expected_output: string; is_hidden: boolean; weight: number; test_code?: string; display?: CaseDisplay }[];
  limits: { cpu_seconds: number; memory_mb: number } | null;
  /** ALL_OR_NOTHING: the points only when every case passes; PER_CASE (or absent): each case its weight's share. */
  grading?: AlgorithmGrading;
  /** Python: input() writes what it reads, followed by a newline. */
  echo_input?: boolean;
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

/** CodeRunner's python3 echo, on one line so that the student's code starts on the second. */
const ECHO_PRELUDE = "__saved_input__ = input; input = lambda prompt='': (lambda line: (print(line), line)[1])(__saved_input__(prompt))";

const lineCount = (code: string) => (code === '' ? 0 : code.split('\n').length - (code.endsWith('\n') ? 1 : 0));

/** How a case's program is put together: the echo's line first (Python, when asked), the student's code, the test code. */
interface Layout {
  /** Lines before the student's code. */
  before: number;
  /** Lines of the student's code. */
  student: number;
}

function layoutOf(question: Pick<AlgorithmQuestion, 'language' | 'echo_input'>, code: string): Layout {
  return { before: question.language === 'PYTHON' && question.echo_input ? 1 : 0, student: lineCount(code) };
}

/** The program one case runs: the student's code alone when there is neither echo nor test code (as before). */
export function programOf(question: Pick<AlgorithmQuestion, 'language' | 'echo_input'>, code: string, testCode = ''): string {
  const echo = question.language === 'PYTHON' && question.echo_input;
  if (!echo && !testCode) return code;
  const body = testCode ? `${code}${code.endsWith('\n') || code === '' ? '' : '\n'}${testCode}` : code;
  return echo ? `${ECHO_PRELUDE}\n${body}` : body;
}

/**
 * A Python traceback's lines counted in the student's own code: « votre code » for theirs, « code de test » for the
 * case's test code, « écho des entrées » for the echo's line. Left as it is when the program is the student's code
 * alone (R's messages carry no line of the program).
 */
export function ownLines(stderr: string, question: Pick<AlgorithmQuestion, 'language' | 'echo_input'>, layout: Layout, testCode = ''): string {
  if (question.language !== 'PYTHON' || (layout.before === 0 && !testCode)) return stderr;
  return stderr.replace(/File "\/tmp\/main\.py", line (\d+)/g, (_whole, n: string) => {
    const line = Number(n);
    if (line <= layout.before) return `File "écho des entrées", line ${line}`;
    if (line <= layout.before + layout.student) return `File "votre code", line ${line - layout.before}`;
    return `File "code de test", line ${line - layout.before - layout.student}`;
  });
}

/**
 * Runs the cases side by side, each a run of its own (the student's code and the case's test code), at most
 * `concurrency` at once. `owner`: the user the runner shares its slots fairly with the others; `exam`: an exam's
 * answer, which the runner serves first.
 */
export function runCases(runner: CodeRunner, question: AlgorithmQuestion, code: string, tests: Test[], concurrency: number, owner: string, exam = false): Promise<JudgeResult> {
  return judge(
    runner,
    question.language,
    code,
    tests.map((t) => ({ stdin: t.stdin, code: programOf(question, code, t.test_code), expectedOutput: t.expected_output, hidden: t.is_hidden })),
    { limits: runLimits(question.limits), concurrency, owner, exam },
  );
}

/** What a failed case says when the program could not be read. */
const SYNTAX_HINTS: Record<AlgorithmQuestion['language'], RegExp> = {
  PYTHON: /\b(SyntaxError|IndentationError|TabError)\b/,
  R: /^Error: (unexpected |malformed|invalid|incomplete|.*unrecognized escape)/m,
};

/** Reads the program from its input, never runs it: SYNTAX, the line (0: none), the message; or OK. */
const SYNTAX_CHECKERS: Record<AlgorithmQuestion['language'], string> = {
  PYTHON: [
    'import sys',
    'src = sys.stdin.read()',
    'try:',
    '    compile(src, "votre code", "exec", dont_inherit=True)',
    'except SyntaxError as e:',
    '    print("SYNTAX"); print(e.lineno or 0); print(e.msg)',
    'except ValueError as e:',
    '    print("SYNTAX"); print(0); print(e)',
    'else:',
    '    print("OK")',
    '',
  ].join('\n'),
  R: [
    'src <- readLines(file("stdin"), warn = FALSE, encoding = "UTF-8")',
    'msg <- tryCatch({ parse(text = src, keep.source = FALSE); NULL }, error = function(e) conditionMessage(e))',
    'if (is.null(msg)) cat("OK\\n") else {',
    '  at <- regmatches(msg, regexec("^<text>:([0-9]+):[0-9]+: ", msg))[[1]]',
    '  cat("SYNTAX\\n", if (length(at)) at[2] else "0", "\\n", sub("^<text>:[0-9]+:[0-9]+: ", "", msg), "\\n", sep = "")',
    '}',
    '',
  ].join('\n'),
};

/**
 * The syntax error of the student's code alone, or null (it compiles, or the check could not say). Runs only when a
 * case failed the way a syntax error does: one more run, in the same sandbox, holding only the student's code as input.
 */
export async function syntaxErrorOf(
  runner: CodeRunner,
  question: AlgorithmQuestion,
  code: string,
  result: JudgeResult,
  owner: string,
  exam = false,
): Promise<SyntaxErrorDetails | null> {
  const hint = SYNTAX_HINTS[question.language];
  if (!result.cases.some((c) => c.verdict === 'RUNTIME_ERROR' && hint.test(c.stderr))) return null;
  try {
    const run = await runner.run({ language: question.language, code: SYNTAX_CHECKERS[question.language], stdin: code, owner, exam });
    const [head, line, ...message] = run.stdout.replace(/\r/g, '').split('\n');
    if (run.verdict !== 'OK' || head !== 'SYNTAX') return null;
    const n = Number(line);
    return { line: Number.isInteger(n) && n > 0 ? n : null, message: message.join('\n').trim() || 'code illisible' };
  } catch {
    // The per-case results still say what went wrong.
    return null;
  }
}

function cut(text: string): string {
  if (text.length <= MAX_DETAIL_OUTPUT) return text;
  return `${text.slice(0, MAX_DETAIL_OUTPUT)}\n[… ${text.length - MAX_DETAIL_OUTPUT} caractères de plus non affichés]`;
}

/**
 * Turns the judge's result into the outcome: the student-safe details carry in full the cases the student may see
 * (the examples, and the hidden cases their display shows) and only counts of the others; `internal` keeps everything
 * for staff. `tests` are the cases that ran (all, or the examples), in the question's order; `code` the student's.
 * A syntax error is said once: no case is shown, none passed.
 */
export function toOutcome(question: AlgorithmQuestion, tests: Test[], result: JudgeResult, code = '', syntax: SyntaxErrorDetails | null = null): GradeOutcome {
  const allIndex = new Map(question.tests.map((t, i) => [t, i]));
  const layout = layoutOf(question, code);
  const internal: InternalCaseResult[] = result.cases.map((c, i) => ({
    test_id: tests[i].id,
    index: allIndex.get(tests[i]) ?? i,
    is_hidden: tests[i].is_hidden,
    verdict: c.verdict,
    // Whatever the program printed (a NUL byte included) is kept as storable text.
    stdout: storableText(c.stdout),
    stderr: storableText(ownLines(c.stderr, question, layout, tests[i].test_code)),
    exit_code: c.exit_code,
    duration_ms: c.duration_ms,
  }));
  const shown = syntax ? [] : internal.flatMap((c, j) => (caseShown(tests[j], c.verdict === 'OK') ? [j] : []));
  const visible: AlgorithmGradeDetails['visible'] = shown.map((j) => {
    const c = internal[j];
    return {
      index: c.index,
      verdict: c.verdict,
      stdin: tests[j].stdin,
      ...(tests[j].test_code ? { test_code: tests[j].test_code } : {}),
      ...(tests[j].is_hidden ? { hidden: true } : {}),
      expected_output: tests[j].expected_output,
      stdout: cut(c.stdout),
      stderr: cut(c.stderr),
      duration_ms: c.duration_ms,
    };
  });
  const others = internal.filter((_c, j) => !shown.includes(j));
  const passedOf = (j: number) => !syntax && internal[j].verdict === 'OK';
  const passed = internal.filter((_c, j) => passedOf(j)).length;
  const all = result.total > 0 && passed === result.total;
  const totalWeight = tests.reduce((s, t) => s + Math.max(0, t.weight), 0);
  const passedWeight = tests.reduce((s, t, j) => s + (passedOf(j) ? Math.max(0, t.weight) : 0), 0);
  const share = totalWeight > 0 ? passedWeight / totalWeight : result.total > 0 ? passed / result.total : 0;
  return {
    is_valid: all,
    score: question.grading === 'ALL_OR_NOTHING' ? (all ? 1 : 0) : share,
    details: {
      type: 'ALGORITHM',
      verdict: syntax ? 'RUNTIME_ERROR' : result.verdict,
      passed,
      total: result.total,
      visible,
      hidden: { passed: syntax ? 0 : others.filter((c) => c.verdict === 'OK').length, total: others.length },
      ...(syntax ? { syntax_error: syntax } : {}),
    },
    internal: { cases: internal },
  };
}

/** The first failing case (in the question's order), with expected vs got, or null when every case passed; its
 *  errors' lines counted in `code` (the reference solution) and in the case's test code. */
export function firstFailure(question: AlgorithmQuestion, result: JudgeResult, code = ''): ReferenceFailure | null {
  const c = result.cases.find((x) => x.verdict !== 'OK');
  if (!c) return null;
  const test = question.tests[c.index];
  const stderr = ownLines(c.stderr, question, layoutOf(question, code), test.test_code);
  return { index: c.index, test_id: test.id, verdict: c.verdict, stdin: test.stdin, expected: test.expected_output, got: c.stdout, stderr };
}
