// Chooses the runner from the configuration: embedded pool, BullMQ queue client, or none.
//   RUNNER_MODE=embedded (default)  sandboxes in this process, one slot (one run) per core (RUNNER_SLOTS may lower it)
//   RUNNER_MODE=queue + REDIS_URL   runs go to `npm run runner` workers through Redis
//   RUNNER_MODE=off                 no code execution (the routes answer 503)
// RUNNER_UNSAFE_DEV=1 runs programs without bubblewrap: development machines only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmbeddedRunner, ChildProcessRunner, QueueRunner, type CodeRunner } from '@exam/runner';
import type { Config } from '../../config';

/** Runs at once: one per core, fewer when RUNNER_SLOTS says so, never more (a run must never wait for a CPU). */
export function runnerSlots(config: Config): number {
  const cores = os.availableParallelism();
  return Math.min(config.RUNNER_SLOTS ?? cores, cores);
}

export async function createRunnerFromConfig(config: Config): Promise<CodeRunner | undefined> {
  const mode = config.RUNNER_MODE ?? 'embedded';
  if (mode === 'off') return undefined;
  if (mode === 'queue') {
    if (!config.REDIS_URL) {
      throw new Error('RUNNER_MODE=queue nécessite REDIS_URL (l’adresse du Redis partagé avec les processus « npm run runner »).');
    }
    const runner = await QueueRunner.create({ redisUrl: config.REDIS_URL, queueName: config.RUNNER_QUEUE });
    await runner.ready();
    return runner;
  }
  const unsafe = config.RUNNER_UNSAFE_DEV === '1';
  if (unsafe) {
    console.warn(
      'Attention : RUNNER_UNSAFE_DEV=1, les programmes sont exécutés SANS bac à sable. Réservé au développement, jamais en production.',
    );
  }
  // The built server hosts the runner in a small child process (cheaper sandbox launches, see
  // packages/runner/src/child-process-runner.ts); from sources (tests, development) it runs in this process.
  const childEntry = path.join(import.meta.dirname, 'runner-child.js');
  if (config.RUNNER_IN_PROCESS === '0' && fs.existsSync(childEntry)) {
    return ChildProcessRunner.start({ entry: childEntry, runner: { unsafe, slots: runnerSlots(config), forkServer: config.RUNNER_FORK_SERVER === '1' } });
  }
  return createEmbeddedRunner({ unsafe, slots: runnerSlots(config), forkServer: config.RUNNER_FORK_SERVER === '1' });
}
