// Authentication and role checks for every route, decided on the server before the handler runs.
// Secure by default: /api/admin/** is staff, /api/student/** students, any other /api path a signed-in user,
// unless the route says `config: { access: 'public' }`.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../lib/context';
import { forbidden, paymentRequired, unauthorized } from '../../lib/errors';
import { declareErrors, type ErrorStatus } from '../../lib/responses';
import { assertAccessWindow } from './access';
import { findSessionByTokenHash, purgeOldTokens, type SessionUser } from './repository';
import { touchPresence } from '../presence';

/** What a user holding a generated first password may call before choosing their own (docs/import-etudiants.md). */
const WHILE_TEMPORARY_PASSWORD = new Set(['/api/admin/users/profile', '/api/admin/users/update-profil', '/api/admin/users/logout', '/api/admin/users/logout-all', '/api/helper']);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function defaultAccess(url: string): Access {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return 'public';
  if (url.startsWith('/api/admin/')) return 'staff';
  if (url.startsWith('/api/student/')) return 'student';
  if (url.startsWith('/api/')) return 'user';
  return 'public';
}

/** What the check below can answer on a route: 401 without a valid session, 403 for another role or a provisional password. */
function accessErrors(url: string, access: Access): ErrorStatus[] {
  if (access === 'public') return [];
  return access === 'user' && WHILE_TEMPORARY_PASSWORD.has(url) ? [401] : [401, 403];
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(h.trim());
  return m ? m[1] : null;
}

export function allowed(access: Access, role: SessionUser['role']): boolean {
  switch (access) {
    case 'public':
    case 'user':
      return true;
    case 'staff':
      return role === 'ADMIN' || role === 'TEACHER';
    case 'admin':
      return role === 'ADMIN';
    case 'student':
      return role === 'STUDENT';
  }
}

/** The premium guard: 402 for a student who is not premium (staff always pass). */
export function requirePremium(user: SessionUser | null): void {
  if (user && user.role === 'STUDENT' && !user.is_premium) {
    throw paymentRequired('Ce contenu est réservé aux étudiants premium.');
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  // Every route declares the answers of the check below (its 401 and 403).
  app.addHook('onRoute', (route) => declareErrors(route, accessErrors(route.url, route.config?.access ?? defaultAccess(route.url))));

  // Expired and long-revoked tokens are purged at start and every hour (the timer never keeps the process alive).
  let purgeTimer: NodeJS.Timeout | undefined;
  const purge = () =>
    purgeOldTokens(app.ctx.db).catch((err: unknown) => app.log.warn({ err }, 'token purge failed'));
  app.addHook('onReady', async () => {
    await purge();
    purgeTimer = setInterval(purge, 3600_000);
    purgeTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  app.addHook('onRequest', async (req) => {
    const routeUrl = req.routeOptions.url;
    if (!routeUrl) return; // unknown path: the 404 handler answers
    const access = req.routeOptions.config.access ?? defaultAccess(routeUrl);
    const token = bearer(req);
    if (access === 'public' && !token) return;
    if (!token) throw unauthorized('Veuillez vous connecter pour continuer.');
    const tokenHash = hashToken(token);
    const user = await findSessionByTokenHash(app.ctx.db, tokenHash);
    if (!user) {
      if (access === 'public') return;
      throw unauthorized('Votre session a expiré. Veuillez vous reconnecter.');
    }
    req.user = user;
    req.tokenHash = tokenHash;
    if (access === 'public') return;
    if (!allowed(access, user.role)) throw forbidden();
    assertAccessWindow(user);
    if (user.must_change_password && !WHILE_TEMPORARY_PASSWORD.has(routeUrl)) {
      throw forbidden('Votre mot de passe est provisoire : choisissez-en un nouveau dans votre profil avant de continuer.');
    }
    await touchPresence(app.ctx, user.id);
  });
});
