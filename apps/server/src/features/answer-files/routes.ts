// Files handed in as answers, read back (docs/api.md « Réponses par fichier »): by their owner (the student) and by
// staff (graders), never by another student (404). The uploads themselves are exam-taking routes (the exam room's
// rules apply): features/exam-taking/answer-files.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerFileEnvelopeSchema, answerFilePageParamsSchema, answerFileParamsSchema, FILE_ANSWER_TEXTS as T } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { notFound, unprocessable } from '../../lib/errors';
import { fileReplies, replies } from '../../lib/responses';
import { contentDisposition } from '../files';
import { answerFileFor, contentOf, renderPdfPage } from './service';
import { toAnswerFile } from './repository';

const tags = ['Réponses par fichier'];

export async function answerFileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/answer-files/:id/info',
    { config: { access: 'user' }, schema: { tags, summary: 'Un fichier remis en réponse : nom, type, taille, pages (son auteur et le personnel seulement)', params: answerFileParamsSchema, response: replies(answerFileEnvelopeSchema, 404) } },
    async (req) => ok(toAnswerFile(await answerFileFor(app.ctx, req.params.id, req.user!)), T.loaded),
  );

  app.get(
    '/api/answer-files/:id',
    { config: { access: 'user' }, schema: { tags, summary: 'Le contenu d’un fichier remis en réponse (son auteur et le personnel seulement ; 404 pour tout autre)', params: answerFileParamsSchema, response: fileReplies('application/octet-stream', 'Le fichier (PDF ou image).', 404) } },
    async (req, reply) => {
      const file = await answerFileFor(app.ctx, req.params.id, req.user!);
      const content = await contentOf(app.ctx, file);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(content.length))
        .header('content-disposition', contentDisposition('inline', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );

  app.get(
    '/api/answer-files/:id/pages/:page',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Une page d’un PDF remis en réponse, en image PNG (son auteur et le personnel seulement)', params: answerFilePageParamsSchema, response: fileReplies('image/png', 'La page, en PNG.', 404, 422) },
    },
    async (req, reply) => {
      const file = await answerFileFor(app.ctx, req.params.id, req.user!);
      if (file.mime !== 'application/pdf' || req.params.page > file.pages) throw notFound(T.pageOutOfRange(file.pages));
      const png = await renderPdfPage(file.id, await contentOf(app.ctx, file), req.params.page);
      if (!png) throw unprocessable({ page: [T.renderFailed] }, T.renderFailed);
      return reply.header('content-type', 'image/png').header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(png);
    },
  );
}
