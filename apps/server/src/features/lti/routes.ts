// The LTI protocol's own addresses (docs/lti.md), outside /api: the platform's browser or server calls them, they
// answer HTML pages, redirections or the key set, never the JSON envelope. Refusals are French pages (pages.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publishedKeys } from './keys';
import { initiateLogin, LtiRefusal, stateCookieName, verifyLaunch } from './oidc';
import { completeLaunch, DEEP_LINK_TTL_MS } from './launch';
import { deepLinkResponse, DL_COOKIE, findDeepLinkRequest, pickerPage } from './deep-linking';
import { register, toolUrls } from './registration';
import { AUTOSUBMIT_JS, page, sendAutoPost, sendRefusal } from './pages';
import { HttpError } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/rate-limit';

/**
 * Logins and launches one address may start per minute: a flood guard only, high enough for a lecture hall behind
 * one public address whose students all open the activity at once.
 */
const LAUNCHES_PER_MINUTE = 1200;

/** Bodies of the platform's form posts; a JSON or any other body is read as no field. */
const FORM_LIMIT = 64 * 1024;

/** The tool's public address: PUBLIC_URL, or the address this request came to. */
export function baseUrl(app: FastifyInstance, req: FastifyRequest): string {
  return (app.ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/$/, '');
}

function cookies(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/** Only string fields of a form or a query, whatever was sent. */
function fields(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 20_000));
}

/**
 * The cookies of a login travel on the platform's cross-site form post: SameSite=None (which browsers take only with
 * Secure) over https; over plain http (a campus test, this suite) Lax, which a same-site platform still gets.
 */
function cookie(req: FastifyRequest, name: string, value: string, maxAgeS: number): string {
  const secure = req.protocol === 'https';
  return `${name}=${value}; Path=/lti; HttpOnly; Max-Age=${maxAgeS}; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
}

async function refuseOn(reply: FastifyReply, app: FastifyInstance, fn: () => Promise<unknown>) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LtiRefusal) return sendRefusal(reply, err.status, err.message);
    if (err instanceof HttpError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return sendRefusal(reply, err.statusCode, err.message);
    }
    app.log.error({ err }, 'LTI route failed');
    return sendRefusal(reply, 500, 'Erreur inattendue de la plateforme d’examens. Réessayez dans un instant.');
  }
}

export async function ltiProtocolRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const hide = { hide: true };

  app.get('/lti/jwks', { schema: hide }, async (_req, reply) => {
    const set = await publishedKeys(app.ctx.db);
    return reply.header('cache-control', 'public, max-age=300').type('application/json').send(set);
  });

  app.get('/lti/autosubmit.js', { schema: hide }, async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(AUTOSUBMIT_JS));

  const limit = (req: FastifyRequest) =>
    enforceRateLimit(app.ctx, `lti:${req.ip}`, LAUNCHES_PER_MINUTE, 60, 'Trop de connexions depuis votre adresse en une minute. Réessayez dans un instant.');
  const login = async (req: FastifyRequest, reply: FastifyReply) =>
    refuseOn(reply, app, async () => {
      await limit(req);
      const p = { ...fields(req.query), ...fields(req.body) };
      const { redirect, state } = await initiateLogin(app.ctx.db, p, toolUrls(baseUrl(app, req)).launch_url);
      return reply.header('set-cookie', cookie(req, stateCookieName(state), state, 600)).header('cache-control', 'no-store').redirect(redirect, 302);
    });
  app.get('/lti/login', { schema: hide }, login);
  app.post('/lti/login', { schema: hide }, login);

  app.post('/lti/launch', { schema: hide }, async (req, reply) =>
    refuseOn(reply, app, async () => {
      await limit(req);
      const verified = await verifyLaunch(app.ctx.db, fields(req.body), cookies(req));
      const outcome = await completeLaunch(app.ctx.db, verified);
      const clear = `${stateCookieName(fields(req.body).state!)}=; Path=/lti; Max-Age=0`;
      if (outcome.kind === 'deep-link') {
        return reply
          .header('set-cookie', [clear, cookie(req, DL_COOKIE, outcome.token, DEEP_LINK_TTL_MS / 1000)])
          .header('cache-control', 'no-store')
          .redirect(`/lti/deep-link/${outcome.token}`, 303);
      }
      return reply.header('set-cookie', clear).header('cache-control', 'no-store').redirect(`/lti/entree#code=${outcome.code}`, 303);
    }),
  );

  const token = (req: FastifyRequest) => {
    const t = (req.params as { token?: string }).token ?? '';
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(t)) throw new LtiRefusal('Adresse de choix invalide.', 404);
    return t;
  };
  app.get('/lti/deep-link/:token', { schema: hide }, async (req, reply) =>
    refuseOn(reply, app, async () => {
      const t = token(req);
      await findDeepLinkRequest(app.ctx.db, t, cookies(req)[DL_COOKIE]);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(await pickerPage(app.ctx.db, t));
    }),
  );
  app.post('/lti/deep-link/:token', { schema: hide }, async (req, reply) =>
    refuseOn(reply, app, async () => {
      const t = token(req);
      const request = await findDeepLinkRequest(app.ctx.db, t, cookies(req)[DL_COOKIE]);
      const { returnUrl, jwt } = await deepLinkResponse(app.ctx.db, t, request, fields(req.body).choice, toolUrls(baseUrl(app, req)).launch_url);
      reply.header('set-cookie', `${DL_COOKIE}=; Path=/lti; Max-Age=0`);
      return sendAutoPost(reply, returnUrl, { JWT: jwt }, 'Activité ajoutée');
    }),
  );

  app.get('/lti/register', { schema: hide }, async (req, reply) =>
    refuseOn(reply, app, async () => {
      const { origin } = await register(app.ctx.db, fields(req.query), baseUrl(app, req));
      // Moodle shows this page in a frame of its own: that origin alone may frame it.
      reply.removeHeader('x-frame-options');
      return reply
        .header('content-security-policy', `default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${origin}; base-uri 'none'`)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Inscription terminée',
            `<h1>Inscription terminée</h1><p data-lti-close>La plateforme d’examens est inscrite. Vous pouvez fermer cette fenêtre et activer l’outil dans votre plateforme de cours.</p><script src="/lti/autosubmit.js"></script>`,
          ),
        );
    }),
  );
}
