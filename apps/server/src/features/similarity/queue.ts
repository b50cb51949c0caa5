// Comparisons through BullMQ, in the cluster (RUNNER_MODE=queue with REDIS_URL): the API process that claimed a
// comparison (jobs.ts) sends the programs and the code to subtract as one job of the queue `<RUNNER_QUEUE>-similarity`,
// and saves what comes back; the runner workers (`npm run runner`, runner-worker.ts) take these jobs one at a time and
// compare in their own worker thread, so that no API process spends those seconds of CPU. The worker reports its
// progress on the job; the API process writes it on the comparison's row, which the web page reads.
// The job is named after the comparison and the time it was requested: an API process that takes over a comparison
// whose process stopped finds the same job (still running, or done with its result kept a while) instead of a second.
// bullmq is loaded only in queue mode, as for the runs (packages/runner/src/queue.ts).
import os from 'node:os';
import type { Job, Queue, QueueEvents, Worker } from 'bullmq';
import { compareInWorker, type CompareTask } from './worker-pool';
import type { CompareOut } from './compare';

export const similarityQueueName = (runnerQueue: string) => `${runnerQueue}-similarity`;

/** A comparison not finished this long after it was sent (no worker took it, or it failed) is said to have failed. */
const JOB_TTL_MS = 30 * 60_000;
/** A worker reports its progress at most this often. */
const PROGRESS_MS = 500;

interface Client {
  queue: Queue<CompareTask, CompareOut>;
  events: QueueEvents;
  progress: Map<string, (done: number) => void>;
}

const clients = new Map<string, Promise<Client>>();

async function client(redisUrl: string, name: string): Promise<Client> {
  const key = `${redisUrl} ${name}`;
  let c = clients.get(key);
  if (!c) {
    c = (async () => {
      const bullmq = await import('bullmq');
      const connection = { url: redisUrl, maxRetriesPerRequest: null };
      // A result is kept an hour: an API process that takes over a comparison reads it from there.
      const queue = new bullmq.Queue<CompareTask, CompareOut>(name, {
        connection,
        defaultJobOptions: { removeOnComplete: { age: 3600, count: 100 }, removeOnFail: { age: 3600, count: 100 }, attempts: 1 },
      });
      const events = new bullmq.QueueEvents(name, { connection });
      const progress = new Map<string, (done: number) => void>();
      events.on('progress', ({ jobId, data }) => {
        if (typeof data === 'number') progress.get(jobId)?.(data);
      });
      const said = (err: Error) => console.warn(`Comparaisons de programmes : Redis (${err.message}).`);
      queue.on('error', said);
      events.on('error', said);
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
      return { queue, events, progress };
    })();
    clients.set(key, c);
    c.catch(() => clients.delete(key));
  }
  return c;
}

/** Sends a comparison to the workers and waits for its result, its progress (0 to 1) passed on as it comes. */
export async function compareInQueue(redisUrl: string, name: string, jobId: string, task: CompareTask, progress?: (done: number) => void): Promise<CompareOut> {
  const c = await client(redisUrl, name);
  if (progress) c.progress.set(jobId, progress);
  try {
    const job = await c.queue.add('compare', task, { jobId });
    return (await job.waitUntilFinished(c.events, JOB_TTL_MS)) as CompareOut;
  } catch (err) {
    // Said to staff on the comparison's row: in French when no worker answered.
    if (err instanceof Error && /timed out|ttl/i.test(err.message)) throw new Error(`aucun processus d’exécution ne l’a terminée en ${JOB_TTL_MS / 60_000} minutes`, { cause: err });
    throw err;
  } finally {
    c.progress.delete(jobId);
  }
}

/** Closes this process's connections to the queue (tests; a process that stops). */
export async function closeSimilarityQueues(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  await Promise.allSettled(
    all.map(async (p) => {
      const c = await p;
      await Promise.allSettled([c.events.close(), c.queue.close()]);
    }),
  );
}

/** A job of the queue, as BullMQ keeps it (tests read which worker computed it). */
export async function similarityJob(redisUrl: string, name: string, jobId: string) {
  return (await client(redisUrl, name)).queue.getJob(jobId);
}

/** Deletes a queue (of comparisons, or any other by its name) and its keys from Redis (tests use throw-away queues). */
export async function obliterateSimilarityQueue(redisUrl: string, name: string): Promise<void> {
  const c = await client(redisUrl, name);
  await c.queue.obliterate({ force: true }).catch(() => undefined);
}

/**
 * The worker side, in each runner worker: one comparison at a time, computed in the process's comparison thread
 * (its event loop stays free to renew the job's lock), its progress reported on the job.
 */
export async function startSimilarityWorker(opts: { redisUrl: string; name: string }): Promise<Worker<CompareTask, CompareOut>> {
  const { Worker } = await import('bullmq');
  return new Worker<CompareTask, CompareOut>(
    opts.name,
    async (job: Job<CompareTask, CompareOut>) => {
      const t = job.data;
      let last = 0;
      return compareInWorker(t.language, t.programs, t.template, t.keep, (done) => {
        const now = Date.now();
        // The end is always said; the steps before it at most every PROGRESS_MS.
        if (done < 1 && now - last < PROGRESS_MS) return;
        last = now;
        job.updateProgress(done).catch(() => undefined);
      });
    },
    // Named after its host and process: a job says which worker computed it (processedBy).
    { connection: { url: opts.redisUrl, maxRetriesPerRequest: null }, concurrency: 1, name: `${os.hostname()}:${process.pid}` },
  );
}
