// Parcours (docs/api.md: staff resources): written by administrators only; teachers may read them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyEnvelopeSchema, idParam, specializationEnvelopeSchema, specializationListQuerySchema, specializationPageSchema, specializationSchema } from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { listSpecializations } from './repository';
import { createSpecialization, deleteSpecialization, getSpecialization, updateSpecialization } from './service';

const tags = ['Parcours'];
const config = { access: 'admin' as const };
const read = { access: 'staff' as const };

export async function specializationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/specializations', { config: read, schema: { tags, summary: 'Liste des parcours', querystring: specializationListQuerySchema, response: replies(specializationPageSchema) } }, async (req) => {
    const { rows, total } = await listSpecializations(app.ctx.db, req.query);
    return page(rows, total, req.query.page, req.query.per_page, 'Liste des parcours.');
  });
  app.post('/api/admin/specializations/create', { config, schema: { tags, summary: 'Créer un parcours', body: specializationSchema, response: replies(specializationEnvelopeSchema, 409) } }, async (req) => {
    const s = await createSpecialization(app.ctx, req.body);
    return ok(s, `Le parcours ${s.name} a été créé.`);
  });
  app.put(
    '/api/admin/specializations/:id/update',
    { config, schema: { tags, summary: 'Modifier un parcours', params: idParam, body: specializationSchema, response: replies(specializationEnvelopeSchema, 404, 409) } },
    async (req) => {
      const s = await updateSpecialization(app.ctx, req.params.id, req.body);
      return ok(s, `Le parcours ${s.name} a été mis à jour.`);
    },
  );
  app.get('/api/admin/specializations/:id/show', { config: read, schema: { tags, summary: 'Un parcours', params: idParam, response: replies(specializationEnvelopeSchema, 404) } }, async (req) =>
    ok(await getSpecialization(app.ctx, req.params.id), 'Parcours chargé.'),
  );
  app.delete('/api/admin/specializations/:id/delete', { config, schema: { tags, summary: 'Supprimer un parcours', params: idParam, response: replies(emptyEnvelopeSchema, 404, 409) } }, async (req) => {
    const s = await deleteSpecialization(app.ctx, req.params.id);
    return ok(null, `Le parcours ${s.name} a été supprimé.`);
  });
}
