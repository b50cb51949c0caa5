// Similar programs at scale: N programs (500 by default) of about 100 lines on one question, compared all pairs
// with each other on one worker thread, as the server does (features/similarity/worker-pool.ts), the starter code
// and a reference solution subtracted. Programs are generated: each student writes the same ten helpers (statistics
// of a list of marks), each helper in one of three algorithms, with their own names, order, literals and comments;
// PLANTED of them copy another student's program with identifiers renamed (independent programs that drew the
// same algorithm for every helper are structurally identical too: the ranks printed are not a test of detection). Prints the time of the full comparison,
// the peak memory of the process (sampled every 50 ms) over its baseline, pairs compared, and whether every planted
// copy ranks among the closest pairs. `N=200` for another size.
import os from 'node:os';
import { compareInWorker } from '../../apps/server/src/features/similarity/worker-pool';
import { corpus, REFERENCE, STARTER } from './programs';

const N = Number(process.env.N ?? 500);
const PLANTED = Number(process.env.PLANTED ?? 10);

const { programs, planted } = corpus(N, PLANTED);
const avgLines = programs.reduce((s, p) => s + p.code.split('\n').length, 0) / N;

const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
console.log(`Charge au début : ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (${os.cpus().length} cœurs)`);
console.log(`${N} programmes, ${avgLines.toFixed(0)} lignes en moyenne, ${PLANTED} copies plantées (identifiants renommés)`);
// The worker thread started and warmed up on a small comparison (parsers loaded) before the measure.
await compareInWorker('PYTHON', programs.slice(0, 3), STARTER + REFERENCE, 10);
global.gc?.();
const base = process.memoryUsage().rss;
let peak = base;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const out = await compareInWorker('PYTHON', programs, STARTER + REFERENCE, 500);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const rank = new Map(out.pairs.map((p, i) => [`${p.left}-${p.right}`, i]));
const ranks = planted.map(([a, b]) => rank.get(`${a}-${b}`) ?? Infinity);
console.log(`Comparaison complète : ${(ms / 1000).toFixed(1)} s de temps réel (objectif < 30 s), ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s de CPU du processus (fil de comparaison compris), ${out.pair_count} paires`);
console.log(`Mémoire du processus : ${mb(base)} Mo avant, pic ${mb(peak)} Mo (+${mb(peak - base)} Mo)`);
console.log(`Copies plantées : rangs ${ranks.map((r) => r + 1).join(', ')} parmi ${out.pairs.length} paires gardées ; similarité des copies ${planted.map(([a, b]) => out.pairs[rank.get(`${a}-${b}`) ?? -1]?.similarity.toFixed(2) ?? '—').join(', ')} ; paire indépendante la plus proche : ${out.pairs.find((p) => !planted.some(([a, b]) => a === p.left && b === p.right))?.similarity.toFixed(2)}`);
console.log(`Histogramme : ${out.histogram.join(' ')}`);
console.log(`Charge à la fin : ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
process.exit(0);
