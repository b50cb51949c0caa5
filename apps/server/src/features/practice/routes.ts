// Student practice (docs/api.md: student routes, practices/exercises, practices/question, practices/evaluate-solution), the
// free runs of the student practice editors (practices/run, practices/compare-math-expression), and the staff
// view of a course's practice. /api/student/** is for signed-in students inside their year's access window
// (auth plugin); every answer goes through its declared schema, so nothing a student may not see leaves.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  compareMathSchema,
  idParam,
  PRACTICE_TEXTS,
  practiceCompareMathEnvelopeSchema,
  practiceCourseStatsEnvelopeSchema,
  practiceEvaluateEnvelopeSchema,
  practiceEvaluateInputSchema,
  practiceExercisesEnvelopeSchema,
  practiceExercisesQuerySchema,
  practiceQuestionEnvelopeSchema,
  practiceQuestionQuerySchema,
  practiceRunEnvelopeSchema,
  practiceRunInputSchema,
  VERDICT_LABELS,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { compareMath, execCode, PRACTICE_LIMITS } from '../runner';
import { courseStats, evaluateSolution, listExercises, practiceQuestion } from './service';

const tags = ['Pratique (étudiant)'];

export async function practiceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/student/practices/exercises',
    {
      schema: {
        tags,
        summary: 'Les exercices de mes cours (d’un cours, d’un type ou d’un langage), chacun fait ou à faire',
        querystring: practiceExercisesQuerySchema,
        response: replies(practiceExercisesEnvelopeSchema, 402, 404),
      },
    },
    async (req) => ok(await listExercises(app.ctx, req.user!, req.query.course_id, req.query.type), 'Exercices chargés.'),
  );

  app.get(
    '/api/student/practices/question',
    {
      schema: {
        tags,
        summary: 'Un exercice : celui demandé, sinon le prochain non validé',
        querystring: practiceQuestionQuerySchema,
        response: replies(practiceQuestionEnvelopeSchema, 402, 404),
      },
    },
    async (req) => ok(await practiceQuestion(app.ctx, req.user!, req.query), 'Exercice chargé.'),
  );

  app.post(
    '/api/student/practices/evaluate-solution',
    {
      schema: {
        tags,
        summary: 'Corriger un essai (aussitôt, sans limite d’essais ; jamais compté dans un examen)',
        body: practiceEvaluateInputSchema,
        response: replies(practiceEvaluateEnvelopeSchema, 402, 404, 429),
      },
    },
    async (req) => {
      const result = await evaluateSolution(app.ctx, req.user!, req.body.question_id, req.body.answer, req.id);
      return ok(result, PRACTICE_TEXTS.evaluated(result.is_valid), result.is_valid ? 'success' : 'warn');
    },
  );

  app.post(
    '/api/student/practices/run',
    { schema: { tags, summary: 'Exécuter librement un programme Python ou R', body: practiceRunInputSchema, response: replies(practiceRunEnvelopeSchema, 429) } },
    async (req) => {
      const result = await execCode(app.ctx, req.user!.id, { language: req.body.language, code: req.body.code, stdin: req.body.stdin });
      return ok({ ...result, limits: PRACTICE_LIMITS }, VERDICT_LABELS[result.verdict], result.verdict === 'OK' ? 'success' : 'warn');
    },
  );

  app.post(
    '/api/student/practices/compare-math-expression',
    { schema: { tags, summary: 'Comparer librement deux expressions mathématiques', body: compareMathSchema, response: replies(practiceCompareMathEnvelopeSchema, 429) } },
    async (req) => {
      const result = await compareMath(app.ctx, req.user!.id, req.body.expression, req.body.expected);
      return ok(result, result.equal ? 'Les expressions sont équivalentes.' : 'Les expressions ne sont pas équivalentes.');
    },
  );

  app.get(
    '/api/admin/practices/courses/:id/progress',
    {
      schema: {
        tags: ['Pratique (équipe pédagogique)'],
        summary: 'Pratique d’un cours : étudiants × exercices validés, exercices les plus échoués',
        params: idParam,
        response: replies(practiceCourseStatsEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await courseStats(app.ctx, req.params.id), 'Suivi de la pratique chargé.'),
  );
}
