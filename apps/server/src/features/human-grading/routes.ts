// Grading by people, for staff (docs/api.md « Correction humaine »): under /api/admin, so ADMIN and TEACHER only;
// every answer goes through its declared schema (a copy's number, never the student's name).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HUMAN_GRADING_TEXTS as T,
  gradingCopyParamsSchema,
  gradingExamParamsSchema,
  gradingOverviewEnvelopeSchema,
  gradingQuestionParamsSchema,
  gradingQueueEnvelopeSchema,
  markInputSchema,
  markResultEnvelopeSchema,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { fileAnnotationRoutes } from './file-answers';
import { replies } from '../../lib/responses';
import { markingRoutes } from './marking-routes';
import { rubricRoutes } from './rubric-routes';
import { gradingOverview, gradingQueue, saveMark } from './service';

const tags = ['Correction humaine'];
const base = '/api/admin/exams/:examId/grading';

export async function humanGradingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // FILE questions: annotations on the copies' files (file-answers.ts).
  await fileAnnotationRoutes(app, base);

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Les questions de l’examen corrigées par une personne (réponses rédigées), avec les copies corrigées et restantes',
        params: gradingExamParamsSchema,
        response: replies(gradingOverviewEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await gradingOverview(app.ctx, req.params.examId, req.user!), T.overviewLoaded),
  );

  app.get(
    `${base}/questions/:questionId`,
    {
      schema: {
        tags,
        summary: 'La file de correction d’une question : les copies anonymes (numéro de copie) dans l’ordre propre au correcteur, avec leurs notes',
        params: gradingQuestionParamsSchema,
        response: replies(gradingQueueEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await gradingQueue(app.ctx, req.params.examId, req.params.questionId, req.user!), T.loaded),
  );

  app.put(
    `${base}/questions/:questionId/copies/:copy`,
    {
      schema: {
        tags,
        summary: 'Noter une copie (points, commentaire) ; `version` : celle de la note lue (0 : aucune). Une note enregistrée entre-temps par un autre correcteur : 409',
        params: gradingCopyParamsSchema,
        body: markInputSchema,
        response: replies(markResultEnvelopeSchema, 404, 409),
      },
    },
    async (req) => {
      const { examId, questionId, copy } = req.params;
      const result = await saveMark(app.ctx, examId, questionId, copy, req.body, req.user!, req.log, req.id);
      return ok(result, T.saved(copy));
    },
  );

  await rubricRoutes(app, base);
  await markingRoutes(app, base);
}
