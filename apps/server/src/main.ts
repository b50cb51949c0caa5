import fs from 'node:fs';
// Starts the API and the web app on one origin.
import { loadConfig } from './config';
import { bootstrap, initEmbeddedDbInChild } from './bootstrap';
import { buildApp } from './app';
import { seedDemo } from './demo/seed';
import { migrate, migrationLevel, openDb, withStartupLock } from './db';
import { ensureFirstAdmin } from './features/users';
import { backupSocketPath, startBackupSocket } from './ops/backup';

async function main() {
  // A .env file in the working folder is read when present (see .env.example).
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (process.env.EXAM_INIT_DB_ONLY) {
    // Child of the first start (see initEmbeddedDbInChild): create, migrate, seed, exit.
    const handle = await openDb({ dataDir: config.dataDir });
    await migrate(handle.db);
    await handle.close();
    return;
  }
  if (process.argv[2] === 'migrate') {
    // `npm run migrate` (and the exam-migrate systemd unit): brings the database to this version's schema and
    // creates the first admin, once, before the API processes start; safe if several run at once.
    await initEmbeddedDbInChild(config);
    const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    await withStartupLock(handle, async () => {
      await migrate(handle.db);
      await ensureFirstAdmin(handle.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    });
    console.log(`Base à jour (migration ${await migrationLevel(handle.db)}).`);
    await handle.close();
    return;
  }
  const boot = await bootstrap(config);
  if (config.DEMO === '1') await seedDemo(boot.ctx.db, { quiet: false });
  const app = await buildApp(boot.ctx);
  // The embedded database can only be read by this process: `npm run backup` asks it for a copy.
  const stopBackupSocket = boot.handle.pglite
    ? await startBackupSocket(boot.handle.pglite, config.dataDir).catch((err: Error) => {
        console.warn(`Sauvegarde à chaud indisponible (socket ${backupSocketPath(config.dataDir)} : ${err.message}) ; sauvegardez service arrêté.`);
        return undefined;
      })
    : undefined;
  const close = async () => {
    await app.close();
    await stopBackupSocket?.();
    await boot.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  const db = boot.handle.kind === 'pglite' ? `embarquée (${config.dataDir}/pgdata)` : 'PostgreSQL';
  console.log(`\nPlateforme prête sur http://localhost:${config.PORT}  (base ${db}${config.REDIS_URL ? ', Redis' : ''})`);
  if (boot.adminCreated) {
    console.log(`Premier administrateur créé : ${config.ADMIN_EMAIL} / mot de passe : ${config.ADMIN_PASSWORD}`);
    console.log('Changez ce mot de passe depuis la page Profil après la première connexion.\n');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
