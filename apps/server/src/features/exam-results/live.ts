// The exam room seen live (docs/examens.md « Surveillance en direct »): every expected student with their state,
// whether their exam page gave a sign within the last minute, what they answered and validated, their reports; and
// the reports of the room, open ones first, which staff mark as handled. Signals are shown, never sanctioned.
import { sql } from 'kysely';
import { INVIGILATION_TEXTS as R, OFFLINE_AFTER_SECONDS, type ExamLive, type LiveRow, type ProblemReport } from '@exam/shared';
import type { Db } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { examBook } from './service';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

async function reportsOf(db: Db, examId: number, reportId?: number): Promise<ProblemReport[]> {
  let q = db
    .selectFrom('exam_problem_reports as r')
    .innerJoin('exam_attempts as a', 'a.id', 'r.attempt_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('users as h', 'h.id', 'r.handled_by')
    .leftJoin('exam_attempt_questions as aq', (j) => j.onRef('aq.attempt_id', '=', 'r.attempt_id').onRef('aq.question_id', '=', 'r.question_id'))
    .select([
      'r.id',
      'a.user_id',
      'u.last_name',
      'u.first_name',
      'u.student_number',
      'r.question_id',
      'aq.position',
      'r.message',
      'r.created_at',
      'r.handled_at',
      sql<string | null>`case when h.id is null then null else h.first_name || ' ' || h.last_name end`.as('handled_by_name'),
    ])
    .where('a.exam_id', '=', examId);
  if (reportId !== undefined) q = q.where('r.id', '=', reportId);
  const rows = await q.orderBy(sql`r.handled_at is not null`).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(500).execute();
  return rows.map((r) => ({ ...r, position: r.position ?? null, created_at: iso(r.created_at)!, handled_at: iso(r.handled_at) }));
}

const GROUP = { OFFLINE: 0, ONLINE: 1, NOT_STARTED: 2, FINISHED: 3 } as const;

export async function examLive(db: Db, examId: number, now = Date.now()): Promise<ExamLive> {
  const book = await examBook(db, examId);
  const attempts = await db
    .selectFrom('exam_attempts as a')
    .leftJoin('exam_attempt_sessions as s', 's.attempt_id', 'a.id')
    .select(['a.id', 'a.last_seen_at', 's.attempt_id as bound'])
    .where('a.exam_id', '=', examId)
    .execute();
  const seen = new Map(attempts.map((a) => [a.id, a.last_seen_at]));
  // Attempts tied to one session (the one-session rule): the only ones staff may need to unlock.
  const bound = new Set(attempts.flatMap((a) => (a.bound === null ? [] : [a.id])));
  const reports = await reportsOf(db, examId);
  const openBy = new Map<number, number>();
  for (const r of reports) if (!r.handled_at) openBy.set(r.user_id, (openBy.get(r.user_id) ?? 0) + 1);
  const rows: Array<LiveRow & { group: number }> = book.rows.map((r) => {
    const a = r.attempt;
    const last = a ? (seen.get(a.id) ?? a.started_at) : null;
    const presence = r.status === 'IN_PROGRESS' && last ? (now - new Date(last).getTime() <= OFFLINE_AFTER_SECONDS * 1000 ? 'ONLINE' : 'OFFLINE') : null;
    const given = r.cells.filter((c) => c.drawn);
    return {
      user_id: r.user_id,
      last_name: r.last_name,
      first_name: r.first_name,
      student_number: r.student_number,
      status: r.status,
      presence,
      last_seen_at: a ? iso(seen.get(a.id) ?? null) : null,
      started_at: r.started_at,
      deadline: r.deadline,
      answered: a ? given.filter((c) => c.state !== 'UNANSWERED').length : 0,
      validated: r.validated_count,
      total: a ? r.draw.length : 0,
      extra_time_factor: r.extra_time_factor,
      extra_minutes: r.extra_minutes,
      separate_room: r.separate_room,
      open_reports: openBy.get(r.user_id) ?? 0,
      bound: a ? bound.has(a.id) : false,
      group: presence ? GROUP[presence] : r.status === 'NOT_STARTED' ? GROUP.NOT_STARTED : GROUP.FINISHED,
    };
  });
  // The book comes sorted by name: a stable sort by group keeps that order within each.
  rows.sort((x, y) => x.group - y.group);
  const count = (p: (r: LiveRow) => boolean) => rows.filter(p).length;
  return {
    exam: { id: book.exam.id, title: book.exam.title, status: book.exam.status, start_at: book.exam.start_at, end_at: book.exam.end_at, question_count: book.exam.question_count },
    server_time: new Date(now).toISOString(),
    counts: {
      expected: book.rows.filter((r) => r.expected).length,
      not_started: count((r) => r.status === 'NOT_STARTED'),
      online: count((r) => r.presence === 'ONLINE'),
      offline: count((r) => r.presence === 'OFFLINE'),
      finished: count((r) => r.status === 'FINISHED'),
      open_reports: reports.filter((r) => !r.handled_at).length,
    },
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the sort key stays here
    rows: rows.map(({ group, ...row }) => row),
    reports,
  };
}

/** Marks a report of this exam as handled by `actorId` (once: a second call keeps the first). */
export async function markReportHandled(db: Db, examId: number, reportId: number, actorId: number): Promise<ProblemReport> {
  const [found] = await reportsOf(db, examId, reportId);
  if (!found) throw notFound(R.reportNotFound);
  if (!found.handled_at) {
    await db.updateTable('exam_problem_reports').set({ handled_at: sql`now()`, handled_by: actorId }).where('id', '=', reportId).where('handled_at', 'is', null).execute();
  }
  const [after] = await reportsOf(db, examId, reportId);
  return after;
}
