// Double marking (docs/correction-humaine.md « Double correction »). A manager (staff named nowhere in the exam's
// marking) names two markers for the exam or one question, and a rule chosen before marking begins: MEAN (the final
// mark is the mean of the two) or SETTLE (the mean when they differ by at most `threshold` points, else a third
// marker or a manager settles; until then the copy stays pending). Each marker marks blind: their queue carries their
// own marks only (exam_marker_marks, one per copy, question and slot, with a version: two writers never overwrite each
// other, under the attempt's lock). The final mark goes to exam_marks through the single-marking path (score, pending,
// journal), so everything downstream (results, statistics, export, publication) reads one mark.
import type { FastifyBaseLogger } from 'fastify';
import { DOUBLE_MARKING_TEXTS as D, HUMAN_GRADING_TEXTS as T, round2, type GradingQueue, type Mark, type MarkingRole, type MarkResult } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents, journalBestEffort, type NewEvent } from '../exam-journal';
import { recomputeAttempt } from '../exam-taking';
import { applyMark, drawPoints, lockAttempt, markFor, writeMark, type ExamQuestionHead } from './repository';
import { copiesOver, finalMarksOfExam, gradingOf, markerMarksFor, markerMarksOfExam, markersOf, writeMarkerMark, type GradingRow, type MarkerMarkRow, type MarkerRow } from './markers-repository';

export const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

export interface Scope {
  first: MarkerRow;
  second: MarkerRow;
  third: MarkerRow | null;
}

/** The markers of a question: its own if it has two, else the exam's; null: single marking. */
export function scopeOf(markers: MarkerRow[], questionId: number): Scope | null {
  const pick = (qid: number | null) => {
    const rows = markers.filter((m) => m.question_id === qid);
    const first = rows.find((m) => m.slot === 1);
    const second = rows.find((m) => m.slot === 2);
    return first && second ? { first, second, third: rows.find((m) => m.slot === 3) ?? null } : null;
  };
  return pick(questionId) ?? pick(null);
}

export function roleIn(scope: Scope | null, markers: MarkerRow[], userId: number): { role: MarkingRole; slot: number | null } {
  if (!scope) return markers.some((m) => m.user_id === userId) ? { role: 'MANAGER', slot: null } : { role: 'SINGLE', slot: null };
  if (scope.first.user_id === userId) return { role: 'MARKER', slot: 1 };
  if (scope.second.user_id === userId) return { role: 'MARKER', slot: 2 };
  if (scope.third?.user_id === userId) return { role: 'THIRD', slot: 3 };
  return { role: 'MANAGER', slot: null };
}

/** A manager of the exam's marking: staff named nowhere in it. */
export const isManager = (markers: MarkerRow[], userId: number) => !markers.some((m) => m.user_id === userId);

export async function requireManager(ctx: AppContext, examId: number, user: SessionUser): Promise<MarkerRow[]> {
  const markers = await markersOf(ctx.db, examId);
  if (!isManager(markers, user.id)) throw forbidden(D.notManager);
  return markers;
}

/** The two marks differ by more than the rule allows: a disagreement to settle. */
export const disagree = (g: GradingRow, a: number, b: number) => g.rule === 'SETTLE' && Math.abs(a - b) > (g.threshold ?? 0) + 1e-9;

const markOut = (m: MarkerMarkRow): Mark => ({ points: m.points, comment: m.comment, version: m.version, graded_by: m.graded_by_name, graded_at: m.graded_at.toISOString() });

/**
 * The queue as this user sees it under double marking: a marker, their own marks only (never the other's, nor the
 * final one); the third marker, only the copies in disagreement (or settled by them), blind too; anyone else, the
 * queue as it is (final marks). `attemptOf` maps a copy number to its attempt.
 */
export async function markerView(ctx: AppContext, examId: number, q: ExamQuestionHead, user: SessionUser, queue: GradingQueue, attemptOf: Map<number, number>): Promise<GradingQueue> {
  const markers = await markersOf(ctx.db, examId);
  const scope = scopeOf(markers, q.question_id);
  const { role, slot } = roleIn(scope, markers, user.id);
  if (role !== 'MARKER' && role !== 'THIRD') return queue;
  const all = await markerMarksOfExam(ctx.db, examId, [q.question_id]);
  const own = new Map(all.filter((m) => m.slot === slot).map((m) => [m.attempt_id, m]));
  let copies = queue.copies;
  if (role === 'THIRD') {
    const g = await gradingOf(ctx.db, examId);
    const pairs = new Map<number, number[]>();
    for (const m of all) if (m.slot !== 3) pairs.set(m.attempt_id, [...(pairs.get(m.attempt_id) ?? []), m.points]);
    copies = copies.filter((c) => {
      const id = attemptOf.get(c.copy)!;
      const p = pairs.get(id);
      return own.has(id) || (!c.mark && p?.length === 2 && disagree(g, p[0]!, p[1]!));
    });
  }
  const withOwn = copies.map((c) => {
    const m = own.get(attemptOf.get(c.copy)!);
    return { ...c, mark: m ? markOut(m) : null };
  });
  const graded = withOwn.filter((c) => c.mark).length;
  return { ...queue, copies: withOwn, counts: { total: withOwn.length, graded, left: withOwn.length - graded } };
}

/** Per question, the counts a marker sees in the overview (their own marks), or undefined for anyone else. */
export async function markerCounts(ctx: AppContext, examId: number, questionIds: number[], user: SessionUser, total: (qid: number) => number): Promise<Map<number, { total: number; graded: number; left: number }>> {
  const markers = await markersOf(ctx.db, examId);
  const out = new Map<number, { total: number; graded: number; left: number }>();
  const mine = questionIds.filter((qid) => roleIn(scopeOf(markers, qid), markers, user.id).role === 'MARKER');
  if (mine.length === 0) return out;
  const all = await markerMarksOfExam(ctx.db, examId, mine);
  for (const qid of mine) {
    const slot = roleIn(scopeOf(markers, qid), markers, user.id).slot;
    const graded = all.filter((m) => m.question_id === qid && m.slot === slot).length;
    out.set(qid, { total: total(qid), graded, left: total(qid) - graded });
  }
  return out;
}

interface FinalMark {
  points: number;
  comment: string | null;
  by: { id: number | null; name: string };
  rule: 'MEAN' | 'THIRD_MARKER' | 'TEACHER';
}

const joinComments = (marks: MarkerMarkRow[]) => {
  const texts = marks.map((m) => m.comment).filter((c): c is string => !!c);
  return texts.length === 0 ? null : [...new Set(texts)].join('\n\n');
};

/** The final mark written as a person's mark (exam_marks): the question's score in the copy, the copy's recomputed. */
async function writeFinal(trx: Db, attemptId: number, q: ExamQuestionHead, f: FinalMark): Promise<{ version: number; previous: number | null }> {
  const existing = await markFor(trx, attemptId, q.question_id);
  const version = (existing?.version ?? 0) + 1;
  await writeMark(trx, { attempt_id: attemptId, question_id: q.question_id, points: f.points, comment: f.comment, graded_by: f.by.id as number, graded_by_name: f.by.name, version });
  await applyMark(trx, attemptId, q.question_id, q.points > 0 ? f.points / q.points : 0, f.comment);
  await recomputeAttempt(trx, attemptId, await drawPoints(trx, attemptId));
  return { version, previous: existing?.points ?? null };
}

const markEvent = (q: ExamQuestionHead, f: FinalMark, w: { version: number; previous: number | null }, marks: MarkerMarkRow[]): NewEvent => ({
  type: 'MARK',
  data: {
    question_id: q.question_id,
    points: f.points,
    max_points: q.points,
    comment: f.comment,
    by: f.by.id,
    by_name: f.by.name,
    version: w.version,
    previous_points: w.previous,
    rule: f.rule,
    marker_points: marks.filter((m) => m.slot !== 3).map((m) => m.points),
  },
});

/**
 * A mark saved by a marker or the third marker (the queue's PUT under double marking); null when the question is
 * marked singly (the caller saves as before). A manager cannot mark a double-marked question here (they settle).
 */
export async function saveDoubleMark(
  ctx: AppContext,
  examId: number,
  q: ExamQuestionHead,
  copy: number,
  attemptId: number,
  input: { points: number; comment: string | null; version: number },
  grader: SessionUser,
  log: FastifyBaseLogger,
  requestId?: string,
): Promise<MarkResult | null> {
  const markers = await markersOf(ctx.db, examId);
  const scope = scopeOf(markers, q.question_id);
  const { role, slot } = roleIn(scope, markers, grader.id);
  if (role === 'SINGLE') return null;
  if (role === 'MANAGER') throw conflict(D.notMarker);
  const g = await gradingOf(ctx.db, examId);
  const events: NewEvent[] = [];
  const saved = await withTransaction(ctx.db, async (trx) => {
    const state = await lockAttempt(trx, attemptId);
    if (!state) throw notFound(T.copyNotFound);
    if (!state.over) throw conflict(T.notOver);
    if (await markFor(trx, attemptId, q.question_id)) throw conflict(D.finalFixed);
    const before = await markerMarksFor(trx, attemptId, q.question_id);
    const mine = before.find((m) => m.slot === slot);
    if ((mine?.version ?? 0) !== input.version) throw conflict(T.stale, { version: [T.stale] });
    const pair = before.filter((m) => m.slot !== 3);
    if (role === 'THIRD' && !(pair.length === 2 && disagree(g, pair[0]!.points, pair[1]!.points))) throw conflict(D.notYours);
    const written = await writeMarkerMark(trx, { attempt_id: attemptId, question_id: q.question_id, slot: slot!, points: input.points, comment: input.comment, graded_by: grader.id, graded_by_name: nameOf(grader), version: (mine?.version ?? 0) + 1 });
    events.push({ type: 'MARKER_MARK', data: { question_id: q.question_id, points: input.points, max_points: q.points, comment: input.comment, by: grader.id, by_name: nameOf(grader), slot, version: written.version, previous_points: mine?.points ?? null } });
    const after = [...before.filter((m) => m.slot !== slot), written];
    const two = after.filter((m) => m.slot !== 3);
    let final: FinalMark | null = null;
    if (role === 'THIRD') final = { points: input.points, comment: input.comment ?? joinComments(two), by: { id: grader.id, name: nameOf(grader) }, rule: 'THIRD_MARKER' };
    else if (two.length === 2 && !disagree(g, two[0]!.points, two[1]!.points))
      final = { points: round2((two[0]!.points + two[1]!.points) / 2), comment: joinComments(two), by: { id: null, name: D.meanBy }, rule: 'MEAN' };
    if (final) events.push(markEvent(q, final, await writeFinal(trx, attemptId, q, final), after));
    return written;
  });
  await journalBestEffort(log, requestId, () => appendEvents(ctx, attemptId, events));
  const all = await markerMarksOfExam(ctx.db, examId, [q.question_id]);
  const graded = all.filter((m) => m.slot === slot).length;
  const total = role === 'THIRD' ? graded : (await attemptsWithAnswer(ctx, examId, q.question_id)).length;
  return { copy, mark: markOut(saved), counts: { total, graded, left: Math.max(0, total - graded) } };
}

async function attemptsWithAnswer(ctx: AppContext, examId: number, questionId: number): Promise<number[]> {
  return (await copiesOver(ctx.db, examId, [questionId])).map((c) => c.attempt_id);
}

/** A manager settles a copy marked by both markers (a disagreement, or a mean they overrule): the final mark. */
export async function settleCopy(
  ctx: AppContext,
  examId: number,
  q: ExamQuestionHead,
  copy: number,
  attemptId: number,
  input: { points: number; comment: string | null; version: number },
  user: SessionUser,
  log: FastifyBaseLogger,
  requestId?: string,
): Promise<MarkResult> {
  const markers = await requireManager(ctx, examId, user);
  if (!scopeOf(markers, q.question_id)) throw notFound(D.noQuestion);
  const events: NewEvent[] = [];
  const result = await withTransaction(ctx.db, async (trx) => {
    const state = await lockAttempt(trx, attemptId);
    if (!state) throw notFound(T.copyNotFound);
    const marks = await markerMarksFor(trx, attemptId, q.question_id);
    if (marks.filter((m) => m.slot !== 3).length < 2) throw conflict(D.notDisagreement);
    const existing = await markFor(trx, attemptId, q.question_id);
    if ((existing?.version ?? 0) !== input.version) throw conflict(D.stale, { version: [D.stale] });
    const final: FinalMark = { points: input.points, comment: input.comment ?? joinComments(marks.filter((m) => m.slot !== 3)), by: { id: user.id, name: nameOf(user) }, rule: 'TEACHER' };
    const w = await writeFinal(trx, attemptId, q, final);
    events.push(markEvent(q, final, w, marks));
    return { version: w.version, at: new Date() };
  });
  await journalBestEffort(log, requestId, () => appendEvents(ctx, attemptId, events));
  const total = (await attemptsWithAnswer(ctx, examId, q.question_id)).length;
  const finals = await finalMarksOfExam(ctx.db, examId, [q.question_id]);
  return {
    copy,
    mark: { points: input.points, comment: (events[0]?.data?.comment as string | null | undefined) ?? null, version: result.version, graded_by: nameOf(user), graded_at: result.at.toISOString() },
    counts: { total, graded: finals.length, left: total - finals.length },
  };
}
