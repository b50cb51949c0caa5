// The sandbox against hostile programs, in both languages, with the real bubblewrap and the real interpreters.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildArgv,
  createEmbeddedRunner,
  DEFAULT_LIMITS,
  judge,
  outputsMatch,
  Pool,
  probeSandbox,
  RunnerBusyError,
  SANDBOX_NPROC,
  SandboxUnavailableError,
  type EmbeddedRunner,
  type RunLimits,
} from '../src';

let runner: EmbeddedRunner;
const fast: Partial<RunLimits> = { cpuSeconds: 1, wallMs: 3000 };
/** More memory than the pre-started sandboxes have: forces a fresh sandbox. */
const COLD: Partial<RunLimits> = { memoryMb: DEFAULT_LIMITS.memoryMb + 1 };

/** Host processes whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(marker) && !cmd.includes('vitest')) found.push(Number(pid));
    } catch {
      /* gone */
    }
  }
  return found;
}

/** Python through a sandbox of its own per run (pre-started or not, batches of cases): where the fork server cannot run. */
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

describe('pre-started sandboxes (without the fork server)', () => {
  it('run R exactly like a cold start: auto-printing, warnings, errors', async () => {
    expect(perRun.warm.R?.waiting).toBeGreaterThan(0);
    const code = 'x <- readLines(file("stdin"))\nx\nprint(commandArgs(trailingOnly = TRUE))\nas.integer("a")\nf <- function() stop("boum")\nf()';
    const warm = await perRun.run({ language: 'R', code, stdin: 'abc' });
    const cold = await perRun.run({ language: 'R', code, stdin: 'abc', limits: COLD });
    expect(warm.stdout).toBe('[1] "abc"\ncharacter(0)\n[1] NA\n');
    expect(warm.stderr).toMatch(/Error in f\(\) : boum/);
    expect({ ...warm, duration_ms: 0 }).toEqual({ ...cold, duration_ms: 0 });
  });

  it('run Python like a cold start: same output, traceback, exit code and module state', async () => {
    const code = 'import sys\nprint(sys.argv, __name__, __file__, sorted(k for k in globals() if not k.startswith("__")))\ndef f():\n    raise KeyError("k")\nf()';
    expect(perRun.warm.PYTHON?.waiting).toBeGreaterThan(0);
    const warm = await perRun.run({ language: 'PYTHON', code });
    const cold = await perRun.run({ language: 'PYTHON', code, limits: COLD });
    expect(warm.stdout).toBe("['/tmp/main.py'] __main__ /tmp/main.py ['sys']\n");
    expect(warm.stderr).toContain('File "/tmp/main.py", line 5, in <module>');
    expect({ ...warm, duration_ms: 0 }).toEqual({ ...cold, duration_ms: 0 });
    const syntax = await perRun.run({ language: 'PYTHON', code: 'print(1' });
    const syntaxCold = await perRun.run({ language: 'PYTHON', code: 'print(1', limits: COLD });
    expect(syntax.stderr).toBe(syntaxCold.stderr);
    const exit = await perRun.run({ language: 'PYTHON', code: 'import sys\nsys.exit(3)' });
    expect(exit).toMatchObject({ verdict: 'RUNTIME_ERROR', exit_code: 3 });
  });

  it.each([
    ['PYTHON', 'print(open("/proc/self/limits").read())'],
    ['R', 'cat(readLines("/proc/self/limits"), sep = "\\n")'],
  ] as const)('%s: take a run with lower limits and apply them before the program starts', async (language, code) => {
    const pool = perRun.warm[language]!;
    const taken: boolean[] = [];
    const original = pool.run.bind(pool);
    pool.run = (...args) => {
      const r = original(...args);
      taken.push(r !== undefined);
      return r;
    };
    try {
      const low = await perRun.run({ language, code, limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
      expect(low.stdout).toMatch(/Max cpu time\s+2\s+3\s+seconds/);
      expect(low.stdout).toMatch(/Max address space\s+209715200\s+209715200\s+bytes/);
      const high = await perRun.run({ language, code, limits: COLD });
      expect(high.stdout).toMatch(new RegExp(`Max address space\\s+${257 * 1024 * 1024}\\s`));
      expect(taken).toEqual([true, false]);
      // The lowered limits hold: an endless loop stops at the run's CPU limit, not at the sandbox's.
      const loop = await perRun.run({ language, code: language === 'R' ? 'repeat { x <- 1 }' : 'while True:\n    pass', limits: { cpuSeconds: 1, wallMs: 4000 } });
      expect(loop.verdict).toBe('TIME_LIMIT');
      expect(taken).toEqual([true, false, true]);
    } finally {
      pool.run = original;
    }
  });
});

describe('one program against several cases (runCases), without the fork server', () => {
  it('runs the cases of a Python program in one sandbox, each with its own verdict, output and time', async () => {
    const code = 'import os, sys\nn = int(sys.stdin.readline())\nprint(n * 2, os.getppid())';
    const cases = ['1', '2', '3', '4', 'x'].map((stdin) => ({ stdin, expectedOutput: undefined as string | undefined }));
    cases[2].expectedOutput = '7';
    const results = await perRun.runCases({ language: 'PYTHON', code }, cases);
    expect(results.map((r) => r.verdict)).toEqual(['OK', 'OK', 'WRONG_ANSWER', 'OK', 'RUNTIME_ERROR']);
    expect(results.slice(0, 4).map((r) => r.stdout.split(' ')[0])).toEqual(['2', '4', '6', '8']);
    expect(results[4].stderr).toMatch(/ValueError: invalid literal for int\(\) with base 10: 'x/);
    expect(results[4].exit_code).toBe(1);
    // One loader (the cases' parent) for all: one sandbox, one interpreter start.
    expect(new Set(results.slice(0, 4).map((r) => r.stdout.trim().split(' ')[1])).size).toBe(1);
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
      const [batch] = await perRun.runCases({ language: 'PYTHON', code }, [{ stdin: 'entrée' }, { stdin: 'autre' }]);
      const alone = await perRun.run({ language: 'PYTHON', code, stdin: 'entrée' });
      expect({ ...batch, duration_ms: 0 }, code).toEqual({ ...alone, duration_ms: 0 });
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
      'print("ok", x)',
    ].join('\n');
    const stdins = ['loop', 'sleep', 'flood', 'mem', 'fine'];
    const started = Date.now();
    const results = await perRun.runCases(
      { language: 'PYTHON', code, limits: { cpuSeconds: 1, wallMs: 1500, outputBytes: 64 * 1024 } },
      stdins.map((stdin) => ({ stdin, expectedOutput: `ok ${stdin}` })),
    );
    expect(results.map((r) => r.verdict)).toEqual(['TIME_LIMIT', 'TIME_LIMIT', 'OUTPUT_LIMIT', 'MEMORY_LIMIT', 'OK']);
    expect(results[1].duration_ms).toBeGreaterThanOrEqual(1500);
    expect(results[1].duration_ms).toBeLessThan(3000);
    expect(results[2].stdout.length).toBeLessThanOrEqual(64 * 1024);
    // Two at a time (one per slot), so about three deadlines at most, not five.
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('runs a fresh sandbox when the limits exceed the pre-started ones, and never shares one between programs', async () => {
    const code = 'import os\nprint(os.path.exists("/tmp/trace"))\nopen("/tmp/trace", "w").write("x")\nprint(open("/proc/self/limits").read())';
    const cold = await perRun.runCases({ language: 'PYTHON', code, limits: COLD }, [{ stdin: '' }]);
    expect(cold[0].stdout).toMatch(new RegExp(`Max address space\\s+${257 * 1024 * 1024}\\s`));
    const [first] = await perRun.runCases({ language: 'PYTHON', code }, [{ stdin: '' }]);
    const [second] = await perRun.runCases({ language: 'PYTHON', code }, [{ stdin: '' }]);
    expect(first.stdout.startsWith('False\n')).toBe(true);
    expect(second.stdout.startsWith('False\n')).toBe(true);
    expect(first.stdout).toMatch(/Max cpu time\s+5\s+6\s+seconds/);
  });

  it('survives a case that kills the loader or leaves processes: the other cases get a verdict, nothing lingers', async () => {
    const marker = `batch${process.pid}x${Date.now()}`;
    const code = [
      'import os, sys, subprocess, time',
      'x = sys.stdin.readline().strip()',
      `subprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(300)", "${marker}"], start_new_session=True)`,
      'if x == "kill":',
      '    os.kill(os.getppid(), 9)',
      'time.sleep(1)',
      'print(x)',
    ].join('\n');
    const lingering = await perRun.runCases({ language: 'PYTHON', code, limits: { wallMs: 3000 } }, [{ stdin: 'a', expectedOutput: 'a' }, { stdin: 'b', expectedOutput: 'b' }]);
    expect(lingering.map((r) => r.verdict)).toEqual(['OK', 'OK']);
    const results = await perRun.runCases({ language: 'PYTHON', code, limits: { wallMs: 3000 } }, [{ stdin: 'kill' }, { stdin: 'a' }, { stdin: 'b' }, { stdin: 'c' }]);
    expect(results.map((r) => r.verdict)).toEqual(['RUNTIME_ERROR', 'RUNTIME_ERROR', 'RUNTIME_ERROR', 'RUNTIME_ERROR']);
    expect(results[3].stderr).toMatch(/interrompue/);
    await new Promise((r) => setTimeout(r, 300));
    expect(processesWith(marker)).toEqual([]);
  });

  it('cannot read the loader’s descriptors through /proc', async () => {
    const code = 'import os\ntry:\n    print(os.listdir("/proc/%d/fd" % os.getppid()))\nexcept OSError as e:\n    print("refuse", e.errno)';
    const [r] = await perRun.runCases({ language: 'PYTHON', code }, [{ stdin: '' }]);
    expect(r.stdout).toMatch(/^refuse/);
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
    for (const code of programs) {
      const forked = await runner.run({ language: 'PYTHON', code, stdin: 'abc\ndéf', limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
      const own = await perRun.run({ language: 'PYTHON', code, stdin: 'abc\ndéf', limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
      expect({ ...forked, duration_ms: 0 }).toEqual({ ...own, duration_ms: 0 });
    }
    const limits = await runner.run({ language: 'PYTHON', code: programs[5], limits: { cpuSeconds: 2, memoryMb: 200, wallMs: 4000 } });
    expect(limits.stdout).toMatch(/Max cpu time\s+2\s+3\s+seconds/);
    expect(limits.stdout).toMatch(/Max address space\s+209715200\s+209715200\s+bytes/);
    expect(limits.stdout).toMatch(new RegExp(`Max processes\\s+${SANDBOX_NPROC}\\s`));
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
    ].join('\n');
    const r = await runner.run({ language: 'PYTHON', code });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(["['0000000000000000', '0000000000000000', '0000000000000000']", "[1, 2] ['main.py']", 'False False False']);
    expect(r.stdout.split('\n')[3]).toMatch(/^False /);
  });

  it('keeps runs in flight apart: files, processes, signals', async () => {
    const a = runner.run({
      language: 'PYTHON',
      code: 'import os, time\nopen("/tmp/secret.txt", "w").write("42")\ntime.sleep(1.2)\nprint(os.listdir("/tmp"), len([p for p in os.listdir("/proc") if p.isdigit()]))',
      limits: { wallMs: 5000 },
    });
    await new Promise((r) => setTimeout(r, 300));
    const b = await runner.run({
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
    const ra = await a;
    expect(ra.verdict).toBe('OK');
    expect(ra.stdout).toBe("['secret.txt', 'main.py'] 2\n");
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
    await new Promise((res) => setTimeout(res, 300));
    expect(processesWith(marker)).toEqual([]);
    expect((await runner.run({ language: 'PYTHON', code: 'print(6 * 7)', expectedOutput: '42' })).verdict).toBe('OK');
  });

  it('runs the cases of a program in one run of its own, each case with the result a run of its own would get', async () => {
    const programs = [
      'import os, sys\nn = int(sys.stdin.readline())\nprint(n * 2, sorted(int(p) for p in os.listdir("/proc") if p.isdigit())[:1])',
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
      const batch = await runner.runCases({ language: 'PYTHON', code, limits }, cases);
      const own = await Promise.all(cases.map((c) => perRun.run({ language: 'PYTHON', code, limits, stdin: c.stdin, expectedOutput: c.expectedOutput })));
      expect(batch.map(shown)).toEqual(own.map(shown));
    }
  });

  it('gives runs in flight a verdict when the fork server dies, and starts a new one', async () => {
    const server = runner.forkServer!;
    await server.start();
    const before = server.pid!;
    const slow = runner.run({ language: 'PYTHON', code: 'import time\ntime.sleep(0.8)\nprint("ok")', expectedOutput: 'ok', limits: { wallMs: 5000 } });
    await new Promise((r) => setTimeout(r, 200));
    process.kill(before, 'SIGKILL');
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
    expect(r.duration_ms).toBeLessThan(3500);
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
    const r = await runner.run({ language: 'PYTHON', code, limits: { cpuSeconds: 2, wallMs: 2000 } });
    expect(r.verdict).toBe('TIME_LIMIT');
    expect(Date.now() - started).toBeLessThan(6000);
    expect(spawnSync('/usr/bin/true').status).toBe(0);
    // Another run is not blocked by the bomb's processes.
    expect((await runner.run({ language: 'PYTHON', code: 'print(1)' })).verdict).toBe('OK');
  });

  it('caps the number of processes of one sandbox', async () => {
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
    const r = await runner.run({ language: 'PYTHON', code, limits: { wallMs: 5000 } });
    expect(r.verdict).toBe('OK');
    const n = Number(r.stdout.trim());
    expect(n).toBeGreaterThan(5);
    expect(n).toBeLessThan(SANDBOX_NPROC);
  });

  it('refuses a 3 GiB allocation in Python and in R', async () => {
    const py = await runner.run({ language: 'PYTHON', code: 'x = bytearray(3 * 1024 ** 3)\nprint(len(x))' });
    expect(py.verdict).toBe('MEMORY_LIMIT');
    expect(py.stdout).toBe('');
    const r = await runner.run({ language: 'R', code: 'x <- numeric(3 * 1024^3 / 8)\ncat(length(x))' });
    expect(r.verdict).toBe('MEMORY_LIMIT');
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

  it('cannot write system folders; its own /tmp is private and empty each time', async () => {
    const targets = ['/usr/x', '/etc/x', '/x', '/bin/x', '/dev/x', '/dev/shm/x', '/proc/x'];
    const code = [
      `for p in ${JSON.stringify(targets)}:`,
      '    try:',
      '        open(p, "w").write("x")',
      '        print("ecrit", p)',
      '    except OSError:',
      '        print("refuse", p)',
      'open("/tmp/trace", "w").write("x")',
      'print("tmp ok")',
    ].join('\n');
    const r = await runner.run({ language: 'PYTHON', code });
    expect(r.stdout).not.toContain('ecrit');
    expect(r.stdout.match(/refuse/g)?.length).toBe(targets.length);
    expect(r.stdout).toContain('tmp ok');
    expect(fs.existsSync('/tmp/trace')).toBe(false);
    const again = await runner.run({ language: 'PYTHON', code: 'import os\nprint(os.path.exists("/tmp/trace"))' });
    expect(again.stdout).toBe('False\n');
    const rr = await runner.run({ language: 'R', code: 'r <- try(writeLines("x", "/usr/x"), silent = TRUE)\ncat(class(r)[1])' });
    expect(rr.stdout).toBe('try-error');
  });

  it('leaves no process behind, after a normal end or after the deadline', async () => {
    const marker = `linger${process.pid}x${Date.now()}`;
    const spawnChild = `import subprocess, os\nsubprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(300)", "${marker}"], start_new_session=True)\n`;
    const quick = await runner.run({ language: 'PYTHON', code: spawnChild + 'print("fini")' });
    expect(quick.verdict).toBe('OK');
    const slow = await runner.run({ language: 'PYTHON', code: spawnChild + 'while True:\n    pass', limits: fast });
    expect(slow.verdict).toBe('TIME_LIMIT');
    await new Promise((r) => setTimeout(r, 200));
    expect(processesWith(marker)).toEqual([]);
  });

  it('ends by itself a little after its deadline, whatever happens to the API', async () => {
    const args = buildArgv(runner.sandbox, { argv: ['/usr/bin/true'], files: [], limits: { ...DEFAULT_LIMITS, wallMs: 3000 } });
    expect(args.join(' ')).toContain('/usr/bin/timeout -s KILL 5 ');
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
    for (let i = 0; i < 50 && !running(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(running()).toBe(true);
    api.kill('SIGKILL');
    api.stdout!.destroy();
    for (let i = 0; i < 50 && (processesWith(marker).length || fs.existsSync(`/proc/${bwrapPid}`)); i++) await new Promise((r) => setTimeout(r, 100));
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
      expect(dev.warm).toEqual({});
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
    const slow = () => new Promise((r) => setTimeout(r, 600));
    const a = pool.use(slow);
    const b = pool.use(slow);
    await expect(pool.use(slow)).rejects.toBeInstanceOf(RunnerBusyError);
    await expect(b).rejects.toThrow(/saturé/);
    await a;
    expect(pool.stats).toMatchObject({ active: 0, waiting: 0 });
  });
});
