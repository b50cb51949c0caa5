// What one Python run costs the whole machine, sandbox included: N runs one after the other through the embedded
// runner (the Python fork server), without HTTP; prints the wall time per run and the machine's user, nice and system
// CPU per run (from /proc/stat, so every process counts: the server's fork, the run's namespaces and mounts, the
// interpreter, this script). On a quiet machine, the CPU per run bounds how many programs the cores can grade.
// Usage: npx tsx bench/runner/cost.ts   (N=300)
import fs from 'node:fs';
import os from 'node:os';
import { EmbeddedRunner, probeSandbox } from '../../packages/runner/src/index';

const N = Number(process.env.N ?? 300);
const ticks = () => fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
const PROGRAM = { language: 'PYTHON' as const, code: 'print(int(input()) * 2)\n', stdin: '21\n' };

const runner = new EmbeddedRunner(probeSandbox(), { slots: 1 });
// The fork server starts in the background: the first runs wait for it, and warm it up.
for (let i = 0; i < 20; i++) await runner.execute(PROGRAM);
const load = os.loadavg();
const before = ticks();
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const r = await runner.execute(PROGRAM);
  if (r.stdout.trim() !== '42') throw new Error(`Exécution inattendue : ${JSON.stringify(r)}`);
}
const wall = performance.now() - t0;
const d = ticks().map((v, i) => v - before[i]);
const hz = 100; // USER_HZ of /proc/stat
const per = (t: number) => ((t * 1000) / hz / N).toFixed(2);
console.log(`Machine : ${os.cpus().length} cœurs, charge ${load.map((x) => x.toFixed(2)).join(' ')}`);
console.log(`${N} exécutions Python à la suite : ${(wall / N).toFixed(2)} ms par exécution (temps réel)`);
console.log(`Processeur de la machine par exécution : utilisateur ${per(d[0])} ms, nice ${per(d[1])} ms, système ${per(d[2])} ms, total ${per(d[0] + d[1] + d[2] + d[5] + d[6])} ms`);
await runner.close();
process.exit(0);
