// Academic years (docs/api.md: staff resources): written by administrators only; teachers may read them
// (their students, courses and exams forms choose a year).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { academicYearEnvelopeSchema, academicYearListQuerySchema, academicYearPageSchema, academicYearSchema, emptyEnvelopeSchema, idParam } from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { listYears } from './repository';
import { createYear, deleteYear, getYear, updateYear } from './service';

const tags = ['Années universitaires'];
const config = { access: 'admin' as const };
const read = { access: 'staff' as const };

export async function academicYearRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/academic-years', { config: read, schema: { tags, summary: 'Liste des années', querystring: academicYearListQuerySchema, response: replies(academicYearPageSchema) } }, async (req) => {
    const { rows, total } = await listYears(app.ctx.db, req.query);
    return page(rows, total, req.query.page, req.query.per_page, 'Liste des années universitaires.');
  });
  app.post('/api/admin/academic-years/create', { config, schema: { tags, summary: 'Créer une année', body: academicYearSchema, response: replies(academicYearEnvelopeSchema, 409) } }, async (req) => {
    const y = await createYear(app.ctx, req.body);
    return ok(y, `L’année universitaire ${y.label} a été créée.`);
  });
  app.put('/api/admin/academic-years/:id/update', { config, schema: { tags, summary: 'Modifier une année', params: idParam, body: academicYearSchema, response: replies(academicYearEnvelopeSchema, 404, 409) } }, async (req) => {
    const y = await updateYear(app.ctx, req.params.id, req.body);
    return ok(y, `L’année universitaire ${y.label} a été mise à jour.`);
  });
  app.get('/api/admin/academic-years/:id/show', { config: read, schema: { tags, summary: 'Une année', params: idParam, response: replies(academicYearEnvelopeSchema, 404) } }, async (req) =>
    ok(await getYear(app.ctx, req.params.id), 'Année universitaire chargée.'),
  );
  app.delete('/api/admin/academic-years/:id/delete', { config, schema: { tags, summary: 'Supprimer une année', params: idParam, response: replies(emptyEnvelopeSchema, 404, 409) } }, async (req) => {
    const y = await deleteYear(app.ctx, req.params.id);
    return ok(null, `L’année universitaire ${y.label} a été supprimée.`);
  });
}
