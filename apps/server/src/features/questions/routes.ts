// Staff question bank routes (docs/api.md: staff resources, questions), all under /api/admin (staff only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  QUESTION_TEXTS,
  generatorTestEnvelopeSchema,
  generatorTestSchema,
  idParam,
  questionDeletedEnvelopeSchema,
  questionEnvelopeSchema,
  questionInputSchema,
  questionListQuerySchema,
  questionPageSchema,
  questionPreviewEnvelopeSchema,
  questionPreviewQuerySchema,
  questionPreviewSchema,
  questionTagsEnvelopeSchema,
} from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { replies } from '../../lib/responses';
import { grade } from '../grading';
import { serverKind } from '../question-kinds';
import { findQuestion, listQuestions, listTags } from './repository';
import { QUESTION_MISSING, createQuestion, deleteQuestion, duplicateQuestion, updateQuestion, type SaveResult } from './service';
import { toGradable, toStudentQuestion } from './shapes';
import { questionVariant, testGenerator } from './variants';

const tags = ['Questions'];

/** The envelope of a save: a warning when a program (ALGORITHM) has no reference solution to check its cases. */
function saved({ question, checked }: SaveResult, message: string) {
  if (serverKind(question.type).fields.program && !question.reference_solution) {
    return ok(question, QUESTION_TEXTS.noReferenceWarning, 'warn');
  }
  if (question.generator) return ok(question, QUESTION_TEXTS.variantsChecked(checked));
  return ok(question, checked ? QUESTION_TEXTS.referenceChecked(checked) : message);
}

export async function questionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const caller = (req: { user: { id: number } | null; id: string; log: import('fastify').FastifyBaseLogger }) => ({ userId: req.user!.id, requestId: req.id, log: req.log });

  app.get(
    '/api/admin/questions',
    {
      schema: {
        tags,
        summary: 'Banque de questions (recherche dans l’énoncé et les étiquettes ; filtres type, language, course_id, tag, is_practice ; tri created_at, updated_at, type, points, exam_count)',
        querystring: questionListQuerySchema,
        response: replies(questionPageSchema),
      },
    },
    async (req) => {
      const { rows, total } = await listQuestions(app.ctx.db, req.query);
      return page(rows, total, req.query.page, req.query.per_page, 'Questions chargées.');
    },
  );

  app.get(
    '/api/admin/questions/tags',
    { schema: { tags, summary: 'Étiquettes déjà utilisées, avec leur nombre de questions', response: replies(questionTagsEnvelopeSchema) } },
    async () => ok(await listTags(app.ctx.db), 'Étiquettes chargées.'),
  );

  app.post(
    '/api/admin/questions/create',
    {
      schema: {
        tags,
        summary: 'Créer une question (ALGORITHM avec solution de référence : elle est exécutée sur chaque cas de test, 422 au premier échec)',
        body: questionInputSchema,
        response: replies(questionEnvelopeSchema, 429),
      },
    },
    async (req) => saved(await createQuestion(app.ctx, caller(req), req.body), 'Question créée.'),
  );

  app.put(
    '/api/admin/questions/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifier une question (envoyer `version` : 409 si quelqu’un d’autre l’a modifiée entre-temps)',
        params: idParam,
        body: questionInputSchema,
        response: replies(questionEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => saved(await updateQuestion(app.ctx, caller(req), req.params.id, req.body), 'Question mise à jour.'),
  );

  app.get(
    '/api/admin/questions/:id/show',
    { schema: { tags, summary: 'Une question avec ses solutions possibles', params: idParam, response: replies(questionEnvelopeSchema, 404) } },
    async (req) => {
      const q = await findQuestion(app.ctx.db, req.params.id);
      if (!q) throw notFound(QUESTION_MISSING);
      return ok(q, 'Question chargée.');
    },
  );

  app.delete(
    '/api/admin/questions/:id/delete',
    { schema: { tags, summary: 'Supprimer une question (409 tant qu’un examen l’utilise)', params: idParam, response: replies(questionDeletedEnvelopeSchema, 404, 409) } },
    async (req) => {
      await deleteQuestion(app.ctx, req.params.id);
      return ok({ id: req.params.id }, 'Question supprimée.');
    },
  );

  app.post(
    '/api/admin/questions/:id/duplicate',
    { schema: { tags, summary: 'Dupliquer une question', params: idParam, response: replies(questionEnvelopeSchema, 404) } },
    async (req) => ok(await duplicateQuestion(app.ctx, req.user!.id, req.params.id), 'Question dupliquée.'),
  );

  app.post(
    '/api/admin/questions/generator/test',
    {
      schema: {
        tags,
        summary: 'Tester un générateur sur le brouillon d’une question : ses premières variantes (valeurs, énoncé et solutions remplis), ou 422 avec la graine, la raison et la ligne du générateur',
        body: generatorTestSchema,
        response: replies(generatorTestEnvelopeSchema, 429),
      },
    },
    async (req) => {
      const variants = await testGenerator(app.ctx, caller(req), req.body);
      return ok({ variants }, `Le générateur a donné ${variants.length} variantes.`);
    },
  );

  app.get(
    '/api/admin/questions/:id/preview',
    {
      schema: {
        tags,
        summary: 'La question telle qu’un étudiant la voit (une question paramétrée : sa variante `seed`, 1 par défaut)',
        params: idParam,
        querystring: questionPreviewQuerySchema,
        response: replies(questionPreviewEnvelopeSchema, 404, 429),
      },
    },
    async (req) => {
      const q = await findQuestion(app.ctx.db, req.params.id);
      if (!q) throw notFound(QUESTION_MISSING);
      const { question, variant } = await questionVariant(app.ctx, caller(req), q, req.query.seed);
      return ok({ question: toStudentQuestion(question, req.user!.id), result: null, variant }, 'Aperçu chargé.');
    },
  );

  app.post(
    '/api/admin/questions/:id/preview',
    {
      schema: {
        tags,
        summary: 'Essayer une réponse : le verdict qu’un étudiant obtiendrait (sans la bonne réponse ; une question paramétrée : sur sa variante `seed`)',
        params: idParam,
        body: questionPreviewSchema,
        response: replies(questionPreviewEnvelopeSchema, 404, 429),
      },
    },
    async (req) => {
      const q = await findQuestion(app.ctx.db, req.params.id);
      if (!q) throw notFound(QUESTION_MISSING);
      const { question, variant } = await questionVariant(app.ctx, caller(req), q, req.body.seed);
      const outcome = await grade(app.ctx, { ...caller(req), question: toGradable(question), answer: req.body.answer });
      const result = { is_valid: outcome.is_valid, score: outcome.score, details: outcome.details };
      return {
        status: outcome.is_valid ? ('success' as const) : ('warn' as const),
        message: outcome.is_valid ? 'Réponse validée.' : 'Réponse non validée.',
        data: { question: toStudentQuestion(question, req.user!.id), result, variant },
      };
    },
  );
}
