// `npm run runner`: a worker process that takes runs from the BullMQ queue (REDIS_URL) and executes them
// in its own sandboxes. Start as many as needed, on this host or others sharing the Redis. Each also takes the
// comparisons of similar programs (features/similarity/queue.ts), one at a time, in its comparison thread.
import { createEmbeddedRunner, startQueueWorker } from '@exam/runner';
import { loadConfig } from './config';
import { runnerSlots } from './features/runner';
import { similarityQueueName, startSimilarityWorker } from './features/similarity';

async function main() {
  const config = loadConfig();
  if (!config.REDIS_URL) {
    console.error('Le processus d’exécution nécessite REDIS_URL (par exemple REDIS_URL=redis://127.0.0.1:6379 npm run runner).');
    process.exit(1);
  }
  const unsafe = config.RUNNER_UNSAFE_DEV === '1';
  if (unsafe) console.warn('Attention : RUNNER_UNSAFE_DEV=1, les programmes sont exécutés SANS bac à sable (développement seulement).');
  const slots = runnerSlots(config);
  const runner = await createEmbeddedRunner({ unsafe, slots, forkServer: config.RUNNER_FORK_SERVER === '1' });
  const worker = await startQueueWorker({ redisUrl: config.REDIS_URL, runner, concurrency: slots, queueName: config.RUNNER_QUEUE });
  const similarity = await startSimilarityWorker({ redisUrl: config.REDIS_URL, name: similarityQueueName(config.RUNNER_QUEUE) });
  await Promise.all([worker.waitUntilReady(), similarity.waitUntilReady()]);
  worker.on('error', (err) => console.error('Erreur du processus d’exécution :', err.message));
  similarity.on('error', (err) => console.error('Erreur des comparaisons de programmes :', err.message));
  console.log(`Processus d’exécution prêt (${slots} exécution${slots > 1 ? 's' : ''} en parallèle).`);
  const stop = async () => {
    await Promise.all([worker.close(), similarity.close()]);
    await runner.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
