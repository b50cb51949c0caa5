// « Appliquer le barème modifié » (docs/correction-humaine.md « Grille modifiée après le début de la correction »): the
// question's current version's rubric becomes the exam's, and every copy marked with a rubric is re-scored (its choices
// carried by criterion and level), under its attempt's lock, its score recomputed, all in one transaction; each change
// goes into the copy's journal. Copies marked without a rubric keep their mark.
// Under double marking, each marker's own mark is re-scored, then the final mark follows the rule again: a settlement
// (by the teacher or the third marker) keeps its own levels, re-scored; a mean is taken anew from the re-scored marks,
// and withdrawn when they now differ beyond the threshold: the copy waits for its settlement, as the rule says.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { carryChoices, RUBRIC_TEXTS, rubricSchema, scoreRubric, type Rubric, type RubricApplyResult, type RubricLevelChosen } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents, journalBestEffort, type NewEvent } from '../exam-journal';
import { recomputeAttempt } from '../exam-taking';
import { gradingOf, markerMarksFor, markersOf, rescoreMarkerMark, type GradingRow, type MarkerMarkRow } from './markers-repository';
import { markEvent, meanFinal, nameOf, scopeOf, writeFinal } from './markers';
import { applyMark, drawPoints, lockAttempt, markFor, withdrawMark, writeMark, type ExamQuestionHead } from './repository';
import { levelsOf, rubricState } from './rubric';

type Who = { id: number; name: string };

/** A mark's levels re-scored by the rubric now in effect (none: the rubric was removed, the points stand as typed). */
type Rescore = (before: RubricLevelChosen[], points: number, max: number) => { points: number; levels: RubricLevelChosen[] | null; missing: number };

function rescorerFor(rubric: Rubric | null): Rescore {
  return (before, points, max) => {
    if (!rubric) return { points, levels: null, missing: 0 };
    const scored = scoreRubric(rubric, carryChoices(before, rubric), max);
    if ('errors' in scored) return { points: 0, levels: [], missing: 0 };
    return { points: scored.points, levels: scored.levels, missing: scored.missing.length };
  };
}

const samePoints = (a: number, b: number) => Math.abs(a - b) < 0.005;
const sameLevels = (a: RubricLevelChosen[] | null, b: RubricLevelChosen[] | null) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** What re-scoring did to one copy. */
interface CopyRescore {
  /** Some mark of the copy (a marker's, or the final one) changed points, or the final mark came or went. */
  changed: boolean;
  /** A criterion was left without a level (0 points for it): to review. */
  review: boolean;
  /** The mean was withdrawn: the copy now waits for its settlement. */
  settle: boolean;
  events: NewEvent[];
}
const nothing = (): CopyRescore => ({ changed: false, review: false, settle: false, events: [] });

/** The copy's final mark (a single grader's, or a settlement) re-scored by its own levels. */
async function rescoreFinal(trx: Db, attemptId: number, q: ExamQuestionHead, rescore: Rescore, by: Who): Promise<CopyRescore> {
  const out = nothing();
  const mark = await markFor(trx, attemptId, q.question_id);
  if (!mark || mark.rubric_levels === null || mark.rubric_levels === undefined) return out;
  const draw = await drawPoints(trx, attemptId);
  const max = draw.get(q.question_id) ?? 0;
  const before = levelsOf(mark.rubric_levels);
  const r = rescore(before, mark.points, max);
  out.review = r.missing > 0;
  if (samePoints(r.points, mark.points) && sameLevels(r.levels, before)) return out;
  out.changed = !samePoints(r.points, mark.points);
  const written = await writeMark(
    trx,
    { attempt_id: attemptId, question_id: q.question_id, points: r.points, comment: mark.comment, graded_by: by.id, graded_by_name: by.name, version: mark.version + 1 },
    { rubric_levels: r.levels },
  );
  await applyMark(trx, attemptId, q.question_id, max > 0 ? r.points / max : 0, mark.comment, { levels: r.levels ?? [] });
  await recomputeAttempt(trx, attemptId, draw);
  out.events.push({
    type: 'MARK',
    data: {
      question_id: q.question_id,
      points: r.points,
      max_points: max,
      comment: mark.comment,
      by: by.id,
      by_name: by.name,
      version: written.version,
      previous_points: mark.points,
      reason: 'RUBRIC_CHANGED',
      rubric_levels: r.levels ?? [],
    },
  });
  return out;
}

/** A double-marked copy: each marker's mark re-scored, then the final mark as the rule now gives it. */
async function rescoreDoubleMarked(trx: Db, g: GradingRow, q: ExamQuestionHead, attemptId: number, rescore: Rescore, by: Who): Promise<CopyRescore> {
  const out = nothing();
  const after: MarkerMarkRow[] = [];
  for (const m of await markerMarksFor(trx, attemptId, q.question_id)) {
    if (m.rubric_levels === null || m.rubric_levels === undefined) {
      after.push(m);
      continue;
    }
    const before = levelsOf(m.rubric_levels);
    const r = rescore(before, m.points, q.points);
    if (r.missing > 0) out.review = true;
    if (samePoints(r.points, m.points) && sameLevels(r.levels, before)) {
      after.push(m);
      continue;
    }
    if (!samePoints(r.points, m.points)) out.changed = true;
    const written = await rescoreMarkerMark(trx, m, r.points, r.levels);
    after.push(written);
    // Still the marker's mark (their slot: a blind marker reads only their own), re-scored by whoever applied the rubric.
    out.events.push({
      type: 'MARKER_MARK',
      data: {
        question_id: q.question_id,
        points: r.points,
        max_points: q.points,
        comment: m.comment,
        by: by.id,
        by_name: by.name,
        slot: m.slot,
        version: written.version,
        previous_points: m.points,
        reason: 'RUBRIC_CHANGED',
        rubric_levels: r.levels ?? [],
      },
    });
  }
  const final = await markFor(trx, attemptId, q.question_id);
  if (final && final.graded_by !== null && final.graded_by !== undefined) {
    // A settlement stands, its own levels re-scored.
    const f = await rescoreFinal(trx, attemptId, q, rescore, by);
    return { changed: out.changed || f.changed, review: out.review || f.review, settle: false, events: [...out.events, ...f.events] };
  }
  const two = after.filter((m) => m.slot !== 3);
  const mean = meanFinal(g, two);
  if (mean) {
    if (final && samePoints(final.points, mean.points) && sameLevels(mean.levels, levelsOf(final.rubric_levels))) return out;
    if (!final || !samePoints(final.points, mean.points)) out.changed = true;
    const e = markEvent(q, mean, await writeFinal(trx, attemptId, q, mean), after);
    out.events.push({ ...e, data: { ...e.data, reason: 'RUBRIC_CHANGED' } });
  } else if (final) {
    await withdrawMark(trx, attemptId, q.question_id);
    await recomputeAttempt(trx, attemptId, await drawPoints(trx, attemptId));
    out.changed = true;
    out.settle = true;
    out.events.push({
      type: 'MARK',
      data: {
        question_id: q.question_id,
        withdrawn: true,
        rule: 'MEAN',
        max_points: q.points,
        previous_points: final.points,
        marker_points: two.map((m) => m.points),
        by: by.id,
        by_name: by.name,
        reason: 'RUBRIC_CHANGED',
      },
    });
  }
  return out;
}

/** The copies of the question marked with a rubric: their final mark, or (double marking) a marker's mark. */
async function copiesWithRubric(db: Db, examId: number, questionId: number, double: boolean): Promise<number[]> {
  const rows = await sql<{ attempt_id: number }>`
    select m.attempt_id from exam_marks m join exam_attempts a on a.id = m.attempt_id
    where a.exam_id = ${examId} and m.question_id = ${questionId} and m.rubric_levels is not null
    union
    select mm.attempt_id from exam_marker_marks mm join exam_attempts a on a.id = mm.attempt_id
    where ${double} and a.exam_id = ${examId} and mm.question_id = ${questionId} and mm.rubric_levels is not null
    order by 1`.execute(db);
  return rows.rows.map((r) => r.attempt_id);
}

export async function applyNewerRubric(ctx: AppContext, examId: number, question: ExamQuestionHead, by: SessionUser, log: FastifyBaseLogger, requestId?: string): Promise<RubricApplyResult> {
  const state = await rubricState(ctx.db, examId, question.question_id, question);
  if (!state.newer) throw unprocessable({ rubric: [RUBRIC_TEXTS.notChanged] }, RUBRIC_TEXTS.notChanged);
  const newer = state.newer;
  const rescore = rescorerFor(newer.rubric ? rubricSchema.parse(newer.rubric) : null);
  const who = { id: by.id, name: nameOf(by) };
  const [markers, g] = await Promise.all([markersOf(ctx.db, examId), gradingOf(ctx.db, examId)]);
  const double = scopeOf(markers, question.question_id) !== null;
  const journal: { attemptId: number; events: NewEvent[] }[] = [];
  const result = await withTransaction(ctx.db, async (trx) => {
    await trx.updateTable('exam_questions').set({ rubric_version_id: newer.versionId }).where('exam_id', '=', examId).where('question_id', '=', question.question_id).execute();
    const attempts = await copiesWithRubric(trx, examId, question.question_id, double);
    const out: RubricApplyResult = { rescored: attempts.length, changed: 0, to_review: 0, to_settle: 0 };
    for (const attemptId of attempts) {
      await lockAttempt(trx, attemptId);
      const copy = double ? await rescoreDoubleMarked(trx, g, question, attemptId, rescore, who) : await rescoreFinal(trx, attemptId, question, rescore, who);
      if (copy.changed) out.changed += 1;
      if (copy.review) out.to_review += 1;
      if (copy.settle) out.to_settle += 1;
      if (copy.events.length) journal.push({ attemptId, events: copy.events });
    }
    return out;
  });
  for (const j of journal) await journalBestEffort(log, requestId, () => appendEvents(ctx, j.attemptId, j.events));
  return result;
}
