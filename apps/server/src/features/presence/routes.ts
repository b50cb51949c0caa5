// Connected-users count for the admin welcome page: a JSON read and a live server-sent-events stream.
import type { FastifyInstance } from 'fastify';
import { connectedCountEnvelopeSchema } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { fileReplies, replies } from '../../lib/responses';
import { connectedCount } from './service';

const STREAM_POLL_MS = 2000;

export async function presenceRoutes(app: FastifyInstance) {
  app.get(
    '/api/admin/users/connected-count',
    { config: { access: 'admin' }, schema: { tags: ['Présence'], summary: 'Nombre d’utilisateurs connectés', response: replies(connectedCountEnvelopeSchema) } },
    async () => ok({ count: await connectedCount(app.ctx) }, 'Nombre d’utilisateurs connectés.'),
  );

  // Sends the count at once and again whenever it changes; the shared store makes it right across processes.
  app.get(
    '/api/admin/users/connected-count/stream',
    { config: { access: 'admin' }, schema: { tags: ['Présence'], summary: 'Flux en direct du nombre d’utilisateurs connectés', response: fileReplies('text/event-stream', 'Événements « count » : { count }, à chaque changement.') } },
    async (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let last = -1;
      let closed = false;
      const push = async () => {
        if (closed) return;
        try {
          const count = await connectedCount(app.ctx);
          if (count !== last) {
            last = count;
            res.write(`event: count\ndata: ${JSON.stringify({ count })}\n\n`);
          } else {
            res.write(': ping\n\n');
          }
        } catch (err) {
          req.log.warn({ err }, 'presence stream');
        }
      };
      await push();
      const timer = setInterval(push, STREAM_POLL_MS);
      req.raw.on('close', () => {
        closed = true;
        clearInterval(timer);
      });
    },
  );
}
