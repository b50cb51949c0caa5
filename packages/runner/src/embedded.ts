// The runner inside the current process: a bounded pool of fresh sandboxes and a warm maths server.
import fs from 'node:fs';
import os from 'node:os';
import type { ExecResult, Language } from '@exam/shared';
import { ForkServer, ForkServerError } from './python-fork-server-host';
import { MathService } from './math';
import { Pool } from './pool';
import { addressSpaceBytes, describeIsolation, probeSandbox, PYTHON_PATH, RSCRIPT_PATH, runInSandbox, type RawRun, type SandboxEnv } from './sandbox';
import {
  DEFAULT_LIMITS,
  MAX_LIMITS,
  RunnerBusyError,
  STARVED_MESSAGE,
  type CodeRunner,
  type MathCompareOptions,
  type MathCompareResult,
  type RunCase,
  type RunLimits,
  type RunRequest,
} from './types';
import { classify } from './verdict';
import { WarmPool, type WarmCommand } from './warm';

export interface EmbeddedRunnerOptions {
  /** Development only: run without bubblewrap nor a dedicated user (RUNNER_UNSAFE_DEV=1). */
  unsafe?: boolean;
  /** Runs at once (a slot is one run: one program on one case). Default one per core, and never more than cores: a
   *  run never waits for a CPU another run of this runner holds. */
  slots?: number;
  /** Practice programs allowed to wait for a slot; beyond, RunnerBusyError. Default 32 per slot (40 students
   *  submitting at once on 2 cores wait their turn instead of being refused; queueTimeoutMs still bounds the wait).
   *  Exam programs are not counted. */
  maxQueue?: number;
  /** Programs one user may have in the runner at once (running or waiting); beyond, RunnerBusyError for that user
   *  only. Default: an eighth of maxQueue, at least 4. */
  ownerJobs?: number;
  /** How long a run may wait for a slot before RunnerBusyError. Default 20 s. */
  queueTimeoutMs?: number;
  /** Start the maths server at once (default true). */
  warmMath?: boolean;
  /** An already probed sandbox (tests). */
  sandbox?: SandboxEnv;
  /** Pre-started R sandboxes kept ready (default: one per slot; 0 turns them off). */
  warmPerLanguage?: number;
  /** Python through the fork server (default true when isolated); false: a sandbox of its own per run. */
  forkServer?: boolean;
  /** Where the start-up says which isolation is in force (default console.info). */
  log?: (message: string) => void;
}

/** Limits asked for by a question, kept within MAX_LIMITS. */
export function effectiveLimits(partial?: Partial<RunLimits>): RunLimits {
  const l = { ...DEFAULT_LIMITS, ...partial };
  const clamp = (v: number, max: number, min: number) => Math.min(max, Math.max(min, Number.isFinite(v) ? v : min));
  return {
    cpuSeconds: clamp(l.cpuSeconds, MAX_LIMITS.cpuSeconds, 1),
    wallMs: clamp(l.wallMs, MAX_LIMITS.wallMs, 500),
    memoryMb: clamp(l.memoryMb, MAX_LIMITS.memoryMb, 64),
    outputBytes: clamp(l.outputBytes, MAX_LIMITS.outputBytes, 1024),
  };
}

const R_BINARY = '/usr/lib/R/bin/exec/R';
/** What /usr/lib/R/bin/R (a shell script Rscript goes through) exports; calling the binary saves its start-up. */
const R_ENV = {
  R_HOME: '/usr/lib/R',
  R_SHARE_DIR: '/usr/share/R/share',
  R_INCLUDE_DIR: '/usr/share/R/include',
  R_DOC_DIR: '/usr/share/R/doc',
  LD_LIBRARY_PATH: '/usr/lib/R/lib:/usr/lib/x86_64-linux-gnu',
};

/** A program in a fresh sandbox: `python3 -I -B main.py`, or R. */
function command(language: Language): { argv: string[]; file: string; env?: Record<string, string> } {
  if (language === 'PYTHON') return { argv: [PYTHON_PATH, '-I', '-B', '/tmp/main.py'], file: '/tmp/main.py' };
  if (fs.existsSync(R_BINARY) && process.arch === 'x64') {
    return { argv: [R_BINARY, '--no-echo', '--no-restore', '--no-save', '--file=/tmp/main.R'], file: '/tmp/main.R', env: R_ENV };
  }
  return { argv: [RSCRIPT_PATH, '--no-save', '--no-restore', '/tmp/main.R'], file: '/tmp/main.R' };
}

/**
 * R reading its program from a FIFO: R opens --file at start but reads it only once its packages are
 * loaded, so the program may arrive later. (The program's descriptor is a socket, which R cannot open by path;
 * `cat` copies it into the FIFO.)
 */
function warmR(): WarmCommand | undefined {
  if (!fs.existsSync(R_BINARY) || process.arch !== 'x64') return undefined;
  // The FIFO is opened for writing at once: R's own opening of it returns, and R loads its packages while it waits
  // (opened only when the program arrives, R would block in open() and start at the run). The first line holds the
  // run's limits (limitsHeader): applied to R (the shell's pid, which exec hands to R) before a byte of the program
  // reaches it; if they cannot be applied, R is killed.
  const argv = (fd: number) => {
    const feed = `exec 9>/tmp/.programme && read -r cpu_soft cpu_hard mem <&${fd} && prlimit --pid $$ --cpu=$cpu_soft:$cpu_hard --as=$mem && cat <&${fd} >&9 || kill -9 $$`;
    return ['/bin/sh', '-c', `mkfifo /tmp/.programme && { { ${feed}; } & } && exec ${R_BINARY} --no-echo --no-restore --no-save --file=/tmp/.programme ${fd}<&-`];
  };
  return { argv, env: R_ENV };
}

/** A typed stdin often lacks its final newline; R warns about such an "incomplete final line". */
function withFinalNewline(stdin: string | undefined): string {
  return stdin && !stdin.endsWith('\n') ? `${stdin}\n` : (stdin ?? '');
}

export class EmbeddedRunner implements CodeRunner {
  readonly pool: Pool;
  readonly math: MathService;
  /** Pre-started R sandboxes. */
  readonly warmR?: WarmPool;
  /** Python runs, when the fork server works here (else a sandbox of its own per run). */
  readonly forkServer?: ForkServer;
  /** Whether closing the runner removes the sandbox's control groups (not when the sandbox was handed in). */
  private readonly ownsSandbox: boolean;

  constructor(
    readonly sandbox: SandboxEnv,
    opts: EmbeddedRunnerOptions = {},
  ) {
    const cores = os.availableParallelism();
    const slots = Math.max(1, Math.min(opts.slots ?? cores, cores));
    this.pool = new Pool(slots, opts.maxQueue ?? slots * 32, opts.queueTimeoutMs ?? 20_000, { ownerJobs: opts.ownerJobs });
    this.math = new MathService(sandbox);
    this.ownsSandbox = !opts.sandbox;
    (opts.log ?? console.info)(`Exécution des programmes : ${describeIsolation(sandbox)}.`);
    // Pre-started sandboxes rely on the sandbox's private /tmp and /dev/fd: not in the unsafe mode.
    const warm = sandbox.isolated ? (opts.warmPerLanguage ?? slots) : 0;
    const r = warm > 0 ? warmR() : undefined;
    if (r) {
      this.warmR = new WarmPool(sandbox, DEFAULT_LIMITS, warm, r, (l) => addressSpaceBytes(l, !!sandbox.boxes));
      this.warmR.fill();
    }
    if (sandbox.isolated && opts.forkServer !== false) {
      // A lane per run that can be in flight: one per slot.
      this.forkServer = new ForkServer(sandbox, slots);
      void this.forkServer.start().then(() => {
        const why = this.forkServer?.unavailable;
        if (why) (opts.log ?? console.warn)(`Serveur d’exécution Python indisponible ici (${why}) : chaque exécution Python aura son propre bac à sable.`);
      });
    }
  }

  /**
   * Runs the program without touching the pool (the queue worker has its own concurrency). A run held back by other
   * processes until its wall cap is never judged: it is run again once, then refused as busy (wallclock.ts).
   */
  async execute(req: RunRequest): Promise<ExecResult> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await this.executeOnce(req);
      if (result) return result;
    }
    throw new RunnerBusyError(STARVED_MESSAGE);
  }

  /** One try of `execute`: undefined when the run was starved. */
  private async executeOnce(req: RunRequest): Promise<ExecResult | undefined> {
    const limits = effectiveLimits(req.limits);
    const judged = (raw: RawRun) => (raw.starved ? undefined : classify(raw, req.expectedOutput, limits));
    const stdin = withFinalNewline(req.stdin);
    if (req.language === 'PYTHON' && this.forkServer?.fits(limits)) {
      try {
        return judged(await this.forkServer.run(req.code, stdin, limits));
      } catch (e) {
        // The fork server lost the run or cannot take it: the run gets a sandbox of its own.
        if (!(e instanceof ForkServerError)) throw e;
      }
    }
    // A pre-started R sandbox lowers its limits to the run's (a question's own CPU and memory limits); above the
    // defaults it was started with, a fresh sandbox is launched.
    const warmRun = req.language === 'R' ? this.warmR?.run(req.code, stdin, limits) : undefined;
    if (warmRun) return judged(await warmRun);
    const { argv, file, env } = command(req.language);
    const raw = await runInSandbox(this.sandbox, { argv, env, files: [{ path: file, content: req.code }], stdin, limits });
    return judged(raw);
  }

  run(req: RunRequest): Promise<ExecResult> {
    return this.pool.use(() => this.execute(req), req.owner, { kind: req.hidden ? 'hidden' : 'open', exam: req.exam });
  }

  /**
   * One program against several cases, each a run of its own (its own process, holding only its own stdin; its own
   * verdict, time, limits, deadline and output cap) in a slot of its own. The program is one job of its owner's in
   * the pool; its cases run as many at once as its owner may hold slots (`opts.slots`: fewer, as a regrade asks
   * for one), the visible cases first, then the hidden ones, never both at once (pool.ts). When a case cannot get a
   * slot in time, no further case starts, those in flight end, and RunnerBusyError is thrown.
   */
  async runCases(req: Omit<RunRequest, 'stdin' | 'expectedOutput' | 'hidden'>, cases: RunCase[], opts: { slots?: number } = {}): Promise<ExecResult[]> {
    if (cases.length === 0) return [];
    const job = this.pool.admit(req.owner, req.exam);
    try {
      const order = [...cases.keys()].sort((a, b) => Number(!!cases[a].hidden) - Number(!!cases[b].hidden) || a - b);
      const width = Math.max(1, Math.min(cases.length, opts.slots ?? this.pool.ownerCap, this.pool.ownerCap));
      const results: ExecResult[] = new Array(cases.length);
      const failures: unknown[] = [];
      let next = 0;
      const worker = async () => {
        while (failures.length === 0 && next < order.length) {
          const i = order[next++];
          const c = cases[i];
          try {
            results[i] = await this.pool.use(() => this.execute({ ...req, code: c.code ?? req.code, stdin: c.stdin, expectedOutput: c.expectedOutput }), req.owner, {
              job,
              kind: c.hidden ? 'hidden' : 'open',
            });
          } catch (err) {
            failures.push(err);
          }
        }
      };
      await Promise.all(Array.from({ length: width }, worker));
      if (failures.length) throw failures.find((e) => e instanceof RunnerBusyError) ?? failures[0];
      return results;
    } finally {
      this.pool.finish(job);
    }
  }

  compareMath(expression: string, expected: string, owner?: string, opts: MathCompareOptions = {}): Promise<MathCompareResult> {
    return this.pool.use(() => this.math.compare(expression, expected, opts.form), owner ?? '', { exam: opts.exam });
  }

  async close(): Promise<void> {
    this.warmR?.close();
    await this.forkServer?.close();
    await this.math.close();
    if (this.ownsSandbox) await this.sandbox.cgroups?.close();
  }
}
/**
 * Checks the sandbox (throws SandboxUnavailableError with a French message when it cannot run,
 * unless `unsafe`) and returns a ready runner with its maths server warming up.
 */
export async function createEmbeddedRunner(opts: EmbeddedRunnerOptions = {}): Promise<EmbeddedRunner> {
  const sandbox = opts.sandbox ?? probeSandbox({ unsafe: opts.unsafe });
  const runner = new EmbeddedRunner(sandbox, opts);
  if (opts.warmMath !== false) {
    // Warms up in the background (sympy takes a second to load) so that the API starts at once; the first
    // comparison waits for it. A failing maths server does not stop the code runner: the next comparison retries.
    runner.math.start().catch(() => undefined);
  }
  return runner;
}
