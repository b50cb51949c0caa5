// The session an attempt is tied to under the one-session rule (exam_attempt_sessions): in token_hash, the hash of
// the browser's id that first used it (the web app sends one), else of the sign-in token; staff unlocking the attempt
// deletes the row, and the next session to call takes it.
import type { Db } from '../../db/schema';

export async function boundSession(db: Db, attemptId: number): Promise<string | undefined> {
  const r = await db.selectFrom('exam_attempt_sessions').select('token_hash').where('attempt_id', '=', attemptId).executeTakeFirst();
  return r?.token_hash;
}

/** Ties the attempt to this session unless one already holds it; returns the session that holds it now. */
export async function bindSession(db: Db, attemptId: number, tokenHash: string, origin: { ip: string | null; user_agent: string | null }): Promise<string> {
  await db
    .insertInto('exam_attempt_sessions')
    .values({ attempt_id: attemptId, token_hash: tokenHash, ...origin })
    .onConflict((oc) => oc.column('attempt_id').doNothing())
    .execute();
  return (await boundSession(db, attemptId)) ?? tokenHash;
}

/** Frees the attempt for the next session; false when it was not tied to one. */
export async function unbindSession(db: Db, attemptId: number): Promise<boolean> {
  const r = await db.deleteFrom('exam_attempt_sessions').where('attempt_id', '=', attemptId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
