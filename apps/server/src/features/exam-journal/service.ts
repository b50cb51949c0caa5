// The journal of an attempt: append-only events, each hashed with the one before (SHA-256 over the previous hash,
// its number, type, times and data with sorted keys), so that a changed, removed or reordered event breaks the
// chain from there on. Writing the journal never blocks the student: a failure is logged by the caller and the
// call it records goes on.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ExamJournal, JournalEventType } from '@exam/shared';
import { CLIENT_JOURNAL_EVENTS } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { attemptIdOf, eventsOf, hasEventOfType, insertEvents, lastEvent, openAttemptIds, signalCountsOf, type StoredEvent } from './repository';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * Writes in a journal on behalf of a call (a student's answer, a staff action) without ever failing it: the call's own
 * work is done and stored by then, so a failure to write is logged with the request id and the call goes on.
 */
export async function journalBestEffort(log: FastifyBaseLogger, reqId: string | undefined, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    log.warn({ err, reqId }, 'writing the attempt journal failed');
  }
}

export interface NewEvent {
  type: JournalEventType;
  data?: Record<string, unknown>;
  client_at?: Date | null;
}

/** JSON with object keys sorted at every level: the same data always hashes the same (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
}

export function eventHash(prev: string, e: Omit<StoredEvent, 'hash' | 'prev_hash'>): string {
  const text = [prev, e.seq, e.type, e.at.toISOString(), e.client_at?.toISOString() ?? '', canonicalJson(e.data)].join('\n');
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The last event of each journal this process appended to. An append builds on it without reading the journal; the
 * unique (attempt, number) constraint refuses the whole insert when another process appended meanwhile,
 * and the append is built again on the journal's real last event. One statement per append, most of the time.
 */
const HEADS_KEPT = 20_000;
const heads = new Map<number, { seq: number; hash: string }>();
const APPEND_ROUNDS = 8;

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/** Appends of one journal in this process, one after the other: they never compete for a number among themselves. */
const queues = new Map<number, Promise<void>>();

/** Appends events to the attempt's journal, in order, after its last one. */
export function appendEvents(ctx: AppContext, attemptId: number, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  const mine = (queues.get(attemptId) ?? Promise.resolve()).catch(() => undefined).then(() => appendNow(ctx, attemptId, events));
  queues.set(attemptId, mine);
  mine
    .finally(() => {
      if (queues.get(attemptId) === mine) queues.delete(attemptId);
    })
    .catch(() => undefined);
  return mine;
}

async function appendNow(ctx: AppContext, attemptId: number, events: NewEvent[]): Promise<void> {
  for (let round = 1; ; round++) {
    const head = heads.get(attemptId) ?? (await lastEvent(ctx.db, attemptId)) ?? { seq: 0, hash: GENESIS_HASH };
    let prev = head.hash;
    let seq = head.seq;
    const at = new Date();
    const rows = events.map((e) => {
      seq += 1;
      const base = { seq, type: e.type, at, client_at: e.client_at ?? null, data: JSON.parse(JSON.stringify(e.data ?? {})) as Record<string, unknown> };
      const row: StoredEvent = { ...base, prev_hash: prev, hash: eventHash(prev, base) };
      prev = row.hash;
      return row;
    });
    heads.delete(attemptId);
    try {
      await insertEvents(ctx.db, attemptId, rows);
    } catch (err) {
      if (isUniqueViolation(err) && round < APPEND_ROUNDS) continue;
      throw err;
    }
    heads.set(attemptId, { seq, hash: prev });
    if (heads.size > HEADS_KEPT) heads.delete(heads.keys().next().value!);
    return;
  }
}

/** The same, for a student's attempt on an exam (nothing when they have not started). */
export async function appendForStudent(ctx: AppContext, examId: number, userId: number, events: NewEvent[]): Promise<void> {
  const attemptId = await attemptIdOf(ctx.db, examId, userId);
  if (attemptId) await appendEvents(ctx, attemptId, events);
}

/** One event in the journal of every attempt of the exam still running (the exam closed by staff). */
export async function appendForOpenAttempts(ctx: AppContext, examId: number, event: NewEvent): Promise<void> {
  for (const id of await openAttemptIds(ctx.db, examId)) await appendEvents(ctx, id, [event]);
}

/** Appends the event unless the journal already has one of its type (a start or a finish said twice). */
export async function appendOnce(ctx: AppContext, attemptId: number, event: NewEvent): Promise<void> {
  if (!(await hasEventOfType(ctx.db, attemptId, event.type))) await appendEvents(ctx, attemptId, [event]);
}

const isSignal = (t: string): t is (typeof CLIENT_JOURNAL_EVENTS)[number] => (CLIENT_JOURNAL_EVENTS as readonly string[]).includes(t);

/** The journal with its chain checked again from the first event. */
export async function readJournal(ctx: AppContext, examId: number, userId: number): Promise<ExamJournal> {
  const attemptId = await attemptIdOf(ctx.db, examId, userId);
  if (!attemptId) throw notFound('Cet étudiant n’a pas commencé cet examen : sa composition n’a pas de journal.');
  const events = await eventsOf(ctx.db, attemptId);
  let prev = GENESIS_HASH;
  let brokenAt: number | null = null;
  for (const [i, e] of events.entries()) {
    if (e.seq !== i + 1 || e.prev_hash !== prev || eventHash(prev, e) !== e.hash) {
      brokenAt = e.seq;
      break;
    }
    prev = e.hash;
  }
  return {
    attempt_id: attemptId,
    events: events.map((e) => ({ ...e, type: e.type as JournalEventType, at: e.at.toISOString(), client_at: e.client_at?.toISOString() ?? null })),
    last_hash: events.at(-1)?.hash ?? null,
    intact: brokenAt === null,
    broken_at: brokenAt,
    signals: (await signalCountsOf(ctx.db, attemptId)).flatMap((c) =>
      isSignal(c.type) ? [{ type: c.type, count: c.count, first_at: c.first_at.toISOString(), last_at: c.last_at.toISOString() }] : [],
    ),
  };
}
