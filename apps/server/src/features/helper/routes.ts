// Reference lists (roles, languages, question types) with their French labels.
import type { FastifyInstance } from 'fastify';
import { HELPER_DATA, helperEnvelopeSchema } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';

export async function helperRoutes(app: FastifyInstance) {
  app.get(
    '/api/helper',
    { config: { access: 'public' }, schema: { tags: ['Référentiels'], summary: 'Listes de référence', response: replies(helperEnvelopeSchema) } },
    async () => ok(HELPER_DATA, 'Données de référence.'),
  );
}
