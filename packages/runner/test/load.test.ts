// A verdict depends only on the run itself, and no student can stall or flood the runner: against the real sandbox.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ended, eventually, parentOf, processesNamed, processesWith, pyAnnounce, release, runName, waitForNamed } from './host-processes';
import { atWallDeadline, createEmbeddedRunner, Pool, RunnerBusyError, STARVED_MESSAGE, WALL_EXTENSION, wallCapMs, type EmbeddedRunner, type RunRequest } from '../src';
import { PYTHON_PATH } from '../src/paths';

let runner: EmbeddedRunner;
const cores = os.availableParallelism();

beforeAll(async () => {
  runner = await createEmbeddedRunner({ warmMath: false });
  await runner.forkServer?.start();
});
afterAll(async () => {
  await runner?.close();
});

/** A busy loop named `name` that computes until the host releases it (see host-processes.ts). */
const busyUntilReleased = (name: string) => `${pyAnnounce(name)}\nwhile signal.SIGUSR1 not in signal.sigpending():\n    pass\nprint("released")`;

/** Host processes (outside any sandbox) that keep a core busy each until killed; resolves once all compute. */
async function burners(n: number): Promise<ChildProcess[]> {
  const list = Array.from({ length: n }, () => spawn(PYTHON_PATH, ['-c', 'print("go", flush=True)\nwhile True: pass'], { stdio: ['ignore', 'pipe', 'ignore'] }));
  await Promise.all(list.map((p) => new Promise<void>((resolve, reject) => {
    p.stdout!.once('data', () => resolve());
    p.once('exit', () => reject(new Error('burner ended early')));
  })));
  return list;
}

/**
 * A run's verdict, asked again while the runner answers that the host was too loaded to measure it (a starved run is
 * never judged: the student is told to try again, wallclock.ts).
 */
async function verdictOf(req: RunRequest, on: EmbeddedRunner = runner): Promise<Awaited<ReturnType<EmbeddedRunner['run']>>> {
  for (let starved = 0; ; starved++) {
    try {
      return await on.run(req);
    } catch (err) {
      // Anything but "too loaded to measure fairly" is a failure of the test; so is a host that never lets a run through.
      if (!(err instanceof RunnerBusyError) || err.message !== STARVED_MESSAGE || starved >= 8) throw err;
    }
  }
}

describe('a verdict does not depend on others’ load', () => {
  it('one slot per core, one run per slot', () => {
    expect(runner.pool.slots).toBe(cores);
    expect(runner.forkServer?.lanes ?? cores).toBe(cores);
  });

  it('judges TIME_LIMIT on the run’s own CPU time: a 0.6 s program gets OK every time while others keep every core busy, an endless loop still TIME_LIMIT', async () => {
    // Another student's busy runs in every slot he may hold, and more busy processes than cores on the host.
    const bob = runName();
    const bobRuns = Array.from({ length: runner.pool.ownerCap }, () =>
      runner.run({ language: 'PYTHON', code: busyUntilReleased(bob), owner: 'bob', limits: { cpuSeconds: 20, wallMs: 30_000 } }),
    );
    const bobPids = await waitForNamed(bob, { count: runner.pool.ownerCap });
    const host = await burners(cores);
    try {
      const measured = [
        'import json, time',
        't0, c0 = time.time(), time.process_time()',
        'x = 0',
        'while time.process_time() - c0 < 0.6:',
        '    x += 1',
        'print(json.dumps({"wall": time.time() - t0, "cpu": time.process_time() - c0}))',
      ].join('\n');
      // A wall limit under twice the program's CPU: held back, the program outlives it and must be extended, not
      // judged idle (with a 2 s limit a stale list of the run's threads went unnoticed).
      const limits = { cpuSeconds: 1, wallMs: 1000 };
      const seen: Array<{ wall: number; cpu: number }> = [];
      for (let i = 0; i < 3; i++) {
        // Never a verdict other than OK; on a host loaded beyond what the wall cap allows, "try again" (never judged).
        const r = await verdictOf({ language: 'PYTHON', code: measured, owner: 'alice', limits });
        expect(r.verdict, r.stderr).toBe('OK');
        seen.push(JSON.parse(r.stdout) as { wall: number; cpu: number });
        // The other student's busy runs and the host's busy processes were in flight before this run and still are.
        expect(processesNamed(bob).sort()).toEqual([...bobPids].sort());
        expect(host.every((p) => p.exitCode === null)).toBe(true);
      }
      // The program really was held back: it took more wall-clock time than its CPU time (how much more depends on
      // the host's scheduler, so no fixed figure).
      expect(Math.max(...seen.map((s) => s.wall / s.cpu))).toBeGreaterThan(1.2);
      const loop = await verdictOf({ language: 'PYTHON', code: 'while True:\n    pass', owner: 'alice', limits });
      expect(loop.verdict).toBe('TIME_LIMIT');
      expect(loop.stderr).not.toMatch(/sans calculer/);
      expect(processesNamed(bob).length).toBe(runner.pool.ownerCap);
    } finally {
      for (const p of host) p.kill('SIGKILL');
      for (const pid of processesNamed(bob)) release(pid);
    }
    for (const r of await Promise.all(bobRuns)) expect(r.stdout).toBe('released\n');
    // Each try may take up to its wall cap, twice, on a loaded machine (wallclock.ts); a few tries per run.
  }, 4 * 9 * 2 * WALL_EXTENSION * 1000 + 60_000);

  it('judges a program that fills its memory MEMORY_LIMIT while others keep every core busy, one that holds most of it within the limit TIME_LIMIT (fork server and sandbox of its own)', async () => {
    // Filling memory costs CPU time (each page faulted in): a small memory, reached well within the CPU limit however
    // slow the faults on a busy host, so that the verdict is the memory's, never the load's.
    const fill = 'a = b"x" * (400 * 1024 ** 2)\nprint("fini")';
    // 56 of its 64 MiB, within its group's limit (the sandbox's tmpfs on top), then an endless loop: its time.
    const hold = 'a = bytearray(56 * 1024 ** 2)\nwhile True:\n    pass';
    const limits = { cpuSeconds: 1, wallMs: 1500, memoryMb: 64 };
    const perRun = await createEmbeddedRunner({ warmMath: false, forkServer: false, warmPerLanguage: 0, log: () => {} });
    const host = await burners(cores);
    try {
      for (const r of [runner, perRun]) {
        for (let i = 0; i < 3; i++) {
          const filled = await verdictOf({ language: 'PYTHON', code: fill, limits }, r);
          expect(filled.verdict, filled.stderr).toBe('MEMORY_LIMIT');
        }
        const held = await verdictOf({ language: 'PYTHON', code: hold, limits }, r);
        expect(held.verdict, held.stderr).toBe('TIME_LIMIT');
        expect(host.every((p) => p.exitCode === null)).toBe(true);
      }
    } finally {
      for (const p of host) p.kill('SIGKILL');
      await perRun.close();
    }
  }, 2 * 4 * 9 * WALL_EXTENSION * 1500 + 60_000);

  it('ends a program that waits without computing at its wall limit, as its own TIME_LIMIT, and says so (fork server and sandbox of its own)', async () => {
    const perRun = await createEmbeddedRunner({ warmMath: false, forkServer: false, warmPerLanguage: 0, log: () => {} });
    try {
      for (const r of [runner, perRun]) {
        const slept = await r.run({ language: 'PYTHON', code: 'import time\ntime.sleep(60)', limits: { cpuSeconds: 1, wallMs: 1500 } });
        expect(slept.verdict).toBe('TIME_LIMIT');
        expect(slept.stderr).toMatch(/délai d’attente dépassé \(1,5 s\) sans calculer/);
        expect(slept.duration_ms).toBeGreaterThanOrEqual(1500);
        expect(slept.duration_ms).toBeLessThan(1500 * 3);
      }
    } finally {
      await perRun.close();
    }
  });
});

describe('a verdict does not depend on when its supervisor looks', () => {
  // A program that computes 0.3 s of CPU and ends, far within its limits (1 s of CPU, 1 s of wall clock).
  const limits = { cpuSeconds: 1, wallMs: 1000 };
  const computing = (name: string) =>
    [pyAnnounce(name), 'import time', 'c0 = time.process_time()', 'while time.process_time() - c0 < 0.3:', '    pass', 'print("fini")'].join('\n');
  /** Blocks this process (the embedded runner's supervisor) for `ms`, without computing. */
  const holdBack = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

  it('gives OK to a program that ended while the fork server’s worker supervising it was stopped past its wall limit', async () => {
    const name = runName();
    const server = runner.forkServer?.pid;
    expect(server).toBeDefined();
    const pending = runner.run({ language: 'PYTHON', code: computing(name), owner: 'carol', limits });
    const [pid] = await waitForNamed(name);
    const seen = Date.now();
    // The run's init is the program's parent, the lane's worker the init's.
    const worker = parentOf(parentOf(pid));
    process.kill(worker, 'SIGSTOP');
    try {
      await eventually(() => ended(pid), 120_000);
      // The worker's deadline passed while it was stopped (it started before the program was seen).
      await eventually(() => Date.now() - seen > 1.5 * limits.wallMs, 120_000);
    } finally {
      process.kill(worker, 'SIGCONT');
    }
    const r = await pending;
    expect(r.verdict, r.stderr).toBe('OK');
    expect(r.stdout).toBe('fini\n');
    // Judged by that worker: the fork server was not replaced (nor the run sent to a sandbox of its own).
    expect(runner.forkServer?.pid).toBe(server);
  }, 240_000);

  it('gives OK to a program whose sandbox of its own was set up, or ran, while the runner’s process was held back past its wall limit', async () => {
    const perRun = await createEmbeddedRunner({ warmMath: false, forkServer: false, warmPerLanguage: 0, log: () => {} });
    try {
      // Held back as soon as the sandbox's first process exists (its set-up then waits, or goes on, unsupervised),
      // then once its program computes (it ends unsupervised).
      for (const moment of ['set-up', 'program'] as const) {
        const name = runName();
        // The sandboxes this process starts (other test files start theirs meanwhile).
        const ours = () =>
          processesWith('--unshare-all').filter((p) => {
            try {
              return parentOf(p) === process.pid;
            } catch {
              return false; // gone meanwhile
            }
          });
        const before = new Set(ours());
        const pending = perRun.run({ language: 'PYTHON', code: computing(name), owner: 'dan', limits });
        if (moment === 'set-up') {
          await new Promise<void>((resolve) => {
            const look = () => (ours().some((p) => !before.has(p)) ? resolve() : setImmediate(look));
            look();
          });
        } else {
          await waitForNamed(name);
        }
        holdBack(2 * limits.wallMs);
        const r = await pending;
        expect(r.verdict, `${moment}: ${r.stderr}`).toBe('OK');
        expect(r.stdout).toBe('fini\n');
        expect(r.duration_ms).toBeGreaterThanOrEqual(2 * limits.wallMs);
      }
    } finally {
      await perRun.close();
    }
  }, 240_000);
});

describe('the wall-clock rule (wallclock.ts)', () => {
  const s = 1e9;
  it('stops a run that waited without computing, extends one held back by others, and never judges one held back to the cap', () => {
    // 4 s elapsed, 0.5 s of CPU: 3 s asleep and 0.5 s waiting for a CPU is its own doing; the reverse is not.
    expect(atWallDeadline(4 * s, 0.5 * s, 0.5 * s, false)).toBe('idle');
    expect(atWallDeadline(4 * s, 0.5 * s, 3 * s, false)).toBe('extend');
    expect(atWallDeadline(4 * s, 0.5 * s, 3 * s, true)).toBe('starved');
    // Several threads waiting at once count more than the elapsed time: held back.
    expect(atWallDeadline(4 * s, 1 * s, 40 * s, false)).toBe('extend');
    // A run whose start was slow (kernel work at its setup on a loaded host, not a thread of it waiting) is not idle.
    expect(atWallDeadline(1 * s, 0.3 * s, 0.3 * s, false)).toBe('extend');
    // Without the kernel's run-queue delay, the deadline goes to the cap, then the run is judged.
    expect(atWallDeadline(4 * s, 0.5 * s, undefined, false)).toBe('extend');
    expect(atWallDeadline(4 * s, 0.5 * s, undefined, true)).toBe('idle');
    expect(wallCapMs({ wallMs: 2000 })).toBe(2000 * WALL_EXTENSION);
  });
});

describe('the waiting queue is shared fairly', () => {
  it('gives each owner a bounded share of it (then 429 for that owner only), and never refuses an exam run because of others', async () => {
    const small = await createEmbeddedRunner({ warmMath: false, maxQueue: 16, queueTimeoutMs: 120_000, log: () => {} });
    const busy: string[] = [];
    const order: string[] = [];
    const pending: Array<Promise<unknown>> = [];
    const submit = (owner: string, opts: { exam?: boolean; tag?: string; cases?: number } = {}) => {
      const req = { language: 'PYTHON' as const, code: 'print(input())', owner, exam: opts.exam };
      const p =
        opts.cases !== undefined
          ? small.runCases(req, Array.from({ length: opts.cases }, (_, i) => ({ stdin: String(i), hidden: i % 2 === 1 })))
          : small.run({ ...req, stdin: opts.tag ?? owner });
      const tracked = p.then(() => order.push(opts.tag ?? owner));
      pending.push(tracked.catch(() => undefined));
      return tracked;
    };
    try {
      await small.forkServer?.start();
      expect(small.pool.ownerJobs).toBe(4);
      // Two students hold every slot with busy runs (each owner holds at most ownerCap slots)...
      const holders = Array.from({ length: Math.ceil(small.pool.slots / small.pool.ownerCap) }, (_, i) => `holder${i}`);
      const held: Array<Promise<unknown>> = [];
      for (const owner of holders) {
        for (let i = 0; i < small.pool.ownerCap && held.length < small.pool.slots; i++) {
          const name = runName();
          busy.push(name);
          held.push(small.run({ language: 'PYTHON', code: busyUntilReleased(name), owner, limits: { cpuSeconds: 20, wallMs: 30_000 } }));
          await waitForNamed(name);
        }
      }
      expect(small.pool.stats).toMatchObject({ active: small.pool.slots, waiting: 0 });
      // ...and queue as much as they may: a program with several cases is one job.
      for (const owner of holders) {
        while (small.pool.jobsOf(owner) < small.pool.ownerJobs) void submit(owner, { cases: 3 }).catch(() => undefined);
        await expect(submit(owner)).rejects.toThrow(/Vous avez déjà 4 programmes en cours d’exécution ou en attente/);
      }
      // Another student's practice run still waits its turn instead of being refused.
      const other = submit('other');
      // More students fill the practice queue: then a practice run is refused for everyone (the queue's bound)...
      let n = 0;
      while (small.pool.stats.waitingJobs < small.pool.maxQueue) void submit(`filler${n++}`).catch(() => undefined);
      expect(n).toBeGreaterThan(0);
      await expect(submit('late')).rejects.toThrow(/saturé/);
      // ...but not an exam run, which goes first once a slot frees.
      const exam = submit('examinee', { exam: true, tag: 'exam' });
      release(processesNamed(busy[0])[0]);
      await exam;
      expect(order[0]).toBe('exam');
      for (const name of busy.slice(1)) for (const pid of processesNamed(name)) release(pid);
      await Promise.all(held);
      await other;
    } finally {
      for (const name of busy) for (const pid of processesNamed(name)) release(pid);
      await Promise.all(pending);
      await small.close();
    }
  });
});

describe('one owner’s hidden runs never overlap in time a run of the same owner that is not hidden', () => {
  it('real sandbox: two submissions and a run of one student, visible and hidden cases mixed', async () => {
    const code = 'import sys, time\nt0 = time.time()\ntime.sleep(0.2)\nprint(sys.stdin.read().strip(), t0, time.time())';
    const req = { language: 'PYTHON' as const, code, owner: 'alice' };
    const [a, b, c] = await Promise.all([
      runner.runCases(req, ['v1', 'h1', 'v2', 'h2'].map((stdin) => ({ stdin, hidden: stdin.startsWith('h') }))),
      runner.runCases(req, ['h3', 'v3'].map((stdin) => ({ stdin, hidden: stdin.startsWith('h') }))),
      runner.run({ ...req, stdin: 'v4' }),
    ]);
    const spans = [...a, ...b, c].map((r) => {
      const [name, t0, t1] = r.stdout.trim().split(' ');
      return { hidden: name.startsWith('h'), t0: Number(t0), t1: Number(t1) };
    });
    expect(spans.length).toBe(7);
    for (const h of spans.filter((s) => s.hidden)) {
      for (const v of spans.filter((s) => !s.hidden)) expect(h.t1 <= v.t0 || v.t1 <= h.t0, JSON.stringify({ h, v })).toBe(true);
    }
  });

  it('pool: a hidden run waits for the owner’s other runs, a later run waits behind it, other owners are not held', async () => {
    const pool = new Pool(4, 10, 30_000);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const used = new Map<string, Promise<void>>();
    const start = (name: string, owner: string, kind: 'hidden' | 'open') =>
      used.set(name, pool.use(() => new Promise<void>((r) => (started.push(name), finish.set(name, r))), owner, { kind }));
    const end = async (name: string) => {
      finish.get(name)!();
      await used.get(name);
      await new Promise((r) => setImmediate(r));
    };
    start('o1', 'alice', 'open');
    start('o2', 'alice', 'open');
    start('h1', 'alice', 'hidden');
    start('o3', 'alice', 'open');
    start('b1', 'bob', 'hidden');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['o1', 'o2', 'b1']);
    await end('o1');
    expect(started).toEqual(['o1', 'o2', 'b1']);
    await end('o2');
    expect(started).toEqual(['o1', 'o2', 'b1', 'h1']);
    await end('h1');
    expect(started).toEqual(['o1', 'o2', 'b1', 'h1', 'o3']);
    await end('o3');
    await end('b1');
    expect(pool.stats).toMatchObject({ active: 0, waiting: 0 });
  });
});
