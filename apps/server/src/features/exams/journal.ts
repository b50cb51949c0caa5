// What staff actions write in the journals of the attempts they touch (features/exam-journal): time granted to one
// student or to everyone, the exam closed. A failure to write is logged and never fails the staff's call.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { appendEvents, appendForOpenAttempts, appendForStudent, journalBestEffort } from '../exam-journal';

const record = (req: FastifyRequest, work: () => Promise<void>) => journalBestEffort(req.log, req.id, work);

export const journalExtraTime = (ctx: AppContext, req: FastifyRequest, examId: number, userId: number, minutes: number, deadline: Date) =>
  record(req, () => appendForStudent(ctx, examId, userId, [{ type: 'TIME_GRANTED', data: { extra_minutes: minutes, deadline: deadline.toISOString(), by: req.user!.id } }]));

export const journalTimeForEveryone = (ctx: AppContext, req: FastifyRequest, percent: number, moved: Array<{ attempt_id: number; deadline: Date }>) =>
  record(req, async () => {
    for (const m of moved) await appendEvents(ctx, m.attempt_id, [{ type: 'TIME_GRANTED', data: { time_bonus_percent: percent, deadline: m.deadline.toISOString(), by: req.user!.id } }]);
  });

export const journalClose = (ctx: AppContext, req: FastifyRequest, examId: number) =>
  record(req, () => appendForOpenAttempts(ctx, examId, { type: 'CLOSE', data: { by: req.user!.id } }));
