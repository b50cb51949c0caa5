// Double marking, publication and anonymity, for staff (docs/api.md « Correction humaine »): under /api/admin, so
// ADMIN and TEACHER only; the acts of a manager (staff named nowhere in the exam's marking) answer 403 to a marker.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOUBLE_MARKING_TEXTS as D,
  HUMAN_GRADING_TEXTS as T,
  agreementReportEnvelopeSchema,
  disagreementsEnvelopeSchema,
  gradingCopyParamsSchema,
  gradingExamParamsSchema,
  liftResultEnvelopeSchema,
  markingSetupInputSchema,
  markingStateEnvelopeSchema,
  markResultEnvelopeSchema,
  publishResultEnvelopeSchema,
  settleInputSchema,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { replies } from '../../lib/responses';
import type { AppContext } from '../../lib/context';
import { settleCopy } from './markers';
import { agreementReport, disagreementsOf, liftAnonymity, markingState, publishMarks, setupMarking } from './publication';
import { attemptIdsOf, examHead, examQuestions } from './repository';
import { copyNumbers } from './service';

const tags = ['Correction humaine'];

async function copyOr404(ctx: AppContext, examId: number, questionId: number, copy: number) {
  if (!(await examHead(ctx.db, examId))) throw notFound(T.notFound);
  const q = (await examQuestions(ctx.db, examId)).find((x) => x.question_id === questionId);
  if (!q) throw notFound(T.notFound);
  const attemptId = [...copyNumbers(examId, await attemptIdsOf(ctx.db, examId))].find(([, n]) => n === copy)?.[0];
  if (attemptId === undefined) throw notFound(T.copyNotFound);
  return { q, attemptId };
}

export async function markingRoutes(root: FastifyInstance, base: string) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${base}/marking`,
    { schema: { tags, summary: 'Publication, anonymat et double correction de l’examen (règle, correcteurs, désaccords, ma place)', params: gradingExamParamsSchema, response: replies(markingStateEnvelopeSchema, 404) } },
    async (req) => ok(await markingState(app.ctx, req.params.examId, req.user!), D.stateLoaded),
  );

  app.put(
    `${base}/marking`,
    {
      schema: {
        tags,
        summary: 'Nommer les correcteurs (l’examen ou une question) et choisir la règle de la note finale, avant la double correction (ensuite : 409)',
        params: gradingExamParamsSchema,
        body: markingSetupInputSchema,
        response: replies(markingStateEnvelopeSchema, 403, 404, 409),
      },
    },
    async (req) => ok(await setupMarking(app.ctx, req.params.examId, req.body, req.user!), D.setupSaved),
  );

  app.get(
    `${base}/disagreements`,
    { schema: { tags, summary: 'Désaccords à trancher : copies dont les deux notes s’écartent de plus que l’écart permis', params: gradingExamParamsSchema, response: replies(disagreementsEnvelopeSchema, 403, 404) } },
    async (req) => ok(await disagreementsOf(app.ctx, req.params.examId, req.user!), D.disagreementsLoaded),
  );

  app.get(
    `${base}/agreement`,
    { schema: { tags, summary: 'Rapport d’accord entre correcteurs : par question et par correcteur', params: gradingExamParamsSchema, response: replies(agreementReportEnvelopeSchema, 403, 404) } },
    async (req) => ok(await agreementReport(app.ctx, req.params.examId, req.user!), D.reportLoaded),
  );

  app.post(
    `${base}/questions/:questionId/copies/:copy/settle`,
    {
      schema: {
        tags,
        summary: 'Trancher : la note finale d’une copie notée par les deux correcteurs ; `version` : celle de la note finale lue (0 : aucune)',
        params: gradingCopyParamsSchema,
        body: settleInputSchema,
        response: replies(markResultEnvelopeSchema, 403, 404, 409),
      },
    },
    async (req) => {
      const { examId, questionId, copy } = req.params;
      const { q, attemptId } = await copyOr404(app.ctx, examId, questionId, copy);
      const result = await settleCopy(app.ctx, examId, q, copy, attemptId, req.body, req.user!, req.log, req.id);
      return ok(result, D.settled(copy));
    },
  );

  app.post(
    `${base}/publish`,
    { schema: { tags, summary: 'Publier les notes aux étudiants (une fois, définitif) ; les copies encore en attente le seront à leur note finale', params: gradingExamParamsSchema, response: replies(publishResultEnvelopeSchema, 403, 404, 409) } },
    async (req) => {
      const r = await publishMarks(app.ctx, req.params.examId, req.user!, req.log, req.id);
      return ok(r, D.published(r.pending));
    },
  );

  app.post(
    `${base}/lift-anonymity`,
    { schema: { tags, summary: 'Lever l’anonymat une fois toutes les copies corrigées (sinon 409) : les noms à côté des numéros de copie', params: gradingExamParamsSchema, response: replies(liftResultEnvelopeSchema, 403, 404, 409) } },
    async (req) => ok(await liftAnonymity(app.ctx, req.params.examId, req.user!, req.log, req.id), D.lifted),
  );
}
