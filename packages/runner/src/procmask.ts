// What a run sees of /proc beyond its own processes. The kernel's counters are host-wide (pseudo-terminals in use,
// inodes, open files, free and shared memory, threads, interrupts, pressure…): a run that moves one (a pty opened per
// character of its stdin) could be read by a run in flight at the same moment. Every sandbox therefore sees, over
// its fresh /proc, read-only binds of files written once by the host: static content where a language reads the
// file (/proc/stat's CPU lines, /proc/cpuinfo without its frequency), empty files and empty folders elsewhere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_LIMITS } from './types';

/** Folders of /proc shown empty (/proc/sys holds pty/nr, inode-nr, file-nr, entropy_avail…). */
const EMPTY_DIRS = ['sys', 'pressure', 'sysvipc', 'irq', 'tty', 'fs', 'driver', 'bus', 'acpi', 'scsi', 'asound'];

/** Files of /proc shown empty: counters, or kernel state a run has no use for. */
const EMPTY_FILES = [
  'vmstat', 'slabinfo', 'zoneinfo', 'buddyinfo', 'pagetypeinfo', 'swaps', 'diskstats', 'partitions', 'interrupts',
  'softirqs', 'schedstat', 'sched_debug', 'timer_list', 'kallsyms', 'keys', 'key-users', 'locks', 'cgroups',
  'vmallocinfo', 'latency_stats', 'crypto', 'modules', 'mdstat', 'iomem', 'ioports', 'dma', 'mtrr', 'kcore', 'kmsg',
  'kpagecount', 'kpageflags', 'kpagecgroup', 'sysrq-trigger', 'consoles', 'config.gz', 'timer_stats',
];

/** Files of /proc given a static content (a language, or a common library, reads them). */
function staticFiles(): Record<string, string> {
  const cpus = os.cpus().length || 1;
  const zeros = ' 0 0 0 0 0 0 0 0 0 0';
  const stat = [`cpu ${zeros}`, ...Array.from({ length: cpus }, (_, i) => `cpu${i}${zeros}`), 'intr 0', 'ctxt 0', 'btime 0', 'processes 0', 'procs_running 1', 'procs_blocked 0', 'softirq 0 0 0 0 0 0 0 0 0 0 0'];
  const kb = MAX_LIMITS.memoryMb * 1024;
  const meminfo = [['MemTotal', kb], ['MemFree', kb], ['MemAvailable', kb], ['Buffers', 0], ['Cached', 0], ['SwapCached', 0], ['Shmem', 0], ['SwapTotal', 0], ['SwapFree', 0]]
    .map(([k, v]) => `${`${k}:`.padEnd(16)}${String(v).padStart(8)} kB`);
  let cpuinfo: string;
  try {
    // The host's description without the current frequency (which moves with the load of the other cores).
    cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => !/^cpu MHz\s*:/.test(l)).join('\n');
  } catch {
    cpuinfo = Array.from({ length: cpus }, (_, i) => `processor\t: ${i}\n`).join('\n');
  }
  return {
    stat: `${stat.join('\n')}\n`,
    meminfo: `${meminfo.join('\n')}\n`,
    loadavg: '0.00 0.00 0.00 1/1 1\n',
    uptime: '0.00 0.00\n',
    cpuinfo,
  };
}

/** One bind over the sandbox's /proc: a file or folder of the mask, and where it goes. */
export interface ProcMaskBind {
  /** Name under the mask's folder. */
  source: string;
  /** Path under /proc. */
  target: string;
}

export interface ProcMask {
  /** The host folder holding the mask's files (read-only for the sandboxes). */
  dir: string;
  binds: ProcMaskBind[];
}

let made: ProcMask | undefined;

/** The mask's files, written once per process in a folder of their own (removed at exit). */
export function procMask(): ProcMask {
  if (made && fs.existsSync(made.dir)) return made;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-procmask-'));
  fs.chmodSync(dir, 0o755);
  const binds: ProcMaskBind[] = [];
  // Only what this kernel has: a bind needs its target.
  const has = (p: string) => fs.existsSync(path.join('/proc', p));
  fs.mkdirSync(path.join(dir, 'empty'), { mode: 0o555 });
  fs.chmodSync(path.join(dir, 'empty'), 0o555);
  fs.writeFileSync(path.join(dir, 'null'), '', { mode: 0o444 });
  for (const [name, content] of Object.entries(staticFiles())) {
    fs.writeFileSync(path.join(dir, name), content, { mode: 0o444 });
    if (has(name)) binds.push({ source: name, target: name });
  }
  for (const d of EMPTY_DIRS) if (has(d)) binds.push({ source: 'empty', target: d });
  for (const f of EMPTY_FILES) if (has(f)) binds.push({ source: 'null', target: f });
  made = { dir, binds };
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return made;
}
