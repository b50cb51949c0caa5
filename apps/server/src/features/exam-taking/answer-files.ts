// A student's files for a FILE question (docs/api.md « Réponses par fichier »): uploaded and removed during the
// attempt, under the exam room's rules like a draft (the route is a call of the exam room: one session, the room's
// network and browser rules, the attempt open, before its deadline and grace). The answer itself is the list of the
// files' ids, saved as a draft and sent like any answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerFileDeleteParamsSchema, answerFileEnvelopeSchema, answerFileUploadParamsSchema, DEFAULT_FILE_ANSWER_SETTINGS, emptyEnvelopeSchema, FILE_ANSWER_TEXTS as T } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { unprocessable } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/rate-limit';
import { replies } from '../../lib/responses';
import { removeOwnAnswerFile, saveAnswerUpload, uploadLimitBytes } from '../answer-files';
import { startedCall } from './call';
import { questionsOfDraw } from './pins';
import { assertOpen, drawnQuestion } from './service';

const tags = ['Examens (étudiant)'];

export async function answerFileUploadRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/student/exams/:id/questions/:questionId/files',
    {
      config: { examRoom: 'call' },
      schema: {
        tags,
        summary: 'Ajouter un fichier à ma réponse d’une question « Réponse par fichier » (multipart, champ « file ») ; type vérifié sur le contenu, taille et nombre limités par la question',
        consumes: ['multipart/form-data'],
        params: answerFileUploadParamsSchema,
        response: replies(answerFileEnvelopeSchema, 404, 409, 413, 422, 429),
      },
    },
    async (req) => {
      const call = await startedCall(app.ctx, req);
      assertOpen(call);
      const pin = drawnQuestion(call, req.params.questionId);
      const q = (await questionsOfDraw(app.ctx.db, [pin])).get(req.params.questionId);
      if (!q || q.type !== 'FILE') throw unprocessable({ question_id: [T.notFile] }, T.notFile);
      const limit = app.ctx.config.UPLOAD_RATE_PER_10_MIN;
      await enforceRateLimit(app.ctx, `upload:${req.user!.id}`, limit, 600, `Vous avez envoyé plus de ${limit} fichiers en 10 minutes. Patientez avant d’en envoyer d’autres.`);
      const settings = q.file_answer ?? DEFAULT_FILE_ANSWER_SETTINGS;
      const part = await req.file({ limits: { fileSize: uploadLimitBytes(app.ctx, settings) + 1 } });
      const saved = await saveAnswerUpload(app.ctx, part, { attemptId: call.attempt.id, questionId: req.params.questionId, userId: req.user!.id, settings });
      req.log.info({ attemptId: call.attempt.id, questionId: req.params.questionId, fileId: saved.id, size: saved.size }, 'answer file uploaded');
      return ok(saved, T.uploaded);
    },
  );

  typed.delete(
    '/api/student/exams/:id/answer-files/:fileId',
    {
      config: { examRoom: 'call' },
      schema: { tags, summary: 'Retirer un fichier de ma réponse (tentative ouverte)', params: answerFileDeleteParamsSchema, response: replies(emptyEnvelopeSchema, 404, 409) },
    },
    async (req) => {
      const call = await startedCall(app.ctx, req);
      assertOpen(call);
      await removeOwnAnswerFile(app.ctx, call.attempt.id, req.params.fileId);
      return ok(null, T.removed);
    },
  );
}
