// Staff read the journal of one student's attempt (docs/examens.md « Journal d'une composition »).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { examJournalEnvelopeSchema, examJournalParamsSchema } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import type { AppContext } from '../../lib/context';
import type { JournalEvent } from '@exam/shared';
import { readJournal } from './service';

/** What a staff member may read of a copy's journal (a marker in double marking: not the other markers' marks before
 *  the final one). Given by the features that know it (features/index.ts): this feature cannot import them. */
export type JournalReader = (ctx: AppContext, examId: number, studentId: number, viewerId: number, events: JournalEvent[]) => Promise<JournalEvent[]>;

export async function examJournalRoutes(base: FastifyInstance, deps: { readableBy?: JournalReader } = {}) {
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
      const read = await readJournal(app.ctx, req.params.id, req.params.userId);
      // A marker named in the exam's double marking does not read the other markers' marks before the final one.
      const journal = deps.readableBy ? { ...read, events: await deps.readableBy(app.ctx, req.params.id, req.params.userId, req.user!.id, read.events) } : read;
      return ok(journal, journal.intact ? 'Journal chargé : chaîne intacte.' : `Journal chargé : la chaîne est rompue à l’événement ${journal.broken_at}.`);
    },
  );
}
