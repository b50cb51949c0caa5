// Queue mode: the API adds runs to a BullMQ queue in Redis and waits for their result; `npm run runner`
// workers (on this host or others) take them and run them in their own embedded runner.
// bullmq (and ioredis under it) is loaded only in queue mode, keeping the embedded server's memory small.
// Each job is one run (one program on one case). Exam runs carry no BullMQ priority and practice runs priority 1: the
// workers take exam runs first, and only practice runs count against the waiting bound. Per API process, a Pool with
// no slot limit admits programs (the per-owner cap) and keeps one owner's hidden runs apart in time from the same
// owner's other runs (pool.ts); several API processes each keep their own counts.
import type { Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { ExecResult } from '@exam/shared';
import type { EmbeddedRunner } from './embedded';
import { effectiveLimits } from './embedded';
import { Pool, type Job as PoolJob } from './pool';
import { RunnerBusyError, STARVED_MESSAGE, type CodeRunner, type MathCompareOptions, type MathCompareResult, type MathFormTest, type RunCase, type RunRequest } from './types';
import { wallCapMs } from './wallclock';

export const RUNNER_QUEUE = 'exam-runner';

type JobData = { kind: 'run'; req: RunRequest } | { kind: 'math'; expression: string; expected: string; form?: MathFormTest };
type JobResult = ExecResult | MathCompareResult;

export interface QueueRunnerOptions {
  redisUrl: string;
  queueName?: string;
  /** Practice jobs allowed to wait in the queue; beyond, RunnerBusyError (exam jobs are not counted). */
  maxWaiting?: number;
  /** Programs one owner may have in flight from this process (running or waiting); beyond, RunnerBusyError. */
  ownerJobs?: number;
  /** Extra time allowed beyond a run's own wall limit for queueing and transport. */
  slackMs?: number;
}

const UNANSWERED = 'Le serveur d’exécution ne répond pas. Réessayez dans quelques instants.';

/** The API side of queue mode. */
export class QueueRunner implements CodeRunner {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly maxWaiting: number;
  private readonly slackMs: number;
  /** Admission per owner and hidden/other separation, without a slot limit (the workers have theirs). */
  private readonly gate: Pool;

  static async create(opts: QueueRunnerOptions): Promise<QueueRunner> {
    return new QueueRunner(opts, await import('bullmq'));
  }

  private constructor(opts: QueueRunnerOptions, bullmq: typeof import('bullmq')) {
    const connection = { url: opts.redisUrl, maxRetriesPerRequest: null };
    const name = opts.queueName ?? RUNNER_QUEUE;
    // A finished job is kept a minute: when it ends before waitUntilFinished has looked at it (a fast run under
    // load), removing it at once made that call fail with « Missing key for job … isFinished ».
    this.queue = new bullmq.Queue(name, {
      connection,
      defaultJobOptions: { removeOnComplete: { age: 60, count: 10_000 }, removeOnFail: { age: 300, count: 10_000 }, attempts: 1 },
    });
    this.events = new bullmq.QueueEvents(name, { connection });
    this.maxWaiting = opts.maxWaiting ?? 64;
    this.slackMs = opts.slackMs ?? 20_000;
    this.gate = new Pool(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 10 * 60_000, {
      ownerJobs: opts.ownerJobs ?? Math.max(4, Math.ceil(this.maxWaiting / 8)),
    });
    // Redis lost (restart, failover): a job in flight may be lost with it and its result would never come. Its
    // callers are answered at once (a French 503 that the exam page retries) rather than after their full wait.
    const lost = (err: Error) => {
      for (const reject of this.waiting) reject(new RunnerBusyError(UNANSWERED, true));
      this.waiting.clear();
      // Said at most every 10 s: the clients try again and again while Redis is away.
      if (Date.now() - this.saidLostAt > 10_000) console.warn(`File d’exécution : connexion à Redis perdue (${err.message}).`);
      this.saidLostAt = Date.now();
    };
    this.events.on('error', lost);
    this.queue.on('error', lost);
  }

  private readonly waiting = new Set<(err: Error) => void>();
  private saidLostAt = 0;

  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  private async submit(data: JobData, ttl: number, exam = false): Promise<JobResult> {
    if (!exam && (await this.queue.getJobCountByTypes('prioritized')) >= this.maxWaiting) throw new RunnerBusyError();
    const job = await this.queue.add(data.kind, data, exam ? {} : { priority: 1 });
    let reject!: (err: Error) => void;
    const lostWithRedis = new Promise<never>((_, r) => (reject = r));
    this.waiting.add(reject);
    try {
      return (await Promise.race([job.waitUntilFinished(this.events, ttl), lostWithRedis])) as JobResult;
    } catch (err) {
      if (err instanceof RunnerBusyError) throw err;
      // A run held back by others twice on its worker (wallclock.ts): busy, not a failure.
      if (err instanceof Error && err.message === STARVED_MESSAGE) throw new RunnerBusyError(STARVED_MESSAGE);
      // No worker took it in time: take it back out so that the queue does not grow for ever.
      await job.remove().catch(() => undefined);
      // Not taken in time, or its worker died twice while running it: the caller may try again.
      if (err instanceof Error && /timed out|ttl|stalled/i.test(err.message)) throw new RunnerBusyError(UNANSWERED, true);
      throw err;
    } finally {
      this.waiting.delete(reject);
    }
  }

  private runOne(req: RunRequest, job?: PoolJob): Promise<ExecResult> {
    const limits = effectiveLimits(req.limits);
    // A run held back by others may last up to its wall cap, and be run once more (wallclock.ts).
    const ttl = 2 * wallCapMs(limits) + this.slackMs;
    return this.gate.use(() => this.submit({ kind: 'run', req: { ...req, limits } }, ttl, req.exam) as Promise<ExecResult>, req.owner ?? '', {
      job,
      kind: req.hidden ? 'hidden' : 'open',
      exam: req.exam,
    });
  }

  run(req: RunRequest): Promise<ExecResult> {
    return this.runOne(req);
  }

  /** One program against its cases: one admission for the program, a job per case, the visible cases first. */
  async runCases(req: Omit<RunRequest, 'stdin' | 'expectedOutput' | 'hidden'>, cases: RunCase[], opts: { slots?: number } = {}): Promise<ExecResult[]> {
    if (cases.length === 0) return [];
    const job = this.gate.admit(req.owner ?? '', req.exam);
    try {
      const order = [...cases.keys()].sort((a, b) => Number(!!cases[a].hidden) - Number(!!cases[b].hidden) || a - b);
      const results: ExecResult[] = new Array(cases.length);
      const failures: unknown[] = [];
      let next = 0;
      const worker = async () => {
        while (failures.length === 0 && next < order.length) {
          const i = order[next++];
          const c = cases[i];
          try {
            results[i] = await this.runOne({ ...req, code: c.code ?? req.code, stdin: c.stdin, expectedOutput: c.expectedOutput, hidden: !!c.hidden }, job);
          } catch (err) {
            failures.push(err);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(cases.length, opts.slots ?? cases.length)) }, worker));
      if (failures.length) throw failures.find((e) => e instanceof RunnerBusyError) ?? failures[0];
      return results;
    } finally {
      this.gate.finish(job);
    }
  }

  async compareMath(expression: string, expected: string, owner?: string, opts: MathCompareOptions = {}): Promise<MathCompareResult> {
    const job: JobData = { kind: 'math', expression, expected, ...(opts.form ? { form: opts.form } : {}) };
    return this.gate.use(() => this.submit(job, this.slackMs, opts.exam) as Promise<MathCompareResult>, owner ?? '', {
      exam: opts.exam,
    });
  }

  /** Deletes the queue and its keys from Redis (tests use throw-away queues). */
  async destroy(): Promise<void> {
    await this.queue.obliterate({ force: true }).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
  }
}

/** How long a worker's hold on a job lasts without renewal (renewed every half of it while the job runs). */
export const STALL_LOCK_MS = 8_000;
/** How often each worker looks for jobs whose worker went away. */
export const STALL_CHECK_MS = 4_000;

/** The worker side: takes jobs and runs them in `runner` (one at a time per slot of its pool). */
export async function startQueueWorker(opts: { redisUrl: string; runner: EmbeddedRunner; queueName?: string; concurrency?: number }): Promise<Worker> {
  const connection = { url: opts.redisUrl, maxRetriesPerRequest: null };
  const { Worker } = await import('bullmq');
  return new Worker<JobData, JobResult>(
    opts.queueName ?? RUNNER_QUEUE,
    async (job: Job<JobData, JobResult>) => {
      const d = job.data;
      if (d.kind === 'run') return opts.runner.execute(d.req);
      return opts.runner.math.compare(d.expression, d.expected, d.form);
    },
    {
      connection,
      concurrency: opts.concurrency ?? opts.runner.pool.slots,
      // A worker killed mid-run stops renewing its lock: within ≈ 10 s another worker's check finds the job stalled
      // and runs it again (once), well inside the time the API waits for it (the run's wall limit + 20 s).
      lockDuration: STALL_LOCK_MS,
      stalledInterval: STALL_CHECK_MS,
      maxStalledCount: 1,
    },
  );
}
