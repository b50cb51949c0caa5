// The rubric's route of grading by people (docs/api.md « Correction humaine »): « Appliquer le barème modifié ».
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gradingQuestionParamsSchema, rubricApplyEnvelopeSchema, rubricAppliedMessage } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { applyRubric } from './service';

export async function rubricRoutes(root: FastifyInstance, base: string) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${base}/questions/:questionId/rubric/apply`,
    {
      schema: {
        tags: ['Correction humaine'],
        summary:
          'Appliquer à l’examen la grille de critères de la version actuelle de la question : chaque copie notée avec une grille est re-notée (critères et niveaux retrouvés), le score des copies recalculé, chaque changement journalisé',
        params: gradingQuestionParamsSchema,
        response: replies(rubricApplyEnvelopeSchema, 404, 422),
      },
    },
    async (req) => {
      const r = await applyRubric(app.ctx, req.params.examId, req.params.questionId, req.user!, req.log, req.id);
      return ok(r, rubricAppliedMessage(r));
    },
  );
}
