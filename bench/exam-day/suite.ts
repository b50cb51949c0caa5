// The exam day in one run, so that no figure is bought with another: the one-process rush (500 sign-ins in 20 s,
// think time 2 s) and the cluster room (2 000 students signing in over 5 min, all starting within 20 s of the
// opening, then answering) at both think times (5 s: a room; 20 s: the earlier cluster shape), one after the other,
// each on a fresh database. Prints each case's output, then one table.
// Usage: npm run build && npx tsx bench/exam-day/suite.ts
//   ONLY=rush|room-5|room-20 (comma-separated) ; ROOM_N=2000 ; ROOM_RAMP_MS=300000 ; RUSH_N=500
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOM_N = process.env.ROOM_N ?? '2000';
const ROOM_RAMP_MS = Number(process.env.ROOM_RAMP_MS ?? 300_000);
const RUSH_N = process.env.RUSH_N ?? '500';

const CASES: Array<{ name: string; label: string; env: Record<string, string> }> = [
  { name: 'rush', label: `un processus API, ${RUSH_N} connexions en 20 s, réflexion 2 s`, env: { N: RUSH_N, RAMP_MS: '20000', THINK_MS: '2000' } },
  ...[5000, 20000].map((think) => ({
    name: `room-${think / 1000}`,
    label: `grappe (2 API, 2 exécution), ${ROOM_N} étudiants, connexions sur ${ROOM_RAMP_MS / 1000} s, ouverture puis démarrages en 20 s, réflexion ${think / 1000} s`,
    env: {
      CLUSTER: '1',
      API_PROCESSES: '2',
      RUNNER_WORKERS: '2',
      N: ROOM_N,
      RAMP_MS: String(ROOM_RAMP_MS),
      START_AT_MS: String(ROOM_RAMP_MS),
      START_SPREAD_MS: '20000',
      THINK_MS: String(think),
    },
  })),
];

type Summary = {
  insideP99: number;
  errors: number;
  errorsByKind: Record<string, number>;
  programP50: number;
  programP99: number;
  loginP99: number;
  programsPerSecond: number;
  finished: number;
  submissions: number;
  dbOk: boolean;
  /** Program answers kept while the runner was saturated, graded later, and how long after the load the last came. */
  keptForLater?: number;
  gradedLater?: number;
  drainSeconds?: number;
  load: number[];
};

function runCase(env: Record<string, string>): Promise<Summary | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'run.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let summary: Summary | undefined;
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) if (l.startsWith('RÉSUMÉ ')) summary = JSON.parse(l.slice('RÉSUMÉ '.length)) as Summary;
    });
    child.on('close', () => resolve(summary));
  });
}

const only = process.env.ONLY?.split(',');
const rows: string[] = [];
for (const c of CASES) {
  if (only && !only.includes(c.name)) continue;
  console.log(`\n== ${c.label} (charge ${os.loadavg()[0].toFixed(2)}) ==`);
  const s = await runCase(c.env);
  rows.push(
    s
      ? `| ${c.label} | ${s.insideP99} | ${s.programP50} / ${s.programP99} | ${s.loginP99} | ${s.programsPerSecond} | ${s.errors}${s.errors ? ` (${Object.entries(s.errorsByKind).map(([k, v]) => `${k} × ${v}`).join(', ')})` : ''} | ${s.keptForLater ?? 0} / ${s.gradedLater ?? 0} (${s.drainSeconds ?? 0} s) | ${s.dbOk ? 'conforme' : 'NON CONFORME'} (${s.finished} terminées, ${s.submissions} réponses) | ${s.load.join(' → ')} |`
      : `| ${c.label} | échec du banc (voir plus haut) | | | | | | | |`,
  );
}
console.log('\n| cas | p99 des étudiants entrés (ms) | programme p50 / p99 (ms) | connexion p99 (ms) | programmes/s | erreurs | gardées / corrigées plus tard (dernière après) | base | charge |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);
