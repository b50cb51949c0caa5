// The browser's signals (focus, network) for the attempt's journal, bounded: a page sending them without end (a
// script toggling focus thousands of times a minute) neither fills the database nor the appeal file. Taken only
// while the attempt runs, at most JOURNAL_SIGNAL_CALLS_PER_MINUTE calls a minute; every signal is counted by type
// (exam_signal_counts), and only the first JOURNAL_SIGNALS_PER_TYPE of each type are journaled, a run of the same
// signal in one call as one event with its count. Each event is dated by the server; the browser's time is kept
// beside it, as information only, when it is plausible.
import { JOURNAL_SIGNAL_CALLS_PER_MINUTE, JOURNAL_SIGNALS_PER_TYPE, JOURNAL_TEXTS as J, type ExamClientEventsInput } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, tooManyRequests } from '../../lib/errors';
import { appendEvents, countSignals, type NewEvent } from '../exam-journal';
import type { StartedCall } from './call';
import { attemptOver } from './drafts';

/** A browser clock further off than this from the attempt's span is not kept even as information. */
const CLIENT_CLOCK_SLACK_MS = 5 * 60_000;

type Signal = ExamClientEventsInput['events'][number];

interface Run {
  type: Signal['type'];
  count: number;
  first: Date | null;
  last: Date | null;
}

/** Records one call's signals; returns how many were counted (all of them). */
export async function recordClientSignals(ctx: AppContext, call: StartedCall, input: ExamClientEventsInput): Promise<number> {
  const { attempt, exam } = call;
  if (attemptOver(attempt, exam)) throw conflict(J.signalsAfterEnd);
  if ((await ctx.kv.incr(`exam-signals:${attempt.id}`, 60)) > JOURNAL_SIGNAL_CALLS_PER_MINUTE) throw tooManyRequests(J.signalsTooFast, 60);
  const now = new Date();
  const plausible = (iso: string) => {
    const at = new Date(iso);
    return at.getTime() >= attempt.started_at.getTime() - CLIENT_CLOCK_SLACK_MS && at.getTime() <= now.getTime() + CLIENT_CLOCK_SLACK_MS ? at : null;
  };
  // Runs of the same signal, in the order the browser saw them.
  const runs: Run[] = [];
  for (const e of input.events) {
    const at = plausible(e.at);
    const last = runs.at(-1);
    if (last && last.type === e.type) {
      last.count += 1;
      last.last = at ?? last.last;
    } else runs.push({ type: e.type, count: 1, first: at, last: at });
  }
  const perType = new Map<string, number>();
  for (const r of runs) perType.set(r.type, (perType.get(r.type) ?? 0) + r.count);
  const before = await countSignals(ctx.db, attempt.id, perType, now);
  const events: NewEvent[] = [];
  for (const r of runs) {
    const seen = before.get(r.type) ?? 0;
    before.set(r.type, seen + r.count);
    if (seen >= JOURNAL_SIGNALS_PER_TYPE) continue;
    const data = r.count > 1 ? { count: r.count, last_client_at: r.last?.toISOString() ?? null } : {};
    events.push({ type: r.type, client_at: r.first, data: seen + r.count >= JOURNAL_SIGNALS_PER_TYPE ? { ...data, last_journaled: true } : data });
  }
  await appendEvents(ctx, attempt.id, events);
  return input.events.length;
}
