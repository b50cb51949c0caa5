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

/**
 * Runs inside the sandbox: reads the run's limits (first line) and the program from fd 3, lowers its own CPU
 * and memory limits to the run's, writes the program to /tmp/main.py (for tracebacks), then runs it as
 * __main__ in a fresh module, reporting errors exactly as `python3 /tmp/main.py` would.
 */
export const PYTHON_LOADER = [
  'import sys, types, resource',
  'def _load():',
  '    with open(3, "rb") as f:',
  '        head, _, src = f.read().partition(b"\\n")',
  '    cpu_soft, cpu_hard, mem = (int(x) for x in head.split())',
  '    resource.setrlimit(resource.RLIMIT_CPU, (cpu_soft, cpu_hard))',
  '    resource.setrlimit(resource.RLIMIT_AS, (mem, mem))',
  '    with open("/tmp/main.py", "wb") as f:',
  '        f.write(src)',
  '    m = types.ModuleType("__main__")',
  '    m.__file__ = "/tmp/main.py"',
  '    m.__builtins__ = __builtins__',
  '    m.__cached__ = None',
  '    m.__annotations__ = {}',
  '    sys.modules["__main__"] = m',
  '    sys.argv[:] = ["/tmp/main.py"]',
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
  '_load()',
].join('\n');

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
    if (!this.fits(limits)) return undefined;
    let warm: Warm | undefined;
    // Old enough that its own end (WARM_MAX_IDLE_S) could come before the run's deadline: not used.
    const oldest = Date.now() - (WARM_MAX_IDLE_S * 1000 - limits.wallMs - 5000);
    while ((warm = this.ready.shift())) {
      const alive = warm.launched.child.exitCode === null && warm.launched.child.signalCode === null;
      if (alive && warm.startedAt > oldest) break;
      warm.launched.kill();
      warm.launched.cleanup();
    }
    this.fill();
    if (!warm) return undefined;
    const { launched, codeFd } = warm;
    return supervise(this.env, launched, { stdin, limits }, performance.now(), () => codeFd.end(limitsHeader(limits) + code));
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
