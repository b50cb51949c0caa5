// Double marking (docs/correction-humaine.md « Double correction »). A manager (staff named nowhere in the exam's
// marking) names two markers for the exam or one question, and a rule chosen before marking begins: MEAN (the final
// mark is the mean of the two) or SETTLE (the mean when they differ by at most `threshold` points, else a third
// marker or a manager settles; until then the copy stays pending). Each marker marks blind: their queue carries their
// own marks only (exam_marker_marks, one per copy, question and slot, with a version: two writers never overwrite each
// other, under the attempt's lock). The final mark goes to exam_marks through the single-marking path (score, pending,
// journal), so everything downstream (results, statistics, export, publication) reads one mark.
import type { FastifyBaseLogger } from 'fastify';
import {
  DOUBLE_MARKING_TEXTS as D,
  HUMAN_GRADING_TEXTS as T,
  round2,
  type Annotation,
  type GradingQueue,
  type MarkingRole,
  type MarkInputParsed,
  type MarkResult,
  type RubricLevelChosen,
} from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents, journalBestEffort, type NewEvent } from '../exam-journal';
import { humanGradedTypes, recomputeAttempt } from '../exam-taking';
import { applyMark, drawPoints, lockAttempt, markFor, writeMark, type ExamQuestionHead } from './repository';
import { syncFinalFileAnnotations } from './file-answers';
import { annotationsOf, answerTextOf, checkExtras, levelsOf, markOut, rubricState, type MarkExtras } from './rubric';
import { textOf } from './service';
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
  // Their own mark (levels and annotations with it), and on a file their own annotations: nothing of the other's.
  const withOwn = copies.map((c) => {
    const m = own.get(attemptOf.get(c.copy)!);
    const files = c.file_annotations ? { file_annotations: (c.file_annotations as Array<(typeof c.file_annotations)[number] & { slot?: number | null }>).filter((a) => a.slot === slot) } : {};
    return { ...c, ...files, mark: m ? markOut(m) : null };
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

/** The questions of a student's copy that have their final mark (exam_marks). */
async function finalQuestionsOf(db: Db, examId: number, studentId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('exam_marks as m')
    .innerJoin('exam_attempts as a', 'a.id', 'm.attempt_id')
    .select('m.question_id')
    .where('a.exam_id', '=', examId)
    .where('a.user_id', '=', studentId)
    .execute();
  return new Set(rows.map((r) => r.question_id));
}

/**
 * The journal of a student's copy as a named marker may read it: until a question's final mark, the other markers'
 * marks (their points, comment, rubric levels, annotations) and their annotations on the files are left out, as in
 * the queue. Anyone not named in the exam's marking reads it whole.
 */
export async function journalForMarker<E extends { type: string; data?: unknown }>(ctx: AppContext, examId: number, studentId: number, viewerId: number, events: E[]): Promise<E[]> {
  const markers = await markersOf(ctx.db, examId);
  if (!markers.some((m) => m.user_id === viewerId)) return events;
  const finals = await finalQuestionsOf(ctx.db, examId, studentId);
  return events.filter((e) => {
    const d = (e.data ?? {}) as Record<string, unknown>;
    if (typeof d.question_id !== 'number' || finals.has(d.question_id)) return true;
    const { role, slot } = roleIn(scopeOf(markers, d.question_id), markers, viewerId);
    if (role !== 'MARKER' && role !== 'THIRD') return true;
    if (e.type === 'MARKER_MARK') return d.slot === slot;
    // A MARK without a final mark is a file annotation (its marker's own), or a mean withdrawn since (it named both
    // markers' points: the copy is blind again).
    if (e.type === 'MARK') return !!d.file_annotation && d.slot === slot;
    return true;
  });
}

/**
 * Whether a staff member marks this student's copy blind still: named marker (or third marker) of a question graded
 * by a person that has no final mark yet. Such a reader gets no appeal file of the copy (it holds the whole journal, every
 * event with its hash: nothing can be left out of it).
 */
export async function marksBlind(ctx: AppContext, examId: number, studentId: number, viewerId: number): Promise<boolean> {
  const markers = await markersOf(ctx.db, examId);
  if (!markers.some((m) => m.user_id === viewerId)) return false;
  const finals = await finalQuestionsOf(ctx.db, examId, studentId);
  const questions = await ctx.db
    .selectFrom('exam_questions as eq')
    .innerJoin('questions as q', 'q.id', 'eq.question_id')
    .select('eq.question_id')
    .where('eq.exam_id', '=', examId)
    .where('q.type', 'in', humanGradedTypes() as never[])
    .execute();
  return questions.some((q) => {
    if (finals.has(q.question_id)) return false;
    const { role } = roleIn(scopeOf(markers, q.question_id), markers, viewerId);
    return role === 'MARKER' || role === 'THIRD';
  });
}

export interface FinalMark {
  points: number;
  comment: string | null;
  by: { id: number | null; name: string };
  rule: 'MEAN' | 'THIRD_MARKER' | 'TEACHER';
  /** The final mark's rubric levels (null: none) and text annotations (each saying who made it; null: none). */
  levels: RubricLevelChosen[] | null;
  annotations: Annotation[] | null;
}

/**
 * The levels of the mean of two marks given with the rubric: per criterion, the level both chose, else the mean of
 * their points (no level named). Null unless both marked with the rubric.
 */
export function meanLevels(a: MarkerMarkRow, b: MarkerMarkRow): RubricLevelChosen[] | null {
  const la = levelsOf(a.rubric_levels);
  const lb = levelsOf(b.rubric_levels);
  if (la.length === 0 || lb.length === 0) return null;
  return la.flatMap((x) => {
    const y = lb.find((l) => l.criterion_id === x.criterion_id);
    if (!y) return [];
    if (x.level_id !== null && x.level_id === y.level_id) return [x];
    return [{ criterion_id: x.criterion_id, criterion: x.criterion, level_id: null, level: null, level_description: null, points: round2((x.points + y.points) / 2), max: x.max }];
  });
}

/** The text annotations of the final mark: every marker's (each saying who made it), and the settling person's own. */
export function mergedAnnotations(marks: MarkerMarkRow[], own: { slot: number | null; annotations: Annotation[] | null } | null = null): Annotation[] | null {
  const all = [
    ...marks.flatMap((m) => annotationsOf(m.annotations).map((a) => ({ ...a, by: D.annotationBy(m.slot) }))),
    ...(own?.annotations ?? []).map((a) => ({ ...a, by: D.annotationBy(own!.slot) })),
  ].sort((x, y) => x.start - y.start || x.end - y.end);
  return all.length ? all : null;
}

/** The final mark the rule gives two markers' marks on its own: their mean, unless they differ beyond the threshold. */
export function meanFinal(g: GradingRow, two: MarkerMarkRow[]): FinalMark | null {
  if (two.length !== 2 || disagree(g, two[0]!.points, two[1]!.points)) return null;
  return { points: round2((two[0]!.points + two[1]!.points) / 2), comment: joinComments(two), by: { id: null, name: D.meanBy }, rule: 'MEAN', levels: meanLevels(two[0]!, two[1]!), annotations: mergedAnnotations(two) };
}

const joinComments = (marks: MarkerMarkRow[]) => {
  const texts = marks.map((m) => m.comment).filter((c): c is string => !!c);
  return texts.length === 0 ? null : [...new Set(texts)].join('\n\n');
};

/** The final mark written as a person's mark (exam_marks): the question's score in the copy, the copy's recomputed. */
export async function writeFinal(trx: Db, attemptId: number, q: ExamQuestionHead, f: FinalMark): Promise<{ version: number; previous: number | null }> {
  const existing = await markFor(trx, attemptId, q.question_id);
  const version = (existing?.version ?? 0) + 1;
  await writeMark(
    trx,
    { attempt_id: attemptId, question_id: q.question_id, points: f.points, comment: f.comment, graded_by: f.by.id as number, graded_by_name: f.by.name, version },
    { rubric_levels: f.levels, annotations: f.annotations },
  );
  await applyMark(trx, attemptId, q.question_id, q.points > 0 ? f.points / q.points : 0, f.comment, { levels: f.levels ?? [], annotations: f.annotations ?? [] });
  // On a file: every annotation now goes with the mark, each saying who made it (file-answers.ts).
  await syncFinalFileAnnotations(trx, attemptId, q, true);
  await recomputeAttempt(trx, attemptId, await drawPoints(trx, attemptId));
  return { version, previous: existing?.points ?? null };
}

export const markEvent = (q: ExamQuestionHead, f: FinalMark, w: { version: number; previous: number | null }, marks: MarkerMarkRow[]): NewEvent => ({
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
    ...(f.levels ? { rubric_levels: f.levels } : {}),
    ...(f.annotations ? { annotations: f.annotations } : {}),
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
  extras: Pick<MarkExtras, 'levels' | 'annotations'> = { levels: null, annotations: null },
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
    // The marker's own rubric levels and annotations, in their own mark (never in another's view before the final).
    const written = await writeMarkerMark(
      trx,
      { attempt_id: attemptId, question_id: q.question_id, slot: slot!, points: input.points, comment: input.comment, graded_by: grader.id, graded_by_name: nameOf(grader), version: (mine?.version ?? 0) + 1 },
      { rubric_levels: extras.levels, annotations: extras.annotations },
    );
    events.push({
      type: 'MARKER_MARK',
      data: {
        question_id: q.question_id,
        points: input.points,
        max_points: q.points,
        comment: input.comment,
        by: grader.id,
        by_name: nameOf(grader),
        slot,
        version: written.version,
        previous_points: mine?.points ?? null,
        ...(extras.levels ? { rubric_levels: extras.levels } : {}),
        ...(extras.annotations || annotationsOf(mine?.annotations).length ? { annotations: extras.annotations ?? [] } : {}),
      },
    });
    const after = [...before.filter((m) => m.slot !== slot), written];
    const two = after.filter((m) => m.slot !== 3);
    // The third marker settles with their levels (if they used the rubric); the mean takes the levels both chose, else
    // the mean of the criterion's points. The annotations of every marker go with the final mark, each saying who.
    const final: FinalMark | null =
      role === 'THIRD'
        ? { points: input.points, comment: input.comment ?? joinComments(two), by: { id: grader.id, name: nameOf(grader) }, rule: 'THIRD_MARKER', levels: extras.levels, annotations: mergedAnnotations(after) }
        : meanFinal(g, two);
    if (final) events.push(markEvent(q, final, await writeFinal(trx, attemptId, q, final), after));
    return written;
  });
  await journalBestEffort(log, requestId, () => appendEvents(ctx, attemptId, events));
  const all = await markerMarksOfExam(ctx.db, examId, [q.question_id]);
  const graded = all.filter((m) => m.slot === slot).length;
  const total = role === 'THIRD' ? graded : (await attemptsWithAnswer(ctx, examId, q.question_id)).length;
  return { copy, mark: markOut(saved), counts: { total, graded, left: Math.max(0, total - graded) } };
}

/** A settlement's rubric levels and annotations checked like a grader's save; its points (the rubric's, if used). */
async function settleExtras(ctx: AppContext, examId: number, q: ExamQuestionHead, attemptId: number, input: MarkInputParsed): Promise<MarkExtras> {
  const { rubric } = await rubricState(ctx.db, examId, q.question_id, q);
  const text = input.annotations?.length ? await answerTextOf(ctx.db, attemptId, q.question_id, textOf) : '';
  const extras = checkExtras(input, rubric, q.points, text);
  if (extras.points > q.points + 1e-9) throw unprocessable({ points: [T.tooMany(q.points)] }, T.tooMany(q.points));
  return extras;
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
  input: MarkInputParsed,
  user: SessionUser,
  log: FastifyBaseLogger,
  requestId?: string,
): Promise<MarkResult> {
  const markers = await requireManager(ctx, examId, user);
  if (!scopeOf(markers, q.question_id)) throw notFound(D.noQuestion);
  // The settling person may mark with the rubric and annotate too (checked as a grader's save: rubric.ts).
  const extras = await settleExtras(ctx, examId, q, attemptId, input);
  const events: NewEvent[] = [];
  const result = await withTransaction(ctx.db, async (trx) => {
    const state = await lockAttempt(trx, attemptId);
    if (!state) throw notFound(T.copyNotFound);
    const marks = await markerMarksFor(trx, attemptId, q.question_id);
    if (marks.filter((m) => m.slot !== 3).length < 2) throw conflict(D.notDisagreement);
    const existing = await markFor(trx, attemptId, q.question_id);
    if ((existing?.version ?? 0) !== input.version) throw conflict(D.stale, { version: [D.stale] });
    const final: FinalMark = {
      points: extras.points,
      comment: input.comment ?? joinComments(marks.filter((m) => m.slot !== 3)),
      by: { id: user.id, name: nameOf(user) },
      rule: 'TEACHER',
      levels: extras.levels,
      annotations: mergedAnnotations(marks, { slot: null, annotations: extras.annotations }),
    };
    const w = await writeFinal(trx, attemptId, q, final);
    events.push(markEvent(q, final, w, marks));
    return { version: w.version, at: new Date() };
  });
  await journalBestEffort(log, requestId, () => appendEvents(ctx, attemptId, events));
  const total = (await attemptsWithAnswer(ctx, examId, q.question_id)).length;
  const finals = await finalMarksOfExam(ctx.db, examId, [q.question_id]);
  return {
    copy,
    mark: {
      points: extras.points,
      comment: (events[0]?.data?.comment as string | null | undefined) ?? null,
      version: result.version,
      graded_by: nameOf(user),
      graded_at: result.at.toISOString(),
      levels: extras.levels ?? [],
      annotations: (events[0]?.data?.annotations as Annotation[] | undefined) ?? [],
    },
    counts: { total, graded: finals.length, left: total - finals.length },
  };
}
