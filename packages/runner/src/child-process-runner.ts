// The embedded runner, hosted in a small child process of the API. Spawning a sandbox forks the calling
// process, and a fork costs in proportion to that process's memory (measured: spawn blocks ≈ 1 ms from a
// 50 MB Node process, ≈ 10 ms from a 250 MB one). The child holds no database and no HTTP server, so its
// launches stay cheap, and the API's event loop is never blocked by them.
import { fork, type ChildProcess } from 'node:child_process';
import type { ExecResult } from '@exam/shared';
import { createEmbeddedRunner, type EmbeddedRunnerOptions } from './embedded';
import { RunnerBusyError, SandboxUnavailableError, type CodeRunner, type MathCompareOptions, type MathCompareResult, type MathFormTest, type RunCase, type RunRequest } from './types';

type Request =
  | { id: number; kind: 'run'; req: RunRequest }
  | { id: number; kind: 'cases'; req: Omit<RunRequest, 'stdin' | 'expectedOutput' | 'hidden'>; cases: RunCase[]; slots?: number }
  | { id: number; kind: 'math'; expression: string; expected: string; owner?: string; exam?: boolean; form?: MathFormTest };
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; busy: boolean; message: string };
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Hello = { hello: true; ok: true } | { hello: true; ok: false; message: string };

const OPTIONS_ENV = 'EXAM_RUNNER_CHILD_OPTIONS';
const CRASHED = 'Le service d’exécution a redémarré pendant votre exécution. Relancez-la.';

export interface ChildProcessRunnerOptions {
  /** The child's entry point: a module that calls serveChildProcessRunner(). */
  entry: string;
  runner: Pick<EmbeddedRunnerOptions, 'slots' | 'unsafe' | 'forkServer'>;
  /** Extra Node arguments for the child (tests run a TypeScript entry through tsx). */
  execArgv?: string[];
}

export class ChildProcessRunner implements CodeRunner {
  private child?: ChildProcess;
  private starting?: Promise<ChildProcess>;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private closed = false;

  private constructor(private readonly opts: ChildProcessRunnerOptions) {}

  /** Starts the child and waits until its sandbox check passed (SandboxUnavailableError otherwise). */
  static async start(opts: ChildProcessRunnerOptions): Promise<ChildProcessRunner> {
    const runner = new ChildProcessRunner(opts);
    await runner.ensureChild();
    return runner;
  }

  /** Process id of the current child (tests). */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

  private ensureChild(): Promise<ChildProcess> {
    if (this.child && this.child.connected) return Promise.resolve(this.child);
    this.starting ??= this.spawnChild().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private spawnChild(): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const child = fork(this.opts.entry, [], {
        env: { ...process.env, [OPTIONS_ENV]: JSON.stringify(this.opts.runner) },
        execArgv: this.opts.execArgv ?? [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      });
      let ready = false;
      child.on('message', (m: Hello | Reply) => {
        if ('hello' in m) {
          if (m.ok) {
            ready = true;
            this.child = child;
            resolve(child);
          } else {
            reject(new SandboxUnavailableError(m.message));
          }
          return;
        }
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.ok) p.resolve(m.value);
        else p.reject(m.busy ? new RunnerBusyError(m.message) : new Error(m.message));
      });
      child.on('exit', (code) => {
        if (!ready) reject(new SandboxUnavailableError(`Le processus d’exécution s’est arrêté au démarrage (code ${code}).`));
        if (this.child === child) this.child = undefined;
        // Runs in flight in a child that died cannot finish; the next call starts a new child.
        for (const [id, p] of this.pending) {
          this.pending.delete(id);
          p.reject(new Error(CRASHED));
        }
      });
      child.on('error', (err) => {
        if (!ready) reject(err);
      });
    });
  }

  private async call<T>(msg: WithoutId<Request>): Promise<T> {
    if (this.closed) throw new Error('Le service d’exécution est arrêté.');
    const child = await this.ensureChild();
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...msg, id } as Request, (err) => {
        if (err && this.pending.delete(id)) reject(err);
      });
    });
  }

  run(req: RunRequest): Promise<ExecResult> {
    return this.call<ExecResult>({ kind: 'run', req });
  }

  runCases(req: Omit<RunRequest, 'stdin' | 'expectedOutput' | 'hidden'>, cases: RunCase[], opts: { slots?: number } = {}): Promise<ExecResult[]> {
    return this.call<ExecResult[]>({ kind: 'cases', req, cases, slots: opts.slots });
  }

  compareMath(expression: string, expected: string, owner?: string, opts: MathCompareOptions = {}): Promise<MathCompareResult> {
    return this.call<MathCompareResult>({ kind: 'math', expression, expected, owner, exam: opts.exam, form: opts.form });
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      // Closing the channel asks the child to stop its sandboxes and exit.
      child.disconnect();
    });
  }
}

/** The child's side: an embedded runner answering the parent's requests; it exits when the parent goes. */
export async function serveChildProcessRunner(): Promise<void> {
  const send = (m: Hello | Reply) => process.send?.(m);
  const opts = JSON.parse(process.env[OPTIONS_ENV] ?? '{}') as EmbeddedRunnerOptions;
  let runner;
  try {
    runner = await createEmbeddedRunner(opts);
  } catch (err) {
    send({ hello: true, ok: false, message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  const r = runner;
  process.on('message', async (m: Request) => {
    try {
      const value =
        m.kind === 'run' ? await r.run(m.req) : m.kind === 'cases' ? await r.runCases(m.req, m.cases, { slots: m.slots }) : await r.compareMath(m.expression, m.expected, m.owner, { exam: m.exam, form: m.form });
      send({ id: m.id, ok: true, value });
    } catch (err) {
      send({ id: m.id, ok: false, busy: err instanceof RunnerBusyError, message: err instanceof Error ? err.message : String(err) });
    }
  });
  process.on('disconnect', () => {
    r.close().finally(() => process.exit(0));
  });
  send({ hello: true, ok: true });
}
