// Chapters of courses (API.md "Staff resources"): list, store, all of a course, show, update,
// delete, and reorder (one transaction).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chapterInputSchema, chapterListQuerySchema, chapterReorderSchema, idParam } from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { rowExists } from '../../lib/rows';
import { chaptersOfCourse, findChapter, listChapters } from './repository';
import { createChapter, deleteChapter, reorderChapters, updateChapter } from './service';

const tags = ['Chapitres'];

export async function chapterRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/chapters', { schema: { tags, summary: 'Liste des chapitres', querystring: chapterListQuerySchema } }, async (req) => {
    const q = req.query;
    const { rows, total } = await listChapters(app.ctx.db, q, q.page, q.per_page);
    return page(rows, total, q.page, q.per_page, 'Chapitres chargés.');
  });

  app.post('/api/admin/chapters/store', { schema: { tags, summary: 'Créer un chapitre', body: chapterInputSchema } }, async (req) =>
    ok(await createChapter(app.ctx, req.body), 'Chapitre créé.'),
  );

  // `:id` here is the course's id (the specification names it /chapters/{id}/all).
  app.get('/api/admin/chapters/:id/all', { schema: { tags, summary: "Chapitres d'un cours, dans l'ordre", params: idParam } }, async (req) => {
    if (!(await rowExists(app.ctx.db, 'courses', req.params.id))) throw notFound('Ce cours est introuvable.');
    return ok(await chaptersOfCourse(app.ctx.db, req.params.id), 'Chapitres chargés.');
  });

  app.put(
    '/api/admin/chapters/:id/reorder',
    { schema: { tags, summary: "Réordonner les chapitres d'un cours (id du cours ; ids dans le nouvel ordre)", params: idParam, body: chapterReorderSchema } },
    async (req) => ok(await reorderChapters(app.ctx, req.params.id, req.body.ids), 'Ordre des chapitres enregistré.'),
  );

  app.get('/api/admin/chapters/:id/show', { schema: { tags, summary: 'Afficher un chapitre', params: idParam } }, async (req) => {
    const chapter = await findChapter(app.ctx.db, req.params.id);
    if (!chapter) throw notFound('Ce chapitre est introuvable.');
    return ok(chapter, 'Chapitre chargé.');
  });

  app.put('/api/admin/chapters/:id/update', { schema: { tags, summary: 'Modifier un chapitre', params: idParam, body: chapterInputSchema } }, async (req) =>
    ok(await updateChapter(app.ctx, req.params.id, req.body), 'Chapitre mis à jour.'),
  );

  app.delete('/api/admin/chapters/:id/delete', { schema: { tags, summary: 'Supprimer un chapitre', params: idParam } }, async (req) => {
    await deleteChapter(app.ctx, req.params.id);
    return ok(null, 'Chapitre supprimé.');
  });
}
