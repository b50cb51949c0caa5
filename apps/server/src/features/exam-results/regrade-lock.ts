// One regrade of an exam at a time, whichever API process runs it: the lock is a row of regrade_locks, taken by one
// statement (the primary key lets one process in), renewed while the regrade runs and removed at its end. A row its
// process stopped renewing (the process died mid-regrade) is taken over after LOCK_STALE_SECONDS.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { EXAM_RESULTS_TEXTS as T } from '@exam/shared';
import type { Db } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

export const LOCK_STALE_SECONDS = 60;
const BEAT_MS = 15_000;

export async function withRegradeLock<R>(db: Db, examId: number, work: () => Promise<R>): Promise<R> {
  const holder = `${process.pid}:${randomUUID()}`;
  const taken = await db
    .insertInto('regrade_locks')
    .values({ exam_id: examId, holder })
    .onConflict((oc) =>
      oc
        .column('exam_id')
        .doUpdateSet({ holder, taken_at: sql`now()`, beat_at: sql`now()` })
        .where(sql<boolean>`regrade_locks.beat_at < now() - ${sql.lit(`${LOCK_STALE_SECONDS} seconds`)}::interval`),
    )
    .returning('holder')
    .executeTakeFirst()
    .catch((err: { code?: string }) => {
      // The lock row references the exam: none with this id.
      if (err.code === '23503') throw notFound(T.examNotFound);
      throw err;
    });
  if (taken?.holder !== holder) throw conflict(T.regradeRunning);
  const beat = setInterval(() => {
    db.updateTable('regrade_locks').set({ beat_at: sql`now()` }).where('exam_id', '=', examId).where('holder', '=', holder).execute().catch(() => undefined);
  }, BEAT_MS);
  beat.unref();
  try {
    return await work();
  } finally {
    clearInterval(beat);
    await db.deleteFrom('regrade_locks').where('exam_id', '=', examId).where('holder', '=', holder).execute();
  }
}
