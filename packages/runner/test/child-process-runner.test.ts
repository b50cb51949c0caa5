// The embedded runner hosted in a child process: same verdicts, restart after a crash, clean shutdown.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildProcessRunner } from '../src';
import { eventually, pyHold, runName, waitForNamed } from './host-processes';

const entry = path.join(import.meta.dirname, 'child-process-runner-entry.ts');
let runner: ChildProcessRunner;

beforeAll(async () => {
  runner = await ChildProcessRunner.start({ entry, runner: { slots: 2 }, execArgv: ['--import', 'tsx'] });
});
afterAll(async () => runner?.close());

describe('runner hosted in a child process', () => {
  it('runs Python and R in the real sandbox and returns the verdicts', async () => {
    const ok = await runner.run({ language: 'PYTHON', code: 'print(int(input()) * 2)', stdin: '21', expectedOutput: '42' });
    expect(ok).toMatchObject({ verdict: 'OK', stdout: '42\n', exit_code: 0 });
    const wrong = await runner.run({ language: 'R', code: 'cat(1 + 1, "\\n")', expectedOutput: '3' });
    expect(wrong.verdict).toBe('WRONG_ANSWER');
    const crash = await runner.run({ language: 'PYTHON', code: 'raise ValueError("non")' });
    expect(crash.verdict).toBe('RUNTIME_ERROR');
    expect(crash.stderr).toContain('ValueError');
    const cases = await runner.runCases(
      { language: 'PYTHON', code: 'print(int(input()) * 2)' },
      [
        { stdin: '1', expectedOutput: '2' },
        { stdin: '2', expectedOutput: '5' },
      ],
    );
    expect(cases.map((c) => c.verdict)).toEqual(['OK', 'WRONG_ANSWER']);
  });

  it('compares maths expressions and reports unreadable ones', async () => {
    expect(await runner.compareMath('2x+2', '2(x+1)')).toEqual({ ok: true, equal: true });
    const bad = await runner.compareMath('2x+', 'x');
    expect(bad.ok).toBe(false);
  });

  it('starts a new child after the child dies, and the next run works', async () => {
    const pid = runner.childPid!;
    process.kill(pid, 'SIGKILL');
    // The runner has seen its child exit.
    await eventually(() => runner.childPid === undefined, 10_000);
    const res = await runner.run({ language: 'PYTHON', code: 'print("encore")' });
    expect(res.stdout).toBe('encore\n');
    expect(runner.childPid).not.toBe(pid);
  });

  it('fails the runs in flight when the child dies, instead of leaving them waiting', async () => {
    const name = runName();
    const slow = runner.run({ language: 'PYTHON', code: pyHold(name, 5) });
    // The program runs: the run is in the child's hands, not waiting to be sent.
    await waitForNamed(name);
    process.kill(runner.childPid!, 'SIGKILL');
    await expect(slow).rejects.toThrow(/a redémarré/);
  });

  it('answers concurrent runs, each with its own output', async () => {
    const runs = [1, 2, 3].map((i) => runner.run({ language: 'PYTHON', code: `print(${i})` }));
    const results = await Promise.all(runs);
    expect(results.map((r) => r.stdout)).toEqual(['1\n', '2\n', '3\n']);
  });
});
