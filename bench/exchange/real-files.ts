// Real files through the import (issue 30): every Moodle XML and GIFT file of a folder (files the team did not write:
// Moodle's own fixtures, CodeRunner's samples…) is sent to the built server for its report only (nothing written,
// programs run on every case as an import does), and the outcomes are counted per Moodle type: imported,
// approximated, skipped, failed; a file refused whole is counted apart with its reason. Prints a Markdown table.
// Usage: npm run build && npx tsx bench/exchange/real-files.ts /tmp/realfiles
//        SERVER_ROOT=/tmp/old-tree (a build of another commit) to measure that one; NOTES=1 prints every note.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root } from '../lib.mjs';

interface Item {
  index: number;
  name: string;
  source_type: string;
  outcome: 'imported' | 'approximated' | 'skipped' | 'failed';
  notes: string[];
}

const folder = process.argv[2];
if (!folder || !fs.existsSync(folder)) {
  console.error('Donnez le dossier des fichiers : npx tsx bench/exchange/real-files.ts /tmp/realfiles');
  process.exit(2);
}
const serverRoot = process.env.SERVER_ROOT ?? root;

async function start() {
  const main = path.join(serverRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`Construisez d’abord : ${main} manque (npm run build).`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-realfiles-'));
  const child = spawn(process.execPath, [main], {
    cwd: path.join(serverRoot, 'apps/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: '1', RUNNER_RATE_LIMIT: '0', UPLOAD_RATE_PER_10_MIN: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s’est arrêté :\n${output}`);
    try {
      if ((await fetch(`${base}/api/helper`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

const server = await start();
try {
  const login = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'enseignant@univ.example', password: 'Enseignant123!' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const files = fs
    .readdirSync(folder)
    .filter((f) => /\.(xml|txt|gift)$/i.test(f))
    .sort();
  const byType = new Map<string, Record<Item['outcome'], number>>();
  const refused: Array<{ file: string; message: string }> = [];
  const notes: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(path.join(folder, file))]), file);
    const r = await fetch(`${server.base}/api/admin/questions/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await r.json()) as { message: string; data?: { items: Item[] } };
    if (!r.ok || !body.data) {
      refused.push({ file, message: `${r.status} ${body.message}` });
      continue;
    }
    for (const i of body.data.items) {
      // CodeRunner python3 and R questions by their language (python3_w_input → python3), the others by their type.
      const type = i.source_type.replace(/^coderunner (python3|r)(_\w+)?$/, 'coderunner $1');
      const row = byType.get(type) ?? { imported: 0, approximated: 0, skipped: 0, failed: 0 };
      row[i.outcome]++;
      byType.set(type, row);
      if (process.env.NOTES === '1') notes.push(`${file} #${i.index} « ${i.name} » (${i.source_type}) : ${i.outcome} — ${i.notes.join(' | ')}`);
    }
  }
  const total = { imported: 0, approximated: 0, skipped: 0, failed: 0 };
  console.log(`${files.length} fichiers de ${folder} (${refused.length} refusés entiers), serveur de ${serverRoot}\n`);
  console.log('| type Moodle | importées | approchées | ignorées | en échec |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [type, row] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`| ${type} | ${row.imported} | ${row.approximated} | ${row.skipped} | ${row.failed} |`);
    for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += row[k];
  }
  console.log(`| **total** | ${total.imported} | ${total.approximated} | ${total.skipped} | ${total.failed} |`);
  for (const f of refused) console.log(`\nRefusé entier : ${f.file} — ${f.message}`);
  if (notes.length) console.log(`\n${notes.join('\n')}`);
} finally {
  await server.stop();
}
