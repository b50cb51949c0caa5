// Builds the Fastify application: plugins, error handling, feature routes and the web app.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { AppContext } from './lib/context';
import { clientErrorHandler, registerErrorHandling } from './lib/error-handler';
import { registerSecurityHeaders } from './lib/security-headers';
import { configurePasswordHashing } from './lib/password';
import { defaultHashSlots } from './lib/hash-pool';
import { authPlugin } from './features/auth';
import { accessLogPlugin } from './features/access-log';
import { features } from './features';

export interface BuildOptions {
  logger?: boolean;
  /** Called for every route as it is registered (the fuzz test lists the routes from the server itself). */
  onRoute?: (route: { method: string | string[]; url: string; schema?: unknown }) => void;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.LOG_LEVEL },
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    trustProxy: ctx.config.TRUST_PROXY ? ctx.config.TRUST_PROXY.split(',').map((a) => a.trim()) : false,
    // Slow clients cannot hold connections: headers must arrive within HEADERS_TIMEOUT_SECONDS (checked every
    // second), a whole request within REQUEST_TIMEOUT_SECONDS, an idle socket is closed after IDLE_SOCKET_SECONDS (30), and an idle
    // keep-alive connection after 10 s. A request being answered is not idle (see the hooks below).
    http: { headersTimeout: ctx.config.HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: 1000 },
    requestTimeout: ctx.config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: ctx.config.IDLE_SOCKET_SECONDS * 1000,
    keepAliveTimeout: 10_000,
    clientErrorHandler,
  });
  // Only JSON bodies (and multipart uploads): JSON sent as text/plain is refused with 415 rather than read as a string.
  app.removeContentTypeParser('text/plain');
  // An empty body sent as JSON is no body: clients that send Content-Type: application/json on every call, bodiless
  // ones included (logout, delete…), get the route's answer, not a 400. Anything else goes to Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.length === 0) return done(null, undefined);
    return parseJson(req, String(body), done);
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // While a request is being answered its socket is not idle, though nothing is sent: under load a handler may wait
  // longer than 30 s (a database connection, a runner slot, a long PDF) and the idle timer cut it, the proxy then
  // answering 503 to a student whose answer was on its way (seen: 4 742 of them in a room of 2 000). It is bounded by
  // REQUEST_TIMEOUT_SECONDS meanwhile, and idle again (30 s) once answered. (An injected request's socket has no timer.)
  const socketTimer = (req: { raw: { socket: { setTimeout?: (ms: number) => unknown } | null } }, ms: number) => {
    const socket = req.raw.socket;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(ms);
  };
  app.addHook('onRequest', async (req) => socketTimer(req, ctx.config.REQUEST_TIMEOUT_SECONDS * 1000));
  app.addHook('onResponse', async (req) => socketTimer(req, ctx.config.IDLE_SOCKET_SECONDS * 1000));
  app.decorate('ctx', ctx);
  configurePasswordHashing({
    slots: ctx.config.PASSWORD_HASH_SLOTS ?? defaultHashSlots(),
    nice: ctx.config.PASSWORD_HASH_NICE,
    maxWaiting: ctx.config.PASSWORD_HASH_QUEUE,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'API de la plateforme d’examens', version: '1.0.0', description: 'Enveloppe { status, message, data }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, {
    limits: { fileSize: ctx.config.UPLOAD_LIMIT_BYTES, files: 1, fields: 20, parts: 25, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  await app.register(authPlugin);
  await app.register(accessLogPlugin);
  for (const feature of features) await app.register(feature);

  const webDist = ctx.config.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up at request time, so a rebuild of the web app is served without a restart.
      wildcard: true,
      index: 'index.html',
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file.endsWith('index.html')) res.header('cache-control', 'no-cache');
      },
    });
  }

  // History-mode fallback: any GET outside /api answers the web app; unknown API paths answer JSON 404.
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    // A missing hashed asset must fail as such, not come back as the HTML page.
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api') && !url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ status: 'error', message: 'Ressource introuvable.' });
  });
  return app;
}
