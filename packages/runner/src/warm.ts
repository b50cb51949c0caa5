// Pre-started R sandboxes: each is a fresh sandbox (own namespaces, tmpfs, control group, limits) whose interpreter
// has already started and waits for one program on a descriptor of its own. A run takes one, sends the program and
// its stdin, and a new one is started once the run has ended. A sandbox is never used twice, so isolation is the same
// as a cold start; only R's start-up (≈ 150 ms) leaves the critical path. R reads its --file from a FIFO fed from that
// descriptor (R opens the file at start and reads it only once its packages are loaded), so R's own semantics hold.
import { groupMemoryBytes, launchSandboxed, supervise, type Launched, type RawRun, type SandboxEnv } from './sandbox';
import type { RunLimits } from './types';
import { wallCapMs } from './wallclock';

/** CPU seconds as the sandbox sets them (soft limit, hard limit one second above: see buildArgv). */
const cpuRlimit = (l: RunLimits) => Math.max(1, Math.ceil(l.cpuSeconds));

/**
 * First line sent before the program: the run's CPU (soft, hard) and address-space limits, which the waiting
 * sandbox applies to its interpreter before the program reaches it. Limits can only be lowered there, so a
 * pre-started sandbox serves a run whose limits are at most those it was started with.
 */
export function limitsHeader(l: RunLimits, addressSpace: number): string {
  const cpu = cpuRlimit(l);
  return `${cpu} ${cpu + 1} ${addressSpace}\n`;
}

/** Seconds a pre-started sandbox may wait for its program before it ends and is replaced. */
export const WARM_MAX_IDLE_S = 600;

interface Warm {
  launched: Launched;
  codeFd: NodeJS.WritableStream;
  startedAt: number;
}

/** How to start an interpreter that waits for its program on descriptor `codeFd` (a number inside the sandbox). */
export interface WarmCommand {
  argv: (codeFd: number) => string[];
  env?: Record<string, string>;
}

export class WarmPool {
  private ready: Warm[] = [];
  private starting = 0;
  private closed = false;

  constructor(
    private readonly env: SandboxEnv,
    private readonly limits: RunLimits,
    private readonly size: number,
    private readonly command: WarmCommand,
    /** The address-space limit a run of these limits gets (sandbox.addressSpaceBytes). */
    private readonly addressSpace: (l: RunLimits) => number,
  ) {}

  fill(): void {
    while (!this.closed && this.ready.length + this.starting < this.size) this.startOne();
  }

  private startOne() {
    this.starting++;
    let launched: Launched;
    try {
      launched = launchSandboxed(this.env, {
        argv: this.command.argv(this.codeFd()),
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
    const codeFd = launched.child.stdio[launched.extraFds[0]] as NodeJS.WritableStream & { on: (e: string, cb: () => void) => void };
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

  /** Descriptor number of the program inside the sandbox: after stdio, the gate and the filter (launchSandboxed). */
  private codeFd(): number {
    return 4 + (this.env.seccomp ? 1 : 0);
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
    const warm = this.take(limits, wallCapMs(limits));
    if (!warm) return undefined;
    const { launched, codeFd } = warm;
    try {
      launched.group?.limit({ memoryBytes: groupMemoryBytes(limits) });
    } catch {
      launched.kill();
      launched.cleanup();
      return undefined;
    }
    // The replacement starts once the run has ended: started at once, its spawn() (a fork of this process) would
    // hold back the program's own write, and its start-up would take a core from the run.
    return supervise(this.env, launched, { stdin, limits }, performance.now(), () => codeFd.end(limitsHeader(limits, this.addressSpace(limits)) + code)).finally(() =>
      this.fill(),
    );
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
