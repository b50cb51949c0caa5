// One mechanism logs every staff reading of a student's copy, journal, appeal file or data archive: a route says
// what it reads (`config.studentRead`), and each of its successful answers to staff writes a row before it leaves.
// A declaration naming a param that the path does not have stops the server at start-up.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { insertAccess } from './repository';

export const accessLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const read = route.config?.studentRead;
    if (!read) return;
    for (const name of [read.student, ...(read.exam ? [read.exam] : [])]) {
      if (!route.url.includes(`:${name}`)) throw new Error(`${route.url}: studentRead names the param « ${name} », absent from the path.`);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const read = req.routeOptions.config.studentRead;
    const user = req.user;
    if (!read || !user || user.role === 'STUDENT' || reply.statusCode >= 300) return payload;
    const params = req.params as Record<string, unknown>;
    const studentId = Number(params[read.student]);
    const examId = read.exam ? Number(params[read.exam]) : null;
    if (!Number.isInteger(studentId)) return payload;
    // Written before the answer leaves: a reading that could not be logged is not given.
    await insertAccess(app.ctx.db, { staff_id: user.id, staff_name: `${user.first_name} ${user.last_name}`, student_id: studentId, exam_id: examId, what: read.what });
    return payload;
  });
});
