// What the host sees of the sandboxes' processes (tests).
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
