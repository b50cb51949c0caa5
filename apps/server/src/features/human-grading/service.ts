// Grading by people (docs/correction-humaine.md). Per question graded by a person (an essay: its kind says
// `humanGraded`), the copies of the attempts over, each under a copy number drawn for the exam (never a name, never
// the order of the names); each grader reads them in an order of their own, shuffled from their id and the question's
// (stable from one load to the next, different from another grader's). A mark is saved at once: under the attempt's
// lock, with the version the grader saw (another grader's save meanwhile: 409, nothing written); it becomes the
// question's score in the attempt (no longer pending), and the attempt's journal records it.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  countWords,
  essayAnswerSchema,
  essaySettingsSchema,
  HUMAN_GRADING_TEXTS as T,
  type GradingCounts,
  type GradingOverview,
  type GradingQueue,
  type MarkResult,
  type MarkInputParsed,
} from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents, journalBestEffort } from '../exam-journal';
import { drawsOf, recomputeAttempt } from '../exam-taking';
import { serverKind } from '../question-kinds';
import { markerCounts, markerView, saveDoubleMark } from './markers';
import { plainText, questionsAt } from '../questions';
import { annotationsOf, answerTextOf, checkExtras, markOut, rubricState } from './rubric';
import { applyNewerRubric } from './rubric-apply';
import { fileGraderInfo, syncFinalFileAnnotations, withAnswerFiles } from './file-answers';
import {
  applyMark,
  attemptIdsOf,
  countsOf,
  drawPoints,
  examHead,
  examQuestions,
  hasAnswer,
  lastAnswers,
  lockAttempt,
  markFor,
  marksOf,
  writeMark,
  type ExamQuestionHead,
} from './repository';

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

/** Copy numbers of the exam's attempts: 1, 2… in an order drawn from the exam and the attempt (not start, not name). */
export function copyNumbers(examId: number, attemptIds: number[]): Map<number, number> {
  const order = [...attemptIds].sort((a, b) => digest(`copie:${examId}:${a}`).localeCompare(digest(`copie:${examId}:${b}`)) || a - b);
  return new Map(order.map((id, i) => [id, i + 1]));
}

/** The grader's order of the copies of a question: shuffled from the grader and the question, the same on every load. */
export function graderOrder<T extends { attempt_id: number }>(graderId: number, questionId: number, copies: readonly T[]): T[] {
  const key = (c: T) => digest(`ordre:${graderId}:${questionId}:${c.attempt_id}`);
  return [...copies].sort((a, b) => key(a).localeCompare(key(b)) || a.attempt_id - b.attempt_id);
}

const humanGraded = (q: ExamQuestionHead) => serverKind(q.type).humanGraded === true;
const countsFrom = (c: { total: number; graded: number } | undefined): GradingCounts => ({ total: c?.total ?? 0, graded: c?.graded ?? 0, left: (c?.total ?? 0) - (c?.graded ?? 0) });
async function examOr404(ctx: AppContext, examId: number) {
  const exam = await examHead(ctx.db, examId);
  if (!exam) throw notFound(T.notFound);
  return exam;
}

async function questionOr404(ctx: AppContext, examId: number, questionId: number): Promise<ExamQuestionHead> {
  const q = (await examQuestions(ctx.db, examId)).find((x) => x.question_id === questionId);
  if (!q || !humanGraded(q)) throw notFound(T.notFound);
  return q;
}

export async function gradingOverview(ctx: AppContext, examId: number, grader?: SessionUser): Promise<GradingOverview> {
  const exam = await examOr404(ctx, examId);
  const qs = (await examQuestions(ctx.db, examId)).filter(humanGraded);
  const counts = await countsOf(ctx.db, examId, qs.map((q) => q.question_id));
  // A double-marking marker counts their own marks (markers.ts).
  const own = grader ? await markerCounts(ctx, examId, qs.map((q) => q.question_id), grader, (qid) => counts.get(qid)?.total ?? 0) : new Map<number, GradingCounts>();
  return {
    exam: { id: exam.id, title: exam.title },
    questions: qs.map((q) => ({
      question_id: q.question_id,
      position: q.position,
      title: plainText(q.statement).slice(0, 80) || `Question ${q.position}`,
      points: q.points,
      counts: own.get(q.question_id) ?? countsFrom(counts.get(q.question_id)),
    })),
  };
}

/** The text of an answer as the graders read it (an essay's text). */
export const textOf = (answer: unknown) => {
  const parsed = essayAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.text : typeof answer === 'string' ? answer : JSON.stringify(answer ?? '');
};

/**
 * The statement each attempt was given, where it is not the question's as the exam pinned it: a parameterised
 * question's variant (its values filled in), or a version an attempt was repinned to. By attempt; absent: the pinned one.
 */
async function drawnStatements(ctx: AppContext, q: ExamQuestionHead, attemptIds: number[]): Promise<Map<number, string>> {
  const draws = await drawsOf(ctx.db, attemptIds);
  const pinOf = new Map<number, { version_id: number | null; seed: number | null }>();
  for (const [attemptId, rows] of draws) {
    const d = rows.find((r) => r.question_id === q.question_id);
    if (d) pinOf.set(attemptId, { version_id: d.question_version_id, seed: d.variant_seed });
  }
  // One read per distinct version and seed (a few variants for a whole exam).
  const byPin = new Map<string, string>();
  for (const pin of new Set([...pinOf.values()].map((p) => JSON.stringify(p)))) {
    const { version_id, seed } = JSON.parse(pin) as { version_id: number | null; seed: number | null };
    const given = (await questionsAt(ctx.db, [{ question_id: q.question_id, version_id, seed }])).get(q.question_id);
    if (given && given.statement !== q.statement) byPin.set(pin, given.statement);
  }
  const out = new Map<number, string>();
  for (const [attemptId, pin] of pinOf) {
    const statement = byPin.get(JSON.stringify(pin));
    if (statement) out.set(attemptId, statement);
  }
  return out;
}

export async function gradingQueue(ctx: AppContext, examId: number, questionId: number, grader: SessionUser): Promise<GradingQueue> {
  const exam = await examOr404(ctx, examId);
  const q = await questionOr404(ctx, examId, questionId);
  const [answers, attempts] = await Promise.all([lastAnswers(ctx.db, examId, questionId), attemptIdsOf(ctx.db, examId)]);
  const numbers = copyNumbers(examId, attempts);
  const marks = await marksOf(ctx.db, questionId, answers.map((a) => a.attempt_id));
  const settings = essaySettingsSchema.safeParse(q.essay ?? {}).data;
  const statements = await drawnStatements(ctx, q, answers.map((a) => a.attempt_id));
  const copies = graderOrder(grader.id, questionId, answers).map((a) => {
    const text = textOf(a.answer);
    const m = marks.get(a.attempt_id);
    const statement = statements.get(a.attempt_id);
    return { copy: numbers.get(a.attempt_id) ?? 0, text, words: countWords(text), from_draft: a.from_draft, mark: m ? markOut(m) : null, ...(statement ? { statement } : {}) };
  });
  await withAnswerFiles(ctx.db, q, answers, copies, numbers);
  const graded = copies.filter((c) => c.mark).length;
  const rubric = await rubricState(ctx.db, examId, questionId, q);
  const queue: GradingQueue = {
    exam: { id: exam.id, title: exam.title },
    question: {
      question_id: q.question_id,
      position: q.position,
      statement: q.statement,
      points: q.points,
      word_limit: settings?.word_limit ?? null,
      grader_info: settings?.grader_info ?? (q.type === 'FILE' ? fileGraderInfo(q) : null),
      rubric: rubric.rubric,
      rubric_changed: rubric.newer !== null,
    },
    copies,
    counts: { total: copies.length, graded, left: copies.length - graded },
  };
  // Under double marking, a marker's queue carries their own marks only (markers.ts).
  return markerView(ctx, examId, q, grader, queue, new Map([...numbers].map(([id, n]) => [n, id])));
}

const nameOf = (u: SessionUser) => `${u.first_name} ${u.last_name}`.trim();

export async function saveMark(
  ctx: AppContext,
  examId: number,
  questionId: number,
  copy: number,
  input: MarkInputParsed,
  grader: SessionUser,
  log: FastifyBaseLogger,
  requestId?: string,
): Promise<MarkResult> {
  await examOr404(ctx, examId);
  const q = await questionOr404(ctx, examId, questionId);
  const numbers = copyNumbers(examId, await attemptIdsOf(ctx.db, examId));
  const attemptId = [...numbers].find(([, n]) => n === copy)?.[0];
  if (attemptId === undefined || !(await hasAnswer(ctx.db, attemptId, questionId))) throw notFound(T.copyNotFound);
  // The rubric's levels (their points scaled replace the typed ones) and the annotations, checked (rubric.ts).
  const { rubric } = await rubricState(ctx.db, examId, questionId, q);
  const text = input.annotations?.length ? await answerTextOf(ctx.db, attemptId, questionId, textOf) : '';
  const extras = checkExtras(input, rubric, q.points, text);
  input = { ...input, points: extras.points };
  if (input.points > q.points + 1e-9) throw unprocessable({ points: [T.tooMany(q.points)] }, T.tooMany(q.points));
  // Double marking: the marker's own mark, the final one by the rule (markers.ts); null: marked singly, as below.
  const double = await saveDoubleMark(ctx, examId, q, copy, attemptId, input, grader, log, requestId, extras);
  if (double) return double;

  const { mark, before } = await withTransaction(ctx.db, async (trx) => {
    // The lock a student's submission and a regrade take: one writer of this attempt's scores at a time.
    const state = await lockAttempt(trx, attemptId);
    if (!state) throw notFound(T.copyNotFound);
    if (!state.over) throw conflict(T.notOver);
    const existing = await markFor(trx, attemptId, questionId);
    // Another grader saved since this one loaded the copy: nothing written, their mark is shown.
    if ((existing?.version ?? 0) !== input.version) throw conflict(T.stale, { version: [T.stale] });
    const written = await writeMark(trx, {
      attempt_id: attemptId,
      question_id: questionId,
      points: input.points,
      comment: input.comment,
      graded_by: grader.id,
      graded_by_name: nameOf(grader),
      version: (existing?.version ?? 0) + 1,
    }, { rubric_levels: extras.levels, annotations: extras.annotations });
    await applyMark(trx, attemptId, questionId, q.points > 0 ? input.points / q.points : 0, input.comment, { levels: extras.levels ?? [], annotations: extras.annotations ?? [] });
    // A file answer's annotations go with the mark to the student (file-answers.ts).
    await syncFinalFileAnnotations(trx, attemptId, q, false);
    await recomputeAttempt(trx, attemptId, await drawPoints(trx, attemptId));
    return { mark: written, before: existing };
  });

  // The attempt's journal: who marked which question, how many points out of how many, the comment, and the mark it
  // replaced. Stored by then: a journal that cannot be written is logged, and the mark stands.
  await journalBestEffort(log, requestId, () =>
    appendEvents(ctx, attemptId, [
      {
        type: 'MARK',
        data: {
          question_id: questionId,
          points: input.points,
          max_points: q.points,
          comment: input.comment,
          by: grader.id,
          by_name: nameOf(grader),
          version: mark.version,
          previous_points: before?.points ?? null,
          ...(extras.levels ? { rubric_levels: extras.levels } : {}),
          ...(extras.annotations || annotationsOf(before?.annotations).length ? { annotations: extras.annotations ?? [] } : {}),
        },
      },
    ]),
  );
  const counts = (await countsOf(ctx.db, examId, [questionId])).get(questionId);
  return { copy, mark: markOut(mark), counts: countsFrom(counts) };
}

/**
 * A mark set by a decision taken elsewhere (a similarity case decided « Note modifiée »), in the caller's transaction:
 * the question's points in this attempt become `points` like a grader's mark (a regrade leaves it), under the
 * attempt's lock. The caller journals the decision. 422 when the points exceed the question's in this copy.
 */
export async function markByDecision(
  trx: Db,
  v: { attemptId: number; questionId: number; points: number; comment: string; by: { id: number; name: string } },
): Promise<void> {
  const state = await lockAttempt(trx, v.attemptId);
  if (!state) throw notFound(T.copyNotFound);
  const draw = await drawPoints(trx, v.attemptId);
  const max = draw.get(v.questionId);
  if (max === undefined) throw notFound(T.copyNotFound);
  if (v.points > max + 1e-9) throw unprocessable({ new_points: [T.tooMany(max)] }, T.tooMany(max));
  const existing = await markFor(trx, v.attemptId, v.questionId);
  await writeMark(trx, {
    attempt_id: v.attemptId,
    question_id: v.questionId,
    points: v.points,
    comment: v.comment,
    graded_by: v.by.id,
    graded_by_name: v.by.name,
    version: (existing?.version ?? 0) + 1,
  }, { rubric_levels: null });
  // Points set outside the rubric: its levels no longer make them.
  await applyMark(trx, v.attemptId, v.questionId, max > 0 ? v.points / max : 0, v.comment, { levels: [] });
  await recomputeAttempt(trx, v.attemptId, draw);
}

/** « Appliquer le barème modifié » on an exam's question (rubric.ts). */
export async function applyRubric(ctx: AppContext, examId: number, questionId: number, by: SessionUser, log: FastifyBaseLogger, requestId?: string) {
  await examOr404(ctx, examId);
  const q = await questionOr404(ctx, examId, questionId);
  return applyNewerRubric(ctx, examId, q, by, log, requestId);
}
