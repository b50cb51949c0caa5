// TIME_LIMIT is given on a run's own CPU time, never on a CPU that others were using. The wall clock only ends a run
// that waits without computing (sleep, a blocked read): when a run reaches its wall limit below its CPU limit, the
// host weighs the time the run spent waiting for a CPU (runnable, held back by other processes: the kernel's
// run-queue delay of each of its threads) against the time it spent idle (neither running nor runnable):
// - idle longer than held back, and for most of the time: the program's own waiting; it is stopped, TIME_LIMIT,
//   said so on stderr;
// - held back longer: the deadline is pushed back, up to WALL_EXTENSION times the wall limit; a run still held back
//   then is "starved": never judged, the runner runs it again (or answers busy).
// These times are counted from the program's beginning, never from the sandbox's set-up (namespaces, mounts: the
// host's work, which can wait long on a loaded host); a run whose set-up is not over is treated as held back.
// python_fork_server.py applies the same rule to Python runs (its constants come from its configuration).
import fs from 'node:fs';
import path from 'node:path';
import type { RunGroup } from './cgroups';
import type { RunLimits } from './types';

/** How far a run held back by others may outlive its wall limit (a multiple of it). */
export const WALL_EXTENSION = 5;

/** The latest a run may end, however long others hold back its CPU. */
export function wallCapMs(limits: Pick<RunLimits, 'wallMs'>): number {
  return limits.wallMs * WALL_EXTENSION;
}

/** How often a run past its wall limit is weighed again. */
export function wallRecheckMs(limits: Pick<RunLimits, 'wallMs'>): number {
  return Math.max(250, limits.wallMs / 4);
}

export type WallDecision = 'extend' | 'idle' | 'starved';

/**
 * At a wall deadline: `elapsedNs` since the run started, `cpuNs` and `waitNs` (run-queue delay, undefined when the
 * kernel does not tell) of its processes over that time; `atCap` once WALL_EXTENSION is reached.
 */
export function atWallDeadline(elapsedNs: number, cpuNs: number, waitNs: number | undefined, atCap: boolean): WallDecision {
  // Without the run-queue delay, nothing tells a sleeping run from a held-back one: the deadline goes to the cap, and
  // a run that reaches it is judged (TIME_LIMIT) as before.
  if (waitNs === undefined) return atCap ? 'idle' : 'extend';
  // Idle: neither running nor waiting for a CPU, longer than it waited and for most of the time. The second bound
  // keeps a computing run from being judged idle for the start of its run (namespaces, mounts: kernel work that can
  // block on a loaded host, and whose short-lived threads leave no run-queue delay behind).
  const idle = elapsedNs - cpuNs - waitNs;
  if (idle > waitNs && 2 * idle > elapsedNs) return 'idle';
  return atCap ? 'starved' : 'extend';
}

/** Thread ids of a group's processes (its subgroups' included), from its CPU accounting hierarchy. */
function threads(group: RunGroup): number[] {
  const file = group.version === 2 ? 'cgroup.threads' : 'tasks';
  const tids: number[] = [];
  const walk = (dir: string) => {
    tids.push(...fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean).map(Number));
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(dir, e.name));
  };
  walk(group.byController.get(group.version === 2 ? 'cpu' : 'cpuacct') ?? group.dirs[0]);
  return tids;
}

/** Run-queue delay (ns) of each live thread of the group; undefined when the kernel does not give it. */
export function threadWaits(group: RunGroup): Map<number, number> | undefined {
  let tids: number[];
  try {
    tids = threads(group);
  } catch {
    return undefined;
  }
  const waits = new Map<number, number>();
  for (const tid of tids) {
    try {
      const wait = Number(fs.readFileSync(`/proc/${tid}/schedstat`, 'utf8').split(' ')[1]);
      if (Number.isFinite(wait)) waits.set(tid, wait);
    } catch {
      /* the thread ended meanwhile */
    }
  }
  if (tids.length > 0 && waits.size === 0) return undefined;
  return waits;
}

/** Run-queue delay of the group's threads since `before` (threads that existed then count from that point). */
export function waitSince(group: RunGroup, before: Map<number, number> | undefined): number | undefined {
  const now = threadWaits(group);
  if (!now || !before) return undefined;
  let total = 0;
  for (const [tid, wait] of now) total += Math.max(0, wait - (before.get(tid) ?? 0));
  return total;
}
