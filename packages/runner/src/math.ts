// Maths equivalence through a warm, sandboxed sympy fork-server (see math_server.py).
// The server is started once, restarted when it dies, and every request has a deadline.
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { endServer, launchSandboxed, PYTHON_PATH, type Launched, type SandboxEnv } from './sandbox';
import type { MathCompareResult, MathFormTest } from './types';

export interface MathServiceOptions {
  /** CPU seconds and wall seconds one comparison may take inside the server. */
  childCpuSeconds?: number;
  childWallSeconds?: number;
  /** Memory of the server and its children, MiB. */
  memoryMb?: number;
  /** Start-up deadline (sympy import), ms. */
  startTimeoutMs?: number;
}

interface Pending {
  resolve: (r: MathCompareResult) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export class MathUnavailableError extends Error {}

/** The server's Python program: next to this module in the sources, next to the bundle once built (build.mjs copies it). */
export const MATH_SERVER_FILE = path.join(import.meta.dirname, 'math_server.py');

function readServerSource(): string {
  try {
    return fs.readFileSync(MATH_SERVER_FILE, 'utf8');
  } catch {
    throw new Error(`Le programme du service de calcul est introuvable (${MATH_SERVER_FILE}) : reconstruisez le serveur (npm run build).`);
  }
}

export class MathService {
  private proc?: Launched;
  private starting?: Promise<Launched>;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private readonly opts: Required<MathServiceOptions>;
  /** Read once, when the runner starts: a missing file stops the start-up rather than every later comparison. */
  private readonly source = readServerSource();

  constructor(
    private readonly env: SandboxEnv,
    opts: MathServiceOptions = {},
  ) {
    this.opts = { childCpuSeconds: 2, childWallSeconds: 3, memoryMb: 768, startTimeoutMs: 20_000, ...opts };
  }

  /** Starts the server now (so that the first comparison is warm). */
  start(): Promise<void> {
    return this.ensure().then(() => undefined);
  }

  private ensure(): Promise<Launched> {
    if (this.closed) return Promise.reject(new MathUnavailableError('Le service de calcul est arrêté.'));
    if (this.proc) return Promise.resolve(this.proc);
    if (!this.starting) {
      this.starting = this.spawn().finally(() => {
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  private spawn(): Promise<Launched> {
    return new Promise((resolve, reject) => {
      const launched = launchSandboxed(this.env, {
        argv: [PYTHON_PATH, '-I', '/tmp/math_server.py'],
        files: [{ path: '/tmp/math_server.py', content: this.source }],
        // The server lives long: a generous CPU budget (children get their own small one) and no output cap.
        limits: { cpuSeconds: 24 * 3600, wallMs: 0, memoryMb: this.opts.memoryMb, outputBytes: 0 },
        env: { MATH_CPU: String(this.opts.childCpuSeconds), MATH_WALL: String(this.opts.childWallSeconds) },
        // Long-lived: no overall deadline (each comparison has its own; the server ends when its stdin closes).
        guardSeconds: 0,
      });
      const { child } = launched;
      let ready = false;
      let stderr = '';
      child.stderr!.on('data', (b: Buffer) => {
        if (stderr.length < 8192) stderr += b.toString();
      });
      const startTimer = setTimeout(() => {
        launched.kill();
        reject(new MathUnavailableError('Le service de calcul n’a pas démarré à temps.'));
      }, this.opts.startTimeoutMs);
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        if (!ready) {
          if (line === 'READY') {
            ready = true;
            clearTimeout(startTimer);
            this.proc = launched;
            resolve(launched);
          }
          return;
        }
        let msg: { id?: number; ok?: boolean; equal?: boolean; form?: boolean; message?: string; field?: string };
        try {
          msg = JSON.parse(line);
        } catch {
          return;
        }
        const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
        if (!p) return;
        this.pending.delete(msg.id!);
        clearTimeout(p.timer);
        if (msg.ok) p.resolve(typeof msg.form === 'boolean' ? { ok: true, equal: !!msg.equal, form: msg.form } : { ok: true, equal: !!msg.equal });
        else
          p.resolve({
            ok: false,
            message: msg.message ?? 'Expression illisible.',
            field: msg.field === 'expected' ? 'expected' : 'expression',
          });
      });
      child.on('close', () => {
        clearTimeout(startTimer);
        launched.cleanup();
        if (this.proc === launched) this.proc = undefined;
        if (!ready) {
          const why = stderr.trim().split('\n').pop();
          reject(new MathUnavailableError(`Le service de calcul n’a pas pu démarrer${why ? ` : ${why}` : '.'}`));
        }
        // Requests in flight are lost with the server: they fail, the next one starts a new server.
        for (const [id, p] of this.pending) {
          clearTimeout(p.timer);
          p.reject(new MathUnavailableError('Le service de calcul s’est arrêté pendant la comparaison.'));
          this.pending.delete(id);
        }
      });
      child.on('error', () => {});
    });
  }

  /** `form`: the form the expression must also have (the result's `form` says whether it has it). */
  async compare(expression: string, expected: string, form?: MathFormTest): Promise<MathCompareResult> {
    const launched = await this.ensure();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.pending.delete(id);
          resolve({ ok: false, message: 'Expression trop complexe à évaluer.', field: 'expression' });
        },
        this.opts.childWallSeconds * 1000 + 2000,
      );
      this.pending.set(id, { resolve, reject, timer });
      launched.child.stdin!.write(JSON.stringify({ id, a: expression, b: expected, ...(form ? { form } : {}) }) + '\n');
    });
  }

  /** Pid of the sandbox's outer process (tests kill it to check the restart). */
  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  async close(): Promise<void> {
    this.closed = true;
    const p = this.proc ?? (await this.starting?.catch(() => undefined));
    if (!p) return;
    await endServer(p);
  }
}
