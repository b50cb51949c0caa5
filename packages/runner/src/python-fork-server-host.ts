// Python runs through a fork server (see python_fork_server.py): one long-lived sandbox whose interpreter, started once,
// forks a worker per run (through a master per lane, which lives in the lane's control groups). No process that
// forks runs ever holds a byte of a run: each run's request and result travel on a lane, a socket of its own between
// the host and that run's worker, and the server is told only the lane's number. Each lane's groups count memory,
// processes and CPU of the run's processes together; the memory limit is set before each run.
// Where the fork server cannot work (its trial run fails), it says so once and Python runs get sandboxes of their own.
import fs from 'node:fs';
import path from 'node:path';
import type { Socket } from 'node:net';
import type { CgroupTree, RunGroup } from './cgroups';
import { PYTHON_PATH } from './paths';
import {
  addressSpaceBytes,
  endServer,
  groupMemoryBytes,
  launchSandboxed,
  RUN_CPUS,
  SANDBOX_FSIZE,
  SANDBOX_NOFILE,
  SANDBOX_NPROC,
  SANDBOX_SHM,
  SANDBOX_TMPFS,
  type Launched,
  type RawRun,
  type SandboxEnv,
} from './sandbox';
import { MAX_LIMITS, type RunLimits } from './types';
import { WALL_EXTENSION, wallCapMs } from './wallclock';

export const FORK_SERVER_FILE = path.join(import.meta.dirname, 'python_fork_server.py');

/** A run the fork server could not start (its process died, or it failed to make the run's namespaces). */
export class ForkServerError extends Error {}

/** CPU seconds as every sandbox sets them: soft limit, hard limit one second above. */
const cpuRlimit = (l: RunLimits) => Math.max(1, Math.ceil(l.cpuSeconds));

/**
 * A lane's pids limit: the program's own processes (SANDBOX_NPROC, as in a sandbox of its own), plus the lane's
 * master, the run's worker and its init, which live in the lane's groups too.
 */
export const LANE_PIDS = SANDBOX_NPROC + 3;

/** Where the fork server's sandbox finds the /proc mask's files, for its runs. */
const PROC_MASK_AT = '/run/procmask';

interface LaneGroups {
  /** Processes and CPU of the lane: its master, the run's worker and the run. */
  lane: RunGroup;
  /** Where the lane's master lives (the lane's group itself in v1). */
  master: RunGroup;
  /** The run's own memory (its init and every process of the program). */
  run: RunGroup;
}

/** Memory of the server's own group (the interpreter and the workers, each holding one run's request). */
const ZYGOTE_MEMORY = 512 * 1024 * 1024;

/** The trial run at start: only its own two processes, an empty /tmp but for its program, the filter loaded. */
const TRIAL_PROGRAM =
  'import os\nst = open("/proc/self/status").read()\nprint(sorted(int(p) for p in os.listdir("/proc") if p.isdigit()), os.listdir("/tmp"), st.split("Seccomp:")[1].split()[0], st.split("CapBnd:")[1].split()[0])';
const TRIAL_OUTPUT = "[1, 2] ['main.py'] 2 0000000000000000\n";

interface Lane {
  index: number;
  socket: Socket;
  /** The run's own memory group (its init and program), whose limit is the run's. */
  group?: RunGroup;
  /** Memory limit last written to the lane's group. */
  memory?: number;
  busy: boolean;
  buf: Buffer;
  pending?: { resolve: (r: RawRun) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };
}

interface Server {
  launched: Launched;
  lanes: Lane[];
  /** The server's groups: itself and its lanes (removed with it). */
  groups: RunGroup[];
}

export class ForkServer {
  private server?: Server;
  private starting?: Promise<Server | undefined>;
  private closed = false;
  /** Runs waiting for a free lane. */
  private waiting: Array<(lane: Lane | undefined) => void> = [];
  /** Why the fork server cannot run here, once known: the runner then gives Python runs sandboxes of their own. */
  unavailable?: string;
  /** When a server that failed to start is tried again (never, when its trial run showed it cannot work here). */
  private retryAt = 0;
  private readonly source: string;

  constructor(
    private readonly env: SandboxEnv,
    /** Runs in flight at once (each on a lane of its own). */
    readonly lanes: number,
  ) {
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

  private ensure(): Promise<Server | undefined> {
    if (this.closed || (this.unavailable && Date.now() < this.retryAt)) return Promise.resolve(undefined);
    if (this.server) return Promise.resolve(this.server);
    this.starting ??= this.spawn()
      .then(async (server) => {
        if (!server) return undefined;
        // The trial run: where the namespaces, mounts, groups or filter cannot be had inside the sandbox, the host
        // knows before any student's run.
        this.server = server;
        try {
          const r = await this.runOn(server, TRIAL_PROGRAM, '', { cpuSeconds: 2, wallMs: 5000, memoryMb: 256, outputBytes: 4096 });
          if (r.exitCode !== 0 || r.stdout.toString() !== TRIAL_OUTPUT) throw new Error(`${r.stdout.toString().trim()} ${r.stderr.toString().trim()}`.trim());
          this.unavailable = undefined;
          return server;
        } catch (e) {
          this.failed(`essai au démarrage : ${e instanceof Error ? e.message : String(e)}`, true);
          this.server = undefined;
          void endServer(server.launched);
          return undefined;
        }
      })
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  /**
   * The lanes' groups, made once per server. A lane's group counts the processes and CPU of its master, its worker
   * and the run together; the run's memory is counted in a group of its own below it, which the run's init joins
   * first thing: the kernel's OOM killer, acting in the group whose limit was reached, then only ever picks a process
   * of the run, never the master or worker that serve the lane (nor blocks them when the run is at its limit).
   */
  private makeGroups(tree: CgroupTree): { parent: RunGroup; zygote: RunGroup; lanes: LaneGroups[]; all: RunGroup[] } {
    const parent = tree.group('forkserver');
    tree.nest(parent);
    const zygote = tree.group('zygote', parent);
    zygote.limit({ memoryBytes: ZYGOTE_MEMORY, pids: this.lanes + 8 });
    const lanes = Array.from({ length: this.lanes }, (): LaneGroups => {
      const lane = tree.group('lane', parent);
      lane.limit({ pids: LANE_PIDS, cpus: RUN_CPUS });
      // v2: a group holding groups holds no process, so the master and worker get a leaf of their own.
      if (tree.version === 2) tree.nest(lane);
      const master = tree.version === 2 ? tree.group('serve', lane) : lane;
      const run = tree.memoryGroup('run', lane);
      run.oomKillsWhole();
      return { lane, master, run };
    });
    if (this.env.uid !== undefined) {
      const [uid, gid] = [this.env.uid, this.env.gid ?? this.env.uid];
      // cgroup v2 lets a process move between two groups when it may write to their common parent.
      if (tree.version === 2) parent.delegate(uid, gid);
      for (const g of lanes) new Set([g.lane, g.master, g.run]).forEach((x) => x.delegate(uid, gid));
    }
    const all = lanes.flatMap((g) => [...new Set([g.run, g.master, g.lane])]);
    return { parent, zygote, lanes, all: [...all, zygote, parent] };
  }

  private spawn(): Promise<Server | undefined> {
    return new Promise((resolve) => {
      const tree = this.env.cgroups;
      let groups: ReturnType<ForkServer['makeGroups']> | undefined;
      let launched: Launched;
      try {
        groups = tree ? this.makeGroups(tree) : undefined;
        // Inside the sandbox, the server's groups (one directory per hierarchy, its lanes below) are bound under
        // /tmp/cg, which every run's fresh /tmp hides. One bind per hierarchy, not per lane: each run's mount
        // namespace copies every mount of the sandbox.
        const binds: Array<[string, string]> = [];
        const parents = groups?.parent.dirs ?? [];
        parents.forEach((d, h) => binds.push([d, `/tmp/cg/${h}`]));
        const inside = (file: string) => {
          const h = parents.findIndex((p) => file.startsWith(`${p}/`));
          return `/tmp/cg/${h}/${path.relative(parents[h], file)}`;
        };
        const laneGroups = (i: number) => {
          const g = groups?.lanes[i];
          if (!g) return {};
          const v2 = g.lane.version === 2;
          return {
            procs: g.master.procsFiles.map(inside),
            run: g.run.selfJoinFiles.map(inside),
            // v2: the run's own group (its threads alone, as the wall-clock rule reads them); v1: the lane's.
            cpu: inside(v2 ? `${g.run.byController.get('cpu')!}/cpu.stat` : `${g.lane.byController.get('cpuacct')!}/cpuacct.usage`),
            oom: inside(`${g.run.byController.get('memory')!}/${v2 ? 'memory.events' : 'memory.oom_control'}`),
          };
        };
        if (!this.env.seccomp) throw new Error('pas de filtre seccomp');
        // Descriptors of the lanes inside the sandbox: after the gate, the three files and the filter (launchSandboxed).
        const firstLane = 4 + 3 + 1;
        const config = {
          tmpfs: SANDBOX_TMPFS,
          shm: SANDBOX_SHM,
          fsize: SANDBOX_FSIZE,
          nofile: SANDBOX_NOFILE,
          // The processes of every run together under the sandbox's user (each run's own count is its group's).
          nproc: this.lanes * LANE_PIDS + 16,
          filter: '/tmp/run.bpf',
          // The wall-clock rule of wallclock.ts: a run held back by others is given up to this many wall limits.
          wallExtension: WALL_EXTENSION,
          lanes: Array.from({ length: this.lanes }, (_, i) => ({ fd: firstLane + i, ...laneGroups(i) })),
          // The /proc mask each run's init binds over the run's own /proc (procmask.ts).
          procmask: (this.env.procMask?.binds ?? []).map((b) => [`${PROC_MASK_AT}/${b.source}`, `/proc/${b.target}`]),
        };
        launched = launchSandboxed(this.env, {
          argv: [PYTHON_PATH, '-I', '-B', '/tmp/python_fork_server.py', '/tmp/config.json'],
          files: [
            { path: '/tmp/python_fork_server.py', content: this.source },
            { path: '/tmp/config.json', content: JSON.stringify(config) },
            // The runs' own filter, loaded by each run (the server's is bubblewrap's 'server' profile).
            { path: '/tmp/run.bpf', content: this.env.seccomp.run },
          ],
          extraPipes: this.lanes,
          // The server lives long: CPU for its own loop (each run has its own limit), memory up to the largest a run
          // may ask for (a run sets its own), no output cap (each run has its own).
          limits: { cpuSeconds: 24 * 3600, wallMs: 0, memoryMb: MAX_LIMITS.memoryMb + 64, outputBytes: 0 },
          guardSeconds: 0,
          capAdd: ['CAP_SYS_ADMIN', 'CAP_SETPCAP'],
          nproc: config.nproc,
          seccomp: 'server',
          group: groups?.zygote,
          binds,
          procMaskAt: PROC_MASK_AT,
          // The server's own processes are never chosen by the kernel's OOM killer; each run's program raises its own
          // score to the most (python_fork_server.py).
          oomScoreAdj: -1000,
        });
      } catch (e) {
        for (const g of groups?.all ?? []) g.remove();
        this.failed(e instanceof Error ? e.message : String(e), false);
        resolve(undefined);
        return;
      }
      const { child } = launched;
      const lanes: Lane[] = launched.extraFds.map((fd, index) => ({ index, socket: child.stdio[fd] as Socket, group: groups?.lanes[index].run, busy: false, buf: Buffer.alloc(0) }));
      const server: Server = { launched, lanes, groups: groups?.all ?? [] };
      for (const lane of lanes) {
        lane.socket.on('error', () => {});
        lane.socket.on('data', (chunk: Buffer) => this.onLaneData(server, lane, chunk));
      }
      let ready = false;
      let control = '';
      let stderr = '';
      child.stderr!.on('data', (b: Buffer) => {
        if (stderr.length < 8192) stderr += b.toString();
      });
      const startTimer = setTimeout(() => {
        this.failed('le serveur d’exécution Python n’a pas démarré à temps', false);
        launched.kill();
      }, 20_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        control += chunk.toString();
        let nl: number;
        while ((nl = control.indexOf('\n')) >= 0) {
          const line = control.slice(0, nl);
          control = control.slice(nl + 1);
          if (!ready) {
            clearTimeout(startTimer);
            if (line !== 'READY') {
              this.failed(line || 'réponse inattendue au démarrage', true);
              launched.kill();
              return;
            }
            ready = true;
            resolve(server);
            continue;
          }
          // "X lane status": a worker ended. One that failed without answering leaves its lane unusable: the
          // server is replaced (its runs in flight fail and are run again in sandboxes of their own).
          const [, lane, status] = line.split(' ');
          if (status !== '0' && server.lanes[Number(lane)]?.pending) launched.kill();
        }
      });
      child.on('close', () => {
        clearTimeout(startTimer);
        launched.cleanup();
        if (this.server === server) this.server = undefined;
        for (const g of server.groups) g.remove();
        if (!ready) {
          if (!this.unavailable) this.failed(stderr.trim().split('\n').pop() || 'le serveur d’exécution Python s’est arrêté au démarrage', false);
          resolve(undefined);
        }
        // Runs in flight are lost with the server: they fail (the runner runs them again in sandboxes of their own);
        // the next run starts a new server.
        for (const lane of server.lanes) {
          const p = lane.pending;
          if (!p) continue;
          lane.pending = undefined;
          clearTimeout(p.timer);
          p.reject(new ForkServerError('Le serveur d’exécution Python s’est arrêté pendant l’exécution.'));
        }
        const waiting = this.waiting.splice(0);
        for (const w of waiting) w(undefined);
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

  private onLaneData(server: Server, lane: Lane, chunk: Buffer) {
    lane.buf = lane.buf.length ? Buffer.concat([lane.buf, chunk]) : chunk;
    const nl = lane.buf.indexOf(10);
    if (nl < 0) return;
    let f: Record<string, unknown>;
    try {
      f = JSON.parse(lane.buf.subarray(0, nl).toString('utf8')) as Record<string, unknown>;
    } catch {
      server.launched.kill();
      return;
    }
    const out = Number(f.out);
    const err = Number(f.err);
    if (lane.buf.length < nl + 1 + out + err) return;
    const stdout = Buffer.from(lane.buf.subarray(nl + 1, nl + 1 + out));
    const stderr = Buffer.from(lane.buf.subarray(nl + 1 + out, nl + 1 + out + err));
    const extra = lane.buf.length > nl + 1 + out + err;
    lane.buf = Buffer.alloc(0);
    const p = lane.pending;
    lane.pending = undefined;
    if (extra) {
      // More than one result: the lane cannot be trusted any more.
      server.launched.kill();
    }
    if (!p) return;
    clearTimeout(p.timer);
    this.release(lane);
    if (f.failed === true) {
      p.reject(new ForkServerError(`Le serveur d’exécution Python n’a pas pu lancer le programme : ${stderr.toString()}`));
      return;
    }
    p.resolve({
      exitCode: typeof f.code === 'number' ? f.code : null,
      signal: typeof f.signal === 'string' ? f.signal : null,
      timedOut: f.timedOut === true,
      outputExceeded: f.exceeded === true,
      memoryExceeded: f.oom === true,
      idle: f.idle === true,
      starved: f.starved === true,
      cpuMs: typeof f.cpu === 'number' && f.cpu >= 0 ? f.cpu : undefined,
      durationMs: typeof f.ms === 'number' ? f.ms : 0,
      stdout,
      stderr,
    });
  }

  private acquire(server: Server): Promise<Lane | undefined> {
    const free = server.lanes.find((l) => !l.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(lane: Lane) {
    const next = this.waiting.shift();
    if (next) next(lane);
    else lane.busy = false;
  }

  /**
   * Runs one program with its stdin and limits. Rejects with ForkServerError when the server is unavailable or
   * loses the run: the caller then runs it in a sandbox of its own.
   */
  async run(code: string, stdin: string, limits: RunLimits): Promise<RawRun> {
    const server = await this.ensure();
    if (!server) throw new ForkServerError(this.unavailable ?? 'Le serveur d’exécution Python est arrêté.');
    return this.runOn(server, code, stdin, limits);
  }

  private async runOn(server: Server, code: string, stdin: string, limits: RunLimits): Promise<RawRun> {
    const lane = await this.acquire(server);
    if (!lane) throw new ForkServerError('Le serveur d’exécution Python s’est arrêté.');
    const memory = groupMemoryBytes(limits);
    if (lane.group && lane.memory !== memory) {
      try {
        lane.group.limit({ memoryBytes: memory });
        lane.memory = memory;
      } catch (e) {
        this.release(lane);
        throw new ForkServerError(`Limite de mémoire impossible à poser : ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const program = Buffer.from(code, 'utf8');
    const input = Buffer.from(stdin, 'utf8');
    const cpu = cpuRlimit(limits);
    const head = `${cpu} ${cpu + 1} ${addressSpaceBytes(limits, !!lane.group)} ${limits.wallMs} ${limits.outputBytes} ${input.length} ${program.length}\n`;
    return new Promise<RawRun>((resolve, reject) => {
      // The worker enforces the deadline; should it stop answering, the server is replaced and the run fails here.
      const timer = setTimeout(() => {
        if (!lane.pending) return;
        lane.pending = undefined;
        reject(new ForkServerError('Le serveur d’exécution Python ne répond plus.'));
        server.launched.kill();
      }, wallCapMs(limits) + 5000);
      lane.pending = { resolve, reject, timer };
      lane.socket.write(Buffer.concat([Buffer.from(head), input, program]));
      server.launched.child.stdin!.write(`${lane.index}\n`);
    });
  }

  /** Pid of the sandbox's outer process (tests kill it to check the recovery). */
  get pid(): number | undefined {
    return this.server?.launched.child.pid;
  }

  async close(): Promise<void> {
    this.closed = true;
    const s = this.server ?? (await this.starting?.catch(() => undefined));
    if (!s) return;
    await endServer(s.launched);
  }
}
