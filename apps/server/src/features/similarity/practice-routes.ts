// Similar programs in practice, for staff (docs/api.md « Programmes similaires »): a practice exercise's comparison
// asked by a teacher, its pairs and clusters, two students' last tries side by side; the same shapes as an exam's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SIMILARITY_TEXTS as T,
  envelopeSchema,
  similarityAnalysisSchema,
  similarityComparisonEnvelopeSchema,
  similarityPracticePairParamsSchema,
  similarityPracticeParamsSchema,
  similarityResultEnvelopeSchema,
  similarityResultQuerySchema,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { requestPracticeAnalysis } from './jobs';
import { practiceComparison, practiceResult } from './practice';

const tags = ['Programmes similaires'];
const base = '/api/admin/practices/questions/:questionId/similarity';

export async function practiceSimilarityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Entraînement : l’état de la comparaison d’un exercice, ses paires les plus proches, les groupes au-dessus du seuil, la distribution',
        params: similarityPracticeParamsSchema,
        querystring: similarityResultQuerySchema,
        response: replies(similarityResultEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await practiceResult(app.ctx, req.params.questionId, req.query.threshold), T.resultLoaded),
  );

  app.post(
    `${base}/run`,
    {
      schema: {
        tags,
        summary: 'Entraînement : comparer (ou comparer à nouveau) le dernier programme de chaque étudiant pour l’exercice, en arrière-plan',
        params: similarityPracticeParamsSchema,
        response: replies(envelopeSchema(similarityAnalysisSchema), 404, 409),
      },
    },
    async (req) => ok(await requestPracticeAnalysis(app.ctx, req.log, req.params.questionId, req.user!.id), T.queued, 'info'),
  );

  app.get(
    `${base}/pairs/:leftId/:rightId`,
    {
      schema: {
        tags,
        summary: 'Entraînement : les derniers essais de deux étudiants côte à côte avec leurs fragments communs',
        params: similarityPracticePairParamsSchema,
        response: replies(similarityComparisonEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await practiceComparison(app.ctx, req.params.questionId, req.params.leftId, req.params.rightId), T.comparisonLoaded),
  );
}
