// What the host sees of the sandboxes' processes (tests), and how a test knows that a run is really in flight.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

/** Host processes whose command line contains `marker` (this test process and vitest's aside). */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(marker) && !cmd.includes('vitest')) found.push(Number(pid));
    } catch {
      /* gone */
    }
  }
  return found;
}

/** Resolves once `check` holds, polling it; rejects after `ms`. */
export async function eventually(check: () => boolean, ms = 1000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A process name no other process has: 15 characters, the most the kernel keeps (/proc/<pid>/comm). */
export const runName = () => `run${randomBytes(6).toString('hex')}`;

/**
 * Python lines after which the program's process is named `name`, so that the host sees it run; SIGUSR1 is blocked
 * first, so that the host's release (below) waits for the program to take it (`signal.sigtimedwait`).
 */
export const pyAnnounce = (name: string) =>
  ['import ctypes, signal', 'signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})', `ctypes.CDLL(None).prctl(15, b"${name}", 0, 0, 0)`].join('\n');

/**
 * Python lines after which the program is named `name` and waits (at most `seconds`) for the host's SIGUSR1;
 * `released` then says whether it came. The run stays in flight until the test lets it go.
 */
export const pyHold = (name: string, seconds: number) =>
  `${pyAnnounce(name)}\nreleased = signal.sigtimedwait({signal.SIGUSR1}, ${seconds}) is not None`;

/** Live host processes named `name` (see pyHold). */
export function processesNamed(name: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== name) continue;
      if (/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))) continue;
      found.push(Number(pid));
    } catch {
      /* gone */
    }
  }
  return found;
}

/** Waits until `count` processes named `name` (other than `except`) run; returns their pids. */
export async function waitForNamed(name: string, opts: { count?: number; except?: number[]; ms?: number } = {}): Promise<number[]> {
  const { count = 1, except = [], ms = 20_000 } = opts;
  let pids: number[] = [];
  await eventually(() => (pids = processesNamed(name).filter((p) => !except.includes(p))).length >= count, ms).catch(() => {
    throw new Error(`${count} process(es) named ${name} expected, ${pids.length} seen within ${ms} ms`);
  });
  return pids;
}

/** Lets a run held by pyHold go on. */
export const release = (pid: number) => process.kill(pid, 'SIGUSR1');

/** The parent of a host process (from its /proc status). */
export function parentOf(pid: number): number {
  return Number(/^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

/** Whether a host process is gone (or only a zombie left for its parent to reap). */
export function ended(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}
