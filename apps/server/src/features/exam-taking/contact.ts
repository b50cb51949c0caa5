// Periods without contact, journaled by the server itself. The exam page asks for its attempt every 10 s
// (GET /api/student/exams/{id}/attempt); each check is dated in `exam_attempts.checked_at`. A check that comes more
// than JOURNAL_SILENCE_SECONDS after the one before journals the period between them (OFFLINE_PERIOD, from → until);
// when the attempt ends with its page silent for longer than that (network lost, laptop closed, page closed), the
// settling of its drafts journals the period from the last check until the end. The page's own signals (OFFLINE /
// ONLINE) are refused once the attempt is over: this record does not depend on the page coming back in time.
import { sql } from 'kysely';
import { JOURNAL_SILENCE_SECONDS } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { appendEvents, type NewEvent } from '../exam-journal';
import type { StartedCall } from './call';
import { attemptOver } from './drafts';

const SILENCE_MS = JOURNAL_SILENCE_SECONDS * 1000;

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(v as string));

const period = (from: Date, until: Date, untilEnd: boolean): NewEvent => ({
  type: 'OFFLINE_PERIOD',
  data: { from: from.toISOString(), until: until.toISOString(), seconds: Math.round((until.getTime() - from.getTime()) / 1000), ...(untilEnd ? { until_end: true } : {}) },
});

/**
 * The page's check of its running attempt: dated (with the page's sign of presence for the invigilators), and the
 * period since the check before journaled when it is a gap. Nothing once the attempt is over (its end journals it).
 */
export async function checkIn(ctx: AppContext, call: StartedCall): Promise<void> {
  const { attempt, exam } = call;
  if (attemptOver(attempt, exam)) return;
  // One statement: the previous check is read from the row as it was before this update. Two checks at once update
  // it once (the second sees the fresh date and skips), so a gap is journaled once.
  const r = await sql<{ prev: unknown; now: unknown }>`
    update exam_attempts a set checked_at = now(), last_seen_at = now()
    from (select id, checked_at as prev from exam_attempts where id = ${attempt.id}) p
    where a.id = p.id and (a.checked_at is null or a.checked_at < now() - interval '5 seconds')
    returning p.prev, a.checked_at as now`.execute(ctx.db);
  const row = r.rows[0];
  if (!row || row.prev == null) return;
  const from = toDate(row.prev);
  const until = toDate(row.now);
  if (until.getTime() - from.getTime() > SILENCE_MS) await appendEvents(ctx, attempt.id, [period(from, until, false)]);
}

/**
 * At the attempt's end (its drafts settled): the period from its last check (or its start) until its end, when the
 * page was silent for longer than JOURNAL_SILENCE_SECONDS. Once only: the last check is then set to the end.
 */
export async function journalSilenceAtEnd(ctx: AppContext, attemptId: number, now = new Date()): Promise<void> {
  const a = await ctx.db.selectFrom('exam_attempts').select(['started_at', 'deadline', 'finished_at', 'checked_at']).where('id', '=', attemptId).executeTakeFirst();
  if (!a) return;
  const end = a.finished_at != null ? toDate(a.finished_at) : toDate(a.deadline);
  if (end.getTime() > now.getTime()) return;
  const from = toDate(a.checked_at ?? a.started_at);
  if (end.getTime() - from.getTime() <= SILENCE_MS) return;
  const claimed = await ctx.db
    .updateTable('exam_attempts')
    .set({ checked_at: end })
    .where('id', '=', attemptId)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', end)]))
    .returning('id')
    .executeTakeFirst();
  if (claimed) await appendEvents(ctx, attemptId, [period(from, end, true)]);
}
