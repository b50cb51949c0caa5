// Similar programs, for staff (docs/api.md « Programmes similaires »): under /api/admin, so ADMIN and TEACHER only;
// and, under /api/student, what a student reads of a case once staff have written to them, and their reply. Every
// answer goes through its declared schema.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SIMILARITY_TEXTS as T,
  envelopeSchema,
  similarityAnalysisSchema,
  similarityCaseEnvelopeSchema,
  similarityCaseInputSchema,
  similarityCaseParamsSchema,
  similarityCasesEnvelopeSchema,
  similarityCaseStepInputSchema,
  similarityComparisonEnvelopeSchema,
  similarityExamParamsSchema,
  similarityPairParamsSchema,
  similarityQuestionParamsSchema,
  similarityQuestionsEnvelopeSchema,
  similarityResultEnvelopeSchema,
  similarityResultQuerySchema,
  studentCaseEnvelopeSchema,
  studentCaseParamsSchema,
  studentCaseReplyInputSchema,
  studentCasesEnvelopeSchema,
  studentCasesQuerySchema,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { addStep, createCase, listCases, showCase } from './cases';
import { requestAnalysis, startSweeps } from './jobs';
import { similarityComparison, similarityQuestions, similarityResult } from './service';
import { practiceSimilarityRoutes } from './practice-routes';
import { listStudentCases, replyToCase } from './student-messages';

const tags = ['Programmes similaires'];
const base = '/api/admin/exam-results/:examId/similarity';

export async function similarityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = startSweeps(app.ctx, app.log);
  });
  app.addHook('onClose', async () => stop?.());
  await practiceSimilarityRoutes(root);

  app.get(
    base,
    { schema: { tags, summary: 'Les questions de programmation de l’examen et l’état de leur comparaison', params: similarityExamParamsSchema, response: replies(similarityQuestionsEnvelopeSchema, 404) } },
    async (req) => ok(await similarityQuestions(app.ctx, req.params.examId), T.loaded),
  );

  app.post(
    `${base}/:questionId/run`,
    {
      schema: {
        tags,
        summary: 'Comparer (ou comparer à nouveau) les programmes d’une question : en arrière-plan, progression dans l’état de la question',
        params: similarityQuestionParamsSchema,
        response: replies(envelopeSchema(similarityAnalysisSchema), 404, 409),
      },
    },
    async (req) => ok(await requestAnalysis(app.ctx, req.log, req.params.examId, req.params.questionId, req.user!.id), T.queued, 'info'),
  );

  app.get(
    `${base}/:questionId`,
    {
      schema: {
        tags,
        summary: 'Les paires les plus proches avec leur plus long fragment commun, les groupes au-dessus du seuil, la distribution',
        params: similarityQuestionParamsSchema,
        querystring: similarityResultQuerySchema,
        response: replies(similarityResultEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await similarityResult(app.ctx, req.params.examId, req.params.questionId, req.query.threshold), T.resultLoaded),
  );

  app.get(
    `${base}/:questionId/pairs/:leftId/:rightId`,
    {
      schema: {
        tags,
        summary: 'Deux programmes côte à côte avec leurs fragments communs',
        params: similarityPairParamsSchema,
        response: replies(similarityComparisonEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await similarityComparison(app.ctx, req.params.examId, req.params.questionId, req.params.leftId, req.params.rightId), T.comparisonLoaded),
  );

  app.get(
    '/api/admin/exam-results/:examId/similarity-cases',
    { schema: { tags, summary: 'Les dossiers de programmes similaires de l’examen', params: similarityExamParamsSchema, response: replies(similarityCasesEnvelopeSchema) } },
    async (req) => ok(await listCases(app.ctx, req.params.examId), T.casesLoaded),
  );

  app.post(
    '/api/admin/exam-results/:examId/similarity-cases',
    {
      schema: {
        tags,
        summary: 'Ouvrir un dossier sur une paire ou un groupe (inscrit au journal de chaque composition)',
        params: similarityExamParamsSchema,
        body: similarityCaseInputSchema,
        response: replies(similarityCaseEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await createCase(app.ctx, req.params.examId, req.body, req.user!), T.caseCreated),
  );

  app.get(
    '/api/admin/exam-results/:examId/similarity-cases/:caseId',
    { schema: { tags, summary: 'Un dossier et ses étapes', params: similarityCaseParamsSchema, response: replies(similarityCaseEnvelopeSchema, 404) } },
    async (req) => ok(await showCase(app.ctx, req.params.examId, req.params.caseId), T.caseLoaded),
  );

  app.post(
    '/api/admin/exam-results/:examId/similarity-cases/:caseId/steps',
    {
      schema: {
        tags,
        summary: 'Ajouter une étape : note, message à un étudiant, sa réponse, décision (inscrite au journal de chaque composition)',
        params: similarityCaseParamsSchema,
        body: similarityCaseStepInputSchema,
        response: replies(similarityCaseEnvelopeSchema, 404, 409),
      },
    },
    async (req) => ok(await addStep(app.ctx, req.params.examId, req.params.caseId, req.body, req.user!, req.log), T.stepAdded),
  );

  app.get(
    '/api/student/case-messages',
    {
      schema: {
        tags: ['Examens (étudiant)'],
        summary: 'Les messages que l’équipe pédagogique m’a adressés au sujet d’une copie (dossiers de programmes similaires) et mes réponses',
        querystring: studentCasesQuerySchema,
        response: replies(studentCasesEnvelopeSchema),
      },
    },
    async (req) => ok(await listStudentCases(app.ctx, req.user!.id, req.query.exam_id), T.studentCasesLoaded),
  );

  app.post(
    '/api/student/case-messages/:caseId/reply',
    {
      schema: {
        tags: ['Examens (étudiant)'],
        summary: 'Répondre à l’équipe pédagogique dans un dossier qui m’a été adressé (tant qu’il n’est pas décidé)',
        params: studentCaseParamsSchema,
        body: studentCaseReplyInputSchema,
        response: replies(studentCaseEnvelopeSchema, 404, 409),
      },
    },
    async (req) => {
      const c = await replyToCase(app.ctx, req.user!, req.params.caseId, req.body.text);
      req.log.info({ case: req.params.caseId }, 'similarity: student reply');
      return ok(c, T.studentReplied);
    },
  );
}
