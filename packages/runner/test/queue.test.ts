// Queue mode with the machine's Redis: the API side adds jobs, a worker in its own process (`npm run runner`
// entry point) runs them in its sandboxes. Skipped only when REDIS_URL is not set.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueRunner, RunnerBusyError, wallCapMs } from '../src';

const REDIS_URL = process.env.REDIS_URL;
const root = path.resolve(import.meta.dirname, '../../..');
const queueName = `exam-runner-test-${process.pid}-${Date.now()}`;

describe.runIf(!!REDIS_URL)('queue mode (BullMQ + worker process)', () => {
  let worker: ChildProcess;
  let client: QueueRunner;
  let workerLog = '';

  beforeAll(async () => {
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/runner-worker.ts')], {
      cwd: root,
      env: { ...process.env, REDIS_URL, RUNNER_QUEUE: queueName, RUNNER_SLOTS: '2', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker not ready: ${workerLog}`)), 45_000);
      const onData = (b: Buffer) => {
        workerLog += b.toString();
        if (workerLog.includes('Processus d’exécution prêt')) {
          clearTimeout(timer);
          resolve();
        }
      };
      worker.stdout!.on('data', onData);
      worker.stderr!.on('data', onData);
      worker.once('exit', (code) => reject(new Error(`worker exited ${code}: ${workerLog}`)));
    });
    client = await QueueRunner.create({ redisUrl: REDIS_URL!, queueName });
    await client.ready();
  });

  afterAll(async () => {
    await client?.destroy();
    await client?.close();
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
  });

  it('runs Python and R in the worker process', async () => {
    const py = await client.run({ language: 'PYTHON', code: 'import os\nprint(input()[::-1], os.getppid() != 0)', stdin: 'abc' });
    expect(py).toMatchObject({ verdict: 'OK', stdout: 'cba True\n' });
    const r = await client.run({ language: 'R', code: 'cat(rev(1:3))', expectedOutput: '3 2 1' });
    expect(r.verdict).toBe('OK');
  });

  it('keeps the verdicts and limits of the sandbox', async () => {
    const loop = await client.run({ language: 'PYTHON', code: 'while True:\n    pass', limits: { cpuSeconds: 1, wallMs: 2000 } });
    expect(loop.verdict).toBe('TIME_LIMIT');
    const wrong = await client.run({ language: 'PYTHON', code: 'print(2)', expectedOutput: '3' });
    expect(wrong.verdict).toBe('WRONG_ANSWER');
  });

  it('compares maths expressions in the worker', async () => {
    expect(await client.compareMath('\\frac{x}{2}', '0.5x')).toEqual({ ok: true, equal: true });
    expect(await client.compareMath('x+', 'x')).toMatchObject({ ok: false, field: 'expression' });
  });

  it('runs several jobs at once', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => client.run({ language: 'PYTHON', code: `print(${i} * ${i})` })));
    expect(results.map((r) => r.stdout.trim())).toEqual(['0', '1', '4', '9', '16', '25']);
  });

  it('never refuses an exam run because the queue is full, and caps one owner’s programs', async () => {
    // The worker's own queue, with no room for a practice run and one program per owner.
    const strict = await QueueRunner.create({ redisUrl: REDIS_URL!, queueName, maxWaiting: 0, ownerJobs: 1 });
    try {
      await expect(strict.run({ language: 'PYTHON', code: 'print(1)', owner: 'p' })).rejects.toThrow(/saturé/);
      const first = strict.runCases({ language: 'PYTHON', code: 'print(input())', owner: 'e', exam: true }, [{ stdin: 'a' }, { stdin: 'b', hidden: true }]);
      await expect(strict.run({ language: 'PYTHON', code: 'print(2)', owner: 'e', exam: true })).rejects.toThrow(/Vous avez déjà 1 programme en cours/);
      expect((await first).map((r) => r.stdout)).toEqual(['a\n', 'b\n']);
      expect((await strict.compareMath('x', 'x', 'm', { exam: true })).ok).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('answers busy when the queue is full, and when no worker answers in time', async () => {
    const full = await QueueRunner.create({ redisUrl: REDIS_URL!, queueName: `${queueName}-full`, maxWaiting: 0 });
    try {
      await expect(full.run({ language: 'PYTHON', code: 'print(1)' })).rejects.toBeInstanceOf(RunnerBusyError);
    } finally {
      await full.destroy();
      await full.close();
    }
    const orphan = await QueueRunner.create({ redisUrl: REDIS_URL!, queueName: `${queueName}-none`, slackMs: 500 });
    try {
      const started = Date.now();
      await expect(orphan.run({ language: 'PYTHON', code: 'print(1)', limits: { wallMs: 500 } })).rejects.toThrow(/ne répond pas/);
      // It waits as long as a run held back by others may take, twice (wallclock.ts), then the slack.
      expect(Date.now() - started).toBeLessThan(2 * wallCapMs({ wallMs: 500 }) + 500 + 4000);
    } finally {
      await orphan.destroy();
      await orphan.close();
    }
  });
});
