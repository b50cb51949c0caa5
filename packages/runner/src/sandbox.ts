// One untrusted process in a fresh bubblewrap sandbox: unprivileged host uid, rlimits, no network,
// own PID namespace, read-only system, size-limited tmpfs, wall-clock deadline, capped output.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CgroupTree, GroupPool, type RunGroup } from './cgroups';
import { procMask, type ProcMask } from './procmask';
import { compileSeccomp, type SeccompFilters } from './seccomp';
import { atWallDeadline, threadWaits, waitSince, wallCapMs, wallRecheckMs } from './wallclock';
import { SandboxUnavailableError, type RunLimits } from './types';

import { PYTHON_PATH, RSCRIPT_PATH } from './paths';

export { PYTHON_PATH, RSCRIPT_PATH };
export const RUNNER_USER = 'exam-runner';
const TIMEOUT_PATH = '/usr/bin/timeout';

/** Processes (and threads) one sandbox may hold at once, counted in its own user namespace. */
export const SANDBOX_NPROC = 64;
/** Open files per process (R refuses to start below about 128). */
export const SANDBOX_NOFILE = 256;
/** Largest file a program may write, and size of its tmpfs work folder. */
export const SANDBOX_FSIZE = 16 * 1024 * 1024;
export const SANDBOX_TMPFS = 32 * 1024 * 1024;
/** Size of a run's own /dev/shm (POSIX shared memory and semaphores: multiprocessing). */
export const SANDBOX_SHM = 16 * 1024 * 1024;
/** Cores one run may use at once, all its processes and threads together. */
export const RUN_CPUS = 1;
/**
 * Virtual address space allowed to each process beyond the run's memory when a control group holds the run's memory
 * (all its processes together): thread stacks and allocator arenas reserve far more address space than they use.
 */
const ADDRESS_SPACE_HEADROOM = 1024 * 1024 * 1024;

/** Memory of a run's group: the program's memory, its tmpfs folders and the sandbox's own small processes. */
export function groupMemoryBytes(limits: RunLimits): number {
  return limits.memoryMb * 1024 * 1024 + SANDBOX_TMPFS + SANDBOX_SHM + 16 * 1024 * 1024;
}

/** Address-space limit of each process: the run's memory itself where no control group counts it. */
export function addressSpaceBytes(limits: RunLimits, grouped: boolean): number {
  return limits.memoryMb * 1024 * 1024 + (grouped ? ADDRESS_SPACE_HEADROOM : 0);
}

export interface SandboxEnv {
  /** false only in the explicit unsafe development mode (RUNNER_UNSAFE_DEV=1). */
  isolated: boolean;
  bwrap: string;
  prlimit: string;
  /** setpriv, used to tie the sandbox to the API process (parent-death signal); absent: not tied. */
  setpriv?: string;
  /** Host uid/gid the programs run as; undefined when the API is not root (programs run as the API's own uid). */
  uid?: number;
  gid?: number;
  /** Extra read-only binds of /etc pieces that exist on this host. */
  etcBinds: string[];
  /** The seccomp filters every sandbox loads (absent only in the unsafe mode). */
  seccomp?: SeccompFilters;
  /** Control groups: each run's processes counted together (absent only when the API is not root, or unsafe). */
  cgroups?: CgroupTree;
  /** Groups for sandboxes of their own (one per sandbox, reused once empty). */
  boxes?: GroupPool;
  /** What every sandbox sees over its /proc instead of the host's counters (procmask.ts). */
  procMask?: ProcMask;
}

export interface SandboxFile {
  /** Path inside the sandbox, under /tmp. */
  path: string;
  content: string | Buffer;
}

export interface SandboxSpec {
  argv: string[];
  files: SandboxFile[];
  stdin?: string;
  limits: RunLimits;
  /** Extra environment variables (the environment is otherwise cleared). */
  env?: Record<string, string>;
  /** Extra pipes handed to the program after the files' descriptors, left open for the caller. */
  extraPipes?: number;
  /**
   * With a control group: the sandbox says when its set-up is over and the program begins (a byte on a pipe of its
   * own, after the extra pipes), from which the wall clock's rule weighs the program's time (wallclock.ts).
   */
  startMarker?: boolean;
  /** Seconds after which the sandbox kills the program by itself (default: wall limit + 2 s; 0: none). */
  guardSeconds?: number;
  /**
   * Capabilities kept inside the sandbox's own user namespace (the Python fork server makes each run's namespaces
   * with CAP_SYS_ADMIN there; its runs drop it). Never anything on the host.
   */
  capAdd?: string[];
  /** Processes the whole sandbox may hold at once (default SANDBOX_NPROC). */
  nproc?: number;
  /** Seccomp profile (default 'run'): 'server' for the Python fork server, whose runs load 'run' themselves. */
  seccomp?: 'run' | 'server';
  /** The control group the whole sandbox joins before its first process starts. */
  group?: RunGroup;
  /** Extra read-write binds (host path, sandbox path). */
  binds?: Array<[string, string]>;
  /**
   * Where the sandbox finds the /proc mask's files, instead of seeing them over its /proc (the Python fork server,
   * which mounts a /proc per run and masks that one).
   */
  procMaskAt?: string;
  /** The OOM killer's score adjustment of every process of the sandbox, set by the host before it starts. */
  oomScoreAdj?: number;
}

export interface RawRun {
  exitCode: number | null;
  /** Signal that ended the program (from the 128+n convention of bwrap, or of the process itself). */
  signal: string | null;
  stdout: Buffer;
  stderr: Buffer;
  timedOut: boolean;
  outputExceeded: boolean;
  /** The kernel killed a process of the run for lack of memory (its control group's limit). */
  memoryExceeded?: boolean;
  /** Stopped at its wall limit while waiting without computing (wallclock.ts): its own doing, TIME_LIMIT. */
  idle?: boolean;
  /** Held back by other processes up to the wall cap: not judged, to be run again (wallclock.ts). */
  starved?: boolean;
  /** CPU time of the run's processes together, where a control group counts it. */
  cpuMs?: number;
  durationMs: number;
}

function which(bin: string): string | undefined {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin']) {
    const p = path.join(dir, bin);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return undefined;
}

function lookupUser(name: string): { uid: number; gid: number } | undefined {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const f = line.split(':');
      if (f[0] === name) return { uid: Number(f[2]), gid: Number(f[3]) };
    }
  } catch {
    /* no passwd */
  }
  return undefined;
}

/** The devices of a sandbox's /dev. */
const DEVICES = ['null', 'zero', 'full', 'random', 'urandom'];

const ETC_PIECES = ['/etc/R', '/etc/alternatives', '/etc/ld.so.cache', '/etc/localtime', '/etc/python3.11', '/etc/python3'];

/**
 * Checks that the sandbox can run here and returns how to launch it. Throws SandboxUnavailableError
 * with a French message naming what is missing, unless `unsafe` (development only) is set.
 */
export function probeSandbox(
  opts: { unsafe?: boolean; languages?: Array<'python' | 'r'>; /** Tests: another bwrap path. */ bwrap?: string } = {},
): SandboxEnv {
  const languages = opts.languages ?? ['python', 'r'];
  const missing: string[] = [];
  const interpreters: Array<[string, string, string]> = [];
  if (languages.includes('python')) interpreters.push([PYTHON_PATH, 'python3', 'python3-sympy']);
  if (languages.includes('r')) interpreters.push([RSCRIPT_PATH, 'Rscript', 'r-base-core']);
  for (const [p, label, pkg] of interpreters) if (!fs.existsSync(p)) missing.push(`${label} (${p}, paquet ${pkg})`);
  const prlimit = which('prlimit');
  if (!prlimit) missing.push('prlimit (paquet util-linux)');
  const etcBinds = ETC_PIECES.filter((p) => fs.existsSync(p));

  if (opts.unsafe) {
    if (missing.length) throw new SandboxUnavailableError(`Exécution de code impossible : il manque ${missing.join(', ')}.`);
    // Even without a sandbox, a root API does not run programs as root when the runner user exists.
    const user = process.getuid?.() === 0 ? lookupUser(RUNNER_USER) : undefined;
    return { isolated: false, bwrap: '', prlimit: prlimit!, etcBinds, ...(user && user.uid !== 0 ? user : {}) };
  }

  const bwrap = opts.bwrap !== undefined ? (fs.existsSync(opts.bwrap) ? opts.bwrap : undefined) : which('bwrap');
  if (!bwrap) missing.push('bubblewrap (commande bwrap, paquet bubblewrap)');
  let uid: number | undefined;
  let gid: number | undefined;
  if (process.getuid?.() === 0) {
    const user = lookupUser(RUNNER_USER);
    if (!user) missing.push(`l’utilisateur système « ${RUNNER_USER} » (créé par « sudo bash scripts/install-system.sh »)`);
    else if (user.uid === 0) missing.push(`un utilisateur « ${RUNNER_USER} » non privilégié (son uid est 0)`);
    else ({ uid, gid } = user);
  }
  const hint =
    ' Lancez « sudo bash scripts/install-system.sh », ou, sur un poste de développement seulement, RUNNER_UNSAFE_DEV=1 pour exécuter sans isolation.';
  if (missing.length) {
    throw new SandboxUnavailableError(`Le bac à sable d’exécution de code ne peut pas démarrer : il manque ${missing.join(', ')}.${hint}`);
  }
  const setpriv = which('setpriv');
  let seccomp: SeccompFilters;
  try {
    seccomp = compileSeccomp();
  } catch (e) {
    throw new SandboxUnavailableError(`Le bac à sable d’exécution de code ne peut pas démarrer : ${e instanceof Error ? e.message : String(e)}.${hint}`);
  }
  let cgroups: CgroupTree | undefined;
  if (process.getuid?.() === 0) {
    // As root, every run is contained as a whole; a root API that cannot do so does not run programs.
    try {
      cgroups = CgroupTree.open();
    } catch (e) {
      throw new SandboxUnavailableError(
        `Le bac à sable d’exécution de code ne peut pas démarrer : les groupes de contrôle (cgroups) du noyau sont inutilisables ici (${e instanceof Error ? e.message : String(e)}). ` +
          'Sous systemd, donnez Delegate=yes au service ; dans un conteneur, montez /sys/fs/cgroup en écriture.',
      );
    }
  }
  const env: SandboxEnv = {
    isolated: true,
    bwrap: bwrap!,
    prlimit: prlimit!,
    uid,
    gid,
    etcBinds,
    setpriv,
    seccomp,
    cgroups,
    boxes: cgroups && new GroupPool(cgroups, 'box'),
    procMask: procMask(),
  };
  // A trial run: user namespaces may be disabled (sysctl, container without privileges). Its filter comes from a file.
  const [cmd, ...args] = buildArgv(env, { argv: ['/usr/bin/true'], files: [], limits: TRIAL_LIMITS }, 3);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-trial-'));
  fs.writeFileSync(path.join(dir, 'filter'), seccomp.run);
  const filterFd = fs.openSync(path.join(dir, 'filter'), 'r');
  let trial: SpawnSyncReturns<string>;
  try {
    trial = spawnSync(cmd, args, { env: {}, timeout: 10_000, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', filterFd], ...identity(env) });
  } finally {
    fs.closeSync(filterFd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (trial.status !== 0) {
    void cgroups?.close();
    const why = (trial.stderr || trial.error?.message || '').trim().split('\n')[0];
    throw new SandboxUnavailableError(
      `Le bac à sable d’exécution de code ne peut pas démarrer : bubblewrap a échoué (${why || `code ${trial.status}`}). ` +
        'Les espaces de noms utilisateur doivent être autorisés (sysctl kernel.unprivileged_userns_clone=1, ou un conteneur avec --privileged / un profil seccomp qui les permet).' +
        hint,
    );
  }
  return env;
}

/** What the start-up log says of the isolation in force. */
export function describeIsolation(env: SandboxEnv): string {
  if (!env.isolated) return 'AUCUNE isolation (RUNNER_UNSAFE_DEV=1, développement seulement)';
  const groups = env.cgroups
    ? `${env.cgroups.describe()} : mémoire, processus et CPU de chaque exécution comptés ensemble`
    : 'sans groupes de contrôle (l’API ne tourne pas en root) : limites par processus seulement';
  return `bubblewrap, utilisateur ${env.uid !== undefined ? RUNNER_USER : 'de l’API'}, filtre seccomp, ${groups}`;
}

/** spawn() options that switch to the runner's user (libuv also drops the supplementary groups). */
function identity(env: SandboxEnv): { uid?: number; gid?: number } {
  return env.uid !== undefined ? { uid: env.uid, gid: env.gid } : {};
}

const TRIAL_LIMITS: RunLimits = { cpuSeconds: 2, wallMs: 5000, memoryMb: 64, outputBytes: 1024 };

/**
 * Every sandbox starts behind a gate: a shell that closes every descriptor above `last` (whatever the API process
 * inherited without close-on-exec must not reach a program), then waits for one line on descriptor 3, which the host
 * writes once it has moved that shell into the sandbox's control group, so that no process of it starts outside.
 */
function gate(last: number): string[] {
  const script = `cd /proc/self/fd && for n in *; do [ "$n" -gt ${last} ] && eval "exec $n>&-"; done; cd / && read -r _ <&3 && exec "$@" 3<&-`;
  return ['/bin/bash', '-c', script, 'gate'];
}

/**
 * The command line of one sandboxed run (exported for inspection in tests). `fdBase`: the first descriptor of the
 * files (3 for a trial without gate, else 4: the gate is 3), then the seccomp filter, then the extra pipes.
 */
export function buildArgv(
  env: SandboxEnv,
  spec: Pick<SandboxSpec, 'argv' | 'files' | 'limits' | 'env' | 'guardSeconds' | 'capAdd' | 'nproc' | 'seccomp' | 'group' | 'binds' | 'extraPipes' | 'procMaskAt' | 'startMarker'>,
  fdBase = 4,
): string[] {
  const { limits } = spec;
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const grouped = !!spec.group;
  const rlimits = [
    `--cpu=${cpu}:${cpu + 1}`,
    `--as=${addressSpaceBytes(limits, grouped)}`,
    `--fsize=${SANDBOX_FSIZE}`,
    `--nofile=${SANDBOX_NOFILE}`,
    `--core=0`,
  ];
  const envArgs: string[] = [];
  const baseEnv: Record<string, string> = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...spec.env };

  if (!env.isolated) {
    // Unsafe development mode: only rlimits (the process count is not limited: it would count the API's own processes).
    return [env.prlimit, ...rlimits, '--', ...spec.argv];
  }
  for (const [k, v] of Object.entries(baseEnv)) envArgs.push('--setenv', k, v);
  // bwrap starts under the runner's uid (spawn's uid/gid options, see launchSandboxed); every limit is set
  // inside the sandbox, just before the program. The process limit then counts the processes of this
  // sandbox's own user namespace, so a fork bomb in one sandbox neither reaches the host's limit nor
  // blocks the other runs; the control group counts them too, with the memory and CPU of all of them.
  // If the API process dies (even by SIGKILL), the kernel kills bwrap, and bwrap's --die-with-parent the sandbox.
  const tie = env.setpriv ? [env.setpriv, '--pdeathsig', 'SIGKILL', '--'] : [];
  // The start marker's descriptor comes after the files, the seccomp filter and the extra pipes (launchSandboxed).
  const markerFd = fdBase + spec.files.length + (env.seccomp ? 1 : 0) + (spec.extraPipes ?? 0);
  const marked = startMarked(env, spec);
  const bw = [
    ...(fdBase === 4 ? gate(markerFd - (marked ? 0 : 1)) : []),
    ...tie,
    env.bwrap,
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/lib', '/lib',
    '--symlink', 'usr/lib64', '/lib64',
    '--symlink', 'usr/bin', '/bin',
    '--symlink', 'usr/sbin', '/sbin',
  ];
  for (const p of env.etcBinds) bw.push('--ro-bind', p, p);
  bw.push('--proc', '/proc');
  const mask = env.procMask;
  // The fork server mounts a /proc per run, which the kernel refuses under a /proc with binds over it: its own stays
  // whole (no run sees it), and each run's is masked by the run's init.
  if (mask && spec.procMaskAt) bw.push('--ro-bind', mask.dir, spec.procMaskAt);
  else if (mask) for (const b of mask.binds) bw.push('--ro-bind', path.join(mask.dir, b.source), `/proc/${b.target}`);
  // A /dev of its own with the usual devices only: no pseudo-terminal (neither /dev/pts nor /dev/ptmx), since
  // opening one moves a host-wide counter; Python and R need none.
  bw.push('--tmpfs', '/dev');
  for (const d of DEVICES) bw.push('--dev-bind', `/dev/${d}`, `/dev/${d}`);
  bw.push('--symlink', '/proc/self/fd', '/dev/fd');
  ['stdin', 'stdout', 'stderr'].forEach((s, i) => bw.push('--symlink', `/proc/self/fd/${i}`, `/dev/${s}`));
  // The sandbox's own shared memory (its own IPC namespace too): nothing shared with another sandbox.
  bw.push('--size', String(SANDBOX_SHM), '--tmpfs', '/dev/shm', '--remount-ro', '/dev');
  bw.push('--size', String(SANDBOX_TMPFS), '--tmpfs', '/tmp');
  spec.files.forEach((f, i) => bw.push('--perms', '0444', '--file', String(fdBase + i), f.path));
  for (const [src, dest] of spec.binds ?? []) bw.push('--bind', src, dest);
  // No capability, not even in the bounding set, but those the fork server needs in its own user namespace.
  bw.push('--cap-drop', 'ALL');
  for (const cap of spec.capAdd ?? []) bw.push('--cap-add', cap);
  if (env.seccomp) bw.push('--seccomp', String(fdBase + spec.files.length));
  bw.push('--remount-ro', '/', '--chdir', '/tmp', '--clearenv', ...envArgs, '--');
  // A last guard inside the sandbox: should the API die while bwrap is still setting up (before its
  // --die-with-parent takes effect), the program still ends a little after its deadline.
  const guardSeconds = spec.guardSeconds ?? Math.ceil(wallCapMs(limits) / 1000) + 2;
  const guard = guardSeconds > 0 ? [TIMEOUT_PATH, '-s', 'KILL', String(guardSeconds)] : [];
  // Once bwrap's set-up (namespaces, mounts: kernel work that can wait long on a loaded host) is over, a byte on
  // the marker, which the program does not inherit.
  // dash starts faster than bash, but names descriptors of one digit only.
  const shell = markerFd < 10 ? '/bin/sh' : '/bin/bash';
  const marker = marked ? [shell, '-c', `printf . >&${markerFd} && exec "$@" ${markerFd}>&-`, 'start'] : [];
  return [...bw, ...marker, ...guard, env.prlimit, ...rlimits, `--nproc=${spec.nproc ?? SANDBOX_NPROC}`, '--', ...spec.argv];
}

/** Whether a sandbox says when its program begins: asked for, isolated, and in a control group (wallclock.ts). */
function startMarked(env: SandboxEnv, spec: Pick<SandboxSpec, 'startMarker' | 'group'>): boolean {
  return !!spec.startMarker && env.isolated && !!spec.group;
}

const SIGNALS: Record<number, string> = { 6: 'SIGABRT', 9: 'SIGKILL', 11: 'SIGSEGV', 24: 'SIGXCPU', 25: 'SIGXFSZ', 15: 'SIGTERM' };

export interface Launched {
  child: ChildProcess;
  /** The sandbox's control group, if any. */
  group?: RunGroup;
  /** Descriptor numbers, inside the sandbox, of the extra pipes (child.stdio[n] on the host side). */
  extraFds: number[];
  /** Readable once the sandbox's set-up is over and its program begins (SandboxSpec.startMarker). */
  begins?: NodeJS.ReadableStream;
  /** Kills every process of the sandbox. */
  kill: () => void;
  /** Removes what the launch left on the host (unsafe mode) and gives its group back. */
  cleanup: () => void;
}

/**
 * Starts a sandboxed process and hands it its files; the caller handles stdio and the deadline. The sandbox gets a
 * control group of its own (`spec.group`, or one of env.boxes limited to `spec.limits`) when the host has them.
 */
export function launchSandboxed(env: SandboxEnv, spec: Omit<SandboxSpec, 'stdin'>): Launched {
  let workDir: string | undefined;
  let argv: string[];
  let files = spec.files;
  let group = env.isolated ? spec.group : undefined;
  let ownGroup = false;
  if (env.isolated && !group && env.boxes) {
    group = env.boxes.take({ memoryBytes: groupMemoryBytes(spec.limits), pids: spec.nproc ?? SANDBOX_NPROC, cpus: RUN_CPUS });
    ownGroup = true;
  }
  const fdBase = env.isolated ? 4 : 3;
  const seccomp = env.isolated && env.seccomp ? [env.seccomp[spec.seccomp ?? 'run']] : [];
  if (env.isolated) {
    argv = buildArgv(env, { ...spec, group }, fdBase);
  } else {
    // Unsafe mode: the files go to a private temporary folder used as the work folder.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-run-'));
    if (env.uid !== undefined) fs.chownSync(dir, env.uid, env.gid ?? env.uid);
    workDir = dir;
    for (const f of files) fs.writeFileSync(path.join(dir, path.basename(f.path)), f.content);
    argv = buildArgv(env, {
      ...spec,
      argv: spec.argv.map((a) => files.reduce((arg, f) => arg.split(f.path).join(path.join(dir, path.basename(f.path))), a)),
    });
    files = [];
  }
  const [cmd, ...args] = argv;
  const inputs: Array<string | Buffer> = [...files.map((f) => f.content), ...seccomp];
  const stdio: Array<'pipe'> = ['pipe', 'pipe', 'pipe', ...(env.isolated ? ['pipe' as const] : []), ...inputs.map(() => 'pipe' as const)];
  const extraFds: number[] = [];
  for (let i = 0; i < (spec.extraPipes ?? 0); i++) {
    extraFds.push(stdio.length);
    stdio.push('pipe');
  }
  const beginsFd = startMarked(env, { ...spec, group }) ? stdio.length : undefined;
  if (beginsFd !== undefined) stdio.push('pipe');
  const child = spawn(cmd, args, {
    stdio,
    cwd: workDir ?? '/',
    env: env.isolated ? {} : { PATH: '/usr/bin:/bin', HOME: workDir!, TMPDIR: workDir!, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...spec.env },
    detached: !env.isolated,
    ...identity(env),
  });
  const writable = (n: number) => {
    const s = child.stdio[n] as NodeJS.WritableStream & { on: (e: string, cb: () => void) => void };
    s.on('error', () => {});
    return s;
  };
  inputs.forEach((content, i) => writable(fdBase + i).end(content));
  child.stdin!.on('error', () => {});
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    try {
      // The outer bwrap dies; --die-with-parent then kills the sandbox's PID 1, and with it every process of
      // its PID namespace. In unsafe mode the whole process group goes.
      if (!env.isolated && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
    group?.killAll();
  };
  if (env.isolated) {
    const gate = writable(3);
    const pid = child.pid;
    // Not in its group: it never starts.
    const refuse = () => {
      gate.end();
      kill();
    };
    if (pid && spec.oomScoreAdj !== undefined) {
      try {
        // Inherited by every process of the sandbox; lowering it needs the host's privilege.
        fs.writeFileSync(`/proc/${pid}/oom_score_adj`, String(spec.oomScoreAdj));
      } catch {
        /* not root: the kernel's default */
      }
    }
    if (!pid) refuse();
    else if (!group) gate.end('\n');
    else group.enter(pid).then(() => gate.end('\n'), refuse);
  }
  let cleaned = false;
  return {
    child,
    group,
    extraFds,
    begins: beginsFd === undefined ? undefined : (child.stdio[beginsFd] as NodeJS.ReadableStream),
    kill,
    cleanup: () => {
      if (cleaned) return;
      cleaned = true;
      if (workDir) fs.rm(workDir, { recursive: true, force: true }, () => {});
      if (group && ownGroup) env.boxes?.give(group);
    },
  };
}

/** Ends a long-lived sandboxed server (maths, Python fork server): its requests close, and it is killed if still there in 1 s. */
export async function endServer(launched: Launched): Promise<void> {
  const closed = new Promise<void>((r) => launched.child.once('close', () => r()));
  launched.child.stdin!.end();
  const t = setTimeout(() => launched.kill(), 1000);
  await closed;
  clearTimeout(t);
}

/** A run that could not be set up: no output, the reason on stderr. */
export function unstarted(e: unknown): RawRun {
  return {
    exitCode: null,
    signal: null,
    stdout: Buffer.alloc(0),
    stderr: Buffer.from(e instanceof Error ? e.message : String(e)),
    timedOut: false,
    outputExceeded: false,
    durationMs: 0,
  };
}

/** Runs one program in a fresh sandbox and resolves once none of its processes is left. */
export function runInSandbox(env: SandboxEnv, spec: SandboxSpec): Promise<RawRun> {
  const started = performance.now();
  let launched: Launched;
  try {
    launched = launchSandboxed(env, { startMarker: true, ...spec });
  } catch (e) {
    return Promise.resolve(unstarted(e));
  }
  return supervise(env, launched, spec, started);
}

/** How often the host reads a grouped sandbox's CPU time (all its processes together) against the run's limit. */
const CPU_CHECK_MS = 100;

/**
 * Feeds stdin, collects capped output, enforces the wall-clock deadline and, with a control group, the CPU time of
 * all the run's processes together, on a launched sandbox; resolves once none of its processes is left. With a
 * control group, the wall deadline stops only a run that waits without computing (wallclock.ts).
 * `beforeStdin` runs first (a warm sandbox receives its program there).
 */
export function supervise(
  env: SandboxEnv,
  launched: Launched,
  spec: Pick<SandboxSpec, 'stdin' | 'limits'>,
  started = performance.now(),
  beforeStdin?: () => void,
): Promise<RawRun> {
  return new Promise((resolve) => {
    const { child, group } = launched;
    const cap = spec.limits.outputBytes;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outLen = 0;
    let errLen = 0;
    let timedOut = false;
    let idle = false;
    let starved = false;
    let outputExceeded = false;
    let killed = false;
    const kill = () => {
      killed = true;
      launched.kill();
    };
    const read = <T>(f: () => T, fallback: T): T => {
      try {
        return f();
      } catch {
        return fallback;
      }
    };
    const cpu0 = group ? read(() => group.cpuNs(), 0) : 0;
    const waits0 = group ? threadWaits(group) : undefined;
    // When the program began: the wall clock's rule weighs the time from there (its CPU time and run-queue delays
    // count from the run's start, which only makes the rule slower to call it idle). Without a start marker, the
    // run's start (a pre-started sandbox is set up before it is taken).
    let begun = launched.begins ? undefined : started;
    launched.begins?.once('data', () => {
      begun ??= performance.now();
    });
    launched.begins?.on('error', () => {});
    const oom0 = group ? read(() => group.oomKills(), 0) : 0;
    child.stdout!.on('data', (b: Buffer) => {
      if (outLen < cap) out.push(b.subarray(0, cap - outLen));
      outLen += b.length;
      if (outLen > cap) {
        outputExceeded = true;
        kill();
      }
    });
    child.stderr!.on('data', (b: Buffer) => {
      if (errLen < cap) err.push(b.subarray(0, cap - errLen));
      errLen += b.length;
      if (errLen > cap) {
        outputExceeded = true;
        kill();
      }
    });
    beforeStdin?.();
    child.stdin!.end(spec.stdin ?? '');

    const wallCap = wallCapMs(spec.limits);
    const atDeadline = () => {
      if (killed) return;
      const elapsed = performance.now() - started;
      if (group) {
        // Every process of the run gone (this process held back meanwhile): it ended before the deadline it seems to
        // have outlived; its end is on its way, never judged here.
        if (read(() => threadWaits(group)?.size === 0, false)) {
          timer = setTimeout(atDeadline, wallRecheckMs(spec.limits));
          return;
        }
        const atCap = elapsed >= wallCap - 1;
        // Not begun: still being set up, the host's work, never the program's waiting.
        const decision =
          begun !== undefined
            ? atWallDeadline((performance.now() - begun) * 1e6, read(() => group.cpuNs(), 0) - cpu0, waitSince(group, waits0), atCap)
            : atCap
            ? 'starved'
            : 'extend';
        if (decision === 'extend') {
          timer = setTimeout(atDeadline, Math.min(wallRecheckMs(spec.limits), Math.max(1, wallCap - elapsed)));
          return;
        }
        idle = decision === 'idle';
        starved = decision === 'starved';
      }
      timedOut = true;
      kill();
    };
    let timer = setTimeout(atDeadline, spec.limits.wallMs);
    const cpuLimitNs = spec.limits.cpuSeconds * 1e9;
    const cpuCheck = group
      ? setInterval(() => {
          if (!killed && read(() => group.cpuNs(), 0) - cpu0 > cpuLimitNs) {
            timedOut = true;
            kill();
          }
        }, CPU_CHECK_MS)
      : undefined;
    let done = false;
    const finish = (code: number | null, sig: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(guard);
      clearInterval(cpuCheck);
      const memoryExceeded = group ? read(() => group.oomKills(), oom0) > oom0 : false;
      const cpuMs = group ? Math.round((read(() => group.cpuNs(), cpu0) - cpu0) / 1e6) : undefined;
      launched.cleanup();
      let signal: string | null = sig;
      let exitCode = code;
      if (env.isolated && code !== null && code > 128 && code <= 128 + 64) {
        signal = SIGNALS[code - 128] ?? `SIG${code - 128}`;
      }
      if (killed && timedOut) exitCode = null;
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err),
        timedOut,
        outputExceeded,
        memoryExceeded,
        idle,
        starved,
        cpuMs,
        durationMs: Math.round(performance.now() - started),
      });
    };
    // 'close' fires once every holder of the output pipes has exited, i.e. no process of the run is left.
    child.on('close', finish);
    child.on('error', (e) => {
      err.push(Buffer.from(String(e.message)));
      finish(null, null);
    });
    // Safety net: never wait for ever.
    const guard = setTimeout(() => {
      kill();
      setTimeout(() => finish(null, 'SIGKILL'), 2000).unref();
    }, wallCap + 5000);
  });
}
