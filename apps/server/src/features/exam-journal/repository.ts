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
    .where('type', 'in', ['ANSWER', 'ANSWER_KEPT'])
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

/**
 * Adds one call's signals to the attempt's counts (one statement); gives each type's count before this call, so that
 * concurrent calls, in any process, agree on which signals are among the first of their type.
 */
export async function countSignals(db: Db, attemptId: number, counts: Map<string, number>, at: Date): Promise<Map<string, number>> {
  if (counts.size === 0) return new Map();
  const rows = await db
    .insertInto('exam_signal_counts')
    .values([...counts].map(([type, count]) => ({ attempt_id: attemptId, type, count, first_at: at, last_at: at })))
    .onConflict((oc) => oc.columns(['attempt_id', 'type']).doUpdateSet((eb) => ({ count: sql<number>`${eb.ref('exam_signal_counts.count')} + ${eb.ref('excluded.count')}`, last_at: eb.ref('excluded.last_at') })))
    .returning(['type', 'count'])
    .execute();
  return new Map(rows.map((r) => [r.type, Number(r.count) - (counts.get(r.type) ?? 0)]));
}

export async function signalCountsOf(db: Db, attemptId: number) {
  const rows = await db.selectFrom('exam_signal_counts').select(['type', 'count', 'first_at', 'last_at']).where('attempt_id', '=', attemptId).orderBy('type').execute();
  return rows.map((r) => ({ type: r.type, count: Number(r.count), first_at: toDate(r.first_at), last_at: toDate(r.last_at) }));
}
