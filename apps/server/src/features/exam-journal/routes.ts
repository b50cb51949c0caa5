// Staff read the journal of one student's attempt (docs/examens.md « Journal d'une composition »).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { examJournalEnvelopeSchema, examJournalParamsSchema } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { readJournal } from './service';

export async function examJournalRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/exams/:id/attempts/:userId/journal',
    {
      config: { studentRead: { what: 'JOURNAL', student: 'userId', exam: 'id' } },
      schema: {
        tags: ['Examens'],
        summary: 'Le journal chaîné de la composition d’un étudiant (événements, dernière empreinte, chaîne vérifiée)',
        params: examJournalParamsSchema,
        response: replies(examJournalEnvelopeSchema, 404),
      },
    },
    async (req) => {
      const journal = await readJournal(app.ctx, req.params.id, req.params.userId);
      return ok(journal, journal.intact ? 'Journal chargé : chaîne intacte.' : `Journal chargé : la chaîne est rompue à l’événement ${journal.broken_at}.`);
    },
  );
}
