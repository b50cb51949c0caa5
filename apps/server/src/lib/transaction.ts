// One way to run multi-row writes: a transaction, plus work that must happen only once the rows are
// committed (removing stored files, notifying others). Work registered by a transaction that rolls back
// never runs.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type Trx = Transaction<Database>;
/** Registers work to run after the commit (in registration order). */
export type AfterCommit = (work: () => unknown) => void;

/**
 * Runs `fn` in a transaction; when it commits, runs the work `fn` registered with `afterCommit`.
 * Every registered task runs even if one fails; the first failure is then thrown (the rows stay committed).
 */
export async function withTransaction<T>(db: Kysely<Database>, fn: (trx: Trx, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  const tasks: Array<() => unknown> = [];
  const result = await db.transaction().execute((trx) => fn(trx, (work) => void tasks.push(work)));
  let failure: unknown;
  for (const task of tasks) {
    try {
      await task();
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure !== undefined) throw failure;
  return result;
}
