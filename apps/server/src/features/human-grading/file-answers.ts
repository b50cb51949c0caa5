// FILE questions in the grading queue (docs/correction-humaine.md « Réponses par fichier »): each copy carries the files
// it handed in (those of its own attempt named by its answer: an id of another attempt's file shows nothing) and the
// graders' annotations on them; a grader adds an annotation (a point or a box on a page, in percent, with a comment)
// or removes one, by the copy's number (never the student's name), once the copy is over. The student reads them with
// their mark: they are copied into the answer's grade details.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOUBLE_MARKING_TEXTS as D,
  FILE_ANSWER_TEXTS as FT,
  fileAnnotationInputSchema,
  fileAnnotationsEnvelopeSchema,
  fileAnswerSchema,
  fileAnswerSettingsSchema,
  gradingCopyParamsSchema,
  HUMAN_GRADING_TEXTS as T,
  type FileAnnotation,
  type GradingCopy,
} from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/envelope';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { replies } from '../../lib/responses';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { annotationsOf, deleteAnnotation, filesOfAttempts, insertAnnotation, syncAnnotationDetails, toAnswerFile, type SlottedFileAnnotation } from '../answer-files';
import { appendEvents, journalBestEffort } from '../exam-journal';
import { attemptIdsOf, examQuestions, hasAnswer, lockAttempt, markFor, type AnswerRow, type ExamQuestionHead } from './repository';
import { markersOf } from './markers-repository';
import { roleIn, scopeOf } from './markers';
import { copyNumbers } from './service';

/** The grader information of a FILE question (its settings), or null. */
export function fileGraderInfo(q: Pick<ExamQuestionHead, 'file_answer'>): string | null {
  const raw = typeof q.file_answer === 'string' ? (JSON.parse(q.file_answer) as unknown) : q.file_answer;
  return fileAnswerSettingsSchema.safeParse(raw ?? {}).data?.grader_info ?? null;
}

/** Adds to each copy of a FILE question its files and annotations (the copies in the queue's order, by attempt). */
export async function withAnswerFiles(db: Db, q: ExamQuestionHead, answers: AnswerRow[], copies: GradingCopy[], numbers: Map<number, number>): Promise<void> {
  if (q.type !== 'FILE') return;
  const attemptIds = answers.map((a) => a.attempt_id);
  const [files, notes] = await Promise.all([filesOfAttempts(db, q.question_id, attemptIds), annotationsOf(db, q.question_id, attemptIds)]);
  const byCopy = new Map(answers.map((a) => [numbers.get(a.attempt_id) ?? 0, a]));
  for (const c of copies) {
    const a = byCopy.get(c.copy);
    if (!a) continue;
    const named = fileAnswerSchema.safeParse(a.answer).data?.files ?? [];
    const own = new Map((files.get(a.attempt_id) ?? []).map((f) => [f.id, f]));
    c.text = '';
    c.words = 0;
    c.files = named.flatMap((id) => (own.has(id) ? [toAnswerFile(own.get(id)!)] : []));
    // Under double marking each says which marker made it (a marker's own view keeps only theirs: markers.ts).
    c.file_annotations = (notes.get(a.attempt_id) ?? []).map(labelled);
  }
}

/** An annotation made under double marking says who made it (« Correcteur 1 »…); a single grader's says nothing. */
const labelled = (a: SlottedFileAnnotation): SlottedFileAnnotation => (a.slot === null ? a : { ...a, by: D.annotationBy(a.slot) });
/** What the student reads: no slot, and under double marking who made each (the settling person: « Enseignant »). */
const forStudent = (list: SlottedFileAnnotation[], double: boolean): FileAnnotation[] =>
  list.map(({ slot, ...a }) => (double ? { ...a, by: D.annotationBy(slot) } : a));

/**
 * A FILE copy's final mark is written (single marking, or the final mark under double marking): every annotation of its
 * files goes with it into the answer's grade details (the student reads them with the mark, once published).
 */
export async function syncFinalFileAnnotations(db: Db, attemptId: number, q: ExamQuestionHead, double: boolean): Promise<void> {
  if (q.type !== 'FILE') return;
  await syncAnnotationDetails(db, attemptId, q.question_id, forStudent(await listOf(db, q.question_id, attemptId), double));
}

const annotationParams = gradingCopyParamsSchema.extend({ annotationId: z.coerce.number({ error: 'L’annotation doit être un nombre.' }).int().positive() });
const nameOf = (u: SessionUser) => `${u.first_name} ${u.last_name}`.trim();

/** The copy's attempt for a FILE question of the exam, or 404. */
async function copyAttempt(ctx: AppContext, examId: number, questionId: number, copy: number): Promise<number> {
  const q = (await examQuestions(ctx.db, examId)).find((x) => x.question_id === questionId);
  if (!q || q.type !== 'FILE') throw notFound(T.notFound);
  const attemptId = [...copyNumbers(examId, await attemptIdsOf(ctx.db, examId))].find(([, n]) => n === copy)?.[0];
  if (attemptId === undefined || !(await hasAnswer(ctx.db, attemptId, questionId))) throw notFound(T.copyNotFound);
  return attemptId;
}

async function listOf(db: Db, questionId: number, attemptId: number): Promise<SlottedFileAnnotation[]> {
  return (await annotationsOf(db, questionId, [attemptId])).get(attemptId) ?? [];
}

async function changeAnnotations(
  ctx: AppContext,
  examId: number,
  questionId: number,
  copy: number,
  grader: SessionUser,
  log: FastifyBaseLogger,
  requestId: string,
  change: (trx: Db, attemptId: number, slot: number | null) => Promise<{ journal: Record<string, unknown> }>,
): Promise<FileAnnotation[]> {
  const attemptId = await copyAttempt(ctx, examId, questionId, copy);
  // Under double marking a marker's annotations are theirs (their slot), read by them alone until the final mark; the
  // person who settles annotates as the teacher (no slot). Single marking: no slot.
  const markers = await markersOf(ctx.db, examId);
  const scope = scopeOf(markers, questionId);
  const { role, slot } = roleIn(scope, markers, grader.id);
  const marker = role === 'MARKER' || role === 'THIRD';
  const { list, journal } = await withTransaction(ctx.db, async (trx) => {
    const state = await lockAttempt(trx, attemptId);
    if (!state) throw notFound(T.copyNotFound);
    if (!state.over) throw conflict(T.notOver);
    const final = await markFor(trx, attemptId, questionId);
    if (marker && final) throw conflict(D.annotationsFixed);
    const done = await change(trx, attemptId, marker ? slot : null);
    const list = await listOf(trx, questionId, attemptId);
    // The student reads the annotations with the final mark only: none in the grade details before it.
    await syncAnnotationDetails(trx, attemptId, questionId, final ? forStudent(list, scope !== null) : null);
    return { list: marker ? list.filter((a) => a.slot === slot) : list.map(labelled), journal: done.journal };
  });
  // In the attempt's journal as a grader's act on the question (a mark's event: the points stay as they are).
  await journalBestEffort(log, requestId, () =>
    appendEvents(ctx, attemptId, [{ type: 'MARK', data: { question_id: questionId, by: grader.id, by_name: nameOf(grader), ...(marker ? { slot } : {}), file_annotation: journal } }]),
  );
  return list;
}

export async function fileAnnotationRoutes(root: FastifyInstance, base: string) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Correction humaine'];

  app.post(
    `${base}/questions/:questionId/copies/:copy/file-annotations`,
    {
      schema: {
        tags,
        summary: 'Annoter un fichier d’une copie (réponse par fichier) : un point ou un cadre sur une page, en %, avec un commentaire ; les annotations de la copie',
        params: gradingCopyParamsSchema,
        body: fileAnnotationInputSchema,
        response: replies(fileAnnotationsEnvelopeSchema, 404, 409),
      },
    },
    async (req) => {
      const { examId, questionId, copy } = req.params;
      const a = req.body;
      const list = await changeAnnotations(app.ctx, examId, questionId, copy, req.user!, req.log, req.id, async (trx, attemptId, slot) => {
        const file = (await filesOfAttempts(trx, questionId, [attemptId])).get(attemptId)?.find((f) => f.id === a.file_id);
        if (!file) throw unprocessable({ file_id: [FT.fileNotInCopy] }, FT.fileNotInCopy);
        if (a.page > file.pages) throw unprocessable({ page: [FT.pageOutOfRange(file.pages)] }, FT.pageOutOfRange(file.pages));
        const box = a.shape === 'BOX';
        const id = await insertAnnotation(trx, {
          attempt_id: attemptId,
          question_id: questionId,
          file_id: file.id,
          page: a.page,
          shape: a.shape,
          x: a.x,
          y: a.y,
          width: box ? a.width : null,
          height: box ? a.height : null,
          comment: a.comment,
          created_by: req.user!.id,
          created_by_name: nameOf(req.user!),
          slot,
        });
        return { journal: { added: id, file: file.name, page: a.page, shape: a.shape, x: a.x, y: a.y, comment: a.comment } };
      });
      return ok(list, FT.annotationSaved);
    },
  );

  app.delete(
    `${base}/questions/:questionId/copies/:copy/file-annotations/:annotationId`,
    {
      schema: { tags, summary: 'Supprimer une annotation d’un fichier d’une copie ; les annotations restantes', params: annotationParams, response: replies(fileAnnotationsEnvelopeSchema, 404, 409) },
    },
    async (req) => {
      const { examId, questionId, copy, annotationId } = req.params;
      const list = await changeAnnotations(app.ctx, examId, questionId, copy, req.user!, req.log, req.id, async (trx, attemptId, slot) => {
        // A marker removes only their own (another's reads as not found).
        const removed = await deleteAnnotation(trx, annotationId, attemptId, questionId, slot ?? undefined);
        if (!removed) throw notFound(FT.annotationNotFound);
        return { journal: { removed: annotationId, file: removed.file_name, page: removed.page, comment: removed.comment } };
      });
      return ok(list, FT.annotationRemoved);
    },
  );
}
