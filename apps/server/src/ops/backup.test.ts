// Backups, for the embedded database (copied from the running server through its socket) and for PostgreSQL
// (pg_dump): accounts, courses, exams, answers and uploaded files are all back after a restore into an
// empty place; a restore never writes over existing data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { latestMigration, migrate, openDb, PGLITE_OPTIONS, pgliteDir, type DbHandle } from '../db';
import type { Database } from '../db/schema';
import { seedDemo } from '../demo/seed';
import { ensureFirstAdmin } from '../features/users';
import { MemoryKv } from '../lib/kv';
import { testConfig } from '../../test/helper';
import { createBackup, restoreBackup, startBackupSocket } from './backup';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'exam-backup-test-'));
const SUBMISSION_ID = '5b0e7a4c-2f1d-4c1e-9a55-1d2e3f405162';
const FILE_BYTES = Buffer.from(`%PDF-1.4\n% sujet d’examen ${randomBytes(8).toString('hex')}\n%%EOF\n`);

/** Demo data, one answered exam question, and an uploaded file (through the API, so it lands on disk). */
async function fillPlatform(handle: DbHandle, dataDir: string): Promise<{ fileHash: string }> {
  const db = handle.db;
  await ensureFirstAdmin(db, 'admin@univ.example', 'Admin123!');
  await seedDemo(db, { quiet: true });
  const student = await db.selectFrom('users').select('id').where('email', '=', 'etudiant@univ.example').executeTakeFirstOrThrow();
  const eq = await db.selectFrom('exam_questions').select(['exam_id', 'question_id']).orderBy('exam_id').limit(1).executeTakeFirstOrThrow();
  const attempt = await db
    .insertInto('exam_attempts')
    .values({ exam_id: eq.exam_id, user_id: student.id, started_at: new Date(), deadline: new Date(Date.now() + 3600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('exam_submissions')
    .values({ attempt_id: attempt.id, question_id: eq.question_id, submission_id: SUBMISSION_ID, answer: JSON.stringify({ text: '42' }), is_valid: 1, score: 1, details: '{}' })
    .execute();

  const config = testConfig({ DATA_DIR: dataDir });
  const app = await buildApp({ config: { ...config, dataDir }, db, dbKind: handle.kind, kv: new MemoryKv() }, { logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'admin@univ.example', password: 'Admin123!' } });
  const token = login.json().data.token as string;
  const boundary = `----b${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sujet.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    FILE_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await app.inject({
    method: 'POST',
    url: '/api/files/save',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(up.statusCode).toBe(200);
  await app.close();
  const file = await db.selectFrom('files').select('hash').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { fileHash: file.hash };
}

/** Row count of every table of the current schema. */
async function tableCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ t: string }>`
    select table_name as t from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db);
  const out: Record<string, number> = {};
  for (const { t } of rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db);
    out[t] = r.rows[0].n;
  }
  return out;
}

async function expectSamePlatform(source: Record<string, number>, restored: DbHandle, dataDir: string, fileHash: string) {
  const counts = await tableCounts(restored.db);
  expect(counts).toEqual(source);
  for (const t of ['users', 'courses', 'chapters', 'questions', 'exams', 'exam_attempts', 'exam_submissions', 'files']) expect(counts[t], t).toBeGreaterThan(0);
  const emails = (await restored.db.selectFrom('users').select('email').execute()).map((u) => u.email);
  expect(emails).toEqual(expect.arrayContaining(['admin@univ.example', 'enseignant@univ.example', 'etudiant@univ.example']));
  const sub = await restored.db.selectFrom('exam_submissions').select(['submission_id', 'answer']).where('submission_id', '=', SUBMISSION_ID).executeTakeFirstOrThrow();
  expect(sub.answer).toEqual({ text: '42' });
  expect(fs.readFileSync(path.join(dataDir, 'files', fileHash.slice(0, 2), fileHash))).toEqual(FILE_BYTES);
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.runIf(!process.env.DATABASE_URL)('backup of the embedded database', () => {
  it('copies the database from the running server and restores it, files included, into an empty data folder', async () => {
    const source = tmp();
    const target = tmp();
    const out = tmp();
    dirs.push(source, target, out);
    // The "running server": a PGlite opened on disk from the migrated template, as the server holds it.
    const template = process.env.EXAM_TEMPLATE_DUMP;
    fs.mkdirSync(pgliteDir(source), { recursive: true });
    const lite = new PGlite(pgliteDir(source), { ...PGLITE_OPTIONS, ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}) });
    const handle = await openDb({ pglite: lite });
    await migrate(handle.db);
    const { fileHash } = await fillPlatform(handle, source);
    const before = await tableCounts(handle.db);
    const stopSocket = await startBackupSocket(lite, source);

    const archive = path.join(out, 'sauvegarde.tar.gz');
    // Writes go on while the copy is taken: the copy is whole, and holds at least what was there before.
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        await handle.db.insertInto('mentions').values({ name: `Pendant ${n}`, code: `PD${n++}` }).execute();
        // As requests arriving over the network would, leave room for other I/O (the socket) between writes.
        await new Promise((r) => setTimeout(r, 5));
      }
      return n;
    })();
    const manifest = await createBackup({ ...testConfig(), dataDir: source }, archive);
    writing = false;
    await writer;
    expect(manifest).toMatchObject({ database: 'pglite', taken_from: 'running-server', migration: latestMigration(), files: { count: 1 } });
    await stopSocket();
    await handle.close();

    const restoredManifest = await restoreBackup({ ...testConfig(), dataDir: target }, archive);
    expect(restoredManifest.created_at).toBe(manifest.created_at);
    const restored = await openDb({ dataDir: target });
    try {
      const mentions = (await tableCounts(restored.db)).mentions;
      expect(mentions).toBeGreaterThanOrEqual(before.mentions);
      await expectSamePlatform({ ...before, mentions }, restored, target, fileHash);
    } finally {
      await restored.close();
    }
    // Never over existing data.
    await expect(restoreBackup({ ...testConfig(), dataDir: target }, archive)).rejects.toThrow(/contient déjà une base/);
  }, 120_000);
});

const pgUrl = process.env.DATABASE_URL;

describe.runIf(!!pgUrl)('backup of a PostgreSQL database', () => {
  const id = randomBytes(4).toString('hex');
  const names = [`exam_backup_src_${id}`, `exam_backup_dst_${id}`];
  const urlOf = (name: string) => {
    const u = new URL(pgUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  afterAll(async () => {
    for (const n of names) await admin(`drop database if exists ${n} with (force)`);
  });

  it('dumps with pg_dump and restores into a new database, files included', async () => {
    for (const n of names) await admin(`create database ${n}`);
    const source = tmp();
    const target = tmp();
    const out = tmp();
    dirs.push(source, target, out);
    const src = await openDb({ databaseUrl: urlOf(names[0]) });
    await migrate(src.db);
    const { fileHash } = await fillPlatform(src, source);
    const before = await tableCounts(src.db);
    await src.close();

    const archive = path.join(out, 'sauvegarde.tar.gz');
    const manifest = await createBackup({ ...testConfig({ DATABASE_URL: urlOf(names[0]) }), dataDir: source }, archive);
    expect(manifest).toMatchObject({ database: 'postgres', migration: latestMigration(), files: { count: 1 } });

    const targetConfig = { ...testConfig({ DATABASE_URL: urlOf(names[1]) }), dataDir: target };
    await restoreBackup(targetConfig, archive);
    const restored = await openDb({ databaseUrl: urlOf(names[1]) });
    try {
      await expectSamePlatform(before, restored, target, fileHash);
      // The restored database is at this version's level: migrating again changes nothing.
      await migrate(restored.db);
      expect(await tableCounts(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    await expect(restoreBackup(targetConfig, archive)).rejects.toThrow(/pas vide/);
  }, 120_000);
});
