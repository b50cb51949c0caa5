// Opens the database: PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, Migrator, sql, type MigrationProvider } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations';
import { preparingPool } from './prepared';
import { OwnSchemaPostgresDialect } from './own-schema-dialect';

// DATE columns stay 'YYYY-MM-DD' strings instead of local-midnight Date objects.
pg.types.setTypeParser(1082, (v) => v);
// bigint counts (count(*)) come back as numbers; our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric (points, scores: exact in the database, at most a few decimals) comes back as a number too.
const NUMERIC_OID = 1700;
pg.types.setTypeParser(NUMERIC_OID, (v) => Number(v));

/** Small buffers: the embedded database serves one process, and its memory stays well under 200 MB. */
export const PGLITE_OPTIONS = { postgresqlconf: 'shared_buffers=16MB\nwork_mem=4MB' };

export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/** True when the embedded database has not been created yet in this data folder. */
export const pgliteIsNew = (dataDir: string) => !fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (backups copy it from inside the process that has it open). */
  pglite?: PGlite;
  close: () => Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate each file in its own). */
  schema?: string;
  /** Open an in-memory PGlite (tests). */
  memory?: boolean;
  pglite?: PGlite;
  poolSize?: number;
  /** Time allowed to open one connection (tests shorten it). */
  connectTimeoutMs?: number;
  /** PostgreSQL: prepare the statements run again and again (db/prepared.ts); true unless said otherwise. */
  prepare?: boolean;
}

/**
 * Connections per API process: 2 per core, at least 4. A few busy connections serve PostgreSQL better than many that
 * compete for its cores: at the rush of an exam start on 2 cores (PostgreSQL on the same machine), 10 left the
 * students' answers p99 at 0.7 to 1.9 s, 4 brought it to 0.3 to 0.9 s (docs/performance.md, « La ruée »).
 */
export const defaultPoolSize = () => Math.max(4, 2 * os.availableParallelism());

/** How long opening a connection to PostgreSQL may take before the request answers 503. */
export const CONNECT_TIMEOUT_MS = 5000;

/** A client whose connecting times out, given to the pool so that waiting for a pooled connection does not. */
function connectingWithTimeout(connectionTimeoutMillis: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis });
    }
  };
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? defaultPoolSize(),
      options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
      // Only opening a connection times out (the server is down or restarting: a French 503 after this long). A
      // request waiting for a connection that another request holds waits its turn: under overload the API slows
      // down, it never answers 503 while the database is up (the pool's own timeout would do both).
      Client: connectingWithTimeout(opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS),
    });
    // A connection that the server closes while idle (restart, failover) emits 'error' on the pool: without a
    // listener Node would end the process. The pool drops that connection and opens a new one when next needed.
    pool.on('error', (err) => console.warn(`Connexion à PostgreSQL perdue (${err.message}) ; elle sera rouverte à la prochaine requête.`));
    // The same for a connection lost while a request holds it: its query fails (the request answers 503), and the
    // pool drops the connection when it is given back; without this listener its 'error' event would be uncaught.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: opts.prepare === false ? pool : preparingPool(pool) }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let lite = opts.pglite;
  if (!lite) {
    if (opts.memory) {
      lite = new PGlite(PGLITE_OPTIONS);
    } else {
      const dir = pgliteDir(opts.dataDir ?? './data');
      fs.mkdirSync(dir, { recursive: true });
      lite = new PGlite(dir, PGLITE_OPTIONS);
    }
  }
  await lite.waitReady;
  await lite.exec(`set timezone to 'UTC'`);
  const pgl = lite;
  // Same reading of numeric as with PostgreSQL (the embedded driver keeps it a string by default).
  pgl.parsers = { ...pgl.parsers, [NUMERIC_OID]: (v: string) => Number(v) };
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pgl) });
  return {
    db,
    kind: 'pglite',
    pglite: pgl,
    close: async () => {
      await db.destroy();
      if (!pgl.closed) await pgl.close();
    },
  };
}

/**
 * Runs `work` (migrations, first admin) while holding a PostgreSQL advisory lock, so that when several API
 * processes start at once against one database, one does the work and the others wait for it, then find it
 * done. The lock is per schema (tests keep their schemas apart) and held by one pooled connection for the
 * duration; `work` uses the pool as usual. PGlite serves one process: nothing to lock.
 */
export async function withStartupLock<T>(handle: Pick<DbHandle, 'db' | 'kind'>, work: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return work();
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext('exam-startup:' || current_schema()))`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('exam-startup:' || current_schema()))`.execute(conn);
    }
  });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one; name ours so that
  // test schemas living side by side in one PostgreSQL database do not see each other's tables.
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  const schema = rows[0]?.s;
  const migrator = new Migrator({ db, provider, ...(schema && schema !== 'public' ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}

/** Name of the last migration applied to this database (null on an empty one): the backups' manifest records it. */
export async function migrationLevel(db: Kysely<Database>): Promise<string | null> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    return rows[0]?.name ?? null;
  } catch {
    return null;
  }
}

/** The last migration this version of the code knows. */
export const latestMigration = (): string => Object.keys(migrations).sort().at(-1)!;
