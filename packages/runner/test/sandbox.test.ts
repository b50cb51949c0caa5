// The sandbox against hostile programs, in both languages, with the real bubblewrap and the real interpreters.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, processesWith, pyHold, release, runName, waitForNamed } from './host-processes';
import {
  buildArgv,
  createEmbeddedRunner,
  DEFAULT_LIMITS,
  judge,
  outputsMatch,
  Pool,
  probeSandbox,
  RunnerBusyError,
  LANE_PIDS,
  SANDBOX_NPROC,
  SandboxUnavailableError,
  WALL_EXTENSION,
  wallCapMs,
  type EmbeddedRunner,
  type RunLimits,
} from '../src';

let runner: EmbeddedRunner;

/**
 * A case that leaves a process of its own session behind (its command line carries `marker`) and, when its stdin says
 * "kill", kills its parent; then prints its stdin.
 */
const killsParentOrLingers = (marker: string) =>
  [
    'import os, sys, subprocess, time',
    'x = sys.stdin.readline().strip()',
    `subprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(300)", "${marker}"], start_new_session=True)`,
    'if x == "kill":',
    '    os.kill(os.getppid(), 9)',
    'time.sleep(1)',
    'print(x)',
  ].join('\n');
const fast: Partial<RunLimits> = { cpuSeconds: 1, wallMs: 3000 };
/** More memory than the pre-started R sandboxes have: forces a fresh sandbox. */
const COLD: Partial<RunLimits> = { memoryMb: DEFAULT_LIMITS.memoryMb + 1 };
const MiB = 1024 * 1024;

/**
 * "Max address space" of every process of a run of `memoryMb`: the run's memory itself, plus 1 GiB of headroom (thread
 * stacks, allocator arenas) where a control group holds the run's real memory limit (a root runner).
 */
function addressSpace(memoryMb: number): number {
  return memoryMb * MiB + (runner.sandbox.cgroups ? 1024 * MiB : 0);
}

/** Python through a fresh sandbox of its own per run (`python3 -I -B /tmp/main.py`): where the fork server cannot run. */
let perRun: EmbeddedRunner;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2, warmMath: false });
  perRun = await createEmbeddedRunner({ slots: 2, warmMath: false, forkServer: false });
});
afterAll(async () => {
  await runner?.close();
  await perRun?.close();
});

describe('sandbox start-up', () => {
  it('is isolated and, as root, runs programs under an unprivileged uid', async () => {
    expect(runner.sandbox.isolated).toBe(true);
    if (process.getuid?.() === 0) expect(runner.sandbox.uid).toBeGreaterThan(0);
    const r = await runner.run({
      language: 'PYTHON',
      code: 'import os\nprint(os.getuid(), open("/proc/self/status").read().split("Uid:")[1].split()[0])',
    });
    expect(r.verdict).toBe('OK');
    const [inside, real] = r.stdout.trim().split(' ').map(Number);
    expect(inside).not.toBe(0);
    expect(real).not.toBe(0);
  });

  it('as root, contains every run in a control group of its own', () => {
    if (process.getuid?.() !== 0) return;
    for (const r of [runner, perRun]) {
      expect(r.sandbox.cgroups).toBeDefined();
      expect(r.sandbox.boxes).toBeDefined();
    }
  });

  it('loads the seccomp filter and drops every capability in every sandbox: fork server, own sandbox, R', async () => {
    const py = [
      'import socket',
      'st = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines())',
      'print(*(st[k].strip() for k in ("CapEff", "CapBnd", "Seccomp")))',
      'try:',
      '    socket.socket()',
      '    print("socket")',
      'except PermissionError as e:',
      '    print("refuse", e.errno)',
    ].join('\n');
    const r = 'st <- readLines("/proc/self/status")\ncat(sub("^[^:]*:\\\\s+", "", grep("^(CapEff|CapBnd|Seccomp):", st, value = TRUE)), "\\n")';
    for (const via of [runner, perRun]) {
      const p = await via.run({ language: 'PYTHON', code: py });
      expect(p).toMatchObject({ verdict: 'OK', stdout: '0000000000000000 0000000000000000 2\nrefuse 1\n' });
      const rr = await via.run({ language: 'R', code: r });
      expect(rr).toMatchObject({ verdict: 'OK', stdout: '0000000000000000 0000000000000000 2 \n' });
    }
  });

  it('names what is missing when bubblewrap cannot be found', () => {
    expect(() => probeSandbox({ bwrap: '/nonexistent/bwrap' })).toThrow(SandboxUnavailableError);
    expect(() => probeSandbox({ bwrap: '/nonexistent/bwrap' })).toThrow(/bubblewrap.*RUNNER_UNSAFE_DEV=1/s);
  });
});

describe('both languages', () => {
  it('runs Python with stdin', async () => {
    const r = await runner.run({ language: 'PYTHON', code: 'n = int(input())\nprint(n * 2)', stdin: '21\n' });
    expect(r).toMatchObject({ verdict: 'OK', stdout: '42\n', exit_code: 0 });
    expect(r.duration_ms).toBeGreaterThan(0);
  });

  it('runs R with stdin and the default packages', async () => {
    const r = await runner.run({
      language: 'R',
      code: 'x <- as.numeric(readLines(file("stdin")))\ncat(sum(x), sd(c(1, 2, 3)), "\\n")',
      stdin: '1\n2\n3\n',
    });
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ verdict: 'OK', stdout: '6 1 \n' });
  });

  it('ends a typed stdin with a newline, so that R reads its last line without warning', async () => {
    const r = await runner.run({ language: 'R', code: 'x <- as.numeric(readLines(file("stdin")))\ncat(mean(x))', stdin: '12\n15\n9' });
    expect(r).toMatchObject({ verdict: 'OK', stdout: '12', stderr: '' });
  });

  it('reports runtime errors with their message', async () => {
    const py = await runner.run({ language: 'PYTHON', code: 'print("avant")\nraise ValueError("boum")' });
    expect(py.verdict).toBe('RUNTIME_ERROR');
    expect(py.stdout).toBe('avant\n');
    expect(py.stderr).toContain('ValueError: boum');
    expect(py.exit_code).toBe(1);
    const r = await runner.run({ language: 'R', code: 'stop("boum")' });
    expect(r.verdict).toBe('RUNTIME_ERROR');
    expect(r.stderr).toContain('boum');
  });

  it('compares output ignoring trailing spaces and the final newline', async () => {
    const code = 'print("a  ")\nprint("b")\nprint()';
    expect((await runner.run({ language: 'PYTHON', code, expectedOutput: 'a\nb' })).verdict).toBe('OK');
    expect((await runner.run({ language: 'PYTHON', code, expectedOutput: 'a\nc' })).verdict).toBe('WRONG_ANSWER');
    expect(outputsMatch('1 2 \r\n3\n\n', '1 2\n3')).toBe(true);
    expect(outputsMatch(' 1', '1')).toBe(false);
  });

  it('judges a program against test cases', async () => {
    const code = 'a, b = map(int, input().split())\nprint(a + b if a < 100 else a - b)';
    const res = await judge(runner, 'PYTHON', code, [
      { stdin: '1 2', expectedOutput: '3' },
      { stdin: '10 5', expectedOutput: '15\n', hidden: true },
      { stdin: '100 1', expectedOutput: '101' },
    ]);
    expect(res.verdict).toBe('WRONG_ANSWER');
    expect(res.passed).toBe(2);
    expect(res.cases.map((c) => c.verdict)).toEqual(['OK', 'OK', 'WRONG_ANSWER']);
    expect(res.cases[1].hidden).toBe(true);
  });
});

describe('pre-started R sandboxes, and Python without the fork server', () => {
  it('run R exactly like a cold start: auto-printing, warnings, errors', async () => {
    expect(perRun.warmR?.waiting).toBeGreaterThan(0);
    const code = 'x <- readLines(file("stdin"))\nx\nprint(commandArgs(trailingOnly = TRUE))\nas.integer("a")\nf <- function() stop("boum")\nf()';
    const warm = await perRun.run({ language: 'R', code, stdin: 'abc' });
    const cold = await perRun.run({ language: 'R', code, stdin: 'abc', limits: COLD });
    expect(warm.stdout).toBe('[1] "abc"\ncharacter(0)\n[1] NA\n');
    expect(warm.stderr).toMatch(/Error in f\(\) : boum/);
    expect({ ...warm, duration_ms: 0 }).toEqual({ ...cold, duration_ms: 0 });
  });

  it('run Python in a fresh sandbox of its own, as `python3 -I -B /tmp/main.py`: output, traceback, exit code, module state', async () => {
    // No pre-started Python interpreter any more: nothing but the fork server or a fresh interpreter runs a program.
    expect(perRun.forkServer).toBeUndefined();
    const code = 'import sys\nprint(sys.argv, __name__, __file__, sorted(k for k in globals() if not k.startswith("__")))\ndef f():\n    raise KeyError("k")\nf()';
    const run = await perRun.run({ language: 'PYTHON', code });
    expect(run).toMatchObject({ verdict: 'RUNTIME_ERROR', exit_code: 1, stdout: "['/tmp/main.py'] __main__ /tmp/main.py ['sys']\n" });
    expect(run.stderr).toBe(
      'Traceback (most recent call last):\n  File "/tmp/main.py", line 5, in <module>\n    f()\n  File "/tmp/main.py", line 4, in f\n    raise KeyError("k")\nKeyError: \'k\'\n',
    );
    const how = await perRun.run({ language: 'PYTHON', code: 'import sys\nprint(open("/proc/self/cmdline").read().split("\\0")[:-1], sys.flags.isolated, sys.flags.dont_write_bytecode)' });
    expect(how.stdout).toBe("['/usr/bin/python3', '-I', '-B', '/tmp/main.py'] 1 1\n");
    const syntax = await perRun.run({ language: 'PYTHON', code: 'print(1' });
    expect(syntax).toMatchObject({ verdict: 'RUNTIME_ERROR', exit_code: 1, stdout: '' });
    expect(syntax.stderr).toBe('  File "/tmp/main.py", line 1\n    print(1\n         ^\nSyntaxError: \'(\' was never closed\n');
    const exit = await perRun.run({ language: 'PYTHON', code: 'import sys\nsys.exit(3)' });
    expect(exit).toMatchObject({ verdict: 'RUNTIME_ERROR', exit_code: 3 });
  });

  it('Python: each run gets its own limits, set before the program starts', async () => {
    const code = 'print(open("/proc/self/limits").read())';
    const low = await perRun.run({ language: 'PYTHON', code, limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
    expect(low.stdout).toMatch(/Max cpu time\s+2\s+3\s+seconds/);
    expect(low.stdout).toMatch(new RegExp(`Max address space\\s+${addressSpace(200)}\\s+${addressSpace(200)}\\s+bytes`));
    const high = await perRun.run({ language: 'PYTHON', code, limits: COLD });
    expect(high.stdout).toMatch(new RegExp(`Max address space\\s+${addressSpace(257)}\\s`));
    const loop = await perRun.run({ language: 'PYTHON', code: 'while True:\n    pass', limits: { cpuSeconds: 1, wallMs: 4000 } });
    expect(loop.verdict).toBe('TIME_LIMIT');
  });

  it('R: take a run with lower limits and apply them before the program starts', async () => {
    const code = 'cat(readLines("/proc/self/limits"), sep = "\\n")';
    const pool = perRun.warmR!;
    const taken: boolean[] = [];
    const original = pool.run.bind(pool);
    pool.run = (...args: Parameters<typeof original>) => {
      const r = original(...args);
      taken.push(r !== undefined);
      return r;
    };
    try {
      const low = await perRun.run({ language: 'R', code, limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
      expect(low.stdout).toMatch(/Max cpu time\s+2\s+3\s+seconds/);
      expect(low.stdout).toMatch(new RegExp(`Max address space\\s+${addressSpace(200)}\\s+${addressSpace(200)}\\s+bytes`));
      const high = await perRun.run({ language: 'R', code, limits: COLD });
      expect(high.stdout).toMatch(new RegExp(`Max address space\\s+${addressSpace(257)}\\s`));
      expect(taken).toEqual([true, false]);
      // The lowered limits hold: an endless loop stops at the run's CPU limit, not at the sandbox's.
      const loop = await perRun.run({ language: 'R', code: 'repeat { x <- 1 }', limits: { cpuSeconds: 1, wallMs: 4000 } });
      expect(loop.verdict).toBe('TIME_LIMIT');
      expect(taken).toEqual([true, false, true]);
      if (perRun.sandbox.cgroups) {
        // So does the lowered memory of its control group: 150 MiB fit in the defaults, not in 64 MiB.
        const fill = 'x <- numeric(150 * 1024^2 / 8)\ncat(length(x))';
        const small = await perRun.run({ language: 'R', code: fill, limits: { memoryMb: 64 } });
        expect(small.verdict).toBe('MEMORY_LIMIT');
        const fits = await perRun.run({ language: 'R', code: fill });
        expect(fits).toMatchObject({ verdict: 'OK', stdout: String(150 * 1024 * 128) });
        expect(taken).toEqual([true, false, true, true, true]);
      }
    } finally {
      pool.run = original;
    }
  });
});

describe('one program against several cases (runCases), without the fork server', () => {
  it('runs each case of a Python program in a sandbox of its own, each with its own verdict, output and time', async () => {
    const code = [
      'import json, os, sys, time',
      'n = int(sys.stdin.readline())',
      't0 = time.time()',
      'time.sleep(1)',
      'print(n * 2)',
      'print(json.dumps({"ns": os.readlink("/proc/self/ns/pid"), "pids": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()), "t0": t0, "t1": time.time()}))',
    ].join('\n');
    const cases = ['1', '2', '3', '4', 'x'].map((stdin) => ({ stdin, expectedOutput: undefined as string | undefined }));
    cases[2].expectedOutput = '7';
    const results = await perRun.runCases({ language: 'PYTHON', code }, cases);
    expect(results.map((r) => r.verdict)).toEqual(['OK', 'OK', 'WRONG_ANSWER', 'OK', 'RUNTIME_ERROR']);
    expect(results.slice(0, 4).map((r) => r.stdout.split('\n')[0])).toEqual(['2', '4', '6', '8']);
    expect(results[4].stderr).toMatch(/ValueError: invalid literal for int\(\) with base 10: 'x/);
    expect(results[4].exit_code).toBe(1);
    // No process shared between cases: each saw only its own sandbox's processes (bubblewrap's init, the deadline's
    // `timeout`, the program). Each case is a run in a slot of its own: one owner's cases never run more at once than
    // the slots that owner may hold.
    const seen = results.slice(0, 4).map((r) => JSON.parse(r.stdout.split('\n')[1]) as { ns: string; pids: number[]; t0: number; t1: number });
    const atOnce = Math.max(...seen.map((x) => seen.filter((y) => y.t0 <= x.t0 && x.t0 < y.t1).length));
    expect(atOnce).toBeLessThanOrEqual(perRun.pool.ownerCap);
    for (const x of seen) expect(x.pids).toEqual([1, 2, 3]);
    for (const r of results) expect(r.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('gives each case the same result as a run of its own', async () => {
    const programs = [
      'import sys\nprint(sys.argv, __name__, __file__, sorted(k for k in globals() if not k.startswith("__")))\ndef f():\n    raise KeyError("k")\nf()',
      'print(1',
      'import sys\nsys.exit(3)',
      'import sys\nsys.exit("au revoir")',
      'import atexit\natexit.register(lambda: print("fin"))\nprint(input())',
      'import threading, time\nt = threading.Thread(target=lambda: (time.sleep(0.2), print("fil")))\nt.start()\nprint("main")',
    ];
    for (const code of programs) {
      const [first] = await perRun.runCases({ language: 'PYTHON', code }, [{ stdin: 'entrée' }, { stdin: 'autre' }]);
      const alone = await perRun.run({ language: 'PYTHON', code, stdin: 'entrée' });
      expect({ ...first, duration_ms: 0 }, code).toEqual({ ...alone, duration_ms: 0 });
    }
  });

  it('gives each case its own stdin, whatever its bytes: empty, several lines, accents, emoji', async () => {
    const stdins = ['', 'a\nb\nc\n', 'été où ça\n', '🙂 ∑ x²\n', 'B 1 2 3\n{"i":0}\n'];
    const code = 'import sys\nsys.stdout.write(repr(sys.stdin.read()))';
    const results = await perRun.runCases({ language: 'PYTHON', code }, stdins.map((stdin) => ({ stdin })));
    const alone = await Promise.all(stdins.map((stdin) => perRun.run({ language: 'PYTHON', code, stdin })));
    expect(results.map((r) => r.stdout)).toEqual(alone.map((r) => r.stdout));
    expect(results[2].stdout).toBe("'été où ça\\n'");
  });

  it('applies the limits to every case: CPU, wall clock, memory, output; the next cases still run', async () => {
    const code = [
      'import sys, time',
      'x = sys.stdin.readline().strip()',
      'if x == "loop":',
      '    while True: pass',
      'if x == "sleep":',
      '    time.sleep(60)',
      'if x == "flood":',
      '    while True: print("x" * 1000)',
      'if x == "mem":',
      '    a = bytearray(3 * 1024 ** 3)',
      // Within the address space (memory + 1 GiB), beyond the run's memory: its control group's limit (as root). A
      // small memory, reached well within the CPU limit even where page faults are slow (a busy host): filling 256 MiB
      // could take more than the second of CPU, a TIME_LIMIT.
      'if x == "fill":',
      '    a = b"x" * (400 * 1024 ** 2)',
      'print("ok", x)',
    ].join('\n');
    const stdins = ['loop', 'sleep', 'flood', 'mem', 'fill', 'fine'];
    const results = await perRun.runCases(
      { language: 'PYTHON', code, limits: { cpuSeconds: 1, wallMs: 1500, outputBytes: 64 * 1024, memoryMb: 64 } },
      stdins.map((stdin) => ({ stdin, expectedOutput: `ok ${stdin}` })),
    );
    expect(results.map((r) => r.verdict)).toEqual(['TIME_LIMIT', 'TIME_LIMIT', 'OUTPUT_LIMIT', 'MEMORY_LIMIT', 'MEMORY_LIMIT', 'OK']);
    expect(results[1].duration_ms).toBeGreaterThanOrEqual(1500);
    expect(results[1].duration_ms).toBeLessThan(3000);
    expect(results[2].stdout.length).toBeLessThanOrEqual(64 * 1024);
    expect(results[5].stdout).toBe('ok fine\n');
  });

  it('runs each case in a slot of its own, within its owner’s share, so that another owner still gets a slot', async () => {
    // slots 2: one owner holds at most one slot (ownerCap), however many cases its program has.
    expect(perRun.pool.ownerCap).toBe(1);
    const code = 'import sys, time\nt0 = time.time()\ntime.sleep(1)\nprint(sys.stdin.read().strip(), t0, time.time())';
    const cases = ['a', 'b', 'c', 'd'].map((stdin) => ({ stdin }));
    const mine = perRun.runCases({ language: 'PYTHON', code, owner: 'alice' }, cases);
    expect(perRun.pool.stats).toMatchObject({ active: 1, waiting: 0 });
    const again = perRun.runCases({ language: 'PYTHON', code, owner: 'alice' }, cases.slice(0, 1));
    expect(perRun.pool.stats).toMatchObject({ active: 1, waiting: 1 });
    const other = perRun.run({ language: 'PYTHON', code: 'print("bob")', owner: 'bob' });
    expect(perRun.pool.stats).toMatchObject({ active: 2, waiting: 1 });
    expect((await other).stdout).toBe('bob\n');
    const results = await mine;
    expect(results.map((r) => r.stdout.split(' ')[0])).toEqual(['a', 'b', 'c', 'd']);
    // One slot, one run: each case started once the one before had ended.
    const starts = results.map((r) => Number(r.stdout.split(' ')[1]));
    const ends = results.map((r) => Number(r.stdout.split(' ')[2]));
    for (let i = 1; i < results.length; i++) expect(starts[i]).toBeGreaterThanOrEqual(ends[i - 1]);
    expect((await again).map((r) => r.verdict)).toEqual(['OK']);
    expect(perRun.pool.stats).toMatchObject({ active: 0, waiting: 0 });
  });

  it('gives every Python run a fresh sandbox with its own limits: never one shared between programs', async () => {
    const code = 'import os\nprint(os.path.exists("/tmp/trace"))\nopen("/tmp/trace", "w").write("x")\nprint(open("/proc/self/limits").read())';
    const cold = await perRun.runCases({ language: 'PYTHON', code, limits: COLD }, [{ stdin: '' }]);
    expect(cold[0].stdout).toMatch(new RegExp(`Max address space\\s+${addressSpace(257)}\\s`));
    const [first] = await perRun.runCases({ language: 'PYTHON', code }, [{ stdin: '' }]);
    const [second] = await perRun.runCases({ language: 'PYTHON', code }, [{ stdin: '' }]);
    expect(first.stdout.startsWith('False\n')).toBe(true);
    expect(second.stdout.startsWith('False\n')).toBe(true);
    expect(first.stdout).toMatch(/Max cpu time\s+5\s+6\s+seconds/);
    expect(first.stdout).toMatch(new RegExp(`Max address space\\s+${addressSpace(DEFAULT_LIMITS.memoryMb)}\\s`));
  });

  it('a case that kills its parent or leaves processes ends only itself: the other cases get their normal verdict, nothing lingers', async () => {
    const marker = `cases${process.pid}x${Date.now()}`;
    const code = killsParentOrLingers(marker);
    const lingering = await perRun.runCases({ language: 'PYTHON', code, limits: { wallMs: 3000 } }, [{ stdin: 'a', expectedOutput: 'a' }, { stdin: 'b', expectedOutput: 'b' }]);
    expect(lingering.map((r) => r.verdict)).toEqual(['OK', 'OK']);
    const results = await perRun.runCases({ language: 'PYTHON', code, limits: { wallMs: 3000 } }, [{ stdin: 'kill' }, { stdin: 'a' }, { stdin: 'b' }, { stdin: 'c' }]);
    // Its parent is its own sandbox's `timeout`: killing it ends that sandbox, and only that one.
    expect(results.map((r) => r.verdict)).toEqual(['RUNTIME_ERROR', 'OK', 'OK', 'OK']);
    expect(results.map((r) => r.stdout)).toEqual(['', 'a\n', 'b\n', 'c\n']);
    await eventually(() => processesWith(marker).length === 0).catch(() => undefined);
    expect(processesWith(marker)).toEqual([]);
  });

  it('R: one run per case, same verdicts', async () => {
    const code = 'x <- as.integer(readLines(file("stdin"), n = 1))\ncat(x * 2, "\\n")';
    const results = await perRun.runCases({ language: 'R', code }, [
      { stdin: '1', expectedOutput: '2' },
      { stdin: '2', expectedOutput: '5' },
    ]);
    expect(results.map((r) => r.verdict)).toEqual(['OK', 'WRONG_ANSWER']);
  });
});

describe('Python fork server', () => {
  it('serves Python here, exactly like a sandbox of its own: output, traceback, exit code, module state, limits', async () => {
    await runner.forkServer!.start();
    expect(runner.forkServer!.unavailable).toBeUndefined();
    const programs = [
      'import sys\nprint(sys.argv, __name__, __file__, sorted(k for k in globals() if not k.startswith("__")))\ndef f():\n    raise KeyError("k")\nf()',
      'print(1',
      'import sys\nsys.exit(3)',
      'import sys\nsys.exit("au revoir")',
      'import sys\nprint(sys.stdin.read().upper(), end="")\nsys.stderr.write("é\\n")',
      'print(open("/proc/self/limits").read())',
    ];
    // The process rlimit is the one line that differs (see below): compared apart.
    const nproc = /^Max processes\s+(\d+)\s+(\d+)\s+processes\s*$/m;
    const sameBut = (r: { stdout: string }) => ({ ...r, duration_ms: 0, stdout: r.stdout.replace(nproc, 'Max processes') });
    for (const code of programs) {
      const forked = await runner.run({ language: 'PYTHON', code, stdin: 'abc\ndéf', limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
      const own = await perRun.run({ language: 'PYTHON', code, stdin: 'abc\ndéf', limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
      expect(sameBut(forked), code).toEqual(sameBut(own));
    }
    const limits = await runner.run({ language: 'PYTHON', code: programs[5], limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
    expect(limits.stdout).toMatch(/Max cpu time\s+2\s+3\s+seconds/);
    expect(limits.stdout).toMatch(new RegExp(`Max address space\\s+${addressSpace(200)}\\s+${addressSpace(200)}\\s+bytes`));
    // A sandbox of its own: SANDBOX_NPROC for its own user namespace. The fork server's runs all share one user (in
    // one namespace), so their rlimit covers every lane in flight together; each run's own cap is its lane's control
    // group (see "caps the number of processes").
    const own = await perRun.run({ language: 'PYTHON', code: programs[5] });
    expect(nproc.exec(own.stdout)?.slice(1)).toEqual([String(SANDBOX_NPROC), String(SANDBOX_NPROC)]);
    const shared = String(runner.forkServer!.lanes * LANE_PIDS + 16);
    expect(nproc.exec(limits.stdout)?.slice(1)).toEqual([shared, shared]);
  });

  it('gives a run no capability, only its own processes, an empty /tmp, and no way to mount or make namespaces', async () => {
    const code = [
      'import ctypes, os',
      'libc = ctypes.CDLL(None, use_errno=True)',
      'status = open("/proc/self/status").read()',
      'print([l.split()[1] for l in status.splitlines() if l.split(":")[0] in ("CapEff", "CapPrm", "CapAmb")])',
      'print(sorted(int(p) for p in os.listdir("/proc") if p.isdigit()), os.listdir("/tmp"))',
      'print(libc.unshare(0x20000) == 0, libc.unshare(0x10000000) == 0, libc.mount(b"tmpfs", b"/tmp", b"tmpfs", 0, None) == 0)',
      'print(libc.umount2(b"/proc", 2) == 0, libc.prctl(36, 1, 0, 0, 0) == 0 and os.getpid())',
      'print(*(l.split()[1] for l in status.splitlines() if l.split(":")[0] in ("CapBnd", "NoNewPrivs", "Seccomp")))',
    ].join('\n');
    const r = await runner.run({ language: 'PYTHON', code });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(["['0000000000000000', '0000000000000000', '0000000000000000']", "[1, 2] ['main.py']", 'False False False']);
    expect(r.stdout.split('\n')[3]).toMatch(/^False /);
    // An empty bounding set (no capability can come back), no_new_privs, and the seccomp filter.
    expect(r.stdout.split('\n')[4]).toBe('0000000000000000 1 2');
  });

  it('a run cannot read its init’s descriptors through /proc', async () => {
    const code = 'import os\nprint(os.getppid())\ntry:\n    print(os.listdir("/proc/%d/fd" % os.getppid()))\nexcept OSError as e:\n    print("refuse", e.errno)';
    const [r] = await runner.runCases({ language: 'PYTHON', code }, [{ stdin: '' }]);
    expect(r.stdout).toBe('1\nrefuse 13\n');
  });

  it('keeps runs in flight apart: files, processes, signals', async () => {
    const name = runName();
    const a = runner.run({
      language: 'PYTHON',
      code: `import os\nopen("/tmp/secret.txt", "w").write("42")\n${pyHold(name, 20)}\nprint(released, os.listdir("/tmp"), len([p for p in os.listdir("/proc") if p.isdigit()]))`,
      limits: { wallMs: 25_000 },
      owner: 'alice',
    });
    // b starts once a has written its file and waits: a is in flight all through b (another owner's, so that b does
    // not wait for a's slot).
    const [held] = await waitForNamed(name);
    const b = await runner.run({
      owner: 'bob',
      language: 'PYTHON',
      code: [
        'import os, signal',
        'killed = 0',
        'for pid in range(1, 4 * 1024 * 1024):',
        '    if pid in (1, os.getpid()):',
        '        continue',
        '    try:',
        '        os.kill(pid, signal.SIGKILL)',
        '        killed += 1',
        '    except OSError:',
        '        pass',
        '    if pid > 40000:',
        '        break',
        'print(os.listdir("/tmp"), killed)',
      ].join('\n'),
      limits: { wallMs: 5000 },
    });
    expect(b.stdout).toBe("['main.py'] 0\n");
    release(held);
    const ra = await a;
    expect(ra.verdict).toBe('OK');
    expect(ra.stdout).toBe("True ['secret.txt', 'main.py'] 2\n");
  });

  it('ends every process of a run with it, even one that signals its init or leaves its session', async () => {
    const marker = `forked${process.pid}x${Date.now()}`;
    const code = [
      'import os, subprocess, time',
      `subprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(300)", "${marker}"], start_new_session=True)`,
      'os.kill(1, 9)',
      'os.kill(os.getppid(), 15)',
      'time.sleep(0.5)',
      'print("fini")',
    ].join('\n');
    const r = await runner.run({ language: 'PYTHON', code, expectedOutput: 'fini', limits: { wallMs: 4000 } });
    expect(r.verdict).toBe('OK');
    await eventually(() => processesWith(marker).length === 0).catch(() => undefined);
    expect(processesWith(marker)).toEqual([]);
    expect((await runner.run({ language: 'PYTHON', code: 'print(6 * 7)', expectedOutput: '42' })).verdict).toBe('OK');
  });

  it('runs each case of a program as a run of its own: its own namespaces, only its own processes and files', async () => {
    const code = [
      'import json, os, sys, time',
      'x = sys.stdin.read().strip()',
      'open("/tmp/" + x, "w").write(x)',
      't0 = time.time()',
      'time.sleep(1)',
      'print(json.dumps({"pid": os.readlink("/proc/self/ns/pid"), "mnt": os.readlink("/proc/self/ns/mnt"), "pids": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()), "tmp": sorted(os.listdir("/tmp")), "t0": t0, "t1": time.time()}))',
    ].join('\n');
    // Cases of different owners, so that as many run at once as there are slots.
    const cases = ['a', 'b'];
    const results = (await Promise.all(cases.map((stdin) => runner.runCases({ language: 'PYTHON', code, owner: `owner-${stdin}` }, [{ stdin }])))).flat();
    expect(results.map((r) => r.verdict)).toEqual(['OK', 'OK']);
    const seen = results.map((r) => JSON.parse(r.stdout) as { pid: string; mnt: string; pids: number[]; tmp: string[]; t0: number; t1: number });
    expect(Math.max(...seen.map((x) => x.t0))).toBeLessThan(Math.min(...seen.map((x) => x.t1)));
    expect(seen.map((x) => [x.pids, x.tmp])).toEqual(cases.map((x) => [[1, 2], [x, 'main.py']]));
    // Not one process (nor PID or mount namespace) shared between runs alive at the same time.
    expect(new Set(seen.map((x) => x.pid)).size).toBe(cases.length);
    expect(new Set(seen.map((x) => x.mnt)).size).toBe(cases.length);
  });

  it('a case that signals its init or leaves processes affects only itself: every case gets its normal verdict, nothing lingers', async () => {
    const marker = `forkedcases${process.pid}x${Date.now()}`;
    // Its parent is the run's own init (PID 1), which a signal from inside its namespace does not reach.
    const code = killsParentOrLingers(marker);
    const results = await runner.runCases({ language: 'PYTHON', code, limits: { wallMs: 3000 } }, ['kill', 'a', 'b', 'c'].map((stdin) => ({ stdin, expectedOutput: stdin })));
    expect(results.map((r) => r.verdict)).toEqual(['OK', 'OK', 'OK', 'OK']);
    await eventually(() => processesWith(marker).length === 0).catch(() => undefined);
    expect(processesWith(marker)).toEqual([]);
  });

  it('gives each case of a program the result a run of its own would get', async () => {
    const programs = [
      'import sys\nn = int(sys.stdin.readline())\nprint(n * 2)',
      'import sys\nsys.exit(3)',
      'print(1',
      'print("x" * 5000)',
    ];
    const cases = ['1', '2', '3', 'x'].map((stdin) => ({ stdin, expectedOutput: '4' }));
    const loop = await runner.runCases({ language: 'PYTHON', code: 'while True:\n    pass', limits: { cpuSeconds: 1, wallMs: 3000 } }, cases);
    expect(loop.map((r) => r.verdict)).toEqual(['TIME_LIMIT', 'TIME_LIMIT', 'TIME_LIMIT', 'TIME_LIMIT']);
    const limits = { cpuSeconds: 1, wallMs: 3000, outputBytes: 4096 };
    // The exit code of a program stopped at a limit may read differently (killed, or ended before the cut): not compared.
    const shown = (r: { verdict: string; exit_code: number | null; stdout: string; stderr: string }) => ({
      verdict: r.verdict,
      stdout: r.stdout,
      stderr: r.stderr,
      exit_code: r.verdict.endsWith('_LIMIT') ? 'limite' : r.exit_code,
    });
    for (const code of programs) {
      const forked = await runner.runCases({ language: 'PYTHON', code, limits }, cases);
      const own = await Promise.all(cases.map((c) => perRun.run({ language: 'PYTHON', code, limits, stdin: c.stdin, expectedOutput: c.expectedOutput })));
      expect(forked.map(shown), code).toEqual(own.map(shown));
    }
  });

  it('gives runs in flight a verdict when the fork server dies, and starts a new one', async () => {
    const server = runner.forkServer!;
    await server.start();
    const before = server.pid!;
    const name = runName();
    const slow = runner.run({ language: 'PYTHON', code: `${pyHold(name, 20)}\nprint("ok" if released else "not released")`, expectedOutput: 'ok', limits: { wallMs: 25_000 } });
    // Killed while the program runs in it; the run starts again in a sandbox of its own, which the test lets finish.
    const [lost] = await waitForNamed(name);
    process.kill(before, 'SIGKILL');
    const [again] = await waitForNamed(name, { except: [lost] });
    release(again);
    expect((await slow).verdict).toBe('OK');
    expect((await runner.run({ language: 'PYTHON', code: 'print(1)', expectedOutput: '1' })).verdict).toBe('OK');
    expect(server.pid).toBeDefined();
    expect(server.pid).not.toBe(before);
  });
});

describe('limits', () => {
  it('stops a Python infinite loop (CPU)', async () => {
    const r = await runner.run({ language: 'PYTHON', code: 'while True:\n    pass', limits: fast });
    expect(r.verdict).toBe('TIME_LIMIT');
    // At its CPU limit; on a loaded machine, a run held back by others may outlive its wall limit (wallclock.ts).
    expect(r.duration_ms).toBeLessThan(wallCapMs({ wallMs: fast.wallMs! }) + 1000);
  });

  it('stops an R infinite loop', async () => {
    const r = await runner.run({ language: 'R', code: 'repeat { x <- 1 }', limits: fast });
    expect(r.verdict).toBe('TIME_LIMIT');
  });

  it('stops a sleeping program at the wall-clock deadline', async () => {
    const r = await runner.run({ language: 'PYTHON', code: 'import time\ntime.sleep(60)', limits: { wallMs: 1000 } });
    expect(r.verdict).toBe('TIME_LIMIT');
    expect(r.duration_ms).toBeGreaterThanOrEqual(1000);
    expect(r.duration_ms).toBeLessThan(2500);
  });

  it('contains a fork bomb, and the host can still fork', async () => {
    const marker = `bomb${process.pid}x${Date.now()}`;
    const code = `import os, sys\nsys.argv.append("${marker}")\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass`;
    const started = Date.now();
    const limits = { cpuSeconds: 2, wallMs: 2000 };
    const r = await runner.run({ language: 'PYTHON', code, limits });
    expect(r.verdict).toBe('TIME_LIMIT');
    // Its CPU limit ends it; a run held back by others up to its wall cap is run once more (wallclock.ts).
    expect(Date.now() - started).toBeLessThan(2 * wallCapMs(limits) + 4000);
    expect(spawnSync('/usr/bin/true').status).toBe(0);
    // Another run is not blocked by the bomb's processes.
    expect((await runner.run({ language: 'PYTHON', code: 'print(1)' })).verdict).toBe('OK');
  });

  it('caps the number of processes of one run, through the fork server and in a sandbox of its own', async () => {
    const code = [
      'import os, time',
      'n = 0',
      'try:',
      '    while n < 5000:',
      '        if os.fork() == 0:',
      '            time.sleep(30)',
      '            os._exit(0)',
      '        n += 1',
      'except OSError:',
      '    pass',
      'print(n)',
    ].join('\n');
    const own = await perRun.run({ language: 'PYTHON', code, limits: { wallMs: 5000 } });
    expect(own.verdict).toBe('OK');
    const n = Number(own.stdout.trim());
    expect(n).toBeGreaterThan(5);
    expect(n).toBeLessThan(SANDBOX_NPROC);
    // Through the fork server, the run's control group (its init, the program and its children) holds the cap.
    const forked = await runner.run({ language: 'PYTHON', code, limits: { wallMs: 5000 } });
    expect(forked.verdict).toBe('OK');
    const m = Number(forked.stdout.trim());
    expect(m).toBeGreaterThan(5);
    expect(m).toBeLessThan(SANDBOX_NPROC);
  });

  it('refuses a 3 GiB allocation in Python and in R', async () => {
    const py = await runner.run({ language: 'PYTHON', code: 'x = bytearray(3 * 1024 ** 3)\nprint(len(x))' });
    expect(py.verdict).toBe('MEMORY_LIMIT');
    expect(py.stdout).toBe('');
    const r = await runner.run({ language: 'R', code: 'x <- numeric(3 * 1024^3 / 8)\ncat(length(x))' });
    expect(r.verdict).toBe('MEMORY_LIMIT');
  });

  it.runIf(process.getuid?.() === 0)('stops a run whose processes together use more than its memory: the kernel kills it, verdict MEMORY_LIMIT', async () => {
    const said = '[Programme arrêté : limite de mémoire atteinte (64 Mio).]';
    // Each process well within its address space (memory + 1 GiB), all of them together beyond the run's memory.
    const alone = 'x = b"x" * (150 * 1024 ** 2)\nprint(len(x))';
    const together = [
      'import os, time',
      'for _ in range(3):',
      '    if os.fork() == 0:',
      '        x = b"x" * (50 * 1024 ** 2)',
      '        time.sleep(3)',
      '        os._exit(0)',
      'for _ in range(3):',
      '    os.wait()',
      'print("fini")',
    ].join('\n');
    for (const via of [runner, perRun]) {
      for (const code of [alone, together]) {
        const r = await via.run({ language: 'PYTHON', code, limits: { memoryMb: 64, wallMs: 8000 } });
        expect(r.verdict, code).toBe('MEMORY_LIMIT');
        expect(r.stderr.endsWith(said), r.stderr).toBe(true);
      }
      // The same program within the default memory: the next run's limit is its own.
      expect(await via.run({ language: 'PYTHON', code: alone })).toMatchObject({ verdict: 'OK', stdout: `${150 * MiB}\n` });
    }
    const r = await runner.run({ language: 'R', code: 'x <- numeric(150 * 1024^2 / 8)\ncat(length(x))', limits: { memoryMb: 64 } });
    expect(r.verdict).toBe('MEMORY_LIMIT');
    expect(r.stderr.endsWith(said)).toBe(true);
  });

  it('cuts an output flood at the output limit, in both languages', async () => {
    const limits = { outputBytes: 64 * 1024, wallMs: 5000 };
    const py = await runner.run({ language: 'PYTHON', code: 'while True:\n    print("x" * 1000)', limits });
    expect(py.verdict).toBe('OUTPUT_LIMIT');
    expect(py.stdout.length).toBeLessThanOrEqual(64 * 1024);
    expect(py.stdout.length).toBeGreaterThan(60 * 1024);
    expect(py.duration_ms).toBeLessThan(3000);
    const r = await runner.run({ language: 'R', code: 'repeat cat(strrep("x", 1000), "\\n")', limits });
    expect(r.verdict).toBe('OUTPUT_LIMIT');
    const err = await runner.run({ language: 'PYTHON', code: 'import sys\nwhile True:\n    sys.stderr.write("e" * 1000)', limits });
    expect(err.verdict).toBe('OUTPUT_LIMIT');
  });

  it('limits the size of written files', async () => {
    const r = await runner.run({
      language: 'PYTHON',
      code: 'try:\n    open("/tmp/big", "wb").write(b"x" * (40 * 1024 * 1024))\n    print("ecrit")\nexcept OSError as e:\n    print("refuse", e.errno)',
    });
    expect(r.stdout).toMatch(/^refuse/);
  });
});

describe('isolation', () => {
  it('has no network, not even to the host', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.end('secret');
    });
    await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
    const port = (server.address() as net.AddressInfo).port;
    const hostIps = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4')
      .map((i) => i!.address);
    const targets = [...new Set(['127.0.0.1', ...hostIps])];
    const code = [
      'import socket',
      `for host in ${JSON.stringify(targets)}:`,
      '    try:',
      `        s = socket.create_connection((host, ${port}), timeout=1)`,
      '        print("connecte", host, s.recv(10))',
      '    except OSError as e:',
      '        print("bloque", host)',
      'try:',
      '    socket.getaddrinfo("example.com", 80)',
      '    print("dns")',
      'except OSError:',
      '    print("pas de dns")',
    ].join('\n');
    const r = await runner.run({ language: 'PYTHON', code });
    server.close();
    expect(r.verdict).toBe('OK');
    expect(connections).toBe(0);
    expect(r.stdout).not.toContain('connecte');
    expect(r.stdout.match(/bloque/g)?.length).toBe(targets.length);
    expect(r.stdout).toContain('pas de dns');
    const rr = await runner.run({ language: 'R', code: `con <- try(socketConnection("127.0.0.1", ${port}, timeout = 1), silent = TRUE)\ncat(class(con)[1])` });
    expect(rr.stdout).toBe('try-error');
  });

  it('cannot read host files, the project or the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-data-'));
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'TOP-SECRET');
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'secret.txt'), 0o644);
    process.env.EXAM_TEST_SECRET = 'ENV-SECRET';
    const paths = ['/etc/passwd', '/etc/shadow', '/root', path.join(dataDir, 'secret.txt'), import.meta.filename, '/work', '/home', '/var/lib'];
    const code = [
      'import os',
      `for p in ${JSON.stringify(paths)}:`,
      '    try:',
      '        print("lu", p, open(p).read()[:20] if os.path.isfile(p) else os.listdir(p))',
      '    except OSError as e:',
      '        print("absent", p)',
      'print(sorted(os.environ))',
      'print(sorted(os.listdir("/tmp")))',
    ].join('\n');
    const r = await runner.run({ language: 'PYTHON', code });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(r.verdict).toBe('OK');
    expect(r.stdout).not.toContain('lu ');
    expect(r.stdout.match(/absent/g)?.length).toBe(paths.length);
    expect(r.stdout).not.toContain('SECRET');
    expect(r.stdout).not.toContain('EXAM_TEST_SECRET');
    expect(r.stdout).toContain("['main.py']");
    const rr = await runner.run({ language: 'R', code: `cat(file.exists("/etc/passwd"), file.exists("${dataDir}"), "\\n")` });
    expect(rr.stdout.trim()).toBe('FALSE FALSE');
  });

  it('cannot write system folders; its own /tmp and /dev/shm are private and empty each time', async () => {
    const targets = ['/usr/x', '/etc/x', '/x', '/bin/x', '/dev/x', '/proc/x'];
    const marker = `shm${process.pid}x${Date.now()}`;
    const code = [
      'import os',
      `for p in ${JSON.stringify(targets)}:`,
      '    try:',
      '        open(p, "w").write("x")',
      '        print("ecrit", p)',
      '    except OSError:',
      '        print("refuse", p)',
      'open("/tmp/trace", "w").write("x")',
      'print("tmp ok")',
      `open("/dev/shm/${marker}", "w").write("x")`,
      'print("shm", os.listdir("/dev/shm"))',
    ].join('\n');
    const check = 'import os\nprint(os.path.exists("/tmp/trace"), os.listdir("/dev/shm"))';
    for (const via of [runner, perRun]) {
      const r = await via.run({ language: 'PYTHON', code });
      expect(r.stdout).not.toContain('ecrit');
      expect(r.stdout.match(/refuse/g)?.length).toBe(targets.length);
      expect(r.stdout).toContain('tmp ok');
      expect(r.stdout).toContain(`shm ['${marker}']`);
      expect(fs.existsSync('/tmp/trace')).toBe(false);
      expect(fs.existsSync(`/dev/shm/${marker}`)).toBe(false);
      const again = await via.run({ language: 'PYTHON', code: check });
      expect(again.stdout).toBe('False []\n');
    }
    const rr = await runner.run({ language: 'R', code: 'r <- try(writeLines("x", "/usr/x"), silent = TRUE)\ncat(class(r)[1])' });
    expect(rr.stdout).toBe('try-error');
  });

  it('leaves no process behind, after a normal end or after the deadline', async () => {
    const marker = `linger${process.pid}x${Date.now()}`;
    const spawnChild = `import subprocess, os\nsubprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(300)", "${marker}"], start_new_session=True)\n`;
    for (const via of [runner, perRun]) {
      const quick = await via.run({ language: 'PYTHON', code: spawnChild + 'print("fini")' });
      expect(quick.verdict).toBe('OK');
      const slow = await via.run({ language: 'PYTHON', code: spawnChild + 'while True:\n    pass', limits: fast });
      expect(slow.verdict).toBe('TIME_LIMIT');
      await eventually(() => processesWith(marker).length === 0).catch(() => undefined);
      expect(processesWith(marker)).toEqual([]);
    }
  });

  it('ends by itself a little after its deadline, whatever happens to the API', async () => {
    const args = buildArgv(runner.sandbox, { argv: ['/usr/bin/true'], files: [], limits: { ...DEFAULT_LIMITS, wallMs: 3000 } });
    // Two seconds after the latest a run held back by others may end (wallclock.ts).
    expect(args.join(' ')).toContain(`/usr/bin/timeout -s KILL ${3 * WALL_EXTENSION + 2} `);
  });

  it('builds a sandbox without capabilities, its filter after its files, behind the gate that closes foreign descriptors', () => {
    const spec = { argv: ['/usr/bin/true'], files: [{ path: '/tmp/main.py', content: '' }], limits: DEFAULT_LIMITS };
    const free = buildArgv(runner.sandbox, spec, 3).join(' ');
    expect(free).toContain(' --file 3 /tmp/main.py ');
    expect(free).toContain(' --cap-drop ALL ');
    expect(free).not.toContain('--cap-add');
    expect(free).toContain(' --seccomp 4 ');
    // Without a group, each process's address space is the run's memory itself.
    expect(free).toContain(` --as=${DEFAULT_LIMITS.memoryMb * MiB} `);
    expect(free.startsWith('/bin/bash')).toBe(false);
    if (!runner.sandbox.boxes) return;
    const group = runner.sandbox.boxes.take({ memoryBytes: 64 * MiB });
    try {
      // Descriptor 3 is the gate: the files start at 4, the filter after them; every descriptor above them is closed.
      const gated = buildArgv(runner.sandbox, { ...spec, group }, 4);
      expect(gated.slice(0, 2)).toEqual(['/bin/bash', '-c']);
      expect(gated[2]).toContain('[ "$n" -gt 5 ] && eval "exec $n>&-"');
      expect(gated[2]).toContain('read -r _ <&3 && exec "$@" 3<&-');
      expect(gated.join(' ')).toContain(' --file 4 /tmp/main.py ');
      expect(gated.join(' ')).toContain(' --seccomp 5 ');
      expect(gated.join(' ')).toContain(` --as=${addressSpace(DEFAULT_LIMITS.memoryMb)} `);
    } finally {
      runner.sandbox.boxes.give(group);
    }
  });

  it('dies with the API process, even when that one is killed outright', async () => {
    const marker = `orphan${process.pid}x${Date.now()}`;
    const script = [
      `import { probeSandbox, launchSandboxed, DEFAULT_LIMITS } from ${JSON.stringify(path.resolve(import.meta.dirname, '../src/index.ts'))};`,
      'const env = probeSandbox();',
      `const l = launchSandboxed(env, { argv: ['/usr/bin/python3', '-c', 'import time; time.sleep(120)', '${marker}'], files: [], limits: DEFAULT_LIMITS });`,
      'console.log(l.child.pid);',
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const api = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const bwrapPid = await new Promise<number>((resolve) => api.stdout!.once('data', (b: Buffer) => resolve(Number(b.toString().trim()))));
    // The outer bwrap, the sandbox's PID 1, timeout, and the program carry the marker in their arguments;
    // wait for the program itself to run.
    const running = () =>
      processesWith(marker).some((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('/usr/bin/python3');
        } catch {
          return false;
        }
      });
    await eventually(running, 5000).catch(() => undefined);
    expect(running()).toBe(true);
    api.kill('SIGKILL');
    api.stdout!.destroy();
    await eventually(() => !processesWith(marker).length && !fs.existsSync(`/proc/${bwrapPid}`), 5000).catch(() => undefined);
    expect(processesWith(marker)).toEqual([]);
    expect(fs.existsSync(`/proc/${bwrapPid}`)).toBe(false);
  });

  it('takes a huge stdin without hanging, read or not', async () => {
    const big = 'x'.repeat(20 * 1024 * 1024) + '\n';
    const ignored = await runner.run({ language: 'PYTHON', code: 'print("ok")', stdin: big });
    expect(ignored).toMatchObject({ verdict: 'OK', stdout: 'ok\n' });
    const read = await runner.run({ language: 'PYTHON', code: 'import sys\nprint(len(sys.stdin.read()))', stdin: big });
    expect(read.stdout).toBe(`${big.length}\n`);
    const r = await runner.run({ language: 'R', code: 'cat(nchar(readLines(file("stdin"), n = 1)))', stdin: 'y'.repeat(1_000_000) + '\n' });
    expect(r.stdout).toBe('1000000');
  });

  it('keeps non-UTF-8 output readable', async () => {
    const r = await runner.run({ language: 'PYTHON', code: 'import sys\nsys.stdout.buffer.write(b"\\xff\\xfe abc \\xc3\\xa9\\n")' });
    expect(r.verdict).toBe('OK');
    expect(r.stdout).toBe('\uFFFD\uFFFD abc é\n');
    const rr = await runner.run({ language: 'R', code: 'cat(rawToChar(as.raw(c(0xff, 0x41, 0x0a))))' });
    expect(rr.stdout).toBe('\uFFFDA\n');
  });
});

describe('unsafe development mode', () => {
  it('runs both languages without bubblewrap, still with limits and, as root, as the runner user', async () => {
    const dev = await createEmbeddedRunner({ unsafe: true, warmMath: false });
    try {
      expect(dev.sandbox.isolated).toBe(false);
      // Neither pre-started sandboxes nor the fork server: both rely on the sandbox.
      expect(dev.warmR).toBeUndefined();
      expect(dev.forkServer).toBeUndefined();
      const py = await dev.run({ language: 'PYTHON', code: 'import os\nprint(os.getuid() != 0, input())', stdin: 'ok' });
      // Root hands the program to exam-runner; a non-root API runs it under its own (non-zero) uid.
      expect(py).toMatchObject({ verdict: 'OK', stdout: 'True ok\n' });
      const r = await dev.run({ language: 'R', code: 'cat(readLines(file("stdin")))', stdin: 'bonjour' });
      expect(r).toMatchObject({ verdict: 'OK', stdout: 'bonjour' });
      const loop = await dev.run({ language: 'PYTHON', code: 'while True:\n    pass', limits: fast });
      expect(loop.verdict).toBe('TIME_LIMIT');
    } finally {
      await dev.close();
    }
  });
});

describe('pool', () => {
  it('refuses work beyond its queue, and after waiting too long', async () => {
    const pool = new Pool(1, 1, 300);
    // a holds the only slot until b has given up waiting.
    let done = () => {};
    const a = pool.use(() => new Promise<void>((r) => (done = r)));
    const b = pool.use(async () => {});
    await expect(pool.use(async () => {})).rejects.toBeInstanceOf(RunnerBusyError);
    await expect(b).rejects.toThrow(/saturé/);
    done();
    await a;
    expect(pool.stats).toMatchObject({ active: 0, waiting: 0 });
  });

  /** Lets every promise callback run (a slot handed over resolves a few promises in a row). */
  const settle = () => new Promise((r) => setImmediate(r));

  /** Tasks of `pool` that record when they start and end only when told to. */
  function tasks(pool: Pool) {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const used = new Map<string, Promise<void>>();
    return {
      started,
      start(name: string, owner: string) {
        const task = () =>
          new Promise<void>((resolve) => {
            started.push(name);
            finish.set(name, resolve);
          });
        used.set(name, pool.use(task, owner));
      },
      async end(name: string) {
        finish.get(name)!();
        await used.get(name);
        await settle();
      },
    };
  }

  it('lets one owner hold all slots but one, so that another owner’s run starts at once', async () => {
    expect(new Pool(1, 1, 1000).ownerCap).toBe(1);
    const pool = new Pool(3, 10, 30_000);
    expect(pool.ownerCap).toBe(2);
    const t = tasks(pool);
    t.start('a1', 'alice');
    t.start('a2', 'alice');
    t.start('a3', 'alice');
    await settle();
    // A slot is free, but not for alice.
    expect(t.started).toEqual(['a1', 'a2']);
    expect(pool.stats).toMatchObject({ active: 2, waiting: 1 });
    t.start('b1', 'bob');
    await settle();
    expect(t.started).toEqual(['a1', 'a2', 'b1']);
    expect(pool.stats).toMatchObject({ active: 3, waiting: 1 });
    await t.end('a1');
    expect(t.started).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const name of ['a2', 'b1', 'a3']) await t.end(name);
    expect(pool.stats).toMatchObject({ active: 0, waiting: 0 });
  });

  it('gives a freed slot to the waiting owner who holds the fewest, the oldest request first among them', async () => {
    const pool = new Pool(3, 10, 30_000);
    const t = tasks(pool);
    t.start('a1', 'alice');
    t.start('a2', 'alice');
    t.start('b1', 'bob');
    t.start('a3', 'alice');
    t.start('b2', 'bob');
    t.start('c1', 'carol');
    t.start('d1', 'dave');
    await settle();
    expect(t.started).toEqual(['a1', 'a2', 'b1']);
    expect(pool.stats).toMatchObject({ active: 3, waiting: 4 });
    // bob now holds none, as carol and dave: his request is the oldest of theirs (alice, at her cap, waits).
    await t.end('b1');
    expect(t.started.slice(3)).toEqual(['b2']);
    // alice holds one, carol none: carol's request goes first, though alice's is older.
    await t.end('a1');
    expect(t.started.slice(3)).toEqual(['b2', 'c1']);
    // alice and dave hold none: alice's request is the older.
    await t.end('a2');
    expect(t.started.slice(3)).toEqual(['b2', 'c1', 'a3']);
    await t.end('c1');
    expect(t.started.slice(3)).toEqual(['b2', 'c1', 'a3', 'd1']);
    expect(pool.stats).toMatchObject({ active: 3, waiting: 0 });
    for (const name of ['b2', 'a3', 'd1']) await t.end(name);
    expect(pool.stats).toMatchObject({ active: 0, waiting: 0 });
  });
});
