// Calls from the tool to a platform's services (grades, class lists): an access token got with the client
// credentials grant and a JWT assertion signed with the tool's key (LTI Advantage security), kept until it expires.
import type { Db } from '../../db/schema';
import { signToolJwt } from './keys';
import type { PlatformRow } from './repository';

export const SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemRead: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

const TIMEOUT_MS = 15_000;
const tokens = new Map<string, { token: string; until: number }>();

export class PlatformCallError extends Error {}

export async function accessToken(db: Db, platform: PlatformRow, scopes: string[]): Promise<string> {
  const key = `${platform.id} ${scopes.join(' ')}`;
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const assertion = await signToolJwt(db, { iss: platform.client_id, sub: platform.client_id, aud: platform.audience ?? platform.token_url });
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    scope: scopes.join(' '),
  });
  const res = await platformFetch(platform.token_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body });
  const json = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (typeof json.access_token !== 'string') throw new PlatformCallError('La plateforme n’a pas donné de jeton d’accès.');
  const ttl = typeof json.expires_in === 'number' ? json.expires_in : 3600;
  tokens.set(key, { token: json.access_token, until: Date.now() + Math.max(0, ttl - 60) * 1000 });
  return json.access_token;
}

/** Forgets the cached tokens of a platform (a 401 from a service: the token was revoked). */
export function forgetTokens(platformId: number): void {
  for (const k of tokens.keys()) if (k.startsWith(`${platformId} `)) tokens.delete(k);
}

/** fetch with a timeout; any answer but 2xx is a PlatformCallError naming the status. */
export async function platformFetch(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new PlatformCallError(`Plateforme injoignable (${err instanceof Error ? err.message : 'erreur réseau'}).`);
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 200);
    throw new PlatformCallError(`La plateforme a répondu ${res.status}${text ? ` : ${text}` : ''}.`);
  }
  return res;
}
