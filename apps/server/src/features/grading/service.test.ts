// The grading service with the real sandbox: each type right and wrong, hidden cases kept out of the details,
// limits, cases side by side in the pool, one unit of the per-user limit per program, runner failures.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createEmbeddedRunner, type CodeRunner, type EmbeddedRunner, type RunRequest } from '@exam/runner';
import { gradeDetailsSchema, gradeResultSchema } from '@exam/shared';
import { createTestApp, testConfig, type TestApp } from '../../../test/helper';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { checkReferenceSolution, grade, type AlgorithmQuestion, type GradableQuestion } from './index';

let t: TestApp;
let runner: EmbeddedRunner;
let nextUser = 1000;
const user = () => nextUser++;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
});
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

const ctxWith = (r: CodeRunner | undefined, config: Parameters<typeof testConfig>[0] = {}): AppContext => ({
  ...t.ctx,
  runner: r,
  config: testConfig(config),
});

/** The HttpError a promise rejects with (fails the test when it resolves or throws something else). */
async function httpError(p: Promise<unknown>): Promise<HttpError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

/** A logger that keeps what is logged at error level. */
function captureLog() {
  const errors: Array<{ obj: Record<string, unknown>; msg?: string }> = [];
  const noop = () => undefined;
  const log = { error: (obj: Record<string, unknown>, msg?: string) => errors.push({ obj, msg }), warn: noop, info: noop, debug: noop, trace: noop, fatal: noop, child: () => log, level: 'error', silent: noop };
  return { errors, log: log as unknown as FastifyBaseLogger };
}

// Sentinel values of the hidden case: none may appear in the student-facing details.
const SECRET_IN = '4242 5353';
const SECRET_OUT = '9595';

const sumPython: AlgorithmQuestion = {
  type: 'ALGORITHM',
  language: 'PYTHON',
  tests: [
    { id: 11, stdin: '1 2', expected_output: '3', is_hidden: false, weight: 1 },
    { id: 12, stdin: '10 20\n', expected_output: '30\n', is_hidden: false, weight: 1 },
    { id: 13, stdin: SECRET_IN, expected_output: SECRET_OUT, is_hidden: true, weight: 2 },
  ],
  limits: null,
};
const sumR: AlgorithmQuestion = { ...sumPython, language: 'R' };

const PY_RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
// Right on small inputs; on the hidden one it prints something made of the hidden input.
const PY_LEAKY = 'a, b = map(int, input().split())\nprint(a + b if a < 1000 else f"LEAK{a}x{b}")\nimport sys\nprint(f"ERR{a}", file=sys.stderr)';
const R_RIGHT = 'x <- scan(file("stdin"), quiet = TRUE)\ncat(sum(x), "\\n")';
const R_LEAKY = 'x <- scan(file("stdin"), quiet = TRUE)\nif (x[1] < 1000) cat(sum(x), "\\n") else cat("LEAK", x[1], "\\n")';

function expectNoHiddenContent(details: unknown) {
  const json = JSON.stringify(details);
  for (const s of ['4242', '5353', SECRET_OUT, 'LEAK', 'ERR4242']) expect(json).not.toContain(s);
  expect(() => gradeDetailsSchema.parse(details)).not.toThrow();
}

describe('QCM', () => {
  const q: GradableQuestion = {
    type: 'QCM',
    choices: [
      { id: 1, is_correct: true },
      { id: 2, is_correct: false },
      { id: 3, is_correct: true },
    ],
  };
  it('is valid only for exactly the set of correct choices', async () => {
    const g = (answer: unknown) => grade(t.ctx, { userId: user(), question: q, answer });
    expect(await g([3, 1])).toEqual({ is_valid: true, score: 1, details: { type: 'QCM' } });
    expect((await g([1, 1, 3])).is_valid).toBe(true);
    expect(await g([1])).toEqual({ is_valid: false, score: 0, details: { type: 'QCM' } });
    expect((await g([1, 2, 3])).is_valid).toBe(false);
    expect((await g([])).is_valid).toBe(false);
  });
  it('answers 422 in French for an id not of the question or a wrong shape', async () => {
    const unknown = await httpError(grade(t.ctx, { userId: user(), question: q, answer: [1, 9] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.errors).toEqual({ answer: ['Le choix 9 n’appartient pas à cette question.'] });
    const shape = await httpError(grade(t.ctx, { userId: user(), question: q, answer: '1' }));
    expect(shape.statusCode).toBe(422);
    expect(shape.message).toBe('La réponse doit être une liste de choix.');
  });
});

describe('EXACT', () => {
  const q: GradableQuestion = { type: 'EXACT', accepted: ['3.14', 'pi'], tolerance: { kind: 'absolute', value: 0.01 } };
  it('grades with the matching rules', async () => {
    expect(await grade(t.ctx, { userId: user(), question: q, answer: ' 3,145 ' })).toEqual({ is_valid: true, score: 1, details: { type: 'EXACT' } });
    expect((await grade(t.ctx, { userId: user(), question: q, answer: 'PI' })).is_valid).toBe(true);
    expect(await grade(t.ctx, { userId: user(), question: q, answer: '3,2' })).toEqual({ is_valid: false, score: 0, details: { type: 'EXACT' } });
  });
  it('answers 422 for an answer that is not text', async () => {
    const err = await httpError(grade(t.ctx, { userId: user(), question: q, answer: 3.14 }));
    expect(err.statusCode).toBe(422);
    expect(err.errors?.answer).toEqual(['La réponse doit être un texte.']);
  });
});

describe('MATH', () => {
  const q: GradableQuestion = { type: 'MATH', expected: '(x+1)^2' };
  it('grades equivalent expressions, ASCII or MathLive LaTeX', async () => {
    expect(await grade(t.ctx, { userId: user(), question: q, answer: 'x^2 + 2*x + 1' })).toEqual({ is_valid: true, score: 1, details: { type: 'MATH' } });
    expect((await grade(t.ctx, { userId: user(), question: q, answer: '\\left(1+x\\right)^{2}' })).is_valid).toBe(true);
    expect(await grade(t.ctx, { userId: user(), question: q, answer: 'x^2 + 1' })).toEqual({ is_valid: false, score: 0, details: { type: 'MATH' } });
  });
  it('gives an unreadable answer as not validated with the French reason', async () => {
    const r = await grade(t.ctx, { userId: user(), question: q, answer: '(x+1' });
    expect(r.is_valid).toBe(false);
    expect(r.details).toEqual({ type: 'MATH', message: 'Expression illisible : une parenthèse « ( » n’est pas fermée.' });
    const blank = await grade(t.ctx, { userId: user(), question: q, answer: '  ' });
    expect(blank.details).toEqual({ type: 'MATH', message: 'Aucune expression saisie.' });
  });
  it('treats an unreadable expected expression as a server problem: logged, French 503', async () => {
    const { errors, log } = captureLog();
    const err = await httpError(grade(t.ctx, { userId: user(), requestId: 'req-math', log, question: { type: 'MATH', expected: 'x +* 2' }, answer: 'x' }));
    expect(err.statusCode).toBe(503);
    expect(err.message).toMatch(/^La correction de cette question est momentanément impossible/);
    expect(errors).toHaveLength(1);
    expect(errors[0].obj.reqId).toBe('req-math');
  });
});

describe('ALGORITHM', () => {
  it.each([
    ['Python', sumPython, PY_RIGHT, PY_LEAKY],
    ['R', sumR, R_RIGHT, R_LEAKY],
  ])('%s: right and wrong programs, with a hidden case that never shows', async (_name, q, right, leaky) => {
    const ok = await grade(t.ctx, { userId: user(), question: q, answer: right });
    expect(ok.is_valid).toBe(true);
    expect(ok.score).toBe(1);
    expect(ok.details).toMatchObject({ type: 'ALGORITHM', verdict: 'OK', passed: 3, total: 3, hidden: { passed: 1, total: 1 } });
    if (ok.details.type !== 'ALGORITHM') throw new Error('type');
    expect(ok.details.visible.map((c) => [c.index, c.verdict, c.stdin])).toEqual([
      [0, 'OK', '1 2'],
      [1, 'OK', '10 20\n'],
    ]);
    expect(ok.details.visible[0].stdout.trim()).toBe('3');
    expectNoHiddenContent(ok.details);

    const bad = await grade(t.ctx, { userId: user(), question: q, answer: leaky });
    expect(bad.is_valid).toBe(false);
    expect(bad.score).toBe(0.5); // weights 1 + 1 passed out of 1 + 1 + 2
    expect(bad.details).toMatchObject({ verdict: 'WRONG_ANSWER', passed: 2, total: 3, hidden: { passed: 0, total: 1 } });
    expectNoHiddenContent(bad.details);
    expectNoHiddenContent(gradeResultSchema.parse({ question_id: 1, is_valid: bad.is_valid, details: bad.details }).details);
    // Staff keep everything.
    const hidden = bad.internal!.cases.find((c) => c.is_hidden)!;
    expect(hidden).toMatchObject({ test_id: 13, index: 2, verdict: 'WRONG_ANSWER' });
    expect(hidden.stdout).toContain('LEAK');
  });

  it('reports runtime errors of a visible case with its stderr', async () => {
    const r = await grade(t.ctx, { userId: user(), question: sumPython, answer: 'print(1/0)' });
    expect(r.details).toMatchObject({ verdict: 'RUNTIME_ERROR', passed: 0 });
    if (r.details.type !== 'ALGORITHM') throw new Error('type');
    expect(r.details.visible[0].stderr).toContain('ZeroDivisionError');
  });

  it('applies the question’s limits: an endless loop is a time limit', async () => {
    const q: AlgorithmQuestion = { ...sumPython, tests: sumPython.tests.slice(0, 2), limits: { cpu_seconds: 1, memory_mb: 128 } };
    const r = await grade(t.ctx, { userId: user(), question: q, answer: 'a, b = map(int, input().split())\nwhile a < 5:\n    pass\nprint(a + b)' });
    expect(r.details).toMatchObject({ verdict: 'TIME_LIMIT', passed: 1, total: 2 });
    expect(r.score).toBe(0.5);
    // Time enough for the kernel to refuse the memory on a loaded machine (the wall clock is twice the CPU limit).
    const roomy: AlgorithmQuestion = { ...q, limits: { cpu_seconds: 5, memory_mb: 128 } };
    const mem = await grade(t.ctx, { userId: user(), question: roomy, answer: 'x = bytearray(512 * 1024 * 1024)\nprint(3)' });
    expect(mem.details).toMatchObject({ verdict: 'MEMORY_LIMIT', passed: 0 });
  });

  it('visibleOnly runs the visible cases only', async () => {
    const r = await grade(t.ctx, { userId: user(), question: sumPython, answer: PY_RIGHT, visibleOnly: true });
    expect(r.details).toMatchObject({ verdict: 'OK', passed: 2, total: 2, hidden: { passed: 0, total: 0 } });
    expect(r.internal!.cases.map((c) => c.test_id)).toEqual([11, 12]);
    const none = await httpError(
      grade(t.ctx, { userId: user(), question: { ...sumPython, tests: [sumPython.tests[2]] }, answer: PY_RIGHT, visibleOnly: true }),
    );
    expect(none.statusCode).toBe(422);
    expect(none.message).toBe('Cette question n’a aucun exemple visible sur lequel tester.');
  });

  it('answers 422 for a missing program', async () => {
    const err = await httpError(grade(t.ctx, { userId: user(), question: sumPython, answer: '  ' }));
    expect(err.statusCode).toBe(422);
    expect(err.errors?.answer).toEqual(['Le code est obligatoire.']);
  });
});

/** The real runner, watched: how many runs its pool held at once. */
class WatchedRunner implements CodeRunner {
  maxActive = 0;
  maxInPool = 0;
  runs = 0;
  constructor(readonly inner: EmbeddedRunner) {}
  async run(req: RunRequest) {
    this.runs++;
    const p = this.inner.run(req); // takes a slot (or a queue place) synchronously
    const { active, waiting } = this.inner.pool.stats;
    this.maxActive = Math.max(this.maxActive, active);
    this.maxInPool = Math.max(this.maxInPool, active + waiting);
    return p;
  }
  compareMath(a: string, b: string) {
    return this.inner.compareMath(a, b);
  }
  close() {
    return Promise.resolve();
  }
}

describe('cases side by side', () => {
  it('runs the k cases of a program each as a run of its own, within its owner’s share of slots, hidden ones never alongside visible ones', async () => {
    const wide = await createEmbeddedRunner({ slots: 4, warmMath: false, warmPerLanguage: 0 });
    try {
      const q: AlgorithmQuestion = {
        ...sumPython,
        tests: [1, 2, 3, 4].map((i) => ({ id: i, stdin: `${i} ${i}`, expected_output: String(2 * i), is_hidden: i > 2, weight: 1 })),
      };
      // Each case says on stderr when it started and ended, and which process it was.
      const answer = `import os, sys, time\nt0 = time.time()\ntime.sleep(0.3)\n${PY_RIGHT}\nsys.stderr.write("%f %f %d" % (t0, time.time(), os.getpid()))`;
      const r = await grade(ctxWith(wide, { RUNNER_SLOTS: '4' }), { userId: user(), question: q, answer });
      expect(r.details).toMatchObject({ verdict: 'OK', passed: 4 });
      const spans = r.internal!.cases.map((c) => c.stderr.split(' ').map(Number));
      // A slot per run, never more slots than cores, at most ownerCap of them for one owner at once.
      expect(wide.pool.slots).toBeLessThanOrEqual(os.availableParallelism());
      const atOnce = Math.max(...spans.map((x) => spans.filter((y) => y[0] <= x[0] && x[0] < y[1]).length));
      expect(atOnce).toBeLessThanOrEqual(wide.pool.ownerCap);
      // A hidden case never runs at the same time as a visible one of the same student.
      const hidden = spans.filter((_, i) => q.tests[i].is_hidden);
      for (const h of hidden) for (const v of spans.filter((_, i) => !q.tests[i].is_hidden)) expect(h[1] <= v[0] || v[1] <= h[0]).toBe(true);
    } finally {
      await wide.close();
    }
  });

  it('through a runner without runCases, runs at most as many cases at once as there are slots, within the owner’s share', async () => {
    const watched = new WatchedRunner(runner);
    const r = await grade(ctxWith(watched, { RUNNER_SLOTS: '2' }), { userId: user(), question: sumPython, answer: PY_RIGHT });
    expect(r.is_valid).toBe(true);
    // Two cases handed to the pool at once (RUNNER_SLOTS), of which one owner holds all slots but one.
    expect(watched.maxInPool).toBe(2);
    expect(watched.maxActive).toBe(runner.pool.ownerCap);

    // No queue at all: 12 cases still pass, two at a time.
    const noQueue = await createEmbeddedRunner({ slots: 2, maxQueue: 0, warmMath: false, warmPerLanguage: 0 });
    try {
      const many: AlgorithmQuestion = {
        ...sumPython,
        tests: Array.from({ length: 12 }, (_, i) => ({ id: i + 1, stdin: `${i} 1`, expected_output: String(i + 1), is_hidden: i % 2 === 0, weight: 1 })),
      };
      const ok = await grade(ctxWith(noQueue, { RUNNER_SLOTS: '2' }), { userId: user(), question: many, answer: PY_RIGHT });
      expect(ok.details).toMatchObject({ verdict: 'OK', passed: 12, total: 12, hidden: { passed: 6, total: 6 } });
    } finally {
      await noQueue.close();
    }
  });

  it('answers a French 429 when the runner’s queue is full', async () => {
    const tiny = await createEmbeddedRunner({ slots: 1, maxQueue: 0, warmMath: false, warmPerLanguage: 0 });
    try {
      // One slot, taken by another run, and no queue: the program is refused.
      const busy = tiny.run({ language: 'PYTHON', code: 'import time\ntime.sleep(1)' });
      const err = await httpError(grade(ctxWith(tiny, { RUNNER_SLOTS: '1' }), { userId: user(), question: sumPython, answer: PY_RIGHT }));
      expect(err.statusCode).toBe(429);
      expect(err.message).toBe('Le serveur d’exécution est saturé. Réessayez dans quelques secondes.');
      await busy;
      // Free again: the program's 3 cases take the slot one after another.
      expect((await grade(ctxWith(tiny, { RUNNER_SLOTS: '1' }), { userId: user(), question: sumPython, answer: PY_RIGHT })).is_valid).toBe(true);
    } finally {
      await tiny.close();
    }
  });
});

describe('exam answers', () => {
  it('never refuses an exam answer because the queue is full of others’ runs, where a practice answer gets 429', async () => {
    const tiny = await createEmbeddedRunner({ slots: 1, maxQueue: 0, warmMath: false, warmPerLanguage: 0 });
    try {
      // The only slot held by another student's run, and no room to wait for practice.
      const busy = tiny.run({ language: 'PYTHON', code: 'import time\ntime.sleep(1)', owner: 'someone-else' });
      const practice = await httpError(grade(ctxWith(tiny, { RUNNER_SLOTS: '1' }), { userId: user(), question: sumPython, answer: PY_RIGHT }));
      expect(practice.statusCode).toBe(429);
      const exam = await grade(ctxWith(tiny, { RUNNER_SLOTS: '1' }), { userId: user(), question: sumPython, answer: PY_RIGHT, exam: true });
      expect(exam.details).toMatchObject({ verdict: 'OK' });
      const math = await grade(ctxWith(tiny, { RUNNER_SLOTS: '1' }), { userId: user(), question: { type: 'MATH', expected: 'x+1' }, answer: '1+x', exam: true });
      expect(math.is_valid).toBe(true);
      await busy;
    } finally {
      await tiny.close();
    }
  });
});

describe('per-user run limit', () => {
  it('counts one unit per program, whatever its number of cases', async () => {
    const ctx = ctxWith(runner, { RUNNER_RATE_LIMIT: '2' });
    const u = user();
    for (let i = 0; i < 2; i++) {
      const r = await grade(ctx, { userId: u, question: sumPython, answer: PY_RIGHT });
      expect(r.details).toMatchObject({ total: 3 });
    }
    const err = await httpError(grade(ctx, { userId: u, question: sumPython, answer: PY_RIGHT }));
    expect(err.statusCode).toBe(429);
    expect(err.message).toMatch(/plus de 2 exécutions en une minute/);
    // Another user is not affected; QCM and EXACT use no run.
    expect((await grade(ctx, { userId: user(), question: sumPython, answer: PY_RIGHT })).is_valid).toBe(true);
    expect((await grade(ctx, { userId: u, question: { type: 'EXACT', accepted: ['a'], tolerance: null }, answer: 'A' })).is_valid).toBe(true);
  });
});

describe('runner failures', () => {
  it('logs an unexpected failure with the request id and answers a French 503', async () => {
    const broken: CodeRunner = {
      run: () => Promise.reject(new Error('socket closed')),
      compareMath: () => Promise.reject(new Error('socket closed')),
      close: () => Promise.resolve(),
    };
    const { errors, log } = captureLog();
    const err = await httpError(grade(ctxWith(broken), { userId: user(), requestId: 'req-42', log, question: sumPython, answer: PY_RIGHT }));
    expect(err.statusCode).toBe(503);
    expect(err.message).toBe('Le service d’exécution est momentanément indisponible. Réessayez dans quelques instants.');
    expect(errors).toHaveLength(1);
    expect(errors[0].obj).toMatchObject({ reqId: 'req-42' });
    expect((errors[0].obj.err as Error).message).toBe('socket closed');
  });

  it('answers a French 503 when code execution is off', async () => {
    const off = ctxWith(undefined);
    for (const question of [sumPython, { type: 'MATH', expected: 'x' } as const]) {
      const err = await httpError(grade(off, { userId: user(), question, answer: 'x' }));
      expect(err.statusCode).toBe(503);
      expect(err.message).toBe('L’exécution de code est désactivée sur ce serveur.');
    }
  });
});

describe('checkReferenceSolution', () => {
  it('names the first failing case with expected vs got, hidden ones included', async () => {
    const failure = await checkReferenceSolution(t.ctx, { userId: user(), question: sumPython, code: PY_LEAKY });
    expect(failure).toEqual({ index: 2, test_id: 13, verdict: 'WRONG_ANSWER', stdin: SECRET_IN, expected: SECRET_OUT, got: 'LEAK4242x5353\n', stderr: 'ERR4242\n' });
    const first = await checkReferenceSolution(t.ctx, { userId: user(), question: sumR, code: 'cat(0, "\\n")' });
    expect(first).toMatchObject({ index: 0, test_id: 11, verdict: 'WRONG_ANSWER', expected: '3', got: '0 \n' });
  });

  it('answers null when every case passes, in Python and in R', async () => {
    expect(await checkReferenceSolution(t.ctx, { userId: user(), question: sumPython, code: PY_RIGHT })).toBeNull();
    expect(await checkReferenceSolution(t.ctx, { userId: user(), question: sumR, code: R_RIGHT })).toBeNull();
  });
});
