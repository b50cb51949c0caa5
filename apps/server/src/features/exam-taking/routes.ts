// Student exam taking (docs/api.md: student routes): list, start, questions, draft, run-examples, solutions, finish, show.
// /api/student/** is for signed-in students inside their year's access window (auth plugin); each route
// answers through its declared schema, so a correct answer or a hidden test never leaves the server.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  examAttemptEnvelopeSchema,
  examDraftEnvelopeSchema,
  examDraftInputSchema,
  examFinishEnvelopeSchema,
  examQuestionsEnvelopeSchema,
  examRunExamplesEnvelopeSchema,
  examRunExamplesInputSchema,
  examShowEnvelopeSchema,
  examSolutionsEnvelopeSchema,
  examSolutionsInputSchema,
  examStartEnvelopeSchema,
  examStartInputSchema,
  idParam,
  studentExamListEnvelopeSchema,
  emergencyCopySchema,
  emergencyImportEnvelopeSchema,
  examLateAnswersEnvelopeSchema,
  examLateAnswersInputSchema,
  lateAnswerEnvelopeSchema,
  lateAnswerParamsSchema,
  lateAnswersEnvelopeSchema,
  lateDecisionInputSchema,
  problemReportInputSchema,
  problemReportReceiptEnvelopeSchema,
  INVIGILATION_TEXTS,
  EXAM_TAKING_TEXTS as T,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { assertExam, decideLateAnswer, importEmergencyCopy, keepLateAnswers, listLateAnswers } from './late';
import { replies } from '../../lib/responses';
import { DRAFT_SWEEP_MS, settleDueDrafts } from './drafts';
import { GRADE_LATER_SWEEP_MS, gradeDueLater } from './grade-later';
import { reportProblem } from './reports';
import { guardExamCall, withRoomGuard, listWithoutVerdicts, questionsWithoutVerdicts, tieAfterStart, withoutVerdicts } from './access';
import { examRoomRoutes } from './access-routes';
import { answerFileUploadRoutes } from './answer-files';
import { journalAnswers, journalDraft, journalFinish, journalLate, journalRefusal, journalReport, journalStart } from './journal';
import { startedCall, visibleCall } from './call';
import { attemptNow, attemptQuestions, finishExam, runExamples, saveExamDraft, showResult, startExam, studentExams, submitSolutions, type Origin } from './service';

const tags = ['Examens (étudiant)'];
const staffTags = ['Examens'];

function originOf(req: FastifyRequest): Origin {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ? req.ip.slice(0, 64) : null, user_agent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

export async function examTakingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Drafts left when attempts end (deadline passed, exam closed) are graded by a sweep in every process; one
  // sweep at a time, and the timer never keeps the process alive.
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await settleDueDrafts(app.ctx, app.log);
    } catch (err) {
      app.log.warn({ err }, 'grading the drafts of ended attempts failed; the next sweep tries again');
    } finally {
      sweeping = false;
    }
  };
  // Answers kept while the runner was saturated are graded by a loop of their own in every process (grade-later.ts).
  let laterTimer: NodeJS.Timeout | undefined;
  let gradingLater = false;
  const gradeLater = async () => {
    if (gradingLater) return;
    gradingLater = true;
    try {
      while ((await gradeDueLater(app.ctx, app.log)) > 0 && !closing);
    } catch (err) {
      app.log.warn({ err }, 'grading the answers kept for later failed; the next sweep tries again');
    } finally {
      gradingLater = false;
    }
  };
  let closing = false;
  app.addHook('onReady', async () => {
    sweepTimer = setInterval(() => void sweep(), DRAFT_SWEEP_MS);
    sweepTimer.unref();
    laterTimer = setInterval(() => void gradeLater(), GRADE_LATER_SWEEP_MS);
    laterTimer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(sweepTimer);
    clearInterval(laterTimer);
  });
  // The exam room's rules (access.ts) guard, before its handler runs, every route that declares itself a call of
  // the exam room (`config.examRoom`), here and in the plugins registered from here. A refusal is written in the
  // attempt's journal (journal.ts).
  const guard = async (req: FastifyRequest) => {
    try {
      await guardExamCall(app.ctx, req);
    } catch (err) {
      await journalRefusal(app.ctx, req, err);
      throw err;
    }
  };
  app.addHook('onRoute', (route) => withRoomGuard(route, guard));
  await examRoomRoutes(app);
  await answerFileUploadRoutes(app);

  app.get('/api/student/exams', { schema: { tags, summary: 'Mes examens (à venir, ouverts, terminés) avec ma progression', response: replies(studentExamListEnvelopeSchema) } }, async (req) =>
    ok(await listWithoutVerdicts(app.ctx, await studentExams(app.ctx, req.user!)), 'Examens chargés.'),
  );

  app.post(
    '/api/student/exams/:id/start',
    { config: { examRoom: 'start' }, schema: { tags, summary: "Commencer l’examen (idempotent ; `access_code` si l’examen en demande un)", params: idParam, body: examStartInputSchema, response: replies(examStartEnvelopeSchema, 404, 409, 429) } },
    async (req) => {
      const call = await visibleCall(app.ctx, req);
      const { started, attempt } = await startExam(app.ctx, call, req.user!, originOf(req));
      await tieAfterStart(app.ctx, req, call.rules, attempt.id);
      await journalStart(app.ctx, req, attempt.id);
      return ok(started, 'Examen commencé.');
    },
  );

  app.get('/api/student/exams/:id/attempt', { config: { examRoom: 'call' }, schema: { tags, summary: 'Ma tentative : début, échéance (à jour du temps supplémentaire), fin', params: idParam, response: replies(examAttemptEnvelopeSchema, 404, 409) } }, async (req) =>
    ok(await attemptNow(app.ctx, await startedCall(app.ctx, req)), 'Tentative chargée.'),
  );

  app.get('/api/student/exams/:id/questions', { config: { examRoom: 'call' }, schema: { tags, summary: "Les questions de l’examen, mes brouillons et mes dernières réponses", params: idParam, response: replies(examQuestionsEnvelopeSchema, 404, 409) } }, async (req) => {
    const call = await startedCall(app.ctx, req);
    return ok(questionsWithoutVerdicts(call.rules, await attemptQuestions(app.ctx, call, req.user!)), 'Questions chargées.');
  });

  app.put('/api/student/exams/:id/draft', { config: { examRoom: 'call' }, schema: { tags, summary: 'Enregistrer un brouillon (non corrigé)', params: idParam, body: examDraftInputSchema, response: replies(examDraftEnvelopeSchema, 404, 409) } }, async (req) => {
    const call = await startedCall(app.ctx, req);
    const saved = await saveExamDraft(app.ctx, call, req.body.question_id, req.body.answer);
    await journalDraft(app.ctx, req, call.attempt.id, req.body.question_id, req.body.answer);
    return ok(saved, 'Brouillon enregistré.');
  });

  app.post('/api/student/exams/:id/run-examples', { config: { examRoom: 'call' }, schema: { tags, summary: 'Tester un programme sur les exemples visibles (non compté)', params: idParam, body: examRunExamplesInputSchema, response: replies(examRunExamplesEnvelopeSchema, 404, 409, 429) } }, async (req) =>
    ok(await runExamples(app.ctx, await startedCall(app.ctx, req), req.user!, req.body.question_id, req.body.answer, req.id), 'Exemples exécutés.'),
  );

  app.post('/api/student/exams/:id/solutions', { config: { examRoom: 'call' }, schema: { tags, summary: 'Soumettre des réponses (corrigées aussitôt)', params: idParam, body: examSolutionsInputSchema, response: replies(examSolutionsEnvelopeSchema, 404, 409, 429) } }, async (req) => {
    const call = await startedCall(app.ctx, req);
    const results = await submitSolutions(app.ctx, call, req.user!, req.body.answers, originOf(req), req.id);
    await journalAnswers(app.ctx, req, call.attempt.id, req.body.answers, results);
    // An answer kept for later (the runner saturated by others) is said as such: recorded, its result to come.
    return ok(withoutVerdicts(call.rules, results), results.some((r) => r.later) ? T.answersKeptForLater : T.answersGraded);
  });

  app.post(
    '/api/student/exams/:id/reports',
    {
      config: { examRoom: 'call' },
      schema: {
        tags,
        summary: 'Signaler un problème aux surveillants (sur une question de mon examen, ou sur l’examen)',
        params: idParam,
        body: problemReportInputSchema,
        response: replies(problemReportReceiptEnvelopeSchema, 404, 409, 422),
      },
    },
    async (req) => {
      const call = await startedCall(app.ctx, req);
      const report = await reportProblem(app.ctx, call, req.body);
      await journalReport(app.ctx, req, call.attempt.id, report, req.body.message);
      return ok(report, INVIGILATION_TEXTS.reportSent);
    },
  );

  app.post('/api/student/exams/:id/finish', { config: { examRoom: 'call' }, schema: { tags, summary: "Terminer l’examen (idempotent)", params: idParam, response: replies(examFinishEnvelopeSchema, 404, 409, 429) } }, async (req) => {
    const call = await startedCall(app.ctx, req);
    const finished = await finishExam(app.ctx, call, req.user!, req.log);
    await journalFinish(app.ctx, req, call.attempt.id);
    return ok(finished, 'Examen terminé.');
  });

  app.post(
    '/api/student/exams/:id/late-answers',
    {
      config: { examRoom: 'call' },
      schema: {
        tags,
        summary: 'Garder des réponses arrivées après la fin de ma tentative (non comptées ; l’équipe pédagogique décide)',
        params: idParam,
        body: examLateAnswersInputSchema,
        response: replies(examLateAnswersEnvelopeSchema, 404, 409),
      },
    },
    async (req) => {
      const call = await startedCall(app.ctx, req);
      const kept = await keepLateAnswers(app.ctx, call, req.body.answers);
      await journalLate(app.ctx, req, call.attempt.id, req.body.answers);
      return ok(kept, 'Réponses gardées.');
    },
  );

  app.get(
    '/api/admin/exams/:id/late-answers',
    { schema: { tags: staffTags, summary: 'Les réponses arrivées après la fin des tentatives, et les décisions prises', params: idParam, response: replies(lateAnswersEnvelopeSchema, 404) } },
    async (req) => {
      await assertExam(app.ctx.db, req.params.id);
      return ok(await listLateAnswers(app.ctx.db, req.params.id), 'Réponses tardives chargées.');
    },
  );

  app.put(
    '/api/admin/exams/:id/late-answers/:lateId/decision',
    {
      schema: {
        tags: staffTags,
        summary: 'Joindre une réponse tardive à la copie (corrigée à son heure) ou la refuser, avec le motif',
        params: lateAnswerParamsSchema,
        body: lateDecisionInputSchema,
        response: replies(lateAnswerEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => {
      const late = await decideLateAnswer(app.ctx, req.params.id, req.params.lateId, req.user!, req.body.decision, req.body.reason);
      req.log.info({ examId: req.params.id, lateId: req.params.lateId, by: req.user!.id, decision: req.body.decision }, 'late answer decided');
      return ok(late, req.body.decision === 'ATTACHED' ? 'Réponse jointe à la copie.' : 'Réponse refusée.');
    },
  );

  app.post(
    '/api/admin/exams/:id/late-answers/import',
    {
      schema: {
        tags: staffTags,
        summary: 'Importer la copie de secours d’un étudiant : ses réponses deviennent des réponses tardives à examiner',
        params: idParam,
        body: emergencyCopySchema,
        response: replies(emergencyImportEnvelopeSchema, 404),
      },
    },
    async (req) => {
      await assertExam(app.ctx.db, req.params.id);
      const result = await importEmergencyCopy(app.ctx, req.params.id, req.body);
      return ok(result, result.kept === 0 ? 'Aucune nouvelle réponse dans cette copie de secours.' : 'Copie de secours importée.');
    },
  );

  app.get('/api/student/exams/:id/show', { config: { examRoom: 'result' }, schema: { tags, summary: 'Mon résultat', params: idParam, response: replies(examShowEnvelopeSchema, 404, 409, 429) } }, async (req) =>
    ok(await showResult(app.ctx, req.params.id, req.user!, req.log), 'Résultat chargé.'),
  );
}
