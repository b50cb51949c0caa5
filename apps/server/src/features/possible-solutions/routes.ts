// Staff routes of possible solutions (docs/api.md: staff resources, possible-solutions), under /api/admin (staff).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idField,
  idParam,
  possibleSolutionDeletedEnvelopeSchema,
  possibleSolutionEnvelopeSchema,
  possibleSolutionInputSchema,
  possibleSolutionSchema,
  possibleSolutionUpdateSchema,
  z,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { createSolution, deleteSolution, listSolutions, showSolution, updateSolution } from './service';

const tags = ['Questions'];
const caller = (req: { user: { id: number } | null; id: string; log: FastifyBaseLogger }) => ({ userId: req.user!.id, requestId: req.id, log: req.log });

const listQuery = z.object({
  question_id: idField('La question'),
});

export async function possibleSolutionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/possible-solutions',
    { schema: { tags, summary: 'Les solutions possibles d’une question (question_id), dans l’ordre', querystring: listQuery, response: replies(envelopeSchema(z.array(possibleSolutionSchema)), 404) } },
    async (req) => ok(await listSolutions(app.ctx, req.query.question_id), 'Solutions chargées.'),
  );

  app.post(
    '/api/admin/possible-solutions/create',
    {
      schema: {
        tags,
        summary: 'Ajouter une solution (choix, réponse acceptée, cas de test, expression) ; les règles de la question restent vérifiées',
        body: possibleSolutionInputSchema,
        response: replies(possibleSolutionEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => ok(await createSolution(app.ctx, caller(req), req.body), 'Solution ajoutée.'),
  );

  app.put(
    '/api/admin/possible-solutions/:id/update',
    { schema: { tags, summary: 'Modifier une solution', params: idParam, body: possibleSolutionUpdateSchema, response: replies(possibleSolutionEnvelopeSchema, 404, 409, 429) } },
    async (req) => ok(await updateSolution(app.ctx, caller(req), req.params.id, req.body), 'Solution mise à jour.'),
  );

  app.get(
    '/api/admin/possible-solutions/:id/show',
    { schema: { tags, summary: 'Une solution', params: idParam, response: replies(possibleSolutionEnvelopeSchema, 404) } },
    async (req) => ok(await showSolution(app.ctx, req.params.id), 'Solution chargée.'),
  );

  app.delete(
    '/api/admin/possible-solutions/:id/delete',
    {
      schema: {
        tags,
        summary: 'Supprimer une solution (refusé, 422, si la question ne respecterait plus ses règles)',
        params: idParam,
        response: replies(possibleSolutionDeletedEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => ok(await deleteSolution(app.ctx, caller(req), req.params.id), 'Solution supprimée.'),
  );
}
