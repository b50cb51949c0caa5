// Control groups: the kernel's accounting of a whole group of processes. Every sandboxed run gets a group of its own,
// so that its limits hold for all its processes together (memory, number of processes, CPU) and one run can never
// take another's memory, process slots or cores. cgroup v2 where the kernel offers its controllers there (a current
// Debian server), cgroup v1 otherwise (one hierarchy per controller, as on older hosts and in some containers).
// The runner's groups live under the API process's own group (systemd: Delegate=yes), in a tree of this process's,
// removed when the runner closes; trees left by a process that died are removed at the next start.
import fs from 'node:fs';
import path from 'node:path';

type Controller = 'memory' | 'pids' | 'cpu' | 'cpuacct';
const V1_CONTROLLERS: Controller[] = ['memory', 'pids', 'cpu', 'cpuacct'];
const V2_CONTROLLERS = ['memory', 'pids', 'cpu'];
const TREE_PREFIX = 'exam-runner-';
/** CFS period (µs) of the CPU quota: a run with 1 core gets 100 ms of CPU time per 100 ms. */
const CPU_PERIOD_US = 100_000;

export interface GroupLimits {
  /** Memory of every process of the group together (and no swap). */
  memoryBytes?: number;
  /** Processes and threads of the group together. */
  pids?: number;
  /** Cores the group may use at once. */
  cpus?: number;
}

interface Mount {
  root: string;
  point: string;
  type: string;
  options: string[];
}

function readMounts(): Mount[] {
  const mounts: Mount[] = [];
  for (const line of fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [left, right] = line.split(' - ');
    if (!right) continue;
    const f = left.split(' ');
    const [type, , superOptions] = right.split(' ');
    mounts.push({ root: unescape(f[3]), point: unescape(f[4]), type, options: (superOptions ?? '').split(',') });
  }
  return mounts;
}

/** mountinfo escapes spaces and the like as octal. */
function unescape(s: string): string {
  return s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
}

/** This process's group in each hierarchy: controller list (or '' for v2) → path. */
function ownGroups(): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of fs.readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const i = line.indexOf(':');
    const j = line.indexOf(':', i + 1);
    if (i < 0 || j < 0) continue;
    m.set(line.slice(i + 1, j), line.slice(j + 1));
  }
  return m;
}

/** The directory of `own` (a path in the hierarchy) under a mount whose root may itself be a sub-path. */
function dirUnder(mount: Mount, own: string): string | undefined {
  if (mount.root === '/') return path.join(mount.point, own);
  if (own === mount.root || own.startsWith(`${mount.root}/`)) return path.join(mount.point, own.slice(mount.root.length));
  return undefined;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const write = (file: string, value: string) => fs.writeFileSync(file, value);

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes a group and the groups below it (each must be empty of processes). */
function removeTree(dir: string): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) if (e.isDirectory()) removeTree(path.join(dir, e.name));
  try {
    fs.rmdirSync(dir);
  } catch {
    /* still holds a process: left for the next start */
  }
}

/** One run's group: a directory per hierarchy (one in v2). */
export class RunGroup {
  constructor(
    readonly version: 1 | 2,
    /** Directory of this group per controller (the same directory for controllers sharing a hierarchy). */
    readonly byController: ReadonlyMap<Controller, string>,
  ) {}

  /** One directory per hierarchy. */
  get dirs(): string[] {
    return [...new Set(this.byController.values())];
  }

  /** The files a process writes its pid (or 0 for itself) into to join the group, one per hierarchy. */
  get procsFiles(): string[] {
    return this.dirs.map((d) => path.join(d, 'cgroup.procs'));
  }

  private file(controller: Controller, name: string): string {
    return path.join(this.byController.get(controller)!, name);
  }

  /**
   * Moves a process (host pid) into the group. Off the event loop: the kernel may wait for an RCU grace period (tens
   * of milliseconds on an idle machine) before a process changes group.
   */
  async enter(pid: number): Promise<void> {
    await Promise.all(this.procsFiles.map((f) => fs.promises.writeFile(f, String(pid))));
  }

  /**
   * The files a process writes 0 into to move itself into the group. v1: `tasks`, the calling thread alone, which
   * the kernel does without the global lock a whole process's move takes (a process of one thread moves whole).
   */
  get selfJoinFiles(): string[] {
    return this.dirs.map((d) => path.join(d, this.version === 1 ? 'tasks' : 'cgroup.procs'));
  }

  /** Lets `uid` move its own processes into this group (the fork server's runs join their group themselves). */
  delegate(uid: number, gid: number): void {
    for (const f of this.procsFiles) fs.chownSync(f, uid, gid);
    if (this.version === 1) for (const f of this.selfJoinFiles) fs.chownSync(f, uid, gid);
  }

  limit(l: GroupLimits): void {
    if (l.memoryBytes !== undefined) this.limitMemory(l.memoryBytes);
    if (l.pids !== undefined) write(this.file('pids', 'pids.max'), String(l.pids));
    if (l.cpus !== undefined) {
      const quota = Math.round(CPU_PERIOD_US * l.cpus);
      if (this.version === 2) write(this.file('cpu', 'cpu.max'), `${quota} ${CPU_PERIOD_US}`);
      else {
        write(this.file('cpu', 'cpu.cfs_period_us'), String(CPU_PERIOD_US));
        write(this.file('cpu', 'cpu.cfs_quota_us'), String(quota));
      }
    }
  }

  private limitMemory(bytes: number): void {
    if (this.version === 2) {
      write(this.file('memory', 'memory.max'), String(bytes));
      try {
        write(this.file('memory', 'memory.swap.max'), '0');
      } catch {
        /* no swap accounting */
      }
      return;
    }
    const mem = this.file('memory', 'memory.limit_in_bytes');
    const memsw = this.file('memory', 'memory.memsw.limit_in_bytes');
    // memory + swap must stay ≥ memory: raised first when the limit goes up, lowered after it when it goes down.
    const hasSwapLimit = fs.existsSync(memsw);
    try {
      write(mem, String(bytes));
      if (hasSwapLimit) write(memsw, String(bytes));
    } catch (e) {
      if (!hasSwapLimit) throw e;
      write(memsw, String(bytes));
      write(mem, String(bytes));
    }
  }

  /** Has the kernel's OOM killer end every process of the group at once (v2; v1 has no such switch). */
  oomKillsWhole(): void {
    if (this.version === 2) write(this.file('memory', 'memory.oom.group'), '1');
  }

  /** CPU time used by the group's processes so far, in nanoseconds. */
  cpuNs(): number {
    if (this.version === 2) {
      const m = /usage_usec (\d+)/.exec(read(this.file('cpu', 'cpu.stat')));
      return m ? Number(m[1]) * 1000 : 0;
    }
    return Number(read(this.file('cpuacct', 'cpuacct.usage')).trim());
  }

  /** Processes the kernel killed in this group for lack of memory, so far. */
  oomKills(): number {
    const text = this.version === 2 ? read(this.file('memory', 'memory.events')) : read(this.file('memory', 'memory.oom_control'));
    const m = /oom_kill (\d+)/.exec(text);
    return m ? Number(m[1]) : 0;
  }

  /** Host pids of the processes in the group; none once the group is gone (removed while a timer was about to kill it). */
  pids(): number[] {
    let text: string;
    try {
      text = read(this.file('pids', 'cgroup.procs'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    return text.split('\n').filter(Boolean).map(Number);
  }

  /** Kills every process of the group. */
  killAll(): void {
    if (this.version === 2) {
      try {
        write(path.join(this.dirs[0], 'cgroup.kill'), '1');
        return;
      } catch {
        /* kernels before 5.14 */
      }
    }
    for (const pid of this.pids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }

  remove(): void {
    for (const d of this.dirs) {
      try {
        fs.rmdirSync(d);
      } catch {
        /* still busy: the tree's removal retries */
      }
    }
  }
}

/** The runner's tree of groups, one per runner process. */
export class CgroupTree {
  private seq = 0;

  private constructor(
    readonly version: 1 | 2,
    /** The tree's directory per controller. */
    private readonly base: Map<Controller, string>,
  ) {}

  /** What the start-up log says of the containment in force. */
  describe(): string {
    return `cgroups v${this.version} (${this.version === 2 ? V2_CONTROLLERS.join(', ') : V1_CONTROLLERS.join(', ')}, sous ${path.dirname([...this.base.values()][0])})`;
  }

  /**
   * Finds the controllers, makes this process's tree and returns it; throws an Error whose message (French) says
   * what is missing. Needs root (or a group delegated to this process's user).
   */
  static open(): CgroupTree {
    const mounts = readMounts();
    const own = ownGroups();
    const v2 = CgroupTree.openV2(mounts, own);
    if (v2) return v2;
    const base = new Map<Controller, string>();
    const missing: string[] = [];
    for (const c of V1_CONTROLLERS) {
      const mount = mounts.find((m) => m.type === 'cgroup' && m.options.includes(c));
      const key = [...own.keys()].find((k) => k.split(',').includes(c));
      const dir = mount && key !== undefined ? dirUnder(mount, own.get(key)!) : undefined;
      if (!dir) missing.push(c);
      else base.set(c, dir);
    }
    if (missing.length) throw new Error(`contrôleurs cgroup absents : ${missing.join(', ')}`);
    return CgroupTree.make(1, base);
  }

  private static openV2(mounts: Mount[], own: Map<string, string>): CgroupTree | undefined {
    const mount = mounts.find((m) => m.type === 'cgroup2');
    const ownPath = own.get('');
    if (!mount || ownPath === undefined) return undefined;
    const dir = dirUnder(mount, ownPath);
    if (!dir) return undefined;
    let available: string[];
    try {
      available = read(path.join(dir, 'cgroup.controllers')).trim().split(/\s+/);
    } catch {
      return undefined;
    }
    if (!V2_CONTROLLERS.every((c) => available.includes(c))) return undefined;
    // The controllers are handed down to the groups below this one. A group holding processes cannot hand them
    // down ("no internal processes"): this process and its siblings then move to a leaf of their own.
    const enable = V2_CONTROLLERS.map((c) => `+${c}`).join(' ');
    try {
      write(path.join(dir, 'cgroup.subtree_control'), enable);
    } catch {
      const leaf = path.join(dir, 'api');
      fs.mkdirSync(leaf, { recursive: true });
      for (const pid of read(path.join(dir, 'cgroup.procs')).split('\n').filter(Boolean)) {
        try {
          write(path.join(leaf, 'cgroup.procs'), pid);
        } catch {
          /* a process that ended meanwhile */
        }
      }
      write(path.join(dir, 'cgroup.subtree_control'), enable);
    }
    const base = new Map<Controller, string>(['memory', 'pids', 'cpu', 'cpuacct'].map((c) => [c as Controller, dir]));
    return CgroupTree.make(2, base);
  }

  private static make(version: 1 | 2, parents: Map<Controller, string>): CgroupTree {
    const name = `${TREE_PREFIX}${process.pid}-${Date.now().toString(36)}`;
    const base = new Map<Controller, string>();
    for (const parent of new Set(parents.values())) {
      // Trees of runner processes that are gone.
      for (const e of fs.readdirSync(parent)) {
        const m = new RegExp(`^${TREE_PREFIX}(\\d+)-`).exec(e);
        if (m && !pidAlive(Number(m[1]))) removeTree(path.join(parent, e));
      }
      fs.mkdirSync(path.join(parent, name));
      if (version === 2) write(path.join(parent, name, 'cgroup.subtree_control'), V2_CONTROLLERS.map((c) => `+${c}`).join(' '));
    }
    for (const [c, parent] of parents) base.set(c, path.join(parent, name));
    return new CgroupTree(version, base);
  }

  /** A new group under `parent` (a group of this tree made with `nest`) or directly in the tree. */
  group(prefix: string, parent?: RunGroup): RunGroup {
    const name = `${prefix}-${++this.seq}`;
    const dirs = new Map<Controller, string>();
    for (const c of V1_CONTROLLERS) {
      const under = parent ? parent.byController.get(c)! : this.base.get(c)!;
      dirs.set(c, path.join(under, name));
    }
    for (const d of new Set(dirs.values())) fs.mkdirSync(d, { recursive: true });
    return new RunGroup(this.version, dirs);
  }

  /**
   * A group below `parent` for memory only (v1: a directory in the memory hierarchy; v2, where a group holding groups
   * holds no process, a sibling-level child of `parent`, made able to hold groups with `nest`, with every controller).
   */
  memoryGroup(prefix: string, parent: RunGroup): RunGroup {
    if (this.version === 2) return this.group(prefix, parent);
    const dir = path.join(parent.byController.get('memory')!, `${prefix}-${++this.seq}`);
    fs.mkdirSync(dir);
    return new RunGroup(1, new Map([['memory', dir]]));
  }

  /** Makes `group` able to hold groups below it (v2 hands its controllers down; v1 needs nothing). */
  nest(group: RunGroup): void {
    if (this.version === 2) for (const d of group.dirs) write(path.join(d, 'cgroup.subtree_control'), V2_CONTROLLERS.map((c) => `+${c}`).join(' '));
  }

  /** Removes the whole tree once its processes are gone (sandboxes just killed take a moment to exit): up to 2 s. */
  async close(): Promise<void> {
    for (let i = 0; i < 40; i++) {
      for (const d of new Set(this.base.values())) removeTree(d);
      if (![...new Set(this.base.values())].some((d) => fs.existsSync(d))) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Groups for sandboxes of their own: taken with a run's limits, given back once empty, then reused. */
export class GroupPool {
  private free: RunGroup[] = [];

  constructor(
    private readonly tree: CgroupTree,
    private readonly prefix: string,
  ) {}

  take(limits: GroupLimits): RunGroup {
    for (let g = this.free.pop(); g; g = this.free.pop()) {
      try {
        g.limit(limits);
        return g;
      } catch {
        // A limit below what the group still holds (cache not yet reclaimed): a new group instead.
        g.remove();
      }
    }
    const g = this.tree.group(this.prefix);
    g.limit(limits);
    return g;
  }

  /** Gives a group back once none of its processes is left (they are killed; the group is checked again). */
  give(g: RunGroup, tries = 0): void {
    let left: number[];
    try {
      left = g.pids();
    } catch {
      return;
    }
    if (left.length === 0) {
      this.free.push(g);
      return;
    }
    g.killAll();
    // Never reused while a process remains; the tree's removal at close tries again.
    if (tries < 50) setTimeout(() => this.give(g, tries + 1), 100).unref();
  }
}
