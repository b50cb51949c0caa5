// `npm run backup [-- fichier.tar.gz]` and `npm run restore -- fichier.tar.gz`: see ops/backup.ts and
// docs/deploiement.md. Same environment as the server (DATABASE_URL, DATA_DIR, .env).
import fs from 'node:fs';
import { loadConfig } from './config';
import { BackupError, createBackup, defaultBackupFile, restoreBackup } from './ops/backup';

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const [command, file] = process.argv.slice(2);
  if (command === 'backup') {
    const out = file ?? defaultBackupFile(config);
    const m = await createBackup(config, out);
    const size = (fs.statSync(out).size / 1024 / 1024).toFixed(1);
    console.log(
      `Sauvegarde écrite : ${out} (${size} Mo) — base ${m.database === 'postgres' ? 'PostgreSQL' : 'embarquée'}, migration ${m.migration}, ` +
        `${m.files.count} fichier${m.files.count > 1 ? 's' : ''} déposé${m.files.count > 1 ? 's' : ''}.`,
    );
  } else if (command === 'restore') {
    if (!file) throw new BackupError('Indiquez l’archive à restaurer : npm run restore -- sauvegardes/examens-….tar.gz');
    const m = await restoreBackup(config, file);
    console.log(
      `Restauration terminée : sauvegarde du ${m.created_at} (version ${m.app_version}, migration ${m.migration}), ` +
        `${m.files.count} fichier${m.files.count > 1 ? 's' : ''} déposé${m.files.count > 1 ? 's' : ''}. Démarrez le service : il appliquera les migrations plus récentes.`,
    );
  } else {
    throw new BackupError('Usage : npm run backup [-- fichier.tar.gz] | npm run restore -- fichier.tar.gz');
  }
}

main().catch((err) => {
  console.error(err instanceof BackupError || err instanceof Error ? err.message : err);
  process.exit(1);
});
