// Administrators read who opened a student's copies (docs/donnees-personnelles.md « Qui a lu quelle copie »).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, studentAccessesEnvelopeSchema } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { notFound } from '../../lib/errors';
import { accessesOf } from './repository';

export async function accessLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/users/:id/accesses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Qui a lu les copies de cet étudiant : chaque ouverture par le personnel de sa copie, de son journal, de son dossier de réclamation ou de son archive',
        params: idParam,
        response: replies(studentAccessesEnvelopeSchema, 404),
      },
    },
    async (req) => {
      const student = await app.ctx.db.selectFrom('users').select('id').where('id', '=', req.params.id).where('role', '=', 'STUDENT').executeTakeFirst();
      if (!student) throw notFound("Cet étudiant n’existe pas.");
      const rows = await accessesOf(app.ctx.db, req.params.id);
      return ok(rows, rows.length === 0 ? 'Aucune consultation enregistrée.' : `${rows.length} consultation${rows.length > 1 ? 's' : ''}.`);
    },
  );
}
