// OpenID Connect third-party login and the check of the platform's signed id token (LTI 1.3 core, section 5).
// Every refusal is an LtiRefusal with a French reason; nothing is written before every check has passed, except
// by `acceptLaunch` which records the nonce and consumes the state in the caller's transaction.
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { hasDeployment, platformsOfIssuer, type PlatformRow } from './repository';

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  deepLinking: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A login started here must come back within ten minutes. */
const STATE_TTL_MS = 10 * 60_000;
/** An id token older than this is refused even if its exp is later (platforms give 1 minute to 1 hour). */
const MAX_TOKEN_AGE_S = 3600;
const CLOCK_TOLERANCE_S = 30;

export class LtiRefusal extends Error {
  constructor(
    message: string,
    public readonly status = 400,
  ) {
    super(message);
  }
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** The cookie that binds a state to the browser that started the login (several launches may run side by side). */
export const stateCookieName = (state: string) => `lti_state_${sha256(state).slice(0, 16)}`;

/** Key sets of the platforms, fetched and cached by jose (fetched again when a token names an unknown key). */
const keySets = new Map<string, JWTVerifyGetKey>();
function platformKeySet(url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
    keySets.set(url, set);
  }
  return set;
}

export interface LoginInitiation {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

async function platformFor(db: Db, issuer: string, clientId?: string): Promise<PlatformRow> {
  const all = await platformsOfIssuer(db, issuer);
  const found = clientId ? all.find((p) => p.client_id === clientId) : all.length === 1 ? all[0] : undefined;
  if (!found) {
    if (all.length > 1 && !clientId) throw new LtiRefusal('Plusieurs inscriptions existent pour cette plateforme : elle doit indiquer son identifiant client (client_id).');
    throw new LtiRefusal('Plateforme inconnue : cette plateforme de cours n’est pas inscrite ici (émetteur ou identifiant client non reconnu).', 403);
  }
  return found;
}

/** Step 1: the platform sends the browser here; we answer with the redirection to its authorisation endpoint. */
export async function initiateLogin(db: Db, p: LoginInitiation, launchUrl: string): Promise<{ redirect: string; state: string }> {
  if (!p.iss || !p.login_hint || !p.target_link_uri) {
    throw new LtiRefusal('Demande de connexion incomplète : la plateforme doit envoyer iss, login_hint et target_link_uri.');
  }
  const platform = await platformFor(db, p.iss, p.client_id);
  const state = randomToken();
  const nonce = randomToken(24);
  await db
    .insertInto('lti_launch_states')
    .values({ state_hash: sha256(state), platform_id: platform.id, nonce, expires_at: new Date(Date.now() + STATE_TTL_MS) })
    .execute();
  const url = new URL(platform.auth_login_url);
  const params: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.client_id,
    redirect_uri: launchUrl,
    login_hint: p.login_hint,
    state,
    nonce,
  };
  if (p.lti_message_hint) params.lti_message_hint = p.lti_message_hint;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { redirect: url.toString(), state };
}

export interface VerifiedLaunch {
  platform: PlatformRow;
  claims: JWTPayload & Record<string, unknown>;
  messageType: MessageType;
  deploymentId: string;
  nonce: string;
  stateHash: string;
}

/**
 * Step 2: the id token posted back. Checked in full before anything is written: known platform (iss + aud/azp), the
 * signature against the platform's key set, exp/iat, nonce never used, state bound to this browser's cookie and
 * issued with this nonce, deployment registered, LTI version 1.3.0 and a supported message type.
 */
export async function verifyLaunch(db: Db, form: { id_token?: string; state?: string }, cookies: Record<string, string>): Promise<VerifiedLaunch> {
  if (!form.id_token || !form.state) throw new LtiRefusal('Lancement incomplet : le jeton d’identité (id_token) ou l’état (state) manque.');
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(form.id_token);
  } catch {
    throw new LtiRefusal('Jeton d’identité illisible : ce n’est pas un JWT.');
  }
  if (typeof unverified.iss !== 'string') throw new LtiRefusal('Jeton d’identité sans émetteur (iss).');
  const aud = Array.isArray(unverified.aud) ? unverified.aud : typeof unverified.aud === 'string' ? [unverified.aud] : [];
  const azp = typeof unverified.azp === 'string' ? unverified.azp : undefined;
  if (aud.length > 1 && !azp) throw new LtiRefusal('Jeton d’identité à plusieurs destinataires sans « azp » : refusé.');
  const clientId = azp ?? aud[0];
  if (!clientId) throw new LtiRefusal('Jeton d’identité sans destinataire (aud).');
  const platform = await platformFor(db, unverified.iss, clientId);

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(form.id_token, platformKeySet(platform.jwks_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384'],
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (err) {
    throw refusalOfJose(err);
  }
  if (azp !== undefined && azp !== platform.client_id) throw new LtiRefusal('Le destinataire autorisé (azp) du jeton n’est pas cet outil.', 401);

  const nonce = String(claims.nonce);
  const used = await db.selectFrom('lti_nonces').select('nonce').where('platform_id', '=', platform.id).where('nonce', '=', nonce).executeTakeFirst();
  if (used) throw new LtiRefusal('Ce jeton a déjà servi (nonce rejoué) : un lancement ne peut être utilisé qu’une fois.', 401);

  const stateHash = sha256(form.state);
  const cookie = cookies[stateCookieName(form.state)];
  const stored = await db.selectFrom('lti_launch_states').select(['platform_id', 'nonce', 'expires_at']).where('state_hash', '=', stateHash).executeTakeFirst();
  if (!cookie || cookie !== form.state || !stored || stored.platform_id !== platform.id || new Date(stored.expires_at).getTime() < Date.now()) {
    throw new LtiRefusal('État de connexion invalide ou expiré : le lancement ne vient pas de la connexion ouverte dans ce navigateur. Relancez l’activité depuis la plateforme.', 401);
  }
  if (stored.nonce !== nonce) throw new LtiRefusal('Le nonce du jeton ne correspond pas à la connexion ouverte dans ce navigateur.', 401);

  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !(await hasDeployment(db, platform.id, deploymentId))) {
    throw new LtiRefusal('Déploiement non enregistré : l’identifiant de déploiement envoyé par la plateforme n’est pas inscrit ici.', 403);
  }
  if (claims[CLAIM.version] !== '1.3.0') throw new LtiRefusal('Version LTI non prise en charge : seule la version 1.3.0 est acceptée.');
  const messageType = claims[CLAIM.messageType];
  if (!MESSAGE_TYPES.includes(messageType as MessageType)) {
    throw new LtiRefusal('Type de message LTI non pris en charge : seuls le lancement d’une activité et l’ajout d’une activité (liens profonds) sont acceptés.');
  }
  return { platform, claims: claims as VerifiedLaunch['claims'], messageType: messageType as MessageType, deploymentId, nonce, stateHash };
}

function refusalOfJose(err: unknown): LtiRefusal {
  if (err instanceof joseErrors.JWTExpired) return new LtiRefusal('Jeton d’identité expiré : relancez l’activité depuis la plateforme.', 401);
  if (err instanceof joseErrors.JWSSignatureVerificationFailed || err instanceof joseErrors.JWKSNoMatchingKey) {
    return new LtiRefusal('Signature invalide : le jeton n’a pas été signé par une clé publiée de la plateforme.', 401);
  }
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    return new LtiRefusal(`Jeton d’identité refusé : la revendication « ${err.claim} » n’est pas valable (${err.reason === 'check_failed' ? 'valeur inattendue' : 'absente ou mal formée'}).`, 401);
  }
  if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid || (err instanceof Error && /fetch|ECONNREFUSED|Expected 200/i.test(err.message))) {
    return new LtiRefusal('Les clés publiques de la plateforme sont injoignables ou illisibles : impossible de vérifier la signature.', 502);
  }
  return new LtiRefusal('Jeton d’identité invalide : sa signature ou son format ne peut être vérifié.', 401);
}

/** In the launch's transaction: the nonce is recorded (a second use is refused by its key) and the state consumed. */
export async function acceptLaunch(trx: Db, v: VerifiedLaunch): Promise<void> {
  const exp = typeof v.claims.exp === 'number' ? new Date(v.claims.exp * 1000 + CLOCK_TOLERANCE_S * 1000) : new Date(Date.now() + 3600_000);
  const inserted = await trx
    .insertInto('lti_nonces')
    .values({ platform_id: v.platform.id, nonce: v.nonce, expires_at: exp })
    .onConflict((oc) => oc.columns(['platform_id', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!inserted) throw new LtiRefusal('Ce jeton a déjà servi (nonce rejoué) : un lancement ne peut être utilisé qu’une fois.', 401);
  const consumed = await trx.deleteFrom('lti_launch_states').where('state_hash', '=', v.stateHash).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
  if (Number(consumed.numDeletedRows) !== 1) throw new LtiRefusal('État de connexion déjà utilisé ou expiré. Relancez l’activité depuis la plateforme.', 401);
}
