// Chapters of courses (docs/api.md: staff resources): list, store, all of a course, show, update,
// delete, and reorder (one transaction).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chapterEnvelopeSchema,
  chapterInputSchema,
  chapterListQuerySchema,
  chapterPageSchema,
  chapterReorderSchema,
  chaptersEnvelopeSchema,
  emptyEnvelopeSchema,
  idParam,
} from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { rowExists } from '../../lib/rows';
import { replies } from '../../lib/responses';
import { chaptersOfCourse, findChapter, listChapters } from './repository';
import { createChapter, deleteChapter, reorderChapters, updateChapter } from './service';

const tags = ['Chapitres'];

export async function chapterRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/chapters', { schema: { tags, summary: 'Liste des chapitres', querystring: chapterListQuerySchema, response: replies(chapterPageSchema) } }, async (req) => {
    const q = req.query;
    const { rows, total } = await listChapters(app.ctx.db, q, q.page, q.per_page);
    return page(rows, total, q.page, q.per_page, 'Chapitres chargés.');
  });

  app.post('/api/admin/chapters/store', { schema: { tags, summary: 'Créer un chapitre', body: chapterInputSchema, response: replies(chapterEnvelopeSchema, 409) } }, async (req) =>
    ok(await createChapter(app.ctx, req.body), 'Chapitre créé.'),
  );

  // `:id` here is the course's id (the specification names it /chapters/{id}/all).
  app.get('/api/admin/chapters/:id/all', { schema: { tags, summary: "Chapitres d’un cours, dans l’ordre", params: idParam, response: replies(chaptersEnvelopeSchema, 404) } }, async (req) => {
    if (!(await rowExists(app.ctx.db, 'courses', req.params.id))) throw notFound('Ce cours est introuvable.');
    return ok(await chaptersOfCourse(app.ctx.db, req.params.id), 'Chapitres chargés.');
  });

  app.put(
    '/api/admin/chapters/:id/reorder',
    { schema: { tags, summary: "Réordonner les chapitres d’un cours (id du cours ; ids dans le nouvel ordre)", params: idParam, body: chapterReorderSchema, response: replies(chaptersEnvelopeSchema, 404) } },
    async (req) => ok(await reorderChapters(app.ctx, req.params.id, req.body.ids), 'Ordre des chapitres enregistré.'),
  );

  app.get('/api/admin/chapters/:id/show', { schema: { tags, summary: 'Afficher un chapitre', params: idParam, response: replies(chapterEnvelopeSchema, 404) } }, async (req) => {
    const chapter = await findChapter(app.ctx.db, req.params.id);
    if (!chapter) throw notFound('Ce chapitre est introuvable.');
    return ok(chapter, 'Chapitre chargé.');
  });

  app.put('/api/admin/chapters/:id/update', { schema: { tags, summary: 'Modifier un chapitre', params: idParam, body: chapterInputSchema, response: replies(chapterEnvelopeSchema, 404, 409) } }, async (req) =>
    ok(await updateChapter(app.ctx, req.params.id, req.body), 'Chapitre mis à jour.'),
  );

  app.delete('/api/admin/chapters/:id/delete', { schema: { tags, summary: 'Supprimer un chapitre', params: idParam, response: replies(emptyEnvelopeSchema, 404) } }, async (req) => {
    await deleteChapter(app.ctx, req.params.id);
    return ok(null, 'Chapitre supprimé.');
  });
}
