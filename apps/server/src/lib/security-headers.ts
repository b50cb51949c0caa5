// Security headers on every answer (web app, static files, /api/docs, API JSON), through @fastify/helmet.
// The Content-Security-Policy allows scripts from our own origin only (no inline script, no eval). Styles
// also allow 'unsafe-inline': Mantine, KaTeX, MathLive, CodeMirror and swagger-ui set style attributes and
// inject <style> elements at run time. Images and fonts may be data: URIs (Vite inlines small assets,
// swagger-ui draws its icons so); blob: images are previews of a file being uploaded.
// Every JSON answer of the API is `Cache-Control: no-store` unless its route says otherwise: it may hold a
// session token, a student's answers or marks, which no browser cache or shared proxy may keep; the web app's
// hashed assets keep their long cache (set where they are served).
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'manifest-src': ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      // No upgrade-insecure-requests: the platform may be served over plain http on a campus network.
      directives: CONTENT_SECURITY_POLICY,
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Cross-origin isolation would refuse nothing we use today but is not needed.
    crossOriginEmbedderPolicy: false,
    // HSTS is the reverse proxy's business: it alone knows whether the platform is reached over https.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs') || reply.hasHeader('cache-control')) return;
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.header('cache-control', 'no-store');
  });
}
