// Regression tests of the isolation between runs, against the real sandbox: each test plays one attack and
// asserts the secure behaviour. Programs under test are inline; markers are random, so runs cannot guess them.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesNamed, processesWith, pyAnnounce, pyHold, release, runName, waitForNamed } from './host-processes';
import { createEmbeddedRunner, wallCapMs, type EmbeddedRunner } from '../src';

let runner: EmbeddedRunner;
const T = 30_000;

const hex = () => randomBytes(16).toString('hex');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A promise with a flag telling whether it has settled yet. */
function track<T>(p: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  return { promise: p, settled: () => done };
}

/** Polls `cond` every 50 ms, at most `ms`; returns its last value. */
async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  for (let t = 0; t < ms; t += 50) {
    if (cond()) return true;
    await sleep(50);
  }
  return cond();
}

/** Python: scan_memory(pattern) searches every readable region of /proc/self/mem; returns (matches, bytes read). */
const PY_SCAN = String.raw`
def scan_memory(pat):
    found, scanned = set(), 0
    try:
        maps = open("/proc/self/maps").read().splitlines()
        mem = open("/proc/self/mem", "rb", 0)
    except OSError:
        return found, scanned
    step = 1 << 20
    for line in maps:
        f = line.split()
        if not f[1].startswith("r") or (len(f) > 5 and f[5].startswith("[v")):
            continue
        a, b = (int(x, 16) for x in f[0].split("-"))
        at = a
        while at < b:
            try:
                mem.seek(at)
                chunk = mem.read(min(b - at, step + 64))
            except (OSError, ValueError, OverflowError):
                break
            scanned += len(chunk)
            found.update(pat.findall(chunk))
            at += step
    mem.close()
    return found, scanned
`;

/**
 * Scanner of attack 1: stdin holds the sha256 of the markers looked for, then a control marker's hex reversed (built
 * here, so the scan must find it whenever it can read memory). Prints the hashes found and the bytes read.
 */
const MEMORY_SCANNER = `import hashlib, re, sys
${PY_SCAN}
words = sys.stdin.read().split()
control = b"SECRET_" + words[-1][::-1].encode()
want = set(words[:-1]) | {hashlib.sha256(control).hexdigest()}
found, scanned = scan_memory(re.compile(rb"SECRET_[0-9a-f]{32}"))
hits = sorted(h for h in (hashlib.sha256(m).hexdigest() for m in found) if h in want)
print("scanned", scanned)
print("control", hashlib.sha256(control).hexdigest() in hits)
print("found", " ".join(h for h in hits if h != hashlib.sha256(control).hexdigest()))
`;

/** Parses the scanner's output. */
function scanReport(stdout: string) {
  const line = (k: string) => stdout.match(new RegExp(`^${k} ?(.*)$`, 'm'))?.[1] ?? '';
  return { scanned: Number(line('scanned')), control: line('control') === 'True', found: line('found').split(' ').filter(Boolean) };
}

beforeAll(async () => {
  // Secrets of the host process: no run may see them (attack f3).
  process.env.DATABASE_URL = 'postgres://exam:host-secret@localhost/exam';
  process.env.REDIS_URL = 'redis://:host-secret@localhost:6379';
  process.env.EXAM_TEST_SECRET = 'host-secret';
  runner = await createEmbeddedRunner({ slots: 2, warmMath: false });
  await runner.forkServer?.start();
});
afterAll(async () => {
  await runner?.close();
});

describe('1. memory left by earlier runs', () => {
  it(
    'shows no byte of an earlier run, nor of a run in flight, in the memory of a later run',
    async () => {
      const teacher = `SECRET_${hex()}`;
      const live = `SECRET_${hex()}`;
      const label = (h: string) => (h === sha256(teacher) ? 'earlier run' : h === sha256(live) ? 'run in flight' : h);
      const scan = async () => {
        const r = await runner.run({
          language: 'PYTHON',
          code: MEMORY_SCANNER,
          stdin: `${sha256(teacher)} ${sha256(live)} ${[...hex()].reverse().join('')}`,
          owner: 'student',
        });
        expect(r.verdict, r.stderr).toBe('OK');
        const report = scanReport(r.stdout);
        if (report.scanned > 0) expect(report.control, 'the scan finds a marker of its own').toBe(true);
        return report.found.map(label);
      };
      const first = await runner.run({ language: 'PYTHON', code: 's = input()\nprint("reference", s)', stdin: teacher, owner: 'teacher', expectedOutput: `reference ${teacher}` });
      expect(first.verdict).toBe('OK');
      const later = [await scan(), await scan(), await scan()];
      // A run in flight holds a second marker while the scanner runs: it reads the first line of a long stdin (a large
      // test input, more than a pipe holds), whose last line repeats the marker, then waits until the scan is done.
      const name = runName();
      const holder = track(
        runner.run({
          language: 'PYTHON',
          code: `s = input()\n${pyHold(name, 20)}\nprint(released, len(s))`,
          stdin: `${live}\n${'x'.repeat(100)}\n`.repeat(2000) + live,
          owner: 'teacher',
          limits: { wallMs: 25_000 },
        }),
      );
      let held: number | undefined;
      try {
        [held] = await waitForNamed(name);
        const during = await scan();
        expect(holder.settled(), 'the holder is still in flight').toBe(false);
        expect({ later, during }).toEqual({ later: [[], [], []], during: [] });
      } finally {
        if (held) release(held);
        await holder.promise.catch(() => undefined);
      }
      expect(await holder.promise).toMatchObject({ verdict: 'OK', stdout: `True ${live.length}\n` });
    },
    T,
  );
});

describe('2. hidden inputs', () => {
  it(
    'keeps a hidden case’s stdin out of every other case: frames, gc, /proc/self/mem, /tmp',
    async () => {
      const visible = `CASE_${hex()}`;
      const hidden = `CASE_${hex()}`;
      const name = runName();
      const code = `import gc, os, re, sys
${PY_SCAN}
own = sys.stdin.read().strip().encode()
pat = re.compile(rb"CASE_[0-9a-f]{32}")
def look(v, found, depth=0):
    if isinstance(v, str):
        v = v.encode("utf-8", "replace")
    if isinstance(v, (bytes, bytearray, memoryview)):
        found.update(pat.findall(bytes(v)))
    elif depth < 4 and isinstance(v, (list, tuple, set, frozenset, dict)):
        for x in (list(v.items()) if isinstance(v, dict) else list(v))[:100000]:
            look(x, found, depth + 1)
try:
    open("/tmp/case_%d" % os.getpid(), "wb").write(own)
except OSError:
    pass
# Both cases hold their stdin, in memory and in /tmp, before either looks.
${pyHold(name, 20)}
if not released:
    sys.exit("not released")
frames, objects, files = set(), set(), set()
f = sys._getframe()
while f is not None:
    look(f.f_locals, frames)
    f = f.f_back
for o in gc.get_objects():
    look(o, objects, 3)
for name in os.listdir("/tmp"):
    try:
        look(open(os.path.join("/tmp", name), "rb").read(), files)
    except OSError:
        pass
memory = scan_memory(pat)[0]
for what, found in (("frames", frames), ("gc", objects), ("tmp", files), ("mem", memory)):
    print(what, sorted(x.decode() for x in found if x != own))
`;
      // A student's hidden case never runs at the same time as his other runs (load.test.ts): here a visible case and
      // another student's hidden case, both in flight.
      const running = Promise.all([
        runner.runCases({ language: 'PYTHON', code, owner: 'student', limits: { wallMs: 25_000 } }, [{ stdin: visible }]),
        runner.runCases({ language: 'PYTHON', code, owner: 'other-student', limits: { wallMs: 25_000 } }, [{ stdin: hidden, hidden: true }]),
      ]).then((r) => r.flat());
      (await waitForNamed(name, { count: 2 })).forEach(release);
      const results = await running;
      expect(results.map((r) => r.verdict), results.map((r) => r.stderr).join('\n')).toEqual(['OK', 'OK']);
      // What each case found of the other case's stdin, by channel.
      const seen = (stdout: string) =>
        Object.fromEntries(
          stdout
            .trim()
            .split('\n')
            .map((l) => [l.split(' ')[0], [hidden, visible].filter((m) => l.includes(m)).map((m) => (m === hidden ? 'hidden stdin' : 'visible stdin'))]),
        );
      const nothing = { frames: [], gc: [], tmp: [], mem: [] };
      expect({ visibleCase: seen(results[0].stdout), hiddenCase: seen(results[1].stdout) }).toEqual({ visibleCase: nothing, hiddenCase: nothing });
    },
    T,
  );
});

describe('3. kernel keyring', () => {
  it(
    'refuses add_key, in Python and in R, and a later run finds no key',
    async () => {
      const desc = `exam_probe_${hex().slice(0, 12)}`;
      const payload = `KEY_${hex()}`;
      // x86_64: add_key 248, request_key 249, keyctl 250. KEY_SPEC_SESSION_KEYRING -3, KEY_SPEC_USER_KEYRING -4.
      const add = `import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
desc, payload = sys.stdin.read().split()
for ring in (-3, -4):
    r = libc.syscall(248, b"user", ("%s%d" % (desc, ring)).encode(), payload.encode(), len(payload), ring)
    print("add", ring, r)
`;
      const search = `import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
desc = sys.stdin.read().strip()
for ring in (-3, -4):
    d = ("%s%d" % (desc, ring)).encode()
    found = [libc.syscall(249, b"user", d, None, 0)] + [libc.syscall(250, 10, where, b"user", d, 0) for where in (-3, -4, -5)]
    for k in found:
        if k > 0:
            buf = ctypes.create_string_buffer(256)
            n = libc.syscall(250, 11, ctypes.c_long(k), buf, 256)
            print("read", buf.raw[: max(n, 0)].decode("latin-1"))
    print("search", ring, max(found))
`;
      const added = await runner.run({ language: 'PYTHON', code: add, stdin: `${desc} ${payload}`, owner: 'student-a' });
      const later = await runner.run({ language: 'PYTHON', code: search, stdin: desc, owner: 'student-b' });
      const r = await runner.run({
        language: 'R',
        code: `py <- ${JSON.stringify(add)}\nout <- system2("python3", c("-c", shQuote(py)), stdout = TRUE, stderr = TRUE, input = ${JSON.stringify(`${desc}r ${payload}`)})\ncat(out, sep = "\\n")`,
        owner: 'student-c',
      });
      expect({ python: added.stdout, later: later.stdout, r: r.stdout }).toEqual({
        python: 'add -3 -1\nadd -4 -1\n',
        later: 'search -3 -1\nsearch -4 -1\n',
        r: 'add -3 -1\nadd -4 -1\n',
      });
    },
    T,
  );
});

describe('4. channels between runs in flight', () => {
  it(
    'refuses sockets (AF_INET, AF_INET6, AF_UNIX): no message crosses between two runs',
    async () => {
      const port = 20000 + Math.floor(Math.random() * 40000);
      const name = `exam-probe-${hex().slice(0, 8)}`;
      const holdName = runName();
      const families = 'import socket\nFAMILIES = ((socket.AF_INET, ("127.0.0.1", PORT)), (socket.AF_INET6, ("::1", PORT)), (socket.AF_UNIX, "\\0" + NAME))\n';
      const head = `PORT = ${port}\nNAME = ${JSON.stringify(name)}\n${families}import select, time\n`;
      const listener = `${head}
socks = []
for fam, addr in FAMILIES:
    try:
        s = socket.socket(fam, socket.SOCK_STREAM)
    except OSError:
        print("refused", fam.name)
        continue
    try:
        s.bind(addr)
        s.listen(4)
        socks.append(s)
        print("listening", fam.name)
    except OSError as e:
        print("no bind", fam.name, e.errno)
# Listening (or refused) before the sender starts; until the test says the sender is done.
${pyAnnounce(holdName)}
released = False
end = time.monotonic() + 20
while not released and time.monotonic() < end:
    ready = select.select(socks, [], [], 0.1)[0] if socks else []
    for s in ready:
        c = s.accept()[0]
        c.settimeout(1)
        try:
            print("got", c.recv(100).decode())
        except OSError:
            pass
    released = signal.sigtimedwait({signal.SIGUSR1}, 0 if socks else 0.1) is not None
print("released" if released else "not released")
`;
      const sender = `${head}
left = dict(FAMILIES)
for fam in list(left):
    try:
        socket.socket(fam, socket.SOCK_STREAM).close()
    except OSError:
        print("refused", fam.name)
        del left[fam]
end = time.monotonic() + 1.5
while left and time.monotonic() < end:
    for fam, addr in list(left.items()):
        try:
            s = socket.socket(fam, socket.SOCK_STREAM)
            s.settimeout(0.2)
            s.connect(addr)
            s.sendall(b"hello " + fam.name.encode())
            s.close()
            print("sent", fam.name)
            del left[fam]
        except OSError:
            pass
    time.sleep(0.05)
`;
      const listening = track(runner.run({ language: 'PYTHON', code: listener, owner: 'student-a', limits: { wallMs: 25_000 } }));
      let held: number | undefined;
      try {
        [held] = await waitForNamed(holdName);
        const sent = await runner.run({ language: 'PYTHON', code: sender, owner: 'student-b', limits: { wallMs: 6000 } });
        expect(listening.settled(), 'the listener is still in flight').toBe(false);
        release(held);
        held = undefined;
        const heard = await listening.promise;
        const refusedAll = 'refused AF_INET\nrefused AF_INET6\nrefused AF_UNIX\n';
        expect({ listener: heard.stdout, sender: sent.stdout }).toEqual({ listener: `${refusedAll}released\n`, sender: refusedAll });
      } finally {
        if (held) release(held);
        await listening.promise.catch(() => undefined);
      }
    },
    T,
  );

  it(
    'does not show a run’s pseudo-terminal to another run in flight',
    async () => {
      const name = runName();
      // The opener holds its pty (or has been refused one) all through the lister's look.
      const opener = track(
        runner.run({
          language: 'PYTHON',
          code: `import os\ntry:\n    m, s = os.openpty()\n    print("pty", os.ttyname(s))\nexcept OSError as e:\n    print("no pty", e.errno)\n${pyHold(name, 20)}\nprint(released)`,
          owner: 'student-a',
          limits: { wallMs: 25_000 },
        }),
      );
      let held: number | undefined;
      try {
        [held] = await waitForNamed(name);
        const lister = await runner.run({
          language: 'PYTHON',
          code: 'import os\ntry:\n    print(sorted(os.listdir("/dev/pts")))\nexcept OSError:\n    print([])',
          owner: 'student-b',
        });
        expect(opener.settled(), 'the pty holder is still in flight').toBe(false);
        release(held);
        held = undefined;
        const opened = await opener.promise;
        expect(opened.stdout).toMatch(/\nTrue\n$/);
        const others = JSON.parse(lister.stdout.replace(/'/g, '"')) as string[];
        expect(others.filter((n) => n !== 'ptmx'), `opener: ${opened.stdout}`).toEqual([]);
      } finally {
        if (held) release(held);
        await opener.promise.catch(() => undefined);
      }
    },
    T,
  );
});

describe('5. limits per run, not per process', () => {
  it(
    'counts the memory of all a run’s processes against its limit',
    async () => {
      const code = `import os, sys, time
kids = []
for i in range(6):
    pid = os.fork()
    if pid == 0:
        try:
            b = bytearray(200 * 1024 * 1024)
            for j in range(0, len(b), 4096):
                b[j] = 1
            print("done", i, flush=True)
            time.sleep(1.5)
        except MemoryError:
            print("refused", i, flush=True)
        os._exit(0)
    kids.append(pid)
for pid in kids:
    os.waitpid(pid, 0)
print("parent end")
`;
      const r = await runner.run({ language: 'PYTHON', code, limits: { memoryMb: 256, wallMs: 10_000 }, owner: 'student' });
      const done = r.stdout.match(/^done /gm)?.length ?? 0;
      // Not OK, or not every child got its 200 MB.
      expect({ verdict: r.verdict, done }, 'six children held 200 MB each under a 256 MB limit').not.toEqual({ verdict: 'OK', done: 6 });
    },
    T,
  );

  // The bomb ends at its CPU limit; held back by a loaded machine, it may last up to its wall cap, twice (wallclock.ts).
  const bombLimits = { cpuSeconds: 3, wallMs: 3000 };
  it(
    'judges another owner’s program normally while a fork bomb is in flight',
    async () => {
      // The bomb's processes carry its name (children inherit it): other runs of the machine are not counted.
      const name = runName();
      const bomb = track(
        runner.run({
          language: 'PYTHON',
          code: `${pyAnnounce(name)}\nimport os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass`,
          limits: bombLimits,
          owner: 'student-a',
        }),
      );
      try {
        expect(await waitFor(() => processesNamed(name).length >= 20, 5000), 'the bomb holds many processes').toBe(true);
        const cases = [
          { stdin: '1 2', expectedOutput: '3' },
          { stdin: '10 20 30', expectedOutput: '60' },
          { stdin: '-5 5', expectedOutput: '0' },
        ];
        const results = await runner.runCases({ language: 'PYTHON', code: 'print(sum(map(int, input().split())))', owner: 'student-b' }, cases);
        expect(bomb.settled(), 'the bomb is still in flight').toBe(false);
        expect(results.map((r) => r.verdict), results.map((r) => r.stderr).join('\n')).toEqual(['OK', 'OK', 'OK']);
      } finally {
        await bomb.promise.catch(() => undefined);
      }
    },
    2 * wallCapMs(bombLimits) + T,
  );

  it(
    'lets another owner’s run through before one owner’s many endless runs',
    async () => {
      const order: string[] = [];
      // More endless runs than the runner has slots (2): first come, first served, B would wait behind some of them.
      const loops = Array.from({ length: 3 }, () =>
        runner.run({ language: 'PYTHON', code: 'while True:\n    pass', limits: { cpuSeconds: 1, wallMs: 2000 }, owner: 'student-a' }).finally(() => order.push('A')),
      );
      const other = runner.run({ language: 'PYTHON', code: 'print(1)', expectedOutput: '1', owner: 'student-b' }).finally(() => order.push('B'));
      const [b, ...a] = await Promise.all([other, ...loops]);
      expect(b.verdict).toBe('OK');
      expect(a.map((r) => r.verdict)).toEqual(Array(3).fill('TIME_LIMIT'));
      expect(order.indexOf('B'), `order of settlement: ${order.join(' ')}`).toBe(0);
    },
    T,
  );

  it(
    'runs a normal program with 20 threads and a subprocess under the default limits',
    async () => {
      const code = `import subprocess, threading
held = []
barrier = threading.Barrier(20, timeout=5)
def work():
    held.append(bytearray(1024 * 1024))
    barrier.wait()
threads = [threading.Thread(target=work) for _ in range(20)]
for t in threads:
    t.start()
for t in threads:
    t.join()
r = subprocess.run(["python3", "-c", "print(2)"], capture_output=True, text=True)
print(len(held), r.stdout.strip())
`;
      const r = await runner.run({ language: 'PYTHON', code, owner: 'student' });
      expect(r.stderr).toBe('');
      expect(r).toMatchObject({ verdict: 'OK', stdout: '20 2\n' });
    },
    T,
  );
});

describe('6. seccomp and capabilities', () => {
  it(
    'runs under a seccomp filter with an empty bounding set; no user namespace, mount or ptrace',
    async () => {
      // Each attempt in a child: a filter that kills the caller still reads as a failure.
      const code = `import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
status = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines() if ":" in l)
print("seccomp", status["Seccomp"].strip(), flush=True)
print("capbnd", status["CapBnd"].strip(), flush=True)
def attempt(name, call):
    pid = os.fork()
    if pid == 0:
        try:
            os._exit(0 if call() == 0 else 1)
        except BaseException:
            os._exit(1)
    st = os.waitpid(pid, 0)[1]
    print(name, "succeeded" if os.waitstatus_to_exitcode(st) == 0 else "failed", flush=True)
CLONE_NEWUSER = 0x10000000
attempt("unshare", lambda: libc.unshare(CLONE_NEWUSER))
attempt("os.unshare", lambda: getattr(os, "unshare", lambda f: 1)(CLONE_NEWUSER) or 0)
attempt("mount", lambda: libc.mount(b"tmpfs", b"/tmp", b"tmpfs", 0, None))
attempt("ptrace", lambda: libc.ptrace(0, 0, None, None))
`;
      const py = await runner.run({ language: 'PYTHON', code, owner: 'student' });
      const r = await runner.run({ language: 'R', code: 'cat(grep("^(Seccomp|CapBnd):", readLines("/proc/self/status"), value = TRUE), sep = "\\n")', owner: 'student' });
      expect({ python: py.stdout, r: r.stdout.replace(/\t/g, ' ').trim() }).toEqual({
        python: 'seccomp 2\ncapbnd 0000000000000000\nunshare failed\nos.unshare failed\nmount failed\nptrace failed\n',
        r: 'CapBnd: 0000000000000000\nSeccomp: 2',
      });
    },
    T,
  );
});

describe('fault tests: the container’s own tricks', () => {
  it(
    'f1. gives the next run a /tmp with only its own main.py, whatever links an earlier run planted',
    async () => {
      const plant = await runner.run({
        language: 'PYTHON',
        code: 'import os\nos.symlink("/proc/1/environ", "/tmp/x")\nos.remove("/tmp/main.py")\nos.symlink("/proc/1/environ", "/tmp/main.py")\nprint(sorted(os.listdir("/tmp")))',
        owner: 'student-a',
      });
      expect(plant.verdict, plant.stderr).toBe('OK');
      const next = await runner.run({
        language: 'PYTHON',
        code: 'import os\nprint(sorted(os.listdir("/tmp")), os.path.islink("/tmp/main.py"), open("/tmp/main.py").read().startswith("import os"))',
        owner: 'student-b',
      });
      expect(next.stdout).toBe("['main.py'] False True\n");
    },
    T,
  );

  it(
    'f2. hides the harness: its files are nowhere to read, and PID 1 is the run’s own init, whose memory is closed',
    async () => {
      const code = `import os
found = []
# Everything but the system's own read-only files (/usr, /etc) and the kernel's (/proc, /sys).
for top in ("/",):
    for d, dirs, files in os.walk(top):
        if d == "/":
            dirs[:] = [x for x in dirs if x not in ("proc", "sys", "usr", "etc")]
        found += [os.path.join(d, f) for f in files if f.endswith((".py", ".json", ".bpf")) and not d.startswith("/usr")]
print("files", sorted(set(found) - {"/tmp/main.py"}))
status = dict(l.split(":", 1) for l in open("/proc/1/status").read().splitlines() if ":" in l)
print("pid1", status["PPid"].strip(), open("/proc/1/task/1/children").read().split())
try:
    open("/proc/1/mem", "rb").read(1)
    print("mem readable")
except OSError as e:
    print("mem refused")
`;
      const r = await runner.run({ language: 'PYTHON', code, owner: 'student' });
      expect(r.stdout, r.stderr).toBe("files []\npid1 0 ['2']\nmem refused\n");
    },
    T,
  );

  it(
    'f3. hands a run only harmless environment variables, in both languages',
    async () => {
      const common = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'PWD', 'TMPDIR', 'TZ', 'MALLOC_ARENA_MAX'];
      const py = await runner.run({ language: 'PYTHON', code: 'import json, os\nprint(json.dumps(dict(os.environ)))', owner: 'student' });
      // R sets variables of its own once started: the environment it was given is the one of /proc/self/environ.
      const r = await runner.run({
        language: 'R',
        code: 'e <- readBin("/proc/self/environ", "raw", 1e6)\ncat(rawToChar(replace(e, e == as.raw(0), as.raw(10))))',
        owner: 'student',
      });
      const pyEnv = JSON.parse(py.stdout) as Record<string, string>;
      const rEnv = Object.fromEntries(
        r.stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      ) as Record<string, string>;
      expect(Object.keys(pyEnv).filter((k) => !common.includes(k))).toEqual([]);
      expect(Object.keys(rEnv).filter((k) => !common.includes(k) && !/^R_/.test(k) && k !== 'LD_LIBRARY_PATH')).toEqual([]);
      expect(Object.keys(rEnv)).toContain('PATH');
      expect(py.stdout + r.stdout).not.toContain('host-secret');
    },
    T,
  );

  it(
    'f4. shows a run only its own processes, never a sibling run’s',
    async () => {
      const marker = `sibling${hex().slice(0, 12)}`;
      const name = runName();
      // The sibling and its child run until both looks are done.
      const sibling = track(
        runner.run({
          language: 'PYTHON',
          code: `import subprocess\np = subprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(30)", "${marker}"])\n${pyHold(name, 20)}\np.kill()`,
          owner: 'student-a',
          limits: { wallMs: 25_000 },
        }),
      );
      let held: number | undefined;
      try {
        [held] = await waitForNamed(name);
        expect(await waitFor(() => processesWith(marker).length > 0, 5000), 'the sibling’s process runs').toBe(true);
        const walk = await runner.run({
          language: 'PYTHON',
          code: 'import json, os\nprocs = {}\nfor p in os.listdir("/proc"):\n    if p.isdigit():\n        try:\n            procs[p] = open("/proc/%s/cmdline" % p, "rb").read().decode("latin-1")\n        except OSError:\n            procs[p] = ""\nprint(json.dumps(procs))',
          owner: 'student-b',
        });
        const r = await runner.run({
          language: 'R',
          code: [
            'for (p in list.files("/proc", pattern = "^[0-9]+$")) {',
            '  e <- tryCatch(readBin(file.path("/proc", p, "cmdline"), "raw", 65536), error = function(e) raw(0))',
            '  cat(p, rawToChar(replace(e, e == as.raw(0), as.raw(32))), "\\n")',
            '}',
          ].join('\n'),
          owner: 'student-b',
        });
        expect(sibling.settled(), 'the sibling is still in flight').toBe(false);
        const procs = JSON.parse(walk.stdout) as Record<string, string>;
        expect(Object.keys(procs).map(Number).sort((x, y) => x - y)).toEqual([1, 2]);
        expect(walk.stdout + r.stdout).not.toContain(marker);
        expect(r.verdict).toBe('OK');
      } finally {
        if (held) release(held);
        await sibling.promise.catch(() => undefined);
      }
    },
    T,
  );

  it(
    'f5. hands a program none of the descriptors its API process inherited',
    async () => {
      // The child holds descriptors 3 to 5 (pipes) without close-on-exec: none may reach a program.
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'inherited-fds-entry.ts')], {
        stdio: ['ignore', 'pipe', 'inherit', 'pipe', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
      await new Promise((r) => child.on('close', r));
      const seen = JSON.parse(out) as Record<string, string>;
      expect(Object.keys(seen).sort()).toEqual(['R', 'fork server', 'sandbox of its own']);
      for (const [where, listing] of Object.entries(seen)) {
        // 0 to 2 are the program's own stdio; anything else that is a pipe or a socket came from outside.
        const foreign = listing
          .split('\n')
          .map((l) => l.trim().split(' '))
          .filter(([fd, target]) => Number(fd) > 2 && /^(pipe|socket):/.test(target ?? ''));
        expect(foreign, `${where}: ${listing}`).toEqual([]);
      }
    },
    T,
  );
});
