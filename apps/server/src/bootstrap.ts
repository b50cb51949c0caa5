// Opens what the app needs (database, shared store, runner) from the configuration.
import type { Config } from './config';
import { migrate, openDb, type DbHandle } from './db';
import { MemoryKv, RedisKv, type KvStore } from './lib/kv';
import type { AppContext } from './lib/context';
import { ensureFirstAdmin } from './features/users/first-admin';
import { createRunnerFromConfig } from './features/runner/factory';

export interface Bootstrapped {
  ctx: AppContext;
  handle: DbHandle;
  adminCreated: boolean;
  shutdown: () => Promise<void>;
}

export async function bootstrap(config: Config, opts: { withRunner?: boolean } = {}): Promise<Bootstrapped> {
  const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(handle.db);
  const kv: KvStore = config.REDIS_URL ? RedisKv.connect(config.REDIS_URL) : new MemoryKv();
  const adminCreated = await ensureFirstAdmin(handle.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
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
