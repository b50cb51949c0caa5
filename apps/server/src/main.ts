import fs from 'node:fs';
// Starts the API and the web app on one origin.
import { loadConfig } from './config';
import { bootstrap } from './bootstrap';
import { buildApp } from './app';
import { seedDemo } from './demo/seed';
import { migrate, openDb } from './db';

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
  const boot = await bootstrap(config);
  if (config.DEMO === '1') await seedDemo(boot.ctx.db, { quiet: false });
  const app = await buildApp(boot.ctx);
  const close = async () => {
    await app.close();
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
