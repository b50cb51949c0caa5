// Python runs through a fork server (see fork_server.py): one long-lived sandbox whose warm interpreter forks each run
// into namespaces of its own, with a fresh /tmp and /proc, no capability and the run's limits. Neither a new sandbox
// nor a new interpreter per run: a run costs a few forks instead of bwrap, its helpers and Python's start-up.
// Where the fork server cannot work (its trial run fails at start), it says so once and the runner keeps its
// per-run sandboxes.
import fs from 'node:fs';
import path from 'node:path';
import { endServer, launchSandboxed, PYTHON_PATH, SANDBOX_FSIZE, SANDBOX_NOFILE, SANDBOX_NPROC, SANDBOX_TMPFS, type Launched, type RawRun, type SandboxEnv } from './sandbox';
import { MAX_LIMITS, type RunLimits } from './types';
import { batchEnvelope, batchHeader, PYTHON_LOADER_DEFINITIONS } from './warm';

export const FORK_SERVER_FILE = path.join(import.meta.dirname, 'fork_server.py');

/** A run the fork server could not start (its process died, or it failed to make the run's namespaces). */
export class ForkServerError extends Error {}

interface Pending {
  resolve: (r: RawRun) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** CPU seconds as every sandbox sets them: soft limit, hard limit one second above. */
const cpuRlimit = (l: RunLimits) => Math.max(1, Math.ceil(l.cpuSeconds));

/**
 * Processes the fork server's sandbox may hold: each run has its relay, its init and its program, and the program may
 * start SANDBOX_NPROC processes of its own (the count is per user of the sandbox, shared by the runs in flight).
 */
const SERVER_NPROC = SANDBOX_NPROC * 8;

export class ForkServer {
  private proc?: Launched;
  private starting?: Promise<Launched | undefined>;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** Why the fork server cannot run here, once known: the runner then keeps its per-run sandboxes. */
  unavailable?: string;
  /** When a server that failed to start is tried again (never, when its trial run showed it cannot work here). */
  private retryAt = 0;
  private readonly source: string;

  constructor(private readonly env: SandboxEnv) {
    try {
      this.source = fs.readFileSync(FORK_SERVER_FILE, 'utf8');
    } catch {
      throw new Error(`Le programme du serveur d’exécution Python est introuvable (${FORK_SERVER_FILE}) : reconstruisez le serveur (npm run build).`);
    }
  }

  /** Whether a run with these limits can go to the fork server (its memory ceiling is MAX_LIMITS'). */
  fits(limits: RunLimits): boolean {
    return !this.closed && (!this.unavailable || Date.now() >= this.retryAt) && limits.memoryMb <= MAX_LIMITS.memoryMb;
  }

  /** Starts the server now; resolves once it is ready, or unavailable (then `unavailable` says why). */
  async start(): Promise<void> {
    await this.ensure();
  }

  private ensure(): Promise<Launched | undefined> {
    if (this.closed || (this.unavailable && Date.now() < this.retryAt)) return Promise.resolve(undefined);
    if (this.proc) return Promise.resolve(this.proc);
    this.starting ??= this.spawn().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private spawn(): Promise<Launched | undefined> {
    return new Promise((resolve) => {
      let launched: Launched;
      try {
        launched = launchSandboxed(this.env, {
          argv: [
            PYTHON_PATH,
            '-I',
            '-B',
            '/tmp/fork_server.py',
            ...[SANDBOX_TMPFS, SANDBOX_FSIZE, SANDBOX_NOFILE, SANDBOX_NPROC].map(String),
            '/tmp/loader.py',
          ],
          files: [
            { path: '/tmp/fork_server.py', content: this.source },
            { path: '/tmp/loader.py', content: PYTHON_LOADER_DEFINITIONS },
          ],
          // The server lives long: CPU for its own loop (each run has its own limit), memory up to the largest a run
          // may ask for (a run lowers its own), no output cap (each run has its own).
          limits: { cpuSeconds: 24 * 3600, wallMs: 0, memoryMb: MAX_LIMITS.memoryMb + 64, outputBytes: 0 },
          guardSeconds: 0,
          capAdd: ['CAP_SYS_ADMIN'],
          nproc: SERVER_NPROC,
        });
      } catch (e) {
        this.failed(e instanceof Error ? e.message : String(e), false);
        resolve(undefined);
        return;
      }
      const { child } = launched;
      let ready = false;
      let buf: Buffer = Buffer.alloc(0);
      let stderr = '';
      child.stderr!.on('data', (b: Buffer) => {
        if (stderr.length < 8192) stderr += b.toString();
      });
      const startTimer = setTimeout(() => {
        this.failed('le serveur d’exécution Python n’a pas démarré à temps', false);
        launched.kill();
      }, 20_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        if (!ready) {
          const nl = buf.indexOf(10);
          if (nl < 0) return;
          const line = buf.subarray(0, nl).toString();
          buf = buf.subarray(nl + 1);
          clearTimeout(startTimer);
          if (line !== 'READY') {
            this.failed(line.replace(/^UNAVAILABLE\s*/, '') || 'réponse inattendue au démarrage', true);
            launched.kill();
            return;
          }
          ready = true;
          this.unavailable = undefined;
          this.proc = launched;
          resolve(launched);
        }
        try {
          buf = this.frames(buf);
        } catch {
          // A frame that cannot be read: the server is replaced (its runs fail and are run again elsewhere).
          buf = Buffer.alloc(0);
          launched.kill();
        }
      });
      child.on('close', () => {
        clearTimeout(startTimer);
        launched.cleanup();
        if (this.proc === launched) this.proc = undefined;
        if (!ready) {
          if (!this.unavailable) this.failed(stderr.trim().split('\n').pop() || 'le serveur d’exécution Python s’est arrêté au démarrage', false);
          resolve(undefined);
        }
        // Runs in flight are lost with the server: they fail (the runner runs them again in a sandbox of their own);
        // the next run starts a new server.
        for (const [id, p] of this.pending) {
          clearTimeout(p.timer);
          this.pending.delete(id);
          p.reject(new ForkServerError('Le serveur d’exécution Python s’est arrêté pendant l’exécution.'));
        }
      });
      child.on('error', () => {});
      child.stdin!.on('error', () => {});
    });
  }

  /** Records why the server cannot run; `final` when its trial run showed it never will here, else retried in 30 s. */
  private failed(why: string, final: boolean) {
    this.unavailable = why;
    this.retryAt = final ? Infinity : Date.now() + 30_000;
  }

  /** Settles the runs whose result frames are complete in `buf`; returns what is left. */
  private frames(buf: Buffer): Buffer {
    for (;;) {
      const nl = buf.indexOf(10);
      if (nl < 0) return buf;
      const f = JSON.parse(buf.subarray(0, nl).toString('utf8')) as Record<string, unknown>;
      const out = Number(f.out);
      const err = Number(f.err);
      if (buf.length < nl + 1 + out + err) return buf;
      const stdout = Buffer.from(buf.subarray(nl + 1, nl + 1 + out));
      const stderr = Buffer.from(buf.subarray(nl + 1 + out, nl + 1 + out + err));
      buf = buf.subarray(nl + 1 + out + err);
      const p = this.pending.get(Number(f.i));
      if (!p) continue;
      this.pending.delete(Number(f.i));
      clearTimeout(p.timer);
      if (f.failed === true) {
        p.reject(new ForkServerError(`Le serveur d’exécution Python n’a pas pu lancer le programme : ${stderr.toString()}`));
        continue;
      }
      p.resolve({
        exitCode: typeof f.code === 'number' ? f.code : null,
        signal: typeof f.signal === 'string' ? f.signal : null,
        timedOut: f.timedOut === true,
        outputExceeded: f.exceeded === true,
        durationMs: typeof f.ms === 'number' ? f.ms : 0,
        stdout,
        stderr,
      });
    }
  }

  /**
   * Runs one program with its stdin and limits. Rejects with ForkServerError when the server is unavailable or
   * loses the run: the caller then runs it in a sandbox of its own.
   */
  async run(code: string, stdin: string, limits: RunLimits): Promise<RawRun> {
    return this.request(0, code, stdin, limits);
  }

  /**
   * One program against several stdins in one run (its own namespaces): the loader's batch mode, whose output is the
   * frames of every case (parseBatch). `limits` bound the whole batch (batchEnvelope); `caseLimits` each case.
   */
  async runBatch(code: string, stdins: string[], caseLimits: RunLimits, width: number): Promise<RawRun> {
    return this.request(1, '', batchHeader(caseLimits, stdins, width) + code, { ...batchEnvelope(caseLimits, stdins.length, width), cpuSeconds: caseLimits.cpuSeconds });
  }

  private async request(mode: 0 | 1, code: string, stdin: string, limits: RunLimits): Promise<RawRun> {
    const launched = await this.ensure();
    if (!launched) throw new ForkServerError(this.unavailable ?? 'Le serveur d’exécution Python est arrêté.');
    const id = this.nextId++;
    const program = Buffer.from(code, 'utf8');
    const input = Buffer.from(stdin, 'utf8');
    const cpu = cpuRlimit(limits);
    const head = `${id} ${mode} ${cpu} ${cpu + 1} ${limits.memoryMb * 1024 * 1024} ${limits.wallMs} ${limits.outputBytes} ${input.length} ${program.length}\n`;
    return new Promise<RawRun>((resolve, reject) => {
      // The server enforces the deadline; should it stop answering, it is replaced and the run fails here.
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        reject(new ForkServerError('Le serveur d’exécution Python ne répond plus.'));
        launched.kill();
      }, limits.wallMs + 5000);
      this.pending.set(id, { resolve, reject, timer });
      launched.child.stdin!.write(Buffer.concat([Buffer.from(head), input, program]));
    });
  }

  /** Pid of the sandbox's outer process (tests kill it to check the recovery). */
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
