// Opens what the app needs (database, shared store, runner) from the configuration.
import type { Config } from './config';
import { migrate, openDb, pgliteIsNew, withStartupLock, type DbHandle } from './db';
import { MemoryKv, RedisKv, type KvStore } from './lib/kv';
import type { AppContext } from './lib/context';
import { ensureFirstAdmin } from './features/users';
import { createRunnerFromConfig } from './features/runner';

export interface Bootstrapped {
  ctx: AppContext;
  handle: DbHandle;
  adminCreated: boolean;
  shutdown: () => Promise<void>;
}

/**
 * Creating an embedded database (initdb) leaves the process with ~700 MB it never gives back, so the first
 * start creates and migrates it in a short-lived child process; the server then opens it at its normal size.
 */
export async function initEmbeddedDbInChild(config: Config): Promise<void> {
  if (config.DATABASE_URL || !pgliteIsNew(config.dataDir) || process.env.EXAM_INIT_DB_ONLY) return;
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, process.argv.slice(1), {
    env: { ...process.env, EXAM_INIT_DB_ONLY: '1' },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('La création de la base embarquée a échoué.');
}

export async function bootstrap(config: Config, opts: { withRunner?: boolean } = {}): Promise<Bootstrapped> {
  await initEmbeddedDbInChild(config);
  const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, prepare: config.DATABASE_PREPARED_STATEMENTS === '1', poolSize: config.DATABASE_POOL_SIZE });
  // Several API processes may start at once (systemd, the local cluster): one migrates and creates the
  // first admin, the others wait for it and find the work done.
  const adminCreated = await withStartupLock(handle, async () => {
    await migrate(handle.db);
    return ensureFirstAdmin(handle.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  });
  const kv: KvStore = config.REDIS_URL ? await RedisKv.connect(config.REDIS_URL, config.REDIS_PREFIX) : new MemoryKv();
  const runner = opts.withRunner === false ? undefined : await createRunnerFromConfig(config);
  const ctx: AppContext = { config, db: handle.db, dbKind: handle.kind, kv, runner };
  return {
    ctx,
    handle,
    adminCreated,
    shutdown: async () => {
      await runner?.close();
      await kv.close();
      await handle.close();
    },
  };
}
