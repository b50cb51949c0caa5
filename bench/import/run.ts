// Figures for docs/performance.md « Configuration et étudiants »: time to import 5,000 students from
// an xlsx file, and p99 of one page of the students list (search) once 10,000 students exist, on the
// embedded database (PGlite, on disk) and on PostgreSQL.
// Usage: npx tsx bench/import/run.ts   (BENCH_PG_URL=postgres://... ; REQUESTS=300)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDb, type DbHandle } from '../../apps/server/src/db';
import { MemoryKv } from '../../apps/server/src/lib/kv';
import { configSchema } from '../../apps/server/src/config';
import { ensureFirstAdmin } from '../../apps/server/src/features/users';
import { seedDemo } from '../../apps/server/src/demo/seed';

const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const requests = Number(process.env.REQUESTS ?? 300);
const FIRST = ['Anaïs', 'Jean-Noël', 'Zoé', 'Mamadou', 'Hery', 'Élodie', 'Karim', 'Léa', 'Tiana', 'Noé'];
const LAST = ["N'Diaye", 'Rakotomalala', 'Dupont', 'Lefèvre', "D'Almeida", 'Rasoanaivo', 'Martin', 'Ōtsuka', 'Benali', 'Nguyen'];

async function sheet(from: number, count: number, code: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Etudiants');
  ws.addRow(['Nom', 'Prénom', 'Adresse e-mail', 'Numéro étudiant', 'Code parcours', 'Année universitaire', 'Premium']);
  for (let i = from; i < from + count; i++) {
    ws.addRow([`${LAST[i % 10]}${i}`, FIRST[(i * 7) % 10], ` etudiant${i}@bench.example `, `B${String(i).padStart(6, '0')}`, code, '', i % 3 === 0 ? 'Oui' : 'Non']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function post(base: string, token: string, buf: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(buf)]), 'etudiants.xlsx');
  const t0 = performance.now();
  const r = await fetch(`${base}/api/admin/users/import-student`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const ms = performance.now() - t0;
  const body = (await r.json()) as { message: string; data?: { imported: number } };
  if (!r.ok) throw new Error(`Import refusé : ${body.message}`);
  return { ms, imported: body.data!.imported };
}

function p(values: number[], q: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}

async function run(label: string, handle: DbHandle) {
  await migrate(handle.db);
  await ensureFirstAdmin(handle.db, 'admin@univ.example', 'Admin123!');
  await seedDemo(handle.db, { quiet: true });
  const config = { ...configSchema.parse({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), RUNNER_MODE: 'off' }), dataDir: os.tmpdir() };
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind, kv: new MemoryKv() }, { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@univ.example', password: 'Admin123!' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const code = 'GL-L3';
    const first = await post(address, token, await sheet(0, 5000, code));
    const second = await post(address, token, await sheet(5000, 5000, code));
    const terms = ['dupont', 'léa', 'B0042', 'rakoto', 'etudiant77', 'nguyen12', "d'al", 'zoé'];
    const times: number[] = [];
    for (let i = 0; i < requests + 20; i++) {
      const q = new URLSearchParams({ search: terms[i % terms.length], page: String(1 + (i % 3)), per_page: '20', sort: i % 2 ? '-last_name' : 'email' });
      const t0 = performance.now();
      const r = await fetch(`${address}/api/admin/users/students?${q}`, { headers: { authorization: `Bearer ${token}` } });
      await r.json();
      if (i >= 20) times.push(performance.now() - t0); // the first 20 warm up
      if (!r.ok) throw new Error(`Liste refusée : ${r.status}`);
    }
    const plain: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await (await fetch(`${address}/api/admin/users/students?page=${1 + i * 5}&per_page=20`, { headers: { authorization: `Bearer ${token}` } })).json();
      plain.push(performance.now() - t0);
    }
    console.log(
      `[charge ${os.loadavg()[0].toFixed(1)}] ${label.padEnd(10)} import 5 000 : ${(first.ms / 1000).toFixed(2)} s (${first.imported} créés ; second lot ${(second.ms / 1000).toFixed(2)} s) | ` +
        `liste 10 000 avec recherche : p50 ${p(times, 0.5).toFixed(1)} ms, p99 ${p(times, 0.99).toFixed(1)} ms | sans recherche, pages au hasard : p99 ${p(plain, 0.99).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
  }
}

console.log(`Charge de la machine au départ (loadavg 1 min, ${os.cpus().length} cœurs) : ${os.loadavg()[0].toFixed(1)}`);
// Dropping the benchmark database ends the pool's idle connections; that is expected.
process.on('uncaughtException', (e) => {
  if ((e as { code?: string }).code === '57P01') return;
  throw e;
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-import-'));
try {
  const lite = await openDb({ dataDir: dir });
  await run('PGlite', lite);
  await lite.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const name = `exam_bench_import_${Date.now()}`;
const admin = new pg.Client({ connectionString: pgBase, connectionTimeoutMillis: 2000 });
try {
  await admin.connect();
} catch {
  console.log('PostgreSQL indisponible : mesure sautée.');
  process.exit(0);
}
await admin.query(`create database ${name}`);
const url = new URL(pgBase);
url.pathname = `/${name}`;
try {
  const handle = await openDb({ databaseUrl: url.toString() });
  await run('PostgreSQL', handle);
  await handle.close();
  await new Promise((r) => setTimeout(r, 300));
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
