// What each route may answer, for the serializer (a field that is not declared never leaves the server) and the
// OpenAPI description. Every error answer is the one envelope the error handler sends.
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@exam/shared';

const ERROR_DESCRIPTIONS = {
  400: 'Requête mal formée (JSON ou multipart invalide).',
  401: 'Pas de session, ou session expirée.',
  402: 'Réservé aux étudiants premium.',
  403: 'Action non permise à ce rôle, ou mot de passe provisoire à changer d’abord.',
  404: 'Ressource introuvable.',
  409: 'Conflit avec l’état actuel (déjà utilisé, modifié entre-temps, règle métier).',
  413: 'Contenu envoyé trop volumineux.',
  415: 'Type de contenu non accepté.',
  422: 'Données envoyées invalides (messages par champ dans `errors`).',
  429: 'Trop de requêtes ; l’en-tête Retry-After dit quand réessayer.',
  503: 'Service momentanément indisponible (base de données, exécution de code) ou, pour un étudiant, hors de la fenêtre d’accès (en-tête X-Access-Window: closed).',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const errorSchemas = Object.fromEntries(
  Object.entries(ERROR_DESCRIPTIONS).map(([code, description]) => [code, errorEnvelopeSchema.describe(description)]),
) as Record<ErrorStatus, typeof errorEnvelopeSchema>;

/**
 * A route's answers: its 200 schema and the errors its own handler gives (404, 409, 402, 429…). The errors every
 * route of its kind gives (401/403 from its access, 422 from its validated input, 400/413/415 for a body, 503) are
 * added as it is registered, by `declareErrors`.
 */
export function replies<T extends z.ZodType, C extends ErrorStatus = never>(ok: T, ...codes: C[]): { 200: T } & Record<C, typeof errorEnvelopeSchema> {
  return { 200: ok.describe('Réussite : l’enveloppe { status, message, data } (et meta pour une liste).'), ...errorReplies(codes) };
}

function errorReplies<C extends ErrorStatus>(codes: C[]): Record<C, typeof errorEnvelopeSchema> {
  return Object.fromEntries(codes.map((c) => [c, errorSchemas[c]])) as Record<C, typeof errorEnvelopeSchema>;
}

/**
 * The answers of a route whose 200 is not the JSON envelope but a file or an event stream, sent as they are (never
 * through a serializer): its media type for the OpenAPI description, and the JSON errors its handler gives.
 */
export function fileReplies<C extends ErrorStatus = never>(mediaType: string, description: string, ...codes: C[]) {
  const body = z.unknown().meta({ type: 'string', format: 'binary' });
  return { 200: { description, content: { [mediaType]: { schema: body } } }, ...errorReplies(codes) };
}

/** Adds error answers to a route's declared ones (kept when already declared). */
export function declareErrors(route: RouteOptions, codes: ErrorStatus[]): void {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
  const schema = (route.schema ??= {}) as { hide?: boolean; response?: Record<string, unknown> };
  if (schema.hide) return;
  const response = (schema.response ??= {});
  for (const code of codes) response[code] ??= errorSchemas[code];
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The errors that follow from how a route is declared, whatever its handler does: 422 when it validates an input,
 * 400/413/415 when it may receive a body, 503 everywhere (the database or the shared store out of reach).
 */
export function inputErrors(route: RouteOptions): ErrorStatus[] {
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const codes: ErrorStatus[] = [503];
  if (schema.body || schema.querystring || schema.params) codes.push(422);
  if (methods.some((m) => WITH_BODY.has(m))) codes.push(400, 413, 415);
  return codes;
}
