// Staff results (docs/api.md: staff resources, exam-results), all under /api/admin (ADMIN and TEACHER; teachers see
// what admins see, as for exams). Each answer goes through its declared schema; the export is an xlsx file.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXAM_RESULTS_TEXTS as T,
  examAveragesEnvelopeSchema,
  examAveragesQuerySchema,
  examRegradeEnvelopeSchema,
  examRegradeInputSchema,
  examResultsExamParamsSchema,
  examResultsExportParamsSchema,
  examResultsListQuerySchema,
  examResultsPageSchema,
  examResultsShowEnvelopeSchema,
  examResultsStudentParamsSchema,
  examStatisticsEnvelopeSchema,
  examStudentResultEnvelopeSchema,
  examLiveEnvelopeSchema,
  problemReportEnvelopeSchema,
  problemReportParamsSchema,
  INVIGILATION_TEXTS,
} from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { ok, page } from '../../lib/envelope';
import { conflict } from '../../lib/errors';
import { fileReplies, replies } from '../../lib/responses';
import { buildAppealFile } from './appeal';
import { attachment, buildExport } from './export';
import { examLive, markReportHandled } from './live';
import { regradeExam } from './regrade';
import { examAverages, examStatistics, listResults, showResults, studentResult } from './service';

const tags = ['Résultats des examens'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether a staff member still marks a student's copy blind (double marking, given by features/index.ts: this feature
 *  cannot import the marking's). */
export type BlindMarking = (ctx: AppContext, examId: number, studentId: number, viewerId: number) => Promise<boolean>;

export async function examResultsRoutes(base: FastifyInstance, deps: { marksBlind?: BlindMarking } = {}) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/exam-results',
    {
      schema: {
        tags,
        summary: 'Par examen : attendus, commencés, terminés, moyenne, médiane, taux de validation (filtres année, parcours, statut, recherche)',
        querystring: examResultsListQuerySchema,
        response: replies(examResultsPageSchema),
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listResults(app.ctx.db, q);
      return page(rows, total, q.page, q.per_page, 'Résultats chargés.');
    },
  );

  app.get(
    '/api/admin/exam-results/averages',
    {
      schema: {
        tags,
        summary: 'Moyennes pondérées par les points des examens, par étudiant d’une année et d’un parcours, et moyenne du parcours',
        querystring: examAveragesQuerySchema,
        response: replies(examAveragesEnvelopeSchema, 404),
      },
    },
    async (req) => {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the books are for the export only
      const { books, ...data } = await examAverages(app.ctx.db, req.query.academic_year_id, req.query.specialization_id);
      return ok(data, 'Moyennes chargées.');
    },
  );

  app.get(
    '/api/admin/exam-results/:examId/show',
    {
      schema: {
        tags,
        summary: 'Une ligne par étudiant attendu : note, questions validées, temps, verdict par question',
        params: examResultsExamParamsSchema,
        response: replies(examResultsShowEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await showResults(app.ctx.db, req.params.examId), 'Résultats de l’examen chargés.'),
  );

  app.get(
    '/api/admin/exam-results/:examId/students/:userId/appeal',
    {
      config: { studentRead: { what: 'APPEAL_PDF', student: 'userId', exam: 'examId' } },
      schema: {
        tags,
        summary: 'Dossier de réclamation (PDF) : la copie telle que l’étudiant l’a donnée, les verdicts, le journal et sa dernière empreinte',
        params: examResultsStudentParamsSchema,
        response: fileReplies('application/pdf', 'Le dossier de réclamation de cette composition.', 404, 409),
      },
    },
    async (req, reply) => {
      // The file holds the whole journal: a marker still marking this copy blind would read the other marker's marks.
      if (await deps.marksBlind?.(app.ctx, req.params.examId, req.params.userId, req.user!.id)) throw conflict(T.appealWhileBlind);
      const author = `${req.user!.first_name} ${req.user!.last_name}`;
      const { buffer, filename } = await buildAppealFile(app.ctx, req.params.examId, req.params.userId, author);
      return reply.header('content-type', 'application/pdf').header('content-disposition', attachment(filename)).header('cache-control', 'no-store').send(buffer);
    },
  );

  app.get(
    '/api/admin/exam-results/:examId/live',
    {
      schema: {
        tags,
        summary: 'Surveillance en direct : qui compose, qui ne donne plus signe depuis une minute, qui a terminé, réponses et signalements',
        params: examResultsExamParamsSchema,
        response: replies(examLiveEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await examLive(app.ctx.db, req.params.examId), INVIGILATION_TEXTS.live),
  );

  app.put(
    '/api/admin/exam-results/:examId/reports/:reportId/handled',
    {
      schema: {
        tags,
        summary: 'Marquer un signalement comme traité (qui, quand)',
        params: problemReportParamsSchema,
        response: replies(problemReportEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await markReportHandled(app.ctx.db, req.params.examId, req.params.reportId, req.user!.id), INVIGILATION_TEXTS.handled),
  );

  app.get(
    '/api/admin/exam-results/:examId/statistics',
    {
      schema: {
        tags,
        summary: 'Répartition des notes, moyenne, médiane, écart-type ; facilité et discrimination de chaque question',
        params: examResultsExamParamsSchema,
        response: replies(examStatisticsEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await examStatistics(app.ctx.db, req.params.examId), 'Statistiques chargées.'),
  );

  app.get(
    '/api/admin/exam-results/:examId/students/:userId',
    {
      config: { studentRead: { what: 'COPY', student: 'userId', exam: 'examId' } },
      schema: {
        tags,
        summary: 'Les soumissions d’un étudiant (réponse, verdicts, sorties, temps), sa tentative, ses adresses et navigateurs',
        params: examResultsStudentParamsSchema,
        response: replies(examStudentResultEnvelopeSchema, 404),
      },
    },
    async (req) => ok(await studentResult(app.ctx.db, req.params.examId, req.params.userId), 'Copie de l’étudiant chargée.'),
  );

  app.get(
    '/api/admin/exam-results/:academicYearId/:specializationId/export',
    {
      schema: {
        tags,
        summary: 'Export xlsx : feuille « Moyennes » et une feuille par examen (détail par question)',
        params: examResultsExportParamsSchema,
        response: fileReplies(XLSX, 'Le classeur des moyennes et des résultats.', 404),
      },
    },
    async (req, reply) => {
      const { buffer, filename } = await buildExport(app.ctx.db, req.params.academicYearId, req.params.specializationId);
      return reply.header('content-type', XLSX).header('content-disposition', attachment(filename)).header('cache-control', 'no-store').send(buffer);
    },
  );

  app.post(
    '/api/admin/exam-results/:examId/regrade',
    {
      schema: {
        tags,
        summary: 'Recorriger l’examen avec les questions actuelles : simulation (dry_run, par défaut) ou application',
        params: examResultsExamParamsSchema,
        body: examRegradeInputSchema,
        response: replies(examRegradeEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => {
      const r = await regradeExam(app.ctx, req.params.examId, req.user!, req.body.dry_run, req.log, req.id);
      const n = r.changes.length;
      return ok(r, r.dry_run ? T.regradeDryRunDone(n) : T.regradeApplied(n));
    },
  );
}
