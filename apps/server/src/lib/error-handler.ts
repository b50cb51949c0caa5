// One place that turns every error into the JSON envelope: expected errors keep their French message,
// unexpected ones are logged with the request id and answered with a generic message (never a stack).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ status: 'error', message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
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
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ status: 'error', message: 'Le corps de la requête n’est pas un JSON valide.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
        return reply.status(413).send({ status: 'error', message: 'Le contenu envoyé est trop volumineux.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.status(415).send({ status: 'error', message: 'Le type de contenu envoyé n’est pas accepté.' });
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
      return reply.status(429).send({ status: 'error', message: 'Trop de requêtes. Réessayez dans quelques instants.' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ status: 'error', message: 'Requête refusée.' });
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return reply.status(500).send({ status: 'error', message: GENERIC });
  });
}
