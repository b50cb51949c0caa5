// Files (docs/api.md: files): staff upload and delete; downloads for whoever may see a course using them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelopeSchema, fileInfoEnvelopeSchema, idParam } from '@exam/shared';
import { enforceRateLimit } from '../../lib/rate-limit';
import { ok } from '../../lib/envelope';
import { fileReplies, replies } from '../../lib/responses';
import { contentDisposition, fileForDownload, inlineImage, openBlob, removeFile, saveUpload, type CoursesUsingFile } from './service';

const inlineParams = idParam.extend({ hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Image introuvable.' }) });

export async function fileRoutes(base: FastifyInstance, { coursesUsingFile }: { coursesUsingFile: CoursesUsingFile }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/files/save',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Fichiers'],
        summary: 'Téléverser un fichier (multipart, champ « file »)',
        description: 'PDF, images, textes et données, tableurs, archives ; le contenu doit correspondre à l’extension. 413 au-delà de UPLOAD_LIMIT_BYTES.',
        response: replies(fileInfoEnvelopeSchema, 422, 429),
      },
    },
    async (req) => {
      const limit = app.ctx.config.UPLOAD_RATE_PER_10_MIN;
      await enforceRateLimit(app.ctx, `upload:${req.user!.id}`, limit, 600, `Vous avez envoyé plus de ${limit} fichiers en 10 minutes. Patientez avant d’en envoyer d’autres.`);
      return ok(await saveUpload(app.ctx, await req.file(), req.user!.id), 'Fichier enregistré.');
    },
  );

  app.delete(
    '/api/files/delete/:id',
    { config: { access: 'staff' }, schema: { tags: ['Fichiers'], summary: 'Supprimer un fichier inutilisé', params: idParam, response: replies(emptyEnvelopeSchema, 404, 409) } },
    async (req) => {
      await removeFile(app.ctx, req.params.id);
      return ok(null, 'Fichier supprimé.');
    },
  );

  app.get(
    '/api/files/:id/download',
    { config: { access: 'user' }, schema: { tags: ['Fichiers'], summary: 'Télécharger un fichier (nom d’origine)', params: idParam, response: fileReplies('application/octet-stream', 'Le fichier, sous son nom d’origine.', 402, 404) } },
    async (req, reply) => {
      const file = await fileForDownload(app.ctx, req.params.id, req.user!, coursesUsingFile);
      const stream = openBlob(app.ctx, file);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/files/:id/inline/:hash',
    {
      config: { access: 'public' },
      schema: { tags: ['Fichiers'], summary: 'Image affichée dans un chapitre (adresse tirée de son contenu)', params: inlineParams, response: fileReplies('image/*', 'L’image.', 404) },
    },
    async (req, reply) => {
      const file = await inlineImage(app.ctx, req.params.id, req.params.hash);
      const stream = openBlob(app.ctx, file);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('inline', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  );
}
