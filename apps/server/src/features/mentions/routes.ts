// Mentions (docs/api.md: staff resources): written by administrators only; teachers may read them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyEnvelopeSchema, idParam, mentionEnvelopeSchema, mentionListQuerySchema, mentionPageSchema, mentionSchema } from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { listMentions } from './repository';
import { createMention, deleteMention, getMention, updateMention } from './service';

const tags = ['Mentions'];
const config = { access: 'admin' as const };
const read = { access: 'staff' as const };

export async function mentionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/mentions', { config: read, schema: { tags, summary: 'Liste des mentions', querystring: mentionListQuerySchema, response: replies(mentionPageSchema) } }, async (req) => {
    const { rows, total } = await listMentions(app.ctx.db, req.query);
    return page(rows, total, req.query.page, req.query.per_page, 'Liste des mentions.');
  });
  app.post('/api/admin/mentions/create', { config, schema: { tags, summary: 'Créer une mention', body: mentionSchema, response: replies(mentionEnvelopeSchema, 409) } }, async (req) => {
    const m = await createMention(app.ctx, req.body);
    return ok(m, `La mention ${m.name} a été créée.`);
  });
  app.put('/api/admin/mentions/:id/update', { config, schema: { tags, summary: 'Modifier une mention', params: idParam, body: mentionSchema, response: replies(mentionEnvelopeSchema, 404, 409) } }, async (req) => {
    const m = await updateMention(app.ctx, req.params.id, req.body);
    return ok(m, `La mention ${m.name} a été mise à jour.`);
  });
  app.get('/api/admin/mentions/:id/show', { config: read, schema: { tags, summary: 'Une mention', params: idParam, response: replies(mentionEnvelopeSchema, 404) } }, async (req) =>
    ok(await getMention(app.ctx, req.params.id), 'Mention chargée.'),
  );
  app.delete('/api/admin/mentions/:id/delete', { config, schema: { tags, summary: 'Supprimer une mention', params: idParam, response: replies(emptyEnvelopeSchema, 404, 409) } }, async (req) => {
    const m = await deleteMention(app.ctx, req.params.id);
    return ok(null, `La mention ${m.name} a été supprimée.`);
  });
}
