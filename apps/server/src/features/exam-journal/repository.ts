// Reads and appends of exam_journal. An insert of events is one statement: the unique (attempt, number) constraint
// refuses it whole when its numbers are taken, so that each event's previous hash is that of the event just before.
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

export interface StoredEvent {
  seq: number;
  type: string;
  at: Date;
  client_at: Date | null;
  data: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(v as string));

export async function lastEvent(db: Db, attemptId: number): Promise<{ seq: number; hash: string } | undefined> {
  return db.selectFrom('exam_journal').select(['seq', 'hash']).where('attempt_id', '=', attemptId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

export async function insertEvents(db: Db, attemptId: number, events: StoredEvent[]): Promise<void> {
  await db
    .insertInto('exam_journal')
    .values(events.map((e) => ({ attempt_id: attemptId, ...e, data: JSON.stringify(e.data) })))
    .execute();
}

export async function eventsOf(db: Db, attemptId: number): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('exam_journal').select(['seq', 'type', 'at', 'client_at', 'data', 'prev_hash', 'hash']).where('attempt_id', '=', attemptId).orderBy('seq').execute();
  return rows.map((r) => ({ ...r, at: toDate(r.at), client_at: r.client_at == null ? null : toDate(r.client_at), data: (r.data ?? {}) as Record<string, unknown> }));
}

export async function hasEventOfType(db: Db, attemptId: number, type: string): Promise<boolean> {
  return (await db.selectFrom('exam_journal').select('id').where('attempt_id', '=', attemptId).where('type', '=', type).limit(1).executeTakeFirst()) !== undefined;
}

/** Submission ids already journaled for this attempt among these (a repeated submission is journaled once). */
export async function journaledSubmissions(db: Db, attemptId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('exam_journal')
    .select(sql<string>`data->>'submission_id'`.as('sid'))
    .where('attempt_id', '=', attemptId)
    .where('type', '=', 'ANSWER')
    .where(sql<string>`data->>'submission_id'`, 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.sid));
}

export async function attemptIdOf(db: Db, examId: number, userId: number): Promise<number | undefined> {
  return (await db.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirst())?.id;
}

/** Attempts of the exam still running (not finished by the student, their end not yet settled). */
export async function openAttemptIds(db: Db, examId: number): Promise<number[]> {
  const rows = await db.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).where('finished_at', 'is', null).where('drafts_settled_at', 'is', null).execute();
  return rows.map((r) => r.id);
}
