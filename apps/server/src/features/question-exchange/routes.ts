// Question exchange routes (docs/questions.md « Échange avec Moodle »), staff only under /api/admin.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXCHANGE_TEXTS, EXPORT_REPORT_HEADER, IMPORT_MAX_BYTES, exportQuerySchema, importQuerySchema, importReportEnvelopeSchema } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { tooLarge, unprocessable } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/rate-limit';
import { fileReplies, replies } from '../../lib/responses';
import { exportQuestions, importFile } from './service';

const tags = ['Questions'];

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} Mo` : `${Math.round(bytes / 1024)} Ko`);

export async function questionExchangeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/questions/import',
    {
      schema: {
        tags,
        summary: 'Importer un export Moodle XML ou GIFT (multipart, champ « file ») : le rapport seul, ou avec confirm=1 l’import',
        description:
          'Sans confirm (ou confirm=0), rien n’est écrit : le rapport dit pour chaque question ce qu’elle devient (importée, approchée, ignorée, en échec). Avec confirm=1, toutes les questions importables sont écrites dans une seule transaction, ou aucune. Les programmes CodeRunner sont exécutés sur chaque cas dans le bac à sable.',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: replies(importReportEnvelopeSchema, 429),
      },
    },
    async (req) => {
      const limit = app.ctx.config.UPLOAD_RATE_PER_10_MIN;
      await enforceRateLimit(app.ctx, `upload:${req.user!.id}`, limit, 600, `Vous avez envoyé plus de ${limit} fichiers en 10 minutes. Patientez avant d’en envoyer d’autres.`);
      const max = Math.min(IMPORT_MAX_BYTES, app.ctx.config.UPLOAD_LIMIT_BYTES);
      const part = await req.file({ limits: { fileSize: max } });
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw unprocessable({ file: ['Choisissez un fichier Moodle XML ou GIFT à importer (champ « file »).'] }, 'Choisissez un fichier Moodle XML ou GIFT à importer.');
      }
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge(`Le fichier dépasse la taille maximale de ${sizeLabel(max)}. Exportez la banque Moodle par catégories.`);
        }
        throw e;
      }
      const caller = { userId: req.user!.id, requestId: req.id, log: req.log };
      const report = await importFile(app.ctx, caller, { name: part.filename || 'questions', content }, req.query.confirm);
      if (req.query.confirm) return ok(report, EXCHANGE_TEXTS.importedMessage(report.question_ids.length));
      return ok(report, EXCHANGE_TEXTS.reportMessage(report.importable, report.total), report.importable ? 'success' : 'warn');
    },
  );

  app.get(
    '/api/admin/questions/export',
    {
      schema: {
        tags,
        summary: 'Exporter des questions (ids=1,2,3 ou exam_id) en Moodle XML (format=moodle) ou GIFT (format=gift)',
        description:
          'Moodle XML : choix multiples, vrai/faux, réponses courtes et numériques, appariements, programmes (CodeRunner), images comprises. GIFT : choix et réponses seulement, sans images. Une question paramétrée part en variantes (graines 1 à 5). Les questions sans équivalent sont omises ; l’en-tête X-Omitted-Questions en donne les numéros, et X-Export-Report (JSON encodé pour une URI) dit, question par question, ce qui a été omis, changé ou mis en variantes.',
        querystring: exportQuerySchema,
        response: fileReplies('application/xml', 'Le fichier Moodle XML (application/xml) ou GIFT (text/plain).', 404),
      },
    },
    async (req, reply) => {
      const caller = { userId: req.user!.id, requestId: req.id, log: req.log };
      const r = await exportQuestions(app.ctx, caller, req.query);
      return reply
        .header('content-type', r.mime)
        .header('content-disposition', `attachment; filename="${r.fileName}"`)
        .header('x-omitted-questions', r.omitted.join(','))
        // French sentences in a header: URI-encoded JSON (exportReportSchema), read by the web app.
        .header(EXPORT_REPORT_HEADER, encodeURIComponent(JSON.stringify(r.report)))
        .header('cache-control', 'private, no-store')
        .send(r.body);
    },
  );
}
