// Public entry of LTI 1.3 (docs/lti.md): its protocol addresses, its API routes, and the sweep that purges one-use
// values and sends grades back.
import type { FastifyInstance } from 'fastify';
import { ltiApiRoutes } from './admin-routes';
import { ltiProtocolRoutes } from './routes';
import { purgeExpired } from './repository';
import { sendDueGrades, syncGrades } from './ags';

/** Grades are looked for and sent every 30 seconds. */
const SWEEP_MS = 30_000;

export async function ltiRoutes(app: FastifyInstance) {
  await app.register(ltiProtocolRoutes);
  await app.register(ltiApiRoutes);
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await purgeExpired(app.ctx.db);
      await syncGrades(app.ctx.db);
      await sendDueGrades(app.ctx.db);
    } catch (err) {
      app.log.warn({ err }, 'LTI sweep failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export { syncGrades, sendDueGrades } from './ags';
