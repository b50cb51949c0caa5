// Courses (docs/api.md: staff resources and student routes): staff manage them, students read theirs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  courseDeletedEnvelopeSchema,
  courseEnvelopeSchema,
  courseInputSchema,
  courseListQuerySchema,
  coursePageSchema,
  idParam,
  listQuerySchema,
  studentCourseEnvelopeSchema,
  studentCoursesEnvelopeSchema,
} from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { replies } from '../../lib/responses';
import { findCourse, listCourses, listStudentCourses } from './repository';
import { courseOrder, createCourse, editCourse, removeCourse, scopeOf, studentCourse } from './service';

const tags = ['Cours'];

export async function courseRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/courses',
    { schema: { tags, summary: 'Liste des cours (recherche, filtres, pagination ; tri title, created_at, updated_at)', querystring: courseListQuerySchema, response: replies(coursePageSchema) } },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listCourses(app.ctx.db, q, courseOrder(q.sort), q.page, q.per_page);
      return page(rows, total, q.page, q.per_page, 'Cours chargés.');
    },
  );

  app.post('/api/admin/courses/create', { schema: { tags, summary: 'Créer un cours', body: courseInputSchema, response: replies(courseEnvelopeSchema, 409) } }, async (req) =>
    ok(await createCourse(app.ctx, req.body, req.user!.id), 'Cours créé.'),
  );

  app.put('/api/admin/courses/:id/update', { schema: { tags, summary: 'Modifier un cours', params: idParam, body: courseInputSchema, response: replies(courseEnvelopeSchema, 404, 409) } }, async (req) =>
    ok(await editCourse(app.ctx, req.params.id, req.body), 'Cours mis à jour.'),
  );

  app.get('/api/admin/courses/:id/show', { schema: { tags, summary: 'Afficher un cours', params: idParam, response: replies(courseEnvelopeSchema, 404) } }, async (req) => {
    const course = await findCourse(app.ctx.db, req.params.id);
    if (!course) throw notFound('Ce cours est introuvable.');
    return ok(course, 'Cours chargé.');
  });

  app.delete('/api/admin/courses/:id/delete', { schema: { tags, summary: 'Supprimer un cours et ses chapitres', params: idParam, response: replies(courseDeletedEnvelopeSchema, 404) } }, async (req) => {
    const { chapters } = await removeCourse(app.ctx, req.params.id);
    const detail = chapters === 0 ? '' : chapters === 1 ? ' avec son chapitre' : ` avec ses ${chapters} chapitres`;
    return ok({ chapters_deleted: chapters }, `Cours supprimé${detail}.`);
  });

  app.get(
    '/api/student/courses',
    { schema: { tags, summary: 'Cours publiés du parcours et de l’année de l’étudiant', querystring: listQuerySchema.pick({ search: true }), response: replies(studentCoursesEnvelopeSchema) } },
    async (req) => ok(await listStudentCourses(app.ctx.db, scopeOf(req.user!), req.query.search), 'Cours chargés.'),
  );

  app.get('/api/student/courses/:id/show', { schema: { tags, summary: 'Un cours avec ses chapitres et fichiers (402 si premium)', params: idParam, response: replies(studentCourseEnvelopeSchema, 402, 404) } }, async (req) =>
    ok(await studentCourse(app.ctx, req.params.id, req.user!), 'Cours chargé.'),
  );
}
