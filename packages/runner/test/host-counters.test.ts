// Runs against the real sandbox: no run sees a counter of the host that another run moves (a hidden case's input
// spelled through pseudo-terminals, memory, files or threads), and a run filling its memory from many small
// processes ends alone, with its own verdict, while the Python fork server serves the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pyHold, release, runName, waitForNamed } from './host-processes';
import { createEmbeddedRunner, DEFAULT_LIMITS, PYTHON_PATH, runInSandbox, type EmbeddedRunner } from '../src';

let runner: EmbeddedRunner;
const T = 60_000;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2, warmMath: false });
  await runner.forkServer?.start();
});
afterAll(async () => {
  await runner?.close();
});

/** The processes named `name` once they run; fails at once, with what it said, if `run` ends first. */
function heldOr(name: string, run: Promise<unknown>): Promise<number[]> {
  const ended = run.then((r) => Promise.reject(new Error(`ended before ${name} held: ${JSON.stringify(r)}`)));
  return Promise.race([waitForNamed(name), ended]);
}

/** Releases a held run, if still there (one lost with its server is not). */
function letGo(pid: number) {
  try {
    release(pid);
  } catch {
    /* gone */
  }
}

/** Host-wide counters of /proc, and a few that are per network namespace (sockets of a socketpair). */
const COUNTERS = [
  '/proc/sys/kernel/pty/nr',
  '/proc/sys/fs/inode-nr',
  '/proc/sys/fs/file-nr',
  '/proc/sys/fs/dentry-state',
  '/proc/sys/kernel/random/entropy_avail',
  '/proc/meminfo',
  '/proc/loadavg',
  '/proc/stat',
  '/proc/vmstat',
  '/proc/slabinfo',
  '/proc/zoneinfo',
  '/proc/buddyinfo',
  '/proc/pagetypeinfo',
  '/proc/pressure/cpu',
  '/proc/pressure/memory',
  '/proc/pressure/io',
  '/proc/swaps',
  '/proc/diskstats',
  '/proc/interrupts',
  '/proc/softirqs',
  '/proc/schedstat',
  '/proc/sched_debug',
  '/proc/timer_list',
  '/proc/kallsyms',
  '/proc/keys',
  '/proc/key-users',
  '/proc/sysvipc/shm',
  '/proc/locks',
  '/proc/uptime',
  '/proc/cgroups',
  '/proc/cpuinfo',
  '/proc/vmallocinfo',
  '/proc/self/net/unix',
  '/proc/self/net/sockstat',
  '/proc/self/net/protocols',
];

/**
 * A reader: looks at every counter, waits (held, named `name`) while the other run moves them, looks again and
 * prints the counters whose content changed, then whether it could open a pseudo-terminal.
 */
const pyReader = (name: string) => `import ctypes, json, os, re
PATHS = ${JSON.stringify(COUNTERS)}
libc = ctypes.CDLL(None, use_errno=True)
def hostTraffic(p, b):
    # The protocols' memory (sockstat's "mem", protocols' 4th column) and TCP sockets are the host's network traffic,
    # which no run can move (no socket but socketpair): left out, so that the host's own traffic is not read as a
    # channel; the sockets of the run's network namespace (sockstat's "sockets: used") stay compared.
    if "/net/" not in p:
        return b
    lines = re.sub(rb" mem \\d+", b"", b).split(b"\\n")
    if p.endswith("protocols"):
        lines = [b" ".join(l.split()[:3] + l.split()[4:]) for l in lines]
    if p.endswith("sockstat"):
        # Its other lines count the host's TCP sockets (alloc, orphan) whatever the network namespace.
        lines = [l for l in lines if l.startswith(b"sockets:")]
    return b"\\n".join(lines)
def look():
    seen = {}
    for p in PATHS:
        try:
            with open(p, "rb") as f:
                seen[p] = hostTraffic(p, f.read())
        except OSError as e:
            seen[p] = "error %d" % e.errno
    # sysinfo(2): free and shared memory, process count and loads of the host (its first field, uptime, moves alone).
    buf = ctypes.create_string_buffer(128)
    seen["sysinfo"] = buf.raw[8:] if libc.sysinfo(buf) == 0 else "error %d" % ctypes.get_errno()
    return seen
before = look()
${pyHold(name, 40)}
after = look()
print(json.dumps({"released": released, "changed": sorted(p for p in before if before[p] != after[p])}))
try:
    os.openpty()
    print("pty")
except OSError:
    print("no pty")
`;

/** The same reader in R: it holds through a Python child of its own. */
const rReader = (name: string) => `paths <- c(${COUNTERS.map((p) => JSON.stringify(p)).join(', ')})
# The protocols' memory is the host's network traffic, which no run can move (as in the Python reader).
hostTraffic <- function(p, x) if (grepl("sockstat", p)) x[grepl("^sockets:", x)] else if (grepl("/net/", p)) sub("^(\\\\S+\\\\s+\\\\S+\\\\s+\\\\S+)\\\\s+\\\\S+", "\\\\1", gsub(" mem [0-9]+", "", x), perl = TRUE) else x
look <- function() vapply(paths, function(p) tryCatch(paste(hostTraffic(p, readLines(p, warn = FALSE)), collapse = "\\n"), error = function(e) "error", warning = function(w) "error"), "")
before <- look()
held <- system2("python3", c("-c", shQuote(${JSON.stringify(`${pyHold(name, 40)}\nprint(released)`)})), stdout = TRUE)
after <- look()
cat(sprintf("released %s\\n", held))
cat(sprintf("changed [%s]\\n", paste(paths[before != after], collapse = " ")))
`;

/** The "hidden case": after the test's go, moves every counter it can and holds them until released. */
const mover = (go: string, holding: string) => `import mmap, os, socket, threading, time
${pyHold(go, 40)}
held = []
try:
    for _ in range(20):
        held.append(os.openpty())
except OSError:
    pass
for _ in range(2):
    fd = os.memfd_create("secret")
    os.write(fd, b"x" * (12 << 20))
with open("/dev/shm/secret", "wb") as f:
    f.write(b"y" * (8 << 20))
for i in range(80):
    held.append(open("/tmp/f%d" % i, "w"))
for _ in range(20):
    held.append(socket.socketpair())
    held.append(os.pipe())
stop = threading.Event()
threads = [threading.Thread(target=stop.wait) for _ in range(30)]
for t in threads:
    t.start()
kids = []
for _ in range(10):
    pid = os.fork()
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    kids.append(pid)
# Some CPU, interrupts and memory traffic too.
end = time.monotonic() + 0.3
while time.monotonic() < end:
    bytearray(1 << 20)
${pyHold(holding, 40)}
stop.set()
for pid in kids:
    os.kill(pid, 9)
print(released)
`;

describe('host-wide kernel counters', () => {
  it(
    'shows a run in flight (fork server, fresh sandbox, R) no counter another run moves, and no pseudo-terminal',
    async () => {
      const [go, holding, viaServer, viaSandbox, viaR] = [runName(), runName(), runName(), runName(), runName()];
      const moving = runner.run({ language: 'PYTHON', code: mover(go, holding), owner: 'student-hidden', limits: { wallMs: 50_000, cpuSeconds: 10 } });
      const limits = { ...DEFAULT_LIMITS, wallMs: 50_000 };
      const readers = [
        runner.run({ language: 'PYTHON', code: pyReader(viaServer), owner: 'student-visible', limits: { wallMs: 50_000 } }).then((r) => r.stdout + r.stderr),
        runInSandbox(runner.sandbox, { argv: [PYTHON_PATH, '-I', '-B', '/tmp/main.py'], files: [{ path: '/tmp/main.py', content: pyReader(viaSandbox) }], stdin: '', limits }).then(
          (r) => r.stdout.toString() + r.stderr.toString(),
        ),
        (runner.warmR?.run(rReader(viaR), '', limits) ?? Promise.reject(new Error('no pre-started R sandbox'))).then((r) => r.stdout.toString() + r.stderr.toString()),
      ];
      const held: number[] = [];
      try {
        // Every reader has taken its first look; the mover starts, and holds what it moved while they look again.
        for (const [i, name] of [viaServer, viaSandbox, viaR].entries()) held.push(...(await heldOr(name, readers[i])));
        release((await heldOr(go, moving))[0]);
        const moverHeld = (await heldOr(holding, moving))[0];
        const [server, sandbox, r] = await Promise.all(held.splice(0).map((pid, i) => (release(pid), readers[i])));
        release(moverHeld);
        expect((await moving).stdout).toBe('True\n');
        const parse = (out: string) => JSON.parse(out.split('\n')[0]) as { released: boolean; changed: string[] };
        expect({ server: parse(server), sandbox: parse(sandbox) }).toEqual({ server: { released: true, changed: [] }, sandbox: { released: true, changed: [] } });
        expect(server.split('\n')[1]).toBe('no pty');
        expect(sandbox.split('\n')[1]).toBe('no pty');
        expect(r).toBe('released True\nchanged []\n');
      } finally {
        held.forEach(letGo);
        await Promise.allSettled([moving, ...readers]);
      }
    },
    T,
  );
});

describe('memory filled from many small processes', () => {
  it(
    'ends the run that filled its memory with memfd data, with its own verdict: the fork server stays, another run goes on',
    async () => {
      const server = runner.forkServer;
      expect(server?.unavailable).toBeUndefined();
      const pid = server?.pid;
      // Each tiny process holds 12 MiB of memfd data (under the 16 MiB file size limit): 60 of them, far past the run's
      // memory, while none of them is large.
      const attack = `import os
chunk = b"z" * (1 << 20)
kids = []
for i in range(60):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        try:
            fd = os.memfd_create("fill", 0)
            for _ in range(12):
                os.write(fd, chunk)
        except OSError:
            pass
        # A process of a few hundred KiB, its memfd held open across exec.
        os.execv("/bin/sleep", ["sleep", "4"])
    kids.append(pid)
for pid in kids:
    os.waitpid(pid, 0)
print("survived")
`;
      const name = runName();
      const other = runner.run({
        language: 'PYTHON',
        code: `${pyHold(name, 40)}\nprint(sum(map(int, input().split())) if released else "not released")`,
        stdin: '20 22',
        expectedOutput: '42',
        owner: 'student-b',
        limits: { wallMs: 50_000 },
      });
      let held: number[] = [];
      try {
        // The other run is in flight on the fork server all through the attack.
        held = await waitForNamed(name);
        const attacked = await runner.run({ language: 'PYTHON', code: attack, owner: 'student-a', limits: { wallMs: 20_000, cpuSeconds: 10 } });
        expect({ verdict: attacked.verdict, pid: server?.pid }, attacked.stdout + attacked.stderr).toEqual({ verdict: 'MEMORY_LIMIT', pid });
        expect(attacked.stderr).toContain('limite de mémoire atteinte');
        held.forEach(release);
        held = [];
        expect(await other).toMatchObject({ verdict: 'OK', stdout: '42\n' });
        expect(server?.pid).toBe(pid);
      } finally {
        held.forEach(letGo);
        await other.catch(() => undefined);
      }
    },
    T,
  );
});
