// The runner inside the current process: a bounded pool of fresh sandboxes and a warm maths server.
import fs from 'node:fs';
import os from 'node:os';
import type { ExecResult, Language } from '@exam/shared';
import { ForkServer, ForkServerError } from './forkserver';
import { MathService } from './math';
import { Pool } from './pool';
import { probeSandbox, PYTHON_PATH, RSCRIPT_PATH, runInSandbox, type RawRun, type SandboxEnv } from './sandbox';
import { DEFAULT_LIMITS, MAX_LIMITS, RunnerBusyError, type CodeRunner, type MathCompareResult, type RunCase, type RunLimits, type RunRequest } from './types';
import { classify } from './verdict';
import { MAX_BATCH_CASES, parseBatch, runBatchCold, WARM_PYTHON, WarmPool, type WarmCommand } from './warm';

export interface EmbeddedRunnerOptions {
  /** Development only: run without bubblewrap nor a dedicated user (RUNNER_UNSAFE_DEV=1). */
  unsafe?: boolean;
  /** Concurrent runs; default one per core. */
  slots?: number;
  /** Runs allowed to wait for a slot; beyond, RunnerBusyError. Default 32 per slot (40 students submitting at once
   *  on 2 cores wait their turn instead of being refused; queueTimeoutMs still bounds the wait). */
  maxQueue?: number;
  /** How long a run may wait for a slot before RunnerBusyError. Default 20 s. */
  queueTimeoutMs?: number;
  /** Start the maths server at once (default true). */
  warmMath?: boolean;
  /** An already probed sandbox (tests). */
  sandbox?: SandboxEnv;
  /** Pre-started sandboxes kept ready per language (default: one per slot; 0 turns them off). */
  warmPerLanguage?: number;
  /** Cases of one Python program run at once inside its sandbox (default: one per slot). */
  batchWidth?: number;
  /** Python through the fork server (default true when isolated); false: a sandbox of its own per run. */
  forkServer?: boolean;
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

function command(language: Language): { argv: string[]; file: string; env?: Record<string, string> } {
  if (language === 'PYTHON') return { argv: [PYTHON_PATH, '-I', '-B', '/tmp/main.py'], file: '/tmp/main.py' };
  if (fs.existsSync(R_BINARY) && process.arch === 'x64') {
    return { argv: [R_BINARY, '--no-echo', '--no-restore', '--no-save', '--file=/tmp/main.R'], file: '/tmp/main.R', env: R_ENV };
  }
  return { argv: [RSCRIPT_PATH, '--no-save', '--no-restore', '/tmp/main.R'], file: '/tmp/main.R' };
}

/**
 * R reading its program from a FIFO: R opens --file at start but reads it only once its packages are
 * loaded, so the program may arrive later. (Descriptor 3 is a socket, which R cannot open by path; `cat`
 * copies it into the FIFO.)
 */
function warmR(): WarmCommand | undefined {
  if (!fs.existsSync(R_BINARY) || process.arch !== 'x64') return undefined;
  // The first line on descriptor 3 holds the run's limits (limitsHeader): applied to R (the shell's pid, which
  // exec hands to R) before a byte of the program reaches it; if they cannot be applied, R is killed.
  const feed =
    'read -r cpu_soft cpu_hard mem <&3 && prlimit --pid $$ --cpu=$cpu_soft:$cpu_hard --as=$mem && cat <&3 >/tmp/.programme || kill -9 $$';
  const script = `mkfifo /tmp/.programme && { { ${feed}; } & } && exec ${R_BINARY} --no-echo --no-restore --no-save --file=/tmp/.programme 3<&-`;
  return { argv: ['/bin/sh', '-c', script], env: R_ENV };
}

/** A typed stdin often lacks its final newline; R warns about such an "incomplete final line". */
function withFinalNewline(stdin: string | undefined): string {
  return stdin && !stdin.endsWith('\n') ? `${stdin}\n` : (stdin ?? '');
}

export class EmbeddedRunner implements CodeRunner {
  readonly pool: Pool;
  readonly math: MathService;
  readonly warm: Partial<Record<Language, WarmPool>> = {};
  readonly batchWidth: number;
  /** Python runs, when the fork server works here (else per-run sandboxes, pre-started or not). */
  readonly forkServer?: ForkServer;

  constructor(
    readonly sandbox: SandboxEnv,
    opts: EmbeddedRunnerOptions = {},
  ) {
    const slots = Math.max(1, opts.slots ?? os.availableParallelism());
    this.pool = new Pool(slots, opts.maxQueue ?? slots * 32, opts.queueTimeoutMs ?? 20_000);
    this.math = new MathService(sandbox);
    this.batchWidth = Math.max(1, opts.batchWidth ?? slots);
    // Pre-started sandboxes rely on the sandbox's private /tmp and /dev/fd: not in the unsafe mode.
    const warm = sandbox.isolated ? (opts.warmPerLanguage ?? slots) : 0;
    if (warm > 0) {
      this.warm.PYTHON = new WarmPool(sandbox, DEFAULT_LIMITS, warm, WARM_PYTHON);
      const r = warmR();
      if (r) this.warm.R = new WarmPool(sandbox, DEFAULT_LIMITS, warm, r);
    }
    if (sandbox.isolated && opts.forkServer !== false) {
      this.forkServer = new ForkServer(sandbox);
      // Pre-started Python sandboxes only where the fork server cannot work.
      void this.forkServer.start().then(() => {
        if (!this.forkServer?.unavailable) return;
        console.warn(`Serveur d’exécution Python indisponible ici (${this.forkServer.unavailable}) : chaque exécution Python aura son propre bac à sable.`);
        this.warm.PYTHON?.fill();
      });
      this.warm.R?.fill();
    } else {
      for (const pool of Object.values(this.warm)) pool.fill();
    }
  }

  /** Runs the program without touching the pool (the queue worker has its own concurrency). */
  async execute(req: RunRequest): Promise<ExecResult> {
    const limits = effectiveLimits(req.limits);
    const stdin = withFinalNewline(req.stdin);
    if (req.language === 'PYTHON') {
      const forked = await this.throughForkServer((server) => server.run(req.code, stdin, limits), limits);
      if (forked) return classify(forked, req.expectedOutput, limits);
    }
    // A pre-started sandbox lowers its limits to the run's (a question's own CPU and memory limits); above the
    // defaults it was started with, a fresh sandbox is launched.
    const warmRun = this.warm[req.language]?.run(req.code, stdin, limits);
    if (warmRun) return classify(await warmRun, req.expectedOutput, limits);
    const { argv, file, env } = command(req.language);
    const raw = await runInSandbox(this.sandbox, {
      argv,
      env,
      files: [{ path: file, content: req.code }],
      stdin,
      limits,
    });
    return classify(raw, req.expectedOutput, limits);
  }

  /** A Python run through the fork server, or undefined when it cannot take it (the caller uses a sandbox of its own). */
  private async throughForkServer(run: (server: ForkServer) => Promise<RawRun>, limits: RunLimits): Promise<RawRun | undefined> {
    if (!this.forkServer?.fits(limits)) return undefined;
    try {
      return await run(this.forkServer);
    } catch (e) {
      if (e instanceof ForkServerError) return undefined;
      throw e;
    }
  }

  run(req: RunRequest): Promise<ExecResult> {
    return this.pool.use(() => this.execute(req));
  }

  /**
   * One program against several cases, each with its own verdict, time, limits, deadline and output cap. Python: the
   * cases run inside one sandbox (one sandbox and one interpreter start for all, in a pre-started sandbox when one is
   * ready), each in its own forked process, `batchWidth` at once (one per slot by default: as many as cores); at most
   * MAX_BATCH_CASES cases per sandbox, each batch taking one slot. R and the unsafe mode: one run per case, as many at
   * once as there are slots. `opts.slots` bounds the slots the program holds at once (a regrade: one).
   */
  async runCases(req: Omit<RunRequest, 'stdin' | 'expectedOutput'>, cases: RunCase[], opts: { slots?: number } = {}): Promise<ExecResult[]> {
    if (cases.length === 0) return [];
    const limits = effectiveLimits(req.limits);
    const width = Math.max(1, Math.min(this.pool.slots, opts.slots ?? this.pool.slots));
    if (req.language !== 'PYTHON' || !this.sandbox.isolated) {
      const results: ExecResult[] = new Array(cases.length);
      let next = 0;
      let failed = false;
      const worker = async () => {
        while (!failed && next < cases.length) {
          const i = next++;
          try {
            results[i] = await this.run({ ...req, stdin: cases[i].stdin, expectedOutput: cases[i].expectedOutput });
          } catch (err) {
            failed = true;
            throw err;
          }
        }
      };
      const settled = await Promise.allSettled(Array.from({ length: Math.min(cases.length, width) }, worker));
      const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
      if (errors.length) throw errors.find((e) => e instanceof RunnerBusyError) ?? errors[0];
      return results;
    }
    const groups: RunCase[][] = [];
    const batches = Math.ceil(cases.length / MAX_BATCH_CASES);
    const size = Math.ceil(cases.length / batches);
    for (let i = 0; i < cases.length; i += size) groups.push(cases.slice(i, i + size));
    const out: ExecResult[][] = new Array(groups.length);
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < groups.length) {
        const g = next++;
        try {
          out[g] = await this.pool.use(() => this.executeBatch(req.code, groups[g], limits));
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: Math.min(groups.length, width) }, worker));
    const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
    if (errors.length) throw errors.find((e) => e instanceof RunnerBusyError) ?? errors[0];
    return out.flat();
  }

  /** A Python program against several cases in one sandbox, without touching the pool. */
  async executeBatch(code: string, cases: RunCase[], limits: RunLimits): Promise<ExecResult[]> {
    const stdins = cases.map((c) => withFinalNewline(c.stdin));
    const width = Math.min(stdins.length, this.batchWidth);
    // In the fork server, the batch is one run (its own namespaces) whose program is the loader's batch mode.
    const forked = await this.throughForkServer((server) => server.runBatch(code, stdins, limits, width), limits);
    if (forked) return parseBatch(forked, stdins.length).map((raw, i) => classify(raw, cases[i].expectedOutput, limits));
    const raws = await (this.warm.PYTHON?.runBatch(code, stdins, limits, width) ?? runBatchCold(this.sandbox, code, stdins, limits, width));
    return raws.map((raw, i) => classify(raw, cases[i].expectedOutput, limits));
  }

  compareMath(expression: string, expected: string): Promise<MathCompareResult> {
    return this.pool.use(() => this.math.compare(expression, expected));
  }

  async close(): Promise<void> {
    for (const pool of Object.values(this.warm)) pool.close();
    await this.forkServer?.close();
    await this.math.close();
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
