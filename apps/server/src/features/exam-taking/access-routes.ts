// Routes of the exam room (docs/examens.md « Règles d'accès »): what a student learns of an exam's rules before
// starting, its Safe Exam Browser file, and staff unlocking an attempt tied to one session.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXAM_TAKING_TEXTS,
  examClientEventsEnvelopeSchema,
  examClientEventsInputSchema,
  examUnlockEnvelopeSchema,
  examUnlockParamsSchema,
  idParam,
  studentExamAccessEnvelopeSchema,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { fileReplies, replies } from '../../lib/responses';
import { findAccessRules, findExamForStudent, SEB_MEDIA_TYPE, sebFile, sebFileName } from '../exams';
import { studentAccess, unlockAttempt } from './access';
import { journalUnlock } from './journal';
import { recordClientSignals } from './signals';
import { startedCall } from './call';

export async function examRoomRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/student/exams/:id/access',
    // Read before entering the room: what it asks.
    { config: { examRoom: 'outside' }, schema: { tags: ['Examens (étudiant)'], summary: 'Les règles d’accès de cet examen (sans le code)', params: idParam, response: replies(studentExamAccessEnvelopeSchema, 404) } },
    async (req) => ok(await studentAccess(app.ctx, req.params.id, req.user!), 'Règles d’accès chargées.'),
  );

  app.get(
    '/api/student/exams/:id/seb-config',
    // The file that opens the exam in Safe Exam Browser: downloaded before entering the room.
    { config: { examRoom: 'outside' }, schema: { tags: ['Examens (étudiant)'], summary: 'Le fichier Safe Exam Browser (.seb) qui ouvre cet examen', params: idParam, response: fileReplies(SEB_MEDIA_TYPE, 'Le fichier .seb.', 404) } },
    async (req, reply) => {
      if (!(await findExamForStudent(app.ctx.db, req.params.id, req.user!))) throw notFound(EXAM_TAKING_TEXTS.notFound);
      const rules = await findAccessRules(app.ctx.db, req.params.id);
      return reply
        .header('content-type', SEB_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${sebFileName(req.params.id)}"`)
        .header('cache-control', 'no-store')
        .send(sebFile(rules, `${req.protocol}://${req.host}`));
    },
  );

  app.post(
    '/api/admin/exams/:id/attempts/:userId/unlock',
    { schema: { tags: ['Examens'], summary: 'Débloquer la composition d’un étudiant liée à un autre appareil (règle « une seule session »)', params: examUnlockParamsSchema, response: replies(examUnlockEnvelopeSchema, 404) } },
    async (req) => {
      const unlocked = await unlockAttempt(app.ctx, req.params.id, req.params.userId);
      req.log.info({ examId: req.params.id, userId: req.params.userId, by: req.user!.id, unlocked }, 'exam attempt unlocked');
      if (unlocked) await journalUnlock(app.ctx, req, req.params.id, req.params.userId);
      return ok(
        { user_id: req.params.userId, unlocked },
        unlocked ? 'Composition débloquée : l’étudiant peut continuer sur l’appareil de son choix.' : 'Cette composition n’était liée à aucun appareil : rien à débloquer.',
      );
    },
  );

  app.post(
    '/api/student/exams/:id/events',
    {
      config: { examRoom: 'call' },
      schema: {
        tags: ['Examens (étudiant)'],
        summary: 'Signaux du navigateur pour le journal de ma composition (page quittée ou retrouvée, réseau perdu ou retrouvé)',
        params: idParam,
        body: examClientEventsInputSchema,
        response: replies(examClientEventsEnvelopeSchema, 404, 409, 429),
      },
    },
    async (req) => {
      const call = await startedCall(app.ctx, req);
      return ok({ recorded: await recordClientSignals(app.ctx, call, req.body) }, 'Événements enregistrés.');
    },
  );
}
