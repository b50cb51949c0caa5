// `npm run demo`: fills the database named by the environment with demo data.
import { loadConfig } from '../config';
import { migrate, openDb, withStartupLock } from '../db';
import { ensureFirstAdmin } from '../features/users';
import { seedDemo } from './seed';

const config = loadConfig();
const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await withStartupLock(handle, async () => {
  await migrate(handle.db);
  await ensureFirstAdmin(handle.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
});
await seedDemo(handle.db);
await handle.close();
