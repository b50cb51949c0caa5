// LTI Dynamic Registration 1.0: an administrator makes a single-use link; the platform's administrator pastes it
// into the platform (Moodle 4.x: « Inscrire un outil » → URL), which opens it with its openid_configuration and a
// registration_token. The tool reads the platform's configuration, posts its own client registration and stores the
// platform with the client id and deployment it was given.
import { sql } from 'kysely';
import { ltiPlatformInputSchema, type LtiPlatformInput } from '@exam/shared';
import type { Db } from '../../db/schema';
import { withTransaction } from '../../lib/transaction';
import { LtiRefusal, randomToken, sha256 } from './oidc';
import { issuerClientTaken, savePlatform } from './repository';
import { PlatformCallError, platformFetch, SCOPES } from './services';

/** A registration link works for a week, once. */
export const TICKET_TTL_MS = 7 * 24 * 3600_000;
export const TOOL_NAME = 'Plateforme d’examens';

export async function createTicket(db: Db, name: string, userId: number, base: string): Promise<{ url: string; expires_at: string }> {
  const token = randomToken();
  const expires = new Date(Date.now() + TICKET_TTL_MS);
  await db.insertInto('lti_registration_tickets').values({ token_hash: sha256(token), name, created_by: userId, expires_at: expires }).execute();
  return { url: `${base}/lti/register?ticket=${token}`, expires_at: expires.toISOString() };
}

export function toolUrls(base: string) {
  return { login_url: `${base}/lti/login`, launch_url: `${base}/lti/launch`, jwks_url: `${base}/lti/jwks`, deep_linking_url: `${base}/lti/launch` };
}

interface OpenIdConfiguration {
  issuer?: unknown;
  authorization_endpoint?: unknown;
  token_endpoint?: unknown;
  jwks_uri?: unknown;
  registration_endpoint?: unknown;
}

const isUrl = (v: unknown): v is string => typeof v === 'string' && v.length <= 1000 && /^https?:\/\//i.test(v) && URL.canParse(v);

/** Runs the registration; returns the new platform's id and the origin the page may be framed by. */
export async function register(db: Db, q: { ticket?: string; openid_configuration?: string; registration_token?: string }, base: string): Promise<{ platformId: number; origin: string }> {
  if (!q.ticket || !/^[A-Za-z0-9_-]{20,100}$/.test(q.ticket)) throw new LtiRefusal('Lien d’inscription incomplet : il manque le ticket donné par l’administrateur de la plateforme d’examens.', 403);
  const ticket = await db
    .selectFrom('lti_registration_tickets')
    .select(['name'])
    .where('token_hash', '=', sha256(q.ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!ticket) throw new LtiRefusal('Lien d’inscription inconnu, expiré ou déjà utilisé : demandez-en un nouveau à l’administrateur de la plateforme d’examens.', 403);
  if (!isUrl(q.openid_configuration)) throw new LtiRefusal('La plateforme n’a pas envoyé l’adresse de sa configuration (openid_configuration).');
  let config: OpenIdConfiguration;
  try {
    const res = await platformFetch(q.openid_configuration, { headers: { accept: 'application/json' } });
    config = (await res.json()) as OpenIdConfiguration;
  } catch (err) {
    throw new LtiRefusal(`Configuration de la plateforme illisible : ${err instanceof PlatformCallError ? err.message : 'réponse invalide.'}`, 502);
  }
  const { issuer, authorization_endpoint, token_endpoint, jwks_uri, registration_endpoint } = config ?? {};
  if (typeof issuer !== 'string' || !isUrl(authorization_endpoint) || !isUrl(token_endpoint) || !isUrl(jwks_uri) || !isUrl(registration_endpoint)) {
    throw new LtiRefusal('Configuration de la plateforme incomplète : issuer, authorization_endpoint, token_endpoint, jwks_uri et registration_endpoint sont attendus.');
  }
  // The configuration must be published under the issuer's own address (LTI Dynamic Registration, 3.5.1).
  if (!q.openid_configuration.startsWith(issuer.replace(/\/$/, ''))) throw new LtiRefusal('L’émetteur annoncé par la plateforme ne correspond pas à l’adresse de sa configuration.');

  const urls = toolUrls(base);
  const body = {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: urls.login_url,
    redirect_uris: [urls.launch_url],
    client_name: TOOL_NAME,
    jwks_uri: urls.jwks_url,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: [SCOPES.lineItem, SCOPES.lineItemRead, SCOPES.score, SCOPES.memberships].join(' '),
    'https://purl.imsglobal.org/spec/lti-tool-configuration': {
      domain: new URL(base).host,
      target_link_uri: urls.launch_url,
      description: 'Examens et entraînement en ligne.',
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [{ type: 'LtiDeepLinkingRequest', target_link_uri: urls.launch_url, label: TOOL_NAME }],
    },
  };
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (q.registration_token) headers.authorization = `Bearer ${q.registration_token.slice(0, 4000)}`;
  let answer: { client_id?: unknown; 'https://purl.imsglobal.org/spec/lti-tool-configuration'?: { deployment_id?: unknown } };
  try {
    answer = (await (await platformFetch(registration_endpoint, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as typeof answer;
  } catch (err) {
    throw new LtiRefusal(`La plateforme a refusé l’inscription : ${err instanceof PlatformCallError ? err.message : 'réponse invalide.'}`, 502);
  }
  const clientId = answer?.client_id;
  const deploymentId = answer?.['https://purl.imsglobal.org/spec/lti-tool-configuration']?.deployment_id;
  const input: LtiPlatformInput | undefined = ltiPlatformInputSchema.safeParse({
    name: ticket.name,
    issuer,
    client_id: typeof clientId === 'string' ? clientId : String(clientId ?? ''),
    deployment_ids: typeof deploymentId === 'string' || typeof deploymentId === 'number' ? [String(deploymentId)] : [],
    jwks_url: jwks_uri,
    auth_login_url: authorization_endpoint,
    token_url: token_endpoint,
  }).data;
  if (!input) throw new LtiRefusal('La réponse d’inscription de la plateforme est incomplète (client_id ou deployment_id manquant).', 502);
  if (await issuerClientTaken(db, input.issuer, input.client_id)) throw new LtiRefusal('Cette plateforme est déjà inscrite avec cet identifiant client.', 409);
  const platformId = await withTransaction(db, async (trx) => {
    const used = await trx.updateTable('lti_registration_tickets').set({ used_at: sql`now()` }).where('token_hash', '=', sha256(q.ticket!)).where('used_at', 'is', null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new LtiRefusal('Lien d’inscription déjà utilisé.', 409);
    const id = await savePlatform(trx, input, 'DYNAMIC');
    await trx.updateTable('lti_registration_tickets').set({ platform_id: id }).where('token_hash', '=', sha256(q.ticket!)).execute();
    return id;
  });
  return { platformId, origin: new URL(q.openid_configuration).origin };
}
