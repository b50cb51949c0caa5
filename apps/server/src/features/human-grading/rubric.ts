// Rubrics in grading (docs/correction-humaine.md « Grille de critères »): the rubric in effect for an exam's question is
// the one of the version the exam pinned at publication, or of a later version the teacher applied since
// (`exam_questions.rubric_version_id`). A mark given with it keeps the levels chosen; the question's points in the exam
// are the rubric's total scaled to them. When the question's current version carries another rubric, « Appliquer le
// barème modifié » makes it the one in effect and re-scores every copy graded with a rubric (rubric-apply.ts).
import {
  annotationErrors,
  essaySettingsSchema,
  fileAnswerSettingsSchema,
  RUBRIC_TEXTS,
  rubricLevelChosenSchema,
  scoreRubric,
  annotationShape,
  type Annotation,
  type Mark,
  type Rubric,
  type RubricChoice,
  type RubricLevelChosen,
} from '@exam/shared';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import { currentVersions, versionsByIds } from '../questions';

const parseJson = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
/** The rubric a question's settings carry: an essay's (`essay`), or a file answer's (`file_answer`, the same rubric). */
export const rubricOf = (q: { type?: string; essay?: unknown; file_answer?: unknown }): Rubric | null =>
  q.type === 'FILE'
    ? (fileAnswerSettingsSchema.safeParse(parseJson(q.file_answer) ?? {}).data?.rubric ?? null)
    : (essaySettingsSchema.safeParse(parseJson(q.essay) ?? {}).data?.rubric ?? null);

/** The levels kept with a mark, read safely (none when unreadable). */
export const levelsOf = (v: unknown): RubricLevelChosen[] => z.array(rubricLevelChosenSchema).safeParse(parseJson(v) ?? []).data ?? [];
export const annotationsOf = (v: unknown): Annotation[] => z.array(annotationShape).safeParse(parseJson(v) ?? []).data ?? [];

/** A stored mark as the queue shows it (a single grader's, the final one, or one marker's under double marking). */
export const markOut = (m: { points: number; comment: string | null; version: number; graded_by_name: string; graded_at: Date; rubric_levels?: unknown; annotations?: unknown }): Mark => ({
  points: m.points,
  comment: m.comment,
  version: m.version,
  graded_by: m.graded_by_name,
  graded_at: m.graded_at.toISOString(),
  levels: levelsOf(m.rubric_levels),
  annotations: annotationsOf(m.annotations),
});

export interface RubricState {
  /** The rubric grading this exam's copies (null: none). */
  rubric: Rubric | null;
  /** The version it comes from (null: the question as it stands, an exam never published). */
  versionId: number | null;
  /** The question's latest version, when its rubric differs from the one in effect. */
  newer: { versionId: number; rubric: Rubric | null } | null;
}

/** The rubric in effect for an exam's question (an essay or a file answer: `current`, the question as it stands), and
 *  whether the question's current version carries another. */
export async function rubricState(db: Db, examId: number, questionId: number, current: { type: string; essay: unknown; file_answer?: unknown }): Promise<RubricState> {
  const row = await db
    .selectFrom('exam_questions')
    .select(['question_version_id', 'rubric_version_id'])
    .where('exam_id', '=', examId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
  const versionId = row?.rubric_version_id ?? row?.question_version_id ?? null;
  const [pinned, latest] = await Promise.all([versionId === null ? null : versionsByIds(db, [versionId]), currentVersions(db, [questionId])]);
  const ofSnapshot = (snap: { essay?: unknown; file_answer?: unknown } | undefined) => rubricOf({ type: current.type, essay: snap?.essay ?? null, file_answer: snap?.file_answer ?? null });
  const rubric = versionId === null ? rubricOf(current) : ofSnapshot(pinned?.get(versionId)?.snapshot);
  const last = latest.get(questionId);
  const lastRubric = last ? ofSnapshot(last.snapshot) : null;
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
