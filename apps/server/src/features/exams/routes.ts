// Staff exam routes (docs/api.md: staff resources, exams, update-status, extra-time), all under /api/admin (staff).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXAM_STATUS_LABELS,
  examDeletedEnvelopeSchema,
  examEnvelopeSchema,
  examExtraTimeEnvelopeSchema,
  examExtraTimeInputSchema,
  examInputSchema,
  examListQuerySchema,
  examPageSchema,
  examStatusParamsSchema,
  idParam,
} from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { journalClose, journalExtraTime } from './journal';
import { listExams } from './repository';
import { changeStatus, createExam, duplicateExam, editExam, examOrder, loadExam, removeExam, setExtraTime } from './service';

const tags = ['Examens'];

export async function examRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Who publishes: the sandbox shares its slots fairly per user, and its failures are logged with the request.
  const caller = (req: { user: { id: number } | null; id: string; log: FastifyBaseLogger }) => ({ userId: req.user!.id, requestId: req.id, log: req.log });

  app.get(
    '/api/admin/exams',
    {
      schema: {
        tags,
        summary: 'Liste des examens (recherche, année, parcours, statut ; tri title, start_at, end_at, status, created_at, updated_at)',
        querystring: examListQuerySchema,
        response: replies(examPageSchema),
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listExams(app.ctx.db, q, examOrder(q.sort), q.page, q.per_page);
      return page(rows, total, q.page, q.per_page, 'Examens chargés.');
    },
  );

  app.post(
    '/api/admin/exams/create',
    { schema: { tags, summary: 'Créer un examen (en brouillon)', body: examInputSchema, response: replies(examEnvelopeSchema, 409) } },
    async (req) => ok(await createExam(app.ctx, req.body, req.user!.id), 'Examen créé en brouillon.'),
  );

  app.put(
    '/api/admin/exams/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifier un examen (envoyer `version` : 409 si un autre enseignant l’a modifié entre-temps)',
        params: idParam,
        body: examInputSchema,
        response: replies(examEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => {
      return ok(await editExam(app.ctx, req.params.id, req.body, caller(req)), 'Examen mis à jour.');
    },
  );

  app.post(
    '/api/admin/exams/:id/duplicate',
    {
      schema: {
        tags,
        summary: 'Dupliquer un examen : une copie en brouillon, mêmes questions, points, dates et parcours (sans les tiers temps)',
        params: idParam,
        response: replies(examEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await duplicateExam(app.ctx, req.params.id, req.user!.id), 'Examen dupliqué en brouillon.'),
  );

  app.get(
    '/api/admin/exams/:id/show',
    { schema: { tags, summary: 'Afficher un examen avec ses questions', params: idParam, response: replies(examEnvelopeSchema, 404) } },
    async (req) => ok(await loadExam(app.ctx.db, req.params.id), 'Examen chargé.'),
  );

  app.delete(
    '/api/admin/exams/:id/delete',
    { schema: { tags, summary: 'Supprimer un examen en brouillon jamais commencé', params: idParam, response: replies(examDeletedEnvelopeSchema, 404, 409) } },
    async (req) => {
      await removeExam(app.ctx, req.params.id);
      return ok({ id: req.params.id }, 'Examen supprimé.');
    },
  );

  app.put(
    '/api/admin/exams/:id/update-status/:status',
    {
      schema: {
        tags,
        summary:
          'Changer le statut : DRAFT → PUBLISHED → CLOSED → ARCHIVED, et PUBLISHED → DRAFT avant tout début. Publier fixe la version de chaque question et fabrique et vérifie les variantes des questions paramétrées (422 nommant la question, la graine et la raison)',
        params: examStatusParamsSchema,
        response: replies(examEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => {
      const exam = await changeStatus(app.ctx, req.params.id, req.params.status, caller(req));
      if (req.params.status === 'CLOSED') await journalClose(app.ctx, req, req.params.id);
      return ok(exam, `Examen passé au statut « ${EXAM_STATUS_LABELS[req.params.status]} ».`);
    },
  );

  app.post(
    '/api/admin/exams/:id/extra-time',
    {
      schema: {
        tags,
        summary: 'Minutes supplémentaires d’un étudiant sur cet examen (0 les retire)',
        params: idParam,
        body: examExtraTimeInputSchema,
        response: replies(examExtraTimeEnvelopeSchema, 404),
      },
    },
    async (req) => {
      const { user_id, minutes } = req.body;
      const { extra_times, attempt } = await setExtraTime(app.ctx, req.params.id, user_id, minutes);
      if (attempt?.recomputed) await journalExtraTime(app.ctx, req, req.params.id, user_id, minutes, attempt.deadline);
      const base = minutes === 0 ? 'Temps supplémentaire retiré.' : `Temps supplémentaire enregistré : ${minutes} min.`;
      const message = attempt?.recomputed ? `${base} L’échéance de sa composition en cours a été recalculée.` : base;
      return ok({ exam_id: req.params.id, user_id, minutes, extra_times, deadline: attempt?.deadline.toISOString() ?? null }, message);
    },
  );
}
