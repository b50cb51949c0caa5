// Rubrics in grading (docs/correction-humaine.md « Grille de critères »): the rubric in effect for an exam's question is
// the one of the version the exam pinned at publication, or of a later version the teacher applied since
// (`exam_questions.rubric_version_id`). A mark given with it keeps the levels chosen; the question's points in the exam
// are the rubric's total scaled to them. When the question's current version carries another rubric, « Appliquer le
// barème modifié » makes it the one in effect and re-scores every copy graded with a rubric, in one transaction.
import type { FastifyBaseLogger } from 'fastify';
import {
  annotationErrors,
  carryChoices,
  essaySettingsSchema,
  RUBRIC_TEXTS,
  rubricLevelChosenSchema,
  rubricSchema,
  scoreRubric,
  annotationShape,
  type Annotation,
  type Rubric,
  type RubricApplyResult,
  type RubricChoice,
  type RubricLevelChosen,
} from '@exam/shared';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents, journalBestEffort } from '../exam-journal';
import { recomputeAttempt } from '../exam-taking';
import { currentVersions, versionsByIds } from '../questions';
import { applyMark, drawPoints, lockAttempt, markFor, writeMark } from './repository';

const parseJson = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
const rubricOf = (essay: unknown): Rubric | null => essaySettingsSchema.safeParse(parseJson(essay) ?? {}).data?.rubric ?? null;

/** The levels kept with a mark, read safely (none when unreadable). */
export const levelsOf = (v: unknown): RubricLevelChosen[] => z.array(rubricLevelChosenSchema).safeParse(parseJson(v) ?? []).data ?? [];
export const annotationsOf = (v: unknown): Annotation[] => z.array(annotationShape).safeParse(parseJson(v) ?? []).data ?? [];

export interface RubricState {
  /** The rubric grading this exam's copies (null: none). */
  rubric: Rubric | null;
  /** The version it comes from (null: the question as it stands, an exam never published). */
  versionId: number | null;
  /** The question's latest version, when its rubric differs from the one in effect. */
  newer: { versionId: number; rubric: Rubric | null } | null;
}

/** The rubric in effect for an exam's question, and whether the question's current version carries another. */
export async function rubricState(db: Db, examId: number, questionId: number, currentEssay: unknown): Promise<RubricState> {
  const row = await db
    .selectFrom('exam_questions')
    .select(['question_version_id', 'rubric_version_id'])
    .where('exam_id', '=', examId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
  const versionId = row?.rubric_version_id ?? row?.question_version_id ?? null;
  const [pinned, latest] = await Promise.all([versionId === null ? null : versionsByIds(db, [versionId]), currentVersions(db, [questionId])]);
  const rubric = versionId === null ? rubricOf(currentEssay) : rubricOf(pinned?.get(versionId)?.snapshot.essay ?? null);
  const last = latest.get(questionId);
  const lastRubric = last ? rubricOf(last.snapshot.essay ?? null) : null;
  const differs = versionId !== null && last !== undefined && last.id !== versionId && JSON.stringify(lastRubric) !== JSON.stringify(rubric);
  return { rubric, versionId, newer: differs ? { versionId: last.id, rubric: lastRubric } : null };
}

export interface MarkExtras {
  /** The points the rubric gives (scaled), replacing the typed ones. */
  points: number;
  /** Undefined: no rubric used (the mark keeps none). */
  levels: RubricLevelChosen[] | null;
  annotations: Annotation[] | null;
}

/**
 * What a grader's save holds beyond points and comment, checked: the rubric's choices (every criterion of the rubric in
 * effect, its levels or typed points where allowed) and the annotations (in the answer's text). 422 otherwise.
 */
export function checkExtras(
  input: { points: number; rubric?: RubricChoice[] | null; annotations?: Annotation[] | null },
  rubric: Rubric | null,
  questionPoints: number,
  text: string,
): MarkExtras {
  let points = input.points;
  let levels: RubricLevelChosen[] | null = null;
  if (input.rubric && input.rubric.length > 0) {
    if (!rubric) throw unprocessable({ rubric: ['Cette question n’a pas de grille de critères.'] }, 'Cette question n’a pas de grille de critères.');
    const scored = scoreRubric(rubric, input.rubric, questionPoints);
    if ('errors' in scored) throw unprocessable({ rubric: scored.errors }, scored.errors[0]);
    if (scored.missing.length) {
      const m = RUBRIC_TEXTS.incomplete(scored.missing);
      throw unprocessable({ rubric: [m] }, m);
    }
    points = scored.points;
    levels = scored.levels;
  }
  const annotations = input.annotations ?? [];
  const errors = annotationErrors(text, annotations);
  if (errors.length) throw unprocessable({ annotations: errors }, errors[0]);
  return { points, levels, annotations: annotations.length ? [...annotations].sort((a, b) => a.start - b.start || a.end - b.end) : null };
}

/** The text of the attempt's last answer to the question (what annotations point into). */
export async function answerTextOf(db: Db, attemptId: number, questionId: number, textOf: (answer: unknown) => string): Promise<string> {
  const r = await db
    .selectFrom('exam_submissions')
    .select('answer')
    .where('attempt_id', '=', attemptId)
    .where('question_id', '=', questionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? textOf(parseJson(r.answer)) : '';
}

const nameOf = (u: SessionUser) => `${u.first_name} ${u.last_name}`.trim();

/**
 * « Appliquer le barème modifié »: the question's current version's rubric becomes the exam's; each copy marked with a
 * rubric is re-scored (its choices carried by criterion and level), under its attempt's lock, its score recomputed,
 * all in one transaction; each change goes into the copy's journal. Copies marked without a rubric keep their mark.
 */
export async function applyNewerRubric(
  ctx: AppContext,
  examId: number,
  question: { question_id: number; essay: unknown },
  by: SessionUser,
  log: FastifyBaseLogger,
  requestId?: string,
): Promise<RubricApplyResult> {
  const state = await rubricState(ctx.db, examId, question.question_id, question.essay);
  if (!state.newer) throw unprocessable({ rubric: [RUBRIC_TEXTS.notChanged] }, RUBRIC_TEXTS.notChanged);
  const newer = state.newer;
  const rubric = newer.rubric ? rubricSchema.parse(newer.rubric) : null;
  const journal: { attemptId: number; data: Record<string, unknown> }[] = [];
  const result = await withTransaction(ctx.db, async (trx) => {
    await trx.updateTable('exam_questions').set({ rubric_version_id: newer.versionId }).where('exam_id', '=', examId).where('question_id', '=', question.question_id).execute();
    const marked = await trx
      .selectFrom('exam_marks as m')
      .innerJoin('exam_attempts as a', 'a.id', 'm.attempt_id')
      .select(['m.attempt_id'])
      .where('a.exam_id', '=', examId)
      .where('m.question_id', '=', question.question_id)
      .where('m.rubric_levels', 'is not', null)
      .orderBy('m.attempt_id')
      .execute();
    let changed = 0;
    let toReview = 0;
    for (const { attempt_id: attemptId } of marked) {
      await lockAttempt(trx, attemptId);
      const mark = await markFor(trx, attemptId, question.question_id);
      if (!mark) continue;
      const draw = await drawPoints(trx, attemptId);
      const max = draw.get(question.question_id) ?? 0;
      const before = levelsOf(mark.rubric_levels);
      let points = 0;
      let levels: RubricLevelChosen[] = [];
      let missing = 0;
      if (rubric) {
        const scored = scoreRubric(rubric, carryChoices(before, rubric), max);
        if (!('errors' in scored)) {
          points = scored.points;
          levels = scored.levels;
          missing = scored.missing.length;
        }
      } else {
        // The rubric was removed: the points stand, typed as they were.
        points = mark.points;
      }
      if (missing > 0) toReview += 1;
      const same = Math.abs(points - mark.points) < 0.005;
      if (same && JSON.stringify(levels) === JSON.stringify(before)) continue;
      if (!same) changed += 1;
      const written = await writeMark(
        trx,
        { attempt_id: attemptId, question_id: question.question_id, points, comment: mark.comment, graded_by: by.id, graded_by_name: nameOf(by), version: mark.version + 1 },
        { rubric_levels: rubric ? levels : null },
      );
      await applyMark(trx, attemptId, question.question_id, max > 0 ? points / max : 0, mark.comment, { levels });
      await recomputeAttempt(trx, attemptId, draw);
      journal.push({
        attemptId,
        data: {
          question_id: question.question_id,
          points,
          max_points: max,
          comment: mark.comment,
          by: by.id,
          by_name: nameOf(by),
          version: written.version,
          previous_points: mark.points,
          reason: 'RUBRIC_CHANGED',
          rubric_levels: levels,
        },
      });
    }
    return { rescored: marked.length, changed, to_review: toReview };
  });
  for (const j of journal) await journalBestEffort(log, requestId, () => appendEvents(ctx, j.attemptId, [{ type: 'MARK', data: j.data }]));
  return result;
}
