// Pre-started sandboxes: each is a fresh sandbox (own namespaces, tmpfs, limits) whose interpreter has
// already started and waits for one program on descriptor 3. A run takes one, sends the program and its
// stdin, and a new one is started in the background. A sandbox is never used twice, so isolation is the
// same as a cold start; only the interpreter's start-up leaves the critical path.
// Python runs a small loader that reads the program; R reads its --file from the pipe itself
// (R opens the file at start and reads it only once its packages are loaded), so R's own semantics hold.
import { launchSandboxed, PYTHON_PATH, supervise, type Launched, type RawRun, type SandboxEnv } from './sandbox';
import type { RunLimits } from './types';

/** CPU seconds as the sandbox sets them (soft limit, hard limit one second above: see buildArgv). */
const cpuRlimit = (l: RunLimits) => Math.max(1, Math.ceil(l.cpuSeconds));

/**
 * First line sent on descriptor 3 before the program: the run's CPU (soft, hard) and address-space limits, which
 * the waiting interpreter applies to itself before reading the program. Limits can only be lowered there, so a
 * pre-started sandbox serves a run whose limits are at most those it was started with.
 */
export function limitsHeader(l: RunLimits): string {
  const cpu = cpuRlimit(l);
  return `${cpu} ${cpu + 1} ${l.memoryMb * 1024 * 1024}\n`;
}

/** Most cases one batch sandbox runs one after another (more cases: several batches). */
export const MAX_BATCH_CASES = 8;

/**
 * What precedes the program in the loader's batch mode: a first line `B cpu_soft cpu_hard mem wall_ms cap width`
 * followed by each case's stdin length in UTF-8 bytes, then the stdins themselves, back to back. Plain integers, not
 * JSON: importing `json` (and the regular expressions it compiles) costs the sandboxed interpreter ≈ 6 ms per batch.
 */
export function batchHeader(l: RunLimits, stdins: string[], width: number): string {
  const cpu = cpuRlimit(l);
  const lengths = stdins.map((s) => Buffer.byteLength(s, 'utf8'));
  return `B ${cpu} ${cpu + 1} ${l.memoryMb * 1024 * 1024} ${l.wallMs} ${l.outputBytes} ${width} ${lengths.join(' ')}\n${stdins.join('')}`;
}

/** What the host allows the whole batch sandbox: every case's deadline and output, plus a margin. */
export function batchEnvelope(l: RunLimits, k: number, width: number): RunLimits {
  return { ...l, wallMs: Math.ceil(k / width) * (l.wallMs + 500) + 2000, outputBytes: k * (2 * l.outputBytes + 1024) + 4096 };
}

const STOPPED = 'Exécution interrompue : le bac à sable s’est arrêté avant ce test.';

/**
 * Splits the loader's output into one raw run per case. A case without a (well-formed) frame, because the sandbox
 * ended or was killed first, gets no output and the sandbox's own end: a time-out when the batch's deadline hit,
 * else a runtime error.
 */
export function parseBatch(raw: RawRun, k: number): RawRun[] {
  const runs: Array<RawRun | undefined> = new Array(k).fill(undefined);
  let at = 0;
  const buf = raw.stdout;
  for (;;) {
    const nl = buf.indexOf(10, at);
    if (nl < 0) break;
    let f: Record<string, unknown>;
    try {
      f = JSON.parse(buf.subarray(at, nl).toString('utf8')) as Record<string, unknown>;
    } catch {
      break;
    }
    const { i, out, err } = f;
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= k || runs[i]) break;
    if (typeof out !== 'number' || typeof err !== 'number' || !Number.isInteger(out) || !Number.isInteger(err) || out < 0 || err < 0) break;
    if (nl + 1 + out + err > buf.length) break;
    runs[i] = {
      exitCode: typeof f.code === 'number' ? f.code : null,
      signal: typeof f.signal === 'string' ? f.signal : null,
      timedOut: f.timedOut === true,
      outputExceeded: f.exceeded === true,
      durationMs: typeof f.ms === 'number' ? f.ms : 0,
      stdout: Buffer.from(buf.subarray(nl + 1, nl + 1 + out)),
      stderr: Buffer.from(buf.subarray(nl + 1 + out, nl + 1 + out + err)),
    };
    at = nl + 1 + out + err;
  }
  return runs.map(
    (r) =>
      r ?? {
        exitCode: null,
        signal: raw.timedOut ? null : 'SIGKILL',
        timedOut: raw.timedOut,
        outputExceeded: false,
        durationMs: 0,
        stdout: Buffer.alloc(0),
        stderr: Buffer.from(raw.timedOut ? '' : STOPPED),
      },
  );
}

/** Runs one program against every stdin in a fresh sandbox (no pre-started one fits or is ready). */
export function runBatchCold(env: SandboxEnv, code: string, stdins: string[], limits: RunLimits, width: number): Promise<RawRun[]> {
  const envelope = batchEnvelope(limits, stdins.length, width);
  let launched: Launched;
  try {
    launched = launchSandboxed(env, {
      argv: WARM_PYTHON.argv,
      files: [],
      limits,
      extraPipes: 1,
      guardSeconds: Math.ceil(envelope.wallMs / 1000) + 2,
    });
  } catch (e) {
    const stderr = Buffer.from(e instanceof Error ? e.message : String(e));
    return Promise.resolve(stdins.map(() => ({ exitCode: null, signal: null, stdout: Buffer.alloc(0), stderr, timedOut: false, outputExceeded: false, durationMs: 0 })));
  }
  const codeFd = launched.child.stdio[3] as NodeJS.WritableStream & { on: (e: string, cb: () => void) => void };
  codeFd.on('error', () => {});
  return supervise(env, launched, { stdin: '', limits: envelope }, performance.now(), () => codeFd.end(batchHeader(limits, stdins, width) + code)).then((raw) =>
    parseBatch(raw, stdins.length),
  );
}

/**
 * Batch mode of the loader (a first line in JSON): one program against k stdins in this one sandbox. The program is
 * compiled once; each case runs in its own forked process (own process group, stdin/stdout/stderr pipes, the run's
 * CPU and memory limits, fresh CPU time), one after another, each with its own wall-clock deadline and output cap,
 * enforced here. The loader is made non-dumpable, so that a case cannot reach its descriptors through /proc (cases
 * of one program need no isolation from each other; the host still checks every frame). Each result goes to the
 * host on the loader's stdout as one JSON line followed by the case's stdout and stderr bytes.
 */
const PYTHON_BATCH = String.raw`
def _exit_status(e):
    c = e.code
    if c is None:
        return 0
    if isinstance(c, int):
        return c & 0xFF
    try:
        sys.stderr.write(str(c) + "\n")
    except BaseException:
        pass
    return 1

def _prepare(src):
    # The program as /tmp/main.py (for tracebacks), compiled; a compile error is raised when a case runs it.
    with open("/tmp/main.py", "wb") as f:
        f.write(src)
    try:
        return compile(src, "/tmp/main.py", "exec"), None
    except BaseException as e:
        return None, e

def _case(code, error, limits, prctl):
    status = 1
    try:
        if prctl is not None:
            prctl(4, 1, 0, 0, 0)
        resource.setrlimit(resource.RLIMIT_CPU, limits[0])
        resource.setrlimit(resource.RLIMIT_AS, limits[1])
        m = _module()
        try:
            if error is not None:
                raise error
            exec(code, m.__dict__)
            status = 0
        except SystemExit as e:
            status = _exit_status(e)
        except BaseException as e:
            import traceback
            tb = None if isinstance(e, SyntaxError) else e.__traceback__.tb_next
            traceback.print_exception(type(e), e, tb)
            status = 1
        t = sys.modules.get("threading")
        if t is not None:
            try:
                t._shutdown()
            except BaseException:
                pass
        try:
            atexit._run_exitfuncs()
        except BaseException:
            pass
        for s in (sys.stdout, sys.stderr):
            try:
                s.flush()
            except BaseException:
                if status == 0:
                    status = 120
    finally:
        os._exit(status)

def _start(i, data, code, error, limits, prctl, wall):
    i_r, i_w = os.pipe()
    o_r, o_w = os.pipe()
    e_r, e_w = os.pipe()
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            os.dup2(i_r, 0)
            os.dup2(o_w, 1)
            os.dup2(e_w, 2)
            os.closerange(3, 4096)
        except BaseException:
            os._exit(71)
        _case(code, error, limits, prctl)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    os.close(i_r)
    os.close(o_w)
    os.close(e_w)
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    c = {"i": i, "pid": pid, "pidfd": pidfd, "t0": t0, "deadline": t0 + wall, "out": bytearray(), "err": bytearray(),
         "seen": {o_r: 0, e_r: 0}, "open": {o_r: "out", e_r: "err"}, "w": None, "data": data,
         "timed": False, "exceeded": False}
    if data:
        os.set_blocking(i_w, False)
        c["w"] = i_w
    else:
        os.close(i_w)
    return c

def _finish(c, res):
    ms = int((time.monotonic() - c["t0"]) * 1000)
    try:
        os.killpg(c["pid"], signal.SIGKILL)
    except OSError:
        pass
    if c["w"] is not None:
        os.close(c["w"])
    for fd in c["open"]:
        os.close(fd)
    if c["pidfd"] is not None:
        os.close(c["pidfd"])
    _, st = os.waitpid(c["pid"], 0)
    code = os.waitstatus_to_exitcode(st)
    sig = None
    if code < 0:
        try:
            sig = signal.Signals(-code).name
        except ValueError:
            sig = "SIG%d" % -code
        code = None
    out, err = bytes(c["out"]), bytes(c["err"])
    # A JSON line written by hand: integers, booleans and a signal name (letters and digits) only.
    line = '{"i":%d,"code":%s,"signal":%s,"timedOut":%s,"exceeded":%s,"ms":%d,"out":%d,"err":%d}' % (
        c["i"], "null" if code is None else "%d" % code, "null" if sig is None else '"%s"' % sig,
        "true" if c["timed"] else "false", "true" if c["exceeded"] else "false", ms, len(out), len(err))
    frame = line.encode() + b"\n" + out + err
    while frame:
        frame = frame[os.write(res, frame):]

def _read(c, fd, cap):
    chunk = os.read(fd, 65536)
    if not chunk:
        os.close(fd)
        del c["open"][fd]
        return False
    b = c[c["open"][fd]]
    if len(b) < cap:
        b += chunk[: cap - len(b)]
    c["seen"][fd] += len(chunk)
    if c["seen"][fd] > cap:
        c["exceeded"] = True
        return False
    return True

def _batch(head, src):
    # Imported here, once per batch (not per case), and never in a single run: a lean interpreter forks faster, which
    # a program that forks in a single run would feel. Only cheap modules: traceback and threading are imported by a
    # case that needs them, json not at all (the header is plain integers, the frames are written by hand).
    global os, time, select, signal, atexit
    import os, time, select, signal, atexit
    nums = [int(x) for x in head.split()[1:]]
    cpu_soft, cpu_hard, mem, wall_ms, cap, width = nums[:6]
    stdins = []
    at = 0
    for n in nums[6:]:
        stdins.append(src[at:at + n])
        at += n
    src = src[at:]
    prctl = _PRCTL
    try:
        prctl(4, 0, 0, 0, 0)
    except BaseException:
        prctl = None
    res = os.dup(1)
    null = os.open("/dev/null", os.O_RDWR)
    os.dup2(null, 1)
    os.close(null)
    limits = ((cpu_soft, cpu_hard), (mem, mem))
    wall = wall_ms / 1000.0
    width = max(1, width)
    code, error = _prepare(src)
    waiting = list(enumerate(stdins))
    waiting.reverse()
    running = []
    while waiting or running:
        while waiting and len(running) < width:
            i, stdin = waiting.pop()
            running.append(_start(i, stdin, code, error, limits, prctl, wall))
        now = time.monotonic()
        for c in [c for c in running if c["exceeded"] or not c["open"] or now >= c["deadline"]]:
            if c["open"] and not c["exceeded"] and now >= c["deadline"]:
                c["timed"] = True
            running.remove(c)
            _finish(c, res)
        if not running:
            continue
        reads = {}
        writes = {}
        for c in running:
            for fd in c["open"]:
                reads[fd] = c
            if c["w"] is not None:
                writes[c["w"]] = c
        left = max(0.0, min(c["deadline"] for c in running) - time.monotonic())
        exits = {}
        for c in running:
            if c["pidfd"] is not None:
                exits[c["pidfd"]] = c
        r, ready, _ = select.select(list(reads) + list(exits), list(writes), [], left)
        for fd in r:
            if fd in exits:
                # The case's process ended: what it wrote is in its pipes; processes it left behind (even in a
                # session of their own) do not hold the case open.
                c = exits[fd]
                for p in list(c["open"]):
                    os.set_blocking(p, False)
                    try:
                        while _read(c, p, cap):
                            pass
                    except BlockingIOError:
                        pass
                    if p in c["open"]:
                        os.close(p)
                        del c["open"][p]
                os.close(fd)
                c["pidfd"] = None
            elif fd in reads and fd in reads[fd]["open"]:
                _read(reads[fd], fd, cap)
        for fd in ready:
            c = writes[fd]
            try:
                n = os.write(fd, c["data"][:65536])
                c["data"] = c["data"][n:]
            except BlockingIOError:
                pass
            except OSError:
                c["data"] = b""
            if not c["data"]:
                os.close(fd)
                c["w"] = None
    os._exit(0)
`.trim().split('\n');

/**
 * Runs inside the sandbox: reads the run's limits (first line) and the program from fd 3, lowers its own CPU
 * and memory limits to the run's, writes the program to /tmp/main.py (for tracebacks), then runs it as
 * __main__ in a fresh module, reporting errors exactly as `python3 /tmp/main.py` would.
 */
export const PYTHON_LOADER = [
  'import sys, types, resource',
  // Looked up while the pre-started sandbox waits for its program, off the run's critical path (≈ 3 ms): the batch
  // mode makes itself non-dumpable with it.
  'try:',
  '    import ctypes',
  '    _PRCTL = ctypes.CDLL(None).prctl',
  'except BaseException:',
  '    _PRCTL = None',
  'def _module():',
  '    m = types.ModuleType("__main__")',
  '    m.__file__ = "/tmp/main.py"',
  '    m.__builtins__ = __builtins__',
  '    m.__cached__ = None',
  '    m.__annotations__ = {}',
  '    sys.modules["__main__"] = m',
  '    sys.argv[:] = ["/tmp/main.py"]',
  '    return m',
  'def _load(fd=3):',
  '    with open(fd, "rb") as f:',
  '        head, _, src = f.read().partition(b"\\n")',
  '    if head[:1] == b"B":',
  '        return _batch(head, src)',
  '    cpu_soft, cpu_hard, mem = (int(x) for x in head.split())',
  '    resource.setrlimit(resource.RLIMIT_CPU, (cpu_soft, cpu_hard))',
  '    resource.setrlimit(resource.RLIMIT_AS, (mem, mem))',
  '    with open("/tmp/main.py", "wb") as f:',
  '        f.write(src)',
  '    m = _module()',
  '    try:',
  '        code = compile(src, "/tmp/main.py", "exec")',
  '        exec(code, m.__dict__)',
  '    except SystemExit:',
  '        raise',
  '    except BaseException as e:',
  '        import traceback',
  '        tb = None if isinstance(e, SyntaxError) else e.__traceback__.tb_next',
  '        traceback.print_exception(type(e), e, tb)',
  '        sys.stderr.flush()',
  '        raise SystemExit(1)',
  ...PYTHON_BATCH,
  '_load()',
].join('\n');

/**
 * The loader's definitions without its call, which the fork server loads once: for one program against several
 * cases, a run of the fork server calls `_load(0)`, which reads the batch header and the program on its stdin instead
 * of descriptor 3 and frames each case's result on its stdout, parsed as a pre-started sandbox's batch (parseBatch).
 * The cases run in that run's own namespaces, apart from every other run.
 */
export const PYTHON_LOADER_DEFINITIONS = PYTHON_LOADER.replace(/_load\(\)$/, '');

/** Seconds a pre-started sandbox may wait for its program before it ends and is replaced. */
export const WARM_MAX_IDLE_S = 600;

interface Warm {
  launched: Launched;
  codeFd: NodeJS.WritableStream;
  startedAt: number;
}

/** How to start an interpreter that waits for its program on descriptor 3. */
export interface WarmCommand {
  argv: string[];
  env?: Record<string, string>;
}

export const WARM_PYTHON: WarmCommand = { argv: [PYTHON_PATH, '-I', '-B', '-c', PYTHON_LOADER] };

export class WarmPool {
  private ready: Warm[] = [];
  private starting = 0;
  private closed = false;

  constructor(
    private readonly env: SandboxEnv,
    private readonly limits: RunLimits,
    private readonly size: number,
    private readonly command: WarmCommand = WARM_PYTHON,
  ) {}

  fill(): void {
    while (!this.closed && this.ready.length + this.starting < this.size) this.startOne();
  }

  private startOne() {
    this.starting++;
    let launched: Launched;
    try {
      launched = launchSandboxed(this.env, {
        argv: this.command.argv,
        env: this.command.env,
        files: [],
        limits: this.limits,
        extraPipes: 1,
        // Waiting time counts too: an idle sandbox is replaced after WARM_MAX_IDLE_S (the run's own deadline
        // is enforced by supervise()).
        guardSeconds: WARM_MAX_IDLE_S,
      });
    } catch {
      this.starting--;
      return;
    }
    const codeFd = launched.child.stdio[3] as NodeJS.WritableStream & { on: (e: string, cb: () => void) => void };
    codeFd.on('error', () => {});
    const warm: Warm = { launched, codeFd, startedAt: Date.now() };
    this.starting--;
    this.ready.push(warm);
    // A waiting sandbox that dies (or is killed at shutdown) leaves the pool.
    launched.child.once('exit', () => {
      const i = this.ready.indexOf(warm);
      if (i >= 0) {
        this.ready.splice(i, 1);
        launched.cleanup();
        // Replaced only after a normal life: a sandbox that cannot start must not be restarted in a loop.
        if (Date.now() - warm.startedAt > 5000) this.fill();
      }
    });
  }

  /** Whether a sandbox of this pool can take a run with `limits` (CPU and memory lowered, never raised). */
  fits(limits: RunLimits): boolean {
    return cpuRlimit(limits) <= cpuRlimit(this.limits) && limits.memoryMb <= this.limits.memoryMb;
  }

  /**
   * Runs `code` in a pre-started sandbox with the run's own limits (the pool's by default), or returns undefined
   * when none is ready or the limits exceed the pool's (the caller starts one cold).
   */
  run(code: string, stdin: string, limits: RunLimits = this.limits): Promise<RawRun> | undefined {
    const warm = this.take(limits, limits.wallMs);
    if (!warm) return undefined;
    const { launched, codeFd } = warm;
    return this.refillAfter(supervise(this.env, launched, { stdin, limits }, performance.now(), () => codeFd.end(limitsHeader(limits) + code)));
  }

  /**
   * The replacement of a sandbox that was taken starts once its run has ended: started at once, its spawn() (a fork
   * of this process) would hold back the program's own write, and its start-up would take a core from the run.
   */
  private refillAfter<T>(run: Promise<T>): Promise<T> {
    return run.finally(() => this.fill());
  }

  /** A live pre-started sandbox that can take a run of `limits` lasting up to `wallMs` (its replacement starts after the run). */
  private take(limits: RunLimits, wallMs: number): Warm | undefined {
    if (!this.fits(limits)) return undefined;
    let warm: Warm | undefined;
    // Old enough that its own end (WARM_MAX_IDLE_S) could come before the run's deadline: not used.
    const oldest = Date.now() - (WARM_MAX_IDLE_S * 1000 - wallMs - 5000);
    while ((warm = this.ready.shift())) {
      const alive = warm.launched.child.exitCode === null && warm.launched.child.signalCode === null;
      if (alive && warm.startedAt > oldest) break;
      warm.launched.kill();
      warm.launched.cleanup();
    }
    return warm;
  }

  /**
   * Runs `code` against every stdin in one pre-started sandbox (batch mode of the loader), or returns undefined when
   * none is ready or the limits exceed the pool's.
   */
  runBatch(code: string, stdins: string[], limits: RunLimits, width: number): Promise<RawRun[]> | undefined {
    const envelope = batchEnvelope(limits, stdins.length, width);
    const warm = this.take(limits, envelope.wallMs);
    if (!warm) return undefined;
    const { launched, codeFd } = warm;
    return this.refillAfter(
      supervise(this.env, launched, { stdin: '', limits: envelope }, performance.now(), () => codeFd.end(batchHeader(limits, stdins, width) + code)),
    ).then((raw) => parseBatch(raw, stdins.length));
  }

  get waiting(): number {
    return this.ready.length;
  }

  close(): void {
    this.closed = true;
    for (const w of this.ready.splice(0)) {
      w.launched.kill();
      w.launched.cleanup();
    }
  }
}
