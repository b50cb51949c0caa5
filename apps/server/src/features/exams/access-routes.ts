// Staff routes of an exam's access rules (docs/examens.md « Règles d'accès »), under /api/admin (staff).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { examAccessRulesEnvelopeSchema, examAccessRulesInputSchema, examAccessRulesShowEnvelopeSchema, idParam } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { fileReplies, replies } from '../../lib/responses';
import { loadAccessRules, saveAccessRules, SEB_MEDIA_TYPE, sebFile, sebFileName } from './access-rules';
import { findAccessRules } from './access-rules-repository';
import { journalTimeForEveryone } from './journal';

const tags = ['Examens'];

export async function examAccessRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/exams/:id/access-rules',
    { schema: { tags, summary: 'Les règles d’accès de l’examen (code, réseaux, session unique, Safe Exam Browser, verdicts masqués, temps pour tous)', params: idParam, response: replies(examAccessRulesShowEnvelopeSchema, 404) } },
    async (req) => ok(await loadAccessRules(app.ctx.db, req.params.id), 'Règles d’accès chargées.'),
  );

  app.put(
    '/api/admin/exams/:id/access-rules',
    {
      schema: {
        tags,
        summary: 'Enregistrer les règles d’accès ; un nouveau temps pour tous recalcule l’échéance des compositions en cours',
        params: idParam,
        body: examAccessRulesInputSchema,
        response: replies(examAccessRulesEnvelopeSchema, 404),
      },
    },
    async (req) => {
      const { rules, moved: movedAttempts } = await saveAccessRules(app.ctx, req.params.id, req.body);
      req.log.info({ examId: req.params.id, by: req.user!.id }, 'exam access rules saved');
      await journalTimeForEveryone(app.ctx, req, rules.time_bonus_percent, movedAttempts);
      const moved = movedAttempts.length;
      const tail = moved === 0 ? '' : moved === 1 ? ' L’échéance d’une composition en cours a été recalculée.' : ` L’échéance de ${moved} compositions en cours a été recalculée.`;
      return ok({ ...rules, deadlines_recomputed: moved }, `Règles d’accès enregistrées.${tail}`);
    },
  );

  app.get(
    '/api/admin/exams/:id/seb-config',
    { schema: { tags, summary: 'Le fichier de configuration Safe Exam Browser (.seb) de l’examen', params: idParam, response: fileReplies(SEB_MEDIA_TYPE, 'Le fichier .seb.', 404) } },
    async (req, reply) => {
      await loadAccessRules(app.ctx.db, req.params.id); // 404 for an unknown exam
      const rules = await findAccessRules(app.ctx.db, req.params.id);
      return reply
        .header('content-type', SEB_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${sebFileName(req.params.id)}"`)
        .header('cache-control', 'no-store')
        .send(sebFile(rules, `${req.protocol}://${req.host}`));
    },
  );
}
