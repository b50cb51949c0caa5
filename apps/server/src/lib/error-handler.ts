// One place that turns every error into the JSON envelope: expected errors keep their French message,
// unexpected ones are logged with the request id and answered with a generic message (never a stack).
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';
import { declareErrors, inputErrors } from './responses';

const GENERIC = 'Une erreur interne est survenue. Réessayez plus tard.';

/**
 * PostgreSQL errors caused by the data sent, not by the server: a schema should have refused the value first, so
 * each is logged as a warning, but the person gets a 4xx in French rather than a 500.
 * Class 22 (data exception), 23502/23514 (missing or out-of-rule value), 54 (value too large to handle).
 */
export function badDataMessage(code: string | undefined): string | null {
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return null;
  switch (code) {
    case '22003':
      return 'Un nombre envoyé est hors des limites permises.';
    case '22P02':
      return 'Une valeur envoyée n’a pas le format attendu.';
    case '22021':
    case '22P05':
      return 'Un texte envoyé contient un caractère non autorisé.';
    case '22001':
      return 'Un texte envoyé est trop long.';
    case '22007':
    case '22008':
      return 'Une date envoyée est invalide.';
    case '23502':
      return 'Un champ obligatoire est manquant.';
    case '23514':
      return 'Une valeur envoyée ne respecte pas les règles de ce champ.';
  }
  if (code.startsWith('22')) return 'Une valeur envoyée est invalide.';
  if (code.startsWith('54')) return 'La requête est trop volumineuse pour être traitée.';
  return null;
}

function fieldOf(instancePath: string | undefined): string {
  const p = (instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean);
  return p.length ? p.join('.') : '_';
}

/** Codes of a client that went away mid-request: nothing to answer, nothing wrong on our side. */
const HANG_UPS = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'FST_ERR_REQ_ABORTED']);

export function isHangUp(err: { code?: string; message?: string }, req?: FastifyRequest): boolean {
  return HANG_UPS.has(err.code ?? '') || err.message === 'aborted' || Boolean(req?.raw.destroyed && req.raw.socket?.destroyed);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (`Content-Length: -1`, Content-Length with
 * Transfer-Encoding, oversized headers, a request too slow to arrive): a French JSON envelope, then the
 * connection is closed. A client that already hung up gets nothing.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || isHangUp(err)) {
    socket.destroy();
    return;
  }
  const [status, text, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Les en-têtes de la requête sont trop volumineux.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT'
        ? [408, 'Request Timeout', 'La requête a mis trop de temps à arriver. Réessayez.']
        : [400, 'Bad Request', 'La requête HTTP est mal formée.'];
  const body = JSON.stringify({ status: 'error', message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

const TOO_LARGE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le contenu envoyé est trop volumineux.',
  FST_REQ_FILE_TOO_LARGE: 'Le fichier dépasse la taille maximale autorisée.',
  FST_PARTS_LIMIT: 'Le formulaire envoyé contient trop de parties.',
  FST_FILES_LIMIT: 'Un seul fichier peut être envoyé à la fois.',
  FST_FIELDS_LIMIT: 'Le formulaire envoyé contient trop de champs.',
};

/**
 * The database cannot be reached (stopped, restarting, failing over, out of connections): a refused or lost
 * connection, a connection that timed out while opening (`timeout expired`), or PostgreSQL's own classes 08 (connection), 57P (shutting down,
 * starting up) and 53300 (too many connections). The call can simply be tried again in a moment.
 */
export function isDatabaseUnavailable(err: { code?: string; message?: string }): boolean {
  const code = err.code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '53300'].includes(code)) return true;
  if (/^(08|57P)/.test(code)) return true;
  return /^(Connection terminated|timeout exceeded when trying to connect|timeout expired$|Client has encountered a connection error)/.test(err.message ?? '');
}

/** The shared store (Redis) cannot be reached: ioredis gave up on a command, or its connection is closed. */
export function isSharedStoreUnavailable(err: { name?: string; message?: string }): boolean {
  return err.name === 'MaxRetriesPerRequestError' || /^(Connection is closed|Stream isn't writeable)/.test(err.message ?? '');
}

const STORE_UNAVAILABLE = 'Le service est momentanément indisponible. Réessayez dans quelques instants : rien de ce qui a été enregistré n’est perdu.';
const DATABASE_UNAVAILABLE = 'La base de données est momentanément indisponible. Réessayez dans quelques instants : rien de ce qui a été enregistré n’est perdu.';

export function registerErrorHandling(app: FastifyInstance) {
  // Each route declares the errors below that it can give (the ones its input and method expose it to).
  app.addHook('onRoute', (route) => declareErrors(route, inputErrors(route)));
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof HttpError) {
      if (err.statusCode === 429 && err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({ status: 'error', message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    // Before the hang-up test: a connection to the database reset by its restart has the same codes as a client
    // that went away, but this client is still there.
    if (isDatabaseUnavailable(err) && !req.raw.socket?.destroyed) {
      req.log.warn({ reqId: req.id, code: err.code, msg: err.message }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply.status(503).send({ status: 'error', message: DATABASE_UNAVAILABLE });
    }
    if (isSharedStoreUnavailable(err)) {
      req.log.warn({ reqId: req.id, msg: err.message }, 'shared store unavailable');
      reply.header('retry-after', '5');
      return reply.status(503).send({ status: 'error', message: STORE_UNAVAILABLE });
    }
    if (isHangUp(err, req)) {
      req.log.info({ reqId: req.id, code: err.code }, 'client went away');
      return reply.status(400).send({ status: 'error', message: 'La requête a été interrompue.' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const key = fieldOf(v.instancePath);
        const list = (errors[key] ??= []);
        const message = v.message ?? 'Valeur invalide.';
        if (!list.includes(message)) list.push(message);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.status(422).send({ status: 'error', message: first ?? 'Les données envoyées sont invalides.', errors });
    }
    // The multipart parser's own errors (no boundary, a boundary over 70 characters, a body cut short) are plain
    // errors without a code: with a multipart request they are the sender's mistake.
    if (!err.code && !err.statusCode && /^multipart\//i.test(req.headers['content-type'] ?? '')) {
      req.log.info({ err, reqId: req.id }, 'malformed multipart body');
      return reply
        .status(400)
        .send({ status: 'error', message: 'Le formulaire envoyé (multipart/form-data) est mal formé ou incomplet. Réessayez l’envoi.' });
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ status: 'error', message: 'Le corps de la requête n’est pas un JSON valide.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply.status(413).send({ status: 'error', message: TOO_LARGE[err.code] });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({
          status: 'error',
          message: 'Le type de contenu envoyé n’est pas accepté : envoyez du JSON (Content-Type: application/json).',
        });
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.status(415).send({ status: 'error', message: 'Le fichier doit être envoyé en multipart/form-data.' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(400).send({ status: 'error', message: 'La longueur annoncée du contenu ne correspond pas à ce qui a été envoyé.' });
      case '23505':
        return reply.status(409).send({ status: 'error', message: 'Cet enregistrement existe déjà.' });
      case '23503':
        return reply.status(409).send({ status: 'error', message: 'Cet enregistrement est encore utilisé ailleurs.' });
    }
    const badData = badDataMessage(err.code);
    if (badData) {
      req.log.warn({ err, reqId: req.id, url: req.routeOptions.url }, 'value refused by the database');
      return reply.status(422).send({ status: 'error', message: badData });
    }
    if (err instanceof SyntaxError || err.statusCode === 400) {
      return reply.status(400).send({ status: 'error', message: 'Requête invalide.' });
    }
    if (err.statusCode === 429) {
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.status(429).send({ status: 'error', message: 'Trop de requêtes. Réessayez dans quelques instants.' });
    }
    if (err.statusCode === 413) {
      return reply.status(413).send({ status: 'error', message: 'Le contenu envoyé est trop volumineux.' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err, reqId: req.id }, 'request refused');
      return reply.status(err.statusCode).send({ status: 'error', message: 'La requête a été refusée : elle est incomplète ou mal formée.' });
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return reply.status(500).send({ status: 'error', message: GENERIC });
  });
}
