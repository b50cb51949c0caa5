// Backups: the database and the uploaded files together in one .tar.gz with a manifest, taken while the
// service runs, and their restore onto an empty place. docs/deploiement.md tells how to use them.
//
//   PostgreSQL (DATABASE_URL): pg_dump --format=custom (Debian's postgresql-client), a consistent snapshot.
//   Embedded database (PGlite): only the process that has it open may read it. When the server runs, it
//   answers on a Unix socket in DATA_DIR (readable by the service's user only) with a copy taken between two
//   queries, after a checkpoint, under the database's own locks; when it does not run, this process opens it.
//   Uploaded files: content-addressed and never modified, so they are hard-linked (instant, and immune to a
//   later deletion) once before the database copy and once after; the union holds every file the copy names.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import { createHash, randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { latestMigration, migrationLevel, openDb, PGLITE_OPTIONS, pgliteDir, pgliteIsNew } from '../db';
import pkg from '../../package.json';

export const BACKUP_FORMAT = 'exam-backup/1';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  app_version: string;
  created_at: string;
  database: 'postgres' | 'pglite';
  /** Last migration applied to the saved database. */
  migration: string | null;
  /** How the embedded database was read: from the running server, or opened by the backup itself. */
  taken_from: 'postgres' | 'running-server' | 'stopped-database';
  files: { count: number; bytes: number };
}

const FILES = 'files';
const PG_DUMP_FILE = 'database.dump';
const PGLITE_FILE = 'pglite.tar';

/**
 * Unix socket on which a server running the embedded database hands out copies of it: in DATA_DIR, or, when
 * that path is too long for a socket (about 100 bytes on Linux), in the temporary folder under a name
 * derived from DATA_DIR.
 */
export function backupSocketPath(dataDir: string): string {
  const inData = path.join(path.resolve(dataDir), 'sauvegarde.sock');
  if (Buffer.byteLength(inData) <= 100) return inData;
  return path.join(os.tmpdir(), `exam-sauvegarde-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

export class BackupError extends Error {}

function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: opts.env ?? process.env });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.once('error', (e) =>
      reject(new BackupError((e as NodeJS.ErrnoException).code === 'ENOENT' ? `Commande introuvable : ${cmd} (paquet Debian postgresql-client ou tar).` : e.message)),
    );
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} a échoué (code ${code}) : ${err.trim().slice(0, 2000)}`))));
  });
}

/** Hard-links every file of `src` missing from `dst` (copies when links cannot cross file systems). */
async function linkTree(src: string, dst: string, skip: (rel: string) => boolean, rel = ''): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(path.join(src, rel), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  await fsp.mkdir(path.join(dst, rel), { recursive: true });
  for (const e of entries) {
    const r = path.join(rel, e.name);
    if (skip(r)) continue;
    if (e.isDirectory()) await linkTree(src, dst, skip, r);
    else if (e.isFile() && !fs.existsSync(path.join(dst, r))) {
      try {
        await fsp.link(path.join(src, r), path.join(dst, r));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // deleted meanwhile: no longer named by the database
        if (code !== 'EXDEV' && code !== 'EPERM') throw err;
        await fsp.copyFile(path.join(src, r), path.join(dst, r));
      }
    }
  }
}

async function treeStats(dir: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  const walk = async (d: string) => {
    for (const e of await fsp.readdir(d, { withFileTypes: true }).catch(() => [] as fs.Dirent[])) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) {
        count += 1;
        bytes += (await fsp.stat(p)).size;
      }
    }
  };
  await walk(dir);
  return { count, bytes };
}

/** Copy of a PGlite database taken inside the process that has it open: after a checkpoint, with no query running. */
export async function dumpPglite(lite: PGlite): Promise<Buffer> {
  await lite.exec('checkpoint');
  const blob = await lite._runExclusiveTransaction(() => lite._runExclusiveQuery(() => lite.dumpDataDir('none')));
  return Buffer.from(await blob.arrayBuffer());
}

/**
 * Server side: answers copies of the embedded database on a Unix socket in DATA_DIR (mode 0600, so only the
 * service's user and root can ask). Protocol: the client sends "copie\n"; the server answers one JSON line
 * ({ ok, migration } or { ok: false, message }) followed by the tar of the database.
 */
export async function startBackupSocket(lite: PGlite, dataDir: string): Promise<() => Promise<void>> {
  const sock = backupSocketPath(dataDir);
  // A socket left by a server that was killed: this process holds the database now.
  await fsp.rm(sock, { force: true });
  const db = (await openDb({ pglite: lite })).db;
  const server = net.createServer((conn) => {
    conn.once('data', async (chunk) => {
      if (chunk.toString().trim() !== 'copie') return conn.destroy();
      try {
        const migration = await migrationLevel(db);
        const tar = await dumpPglite(lite);
        conn.write(`${JSON.stringify({ ok: true, migration })}\n`);
        conn.end(tar);
      } catch (err) {
        conn.end(`${JSON.stringify({ ok: false, message: err instanceof Error ? err.message : String(err) })}\n`);
      }
    });
    conn.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const old = process.umask(0o177);
    server.listen(sock, () => {
      process.umask(old);
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(sock, { force: true });
    });
}

/** Asks the running server for a copy; null when no server answers on the socket. */
async function copyFromRunningServer(dataDir: string): Promise<{ tar: Buffer; migration: string | null } | null> {
  const sock = backupSocketPath(dataDir);
  if (!fs.existsSync(sock)) return null;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const conn = net.connect(sock);
    conn.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
    conn.once('connect', () => conn.write('copie\n'));
    conn.on('data', (d) => chunks.push(d));
    conn.once('end', () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(0x0a);
      if (nl < 0) return reject(new BackupError('Réponse incomplète du serveur en cours d’exécution.'));
      const head = JSON.parse(all.subarray(0, nl).toString()) as { ok: boolean; migration?: string | null; message?: string };
      if (!head.ok) return reject(new BackupError(`Le serveur n’a pas pu copier la base : ${head.message}`));
      resolve({ tar: all.subarray(nl + 1), migration: head.migration ?? null });
    });
  });
}

function stamp(d: Date): string {
  return d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

export function defaultBackupFile(config: Config, now = new Date()): string {
  const dir = path.resolve(process.env.BACKUP_DIR || 'sauvegardes');
  return path.join(dir, `examens-${config.DATABASE_URL ? 'postgres' : 'embarquee'}-${stamp(now)}.tar.gz`);
}

/** Writes the database and the uploaded files of `config` to `outFile` (a .tar.gz); returns its manifest. */
export async function createBackup(config: Config, outFile: string): Promise<Manifest> {
  const dataDir = config.dataDir;
  await fsp.mkdir(dataDir, { recursive: true });
  // Inside DATA_DIR so that the files can be hard-linked.
  const staging = path.join(dataDir, `.sauvegarde-${process.pid}-${randomBytes(4).toString('hex')}`);
  await fsp.mkdir(staging, { mode: 0o700 });
  const skip = (rel: string) => rel === 'tmp';
  try {
    const filesSrc = path.join(dataDir, FILES);
    const filesDst = path.join(staging, FILES);
    await fsp.mkdir(filesDst); // present in every archive, even with no file uploaded yet
    await linkTree(filesSrc, filesDst, skip);

    let database: Manifest['database'];
    let migration: string | null;
    let takenFrom: Manifest['taken_from'];
    if (config.DATABASE_URL) {
      database = 'postgres';
      takenFrom = 'postgres';
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(staging, PG_DUMP_FILE)}`, `--dbname=${config.DATABASE_URL}`]);
      const h = await openDb({ databaseUrl: config.DATABASE_URL, poolSize: 1 });
      migration = await migrationLevel(h.db);
      await h.close();
    } else {
      database = 'pglite';
      const live = await copyFromRunningServer(dataDir);
      if (live) {
        takenFrom = 'running-server';
        migration = live.migration;
        await fsp.writeFile(path.join(staging, PGLITE_FILE), live.tar);
      } else {
        if (pgliteIsNew(dataDir)) throw new BackupError(`Aucune base embarquée dans ${dataDir} : rien à sauvegarder.`);
        takenFrom = 'stopped-database';
        const h = await openDb({ dataDir });
        try {
          migration = await migrationLevel(h.db);
          const lite = h.pglite!;
          await fsp.writeFile(path.join(staging, PGLITE_FILE), await dumpPglite(lite));
        } finally {
          await h.close();
        }
      }
    }
    // Files uploaded while the database was being copied.
    await linkTree(filesSrc, filesDst, skip);

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app_version: pkg.version,
      created_at: new Date().toISOString(),
      database,
      migration,
      taken_from: takenFrom,
      files: await treeStats(filesDst),
    };
    await fsp.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    const tmp = `${outFile}.partiel`;
    await run('tar', ['--create', '--gzip', `--file=${tmp}`, `--directory=${staging}`, 'manifest.json', database === 'postgres' ? PG_DUMP_FILE : PGLITE_FILE, FILES]);
    await fsp.rename(tmp, outFile);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest without extracting the rest. */
export async function readManifest(archive: string, into: string): Promise<Manifest> {
  await run('tar', ['--extract', '--gzip', `--file=${archive}`, `--directory=${into}`, 'manifest.json']);
  const m = JSON.parse(await fsp.readFile(path.join(into, 'manifest.json'), 'utf8')) as Manifest;
  if (m.format !== BACKUP_FORMAT) throw new BackupError(`Archive non reconnue (format ${String(m.format)}).`);
  return m;
}

/**
 * Restores `archive` into the place `config` names, which must be empty: a new PostgreSQL database
 * (createdb) or a DATA_DIR without an embedded database. Uploaded files are added to DATA_DIR/files.
 */
export async function restoreBackup(config: Config, archive: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`Archive introuvable : ${archive}`);
  const dataDir = config.dataDir;
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restauration-${process.pid}-${randomBytes(4).toString('hex')}`);
  await fsp.mkdir(staging, { mode: 0o700 });
  try {
    const manifest = await readManifest(archive, staging);
    if (manifest.migration && manifest.migration > latestMigration()) {
      throw new BackupError(
        `Cette sauvegarde vient d’une version plus récente (migration ${manifest.migration}, cette version s’arrête à ${latestMigration()}) : installez d’abord cette version-là.`,
      );
    }
    if (manifest.database === 'postgres' && !config.DATABASE_URL) {
      throw new BackupError('Cette sauvegarde vient de PostgreSQL : définissez DATABASE_URL (une base vide) pour la restaurer.');
    }
    if (manifest.database === 'pglite' && config.DATABASE_URL) {
      throw new BackupError('Cette sauvegarde vient de la base embarquée : restaurez-la sans DATABASE_URL, dans un DATA_DIR vide.');
    }
    // Check the target is empty before writing anything.
    if (manifest.database === 'postgres') {
      const h = await openDb({ databaseUrl: config.DATABASE_URL, poolSize: 1 });
      const { rows } = await (await import('kysely')).sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(h.db);
      await h.close();
      if (rows[0].n > 0) throw new BackupError('La base cible n’est pas vide : restaurez dans une base neuve (createdb), jamais par-dessus des données.');
    } else if (!pgliteIsNew(dataDir)) {
      throw new BackupError(`${pgliteDir(dataDir)} contient déjà une base : restaurez dans un DATA_DIR vide (service arrêté).`);
    }

    await run('tar', ['--extract', '--gzip', `--file=${archive}`, `--directory=${staging}`]);
    if (manifest.database === 'postgres') {
      await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${config.DATABASE_URL}`, path.join(staging, PG_DUMP_FILE)]);
    } else {
      const tar = await fsp.readFile(path.join(staging, PGLITE_FILE));
      const dir = pgliteDir(dataDir);
      await fsp.mkdir(dir, { recursive: true });
      const lite = new PGlite(dir, { ...PGLITE_OPTIONS, loadDataDir: new Blob([tar]) });
      await lite.waitReady;
      await lite.close();
    }
    await linkTree(path.join(staging, FILES), path.join(dataDir, FILES), () => false);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
