// A simulated LTI 1.3 platform (a Moodle stand-in) for the tests: its own RSA keys (jose), its key set, OpenID
// configuration and dynamic registration served by a real HTTP server on 127.0.0.1, a token endpoint that checks the
// tool's signed assertion against the tool's key set, a line item score endpoint and a class list that record what
// they receive, and helpers to sign id tokens and to check the tool's deep-linking answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';

export const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const ROLE = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  admin: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
};

export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SimulatedPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  url: (path: string) => string;
  /** Every request the platform received, in order. */
  received: Recorded[];
  scores: () => Array<{ lineItem: string; body: Record<string, unknown>; auth: string | undefined }>;
  /** Answer this status to score posts (0: accept). */
  failScores: (status: number) => void;
  members: Array<Record<string, unknown>>;
  /** An id token signed by the platform's key (or another key, to test a forgery). */
  idToken: (claims: Record<string, unknown>, opts?: { foreignKey?: boolean; expiresIn?: number; iat?: number }) => Promise<string>;
  /** The claims of the next launch through /auth (a browser sent to /start goes through the whole OIDC flow). */
  nextLaunch: (claims: Record<string, unknown>) => void;
  /** The JWTs the tool's deep-linking answers posted back to /deep-link-return. */
  deepLinks: string[];
  /** The tool's deep-linking answer, checked against the tool's published key set. */
  verifyToolJwt: (jwt: string) => Promise<JWTPayload>;
  rotate: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startPlatform(toolJwks: () => Promise<JSONWebKeySet>, opts: { clientId?: string; deploymentId?: string } = {}): Promise<SimulatedPlatform> {
  let keys = await generateKeyPair('RS256', { extractable: true });
  let kid = `plat-${randomBytes(4).toString('hex')}`;
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const clientId = opts.clientId ?? `client-${randomBytes(4).toString('hex')}`;
  const deploymentId = opts.deploymentId ?? '1';
  const received: Recorded[] = [];
  const members: Array<Record<string, unknown>> = [];
  let scoreStatus = 0;
  const lineItems: Array<{ id: string; resourceLinkId?: string }> = [];
  const pending: Array<Record<string, unknown>> = [];
  const deepLinks: string[] = [];
  const signIdToken = async (claims: Record<string, unknown>, o: { foreignKey?: boolean; expiresIn?: number; iat?: number } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const iat = o.iat ?? now;
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (o.expiresIn ?? 300))
      .sign(o.foreignKey ? foreign.privateKey : keys.privateKey);
  };
  const verifyToolJwt = async (jwt: string) => (await jwtVerify(jwt, createLocalJWKSet(await toolJwks()))).payload;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const u = new URL(req.url ?? '/', issuer);
      received.push({ method: req.method ?? 'GET', path: u.pathname + u.search, headers: req.headers, body });
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      void (async () => {
        const html = (markup: string) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<!doctype html><html lang="fr"><head><title>Plateforme simulée</title></head><body><main>${markup}</main></body></html>`);
        };
        const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
        const autoPost = (action: string, f: Record<string, string>) =>
          html(`<form method="post" action="${esc(action)}">${Object.entries(f).map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`).join('')}<button>Envoyer</button></form><script>document.forms[0].submit()</script>`);
        // A click on the activity in the course: the browser is sent to the tool's login initiation.
        if (u.pathname === '/start') {
          return autoPost(u.searchParams.get('tool_login')!, { iss: issuer, login_hint: 'hint', target_link_uri: u.searchParams.get('target')!, client_id: clientId, lti_deployment_id: deploymentId });
        }
        // The authorisation endpoint: signs the launch the test set up, with the tool's nonce and state.
        if (u.pathname === '/auth') {
          const claims = pending.shift();
          if (!claims || u.searchParams.get('client_id') !== clientId) return json(400, { error: 'no launch' });
          const token = await signIdToken({ ...claims, nonce: u.searchParams.get('nonce') });
          return autoPost(u.searchParams.get('redirect_uri')!, { id_token: token, state: u.searchParams.get('state')! });
        }
        if (u.pathname === '/deep-link-return' && req.method === 'POST') {
          deepLinks.push(new URLSearchParams(body).get('JWT') ?? '');
          return html('<h1>Activité reçue par la plateforme</h1>');
        }
        if (u.pathname === '/jwks') return json(200, { keys: [{ ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' }] });
        if (u.pathname === '/.well-known/openid-configuration') {
          return json(200, {
            issuer,
            authorization_endpoint: `${issuer}/auth`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            registration_endpoint: `${issuer}/register`,
            'https://purl.imsglobal.org/spec/lti-platform-configuration': { product_family_code: 'moodle', version: '4.3' },
          });
        }
        if (u.pathname === '/register' && req.method === 'POST') {
          if (req.headers.authorization !== 'Bearer reg-token') return json(401, { error: 'bad registration token' });
          const reg = JSON.parse(body) as Record<string, unknown>;
          return json(200, { ...reg, client_id: clientId, 'https://purl.imsglobal.org/spec/lti-tool-configuration': { deployment_id: deploymentId } });
        }
        if (u.pathname === '/token' && req.method === 'POST') {
          const form = new URLSearchParams(body);
          try {
            const { payload } = await jwtVerify(form.get('client_assertion') ?? '', createLocalJWKSet(await toolJwks()), { issuer: clientId, subject: clientId, audience: `${issuer}/token` });
            if (!payload.jti) throw new Error('no jti');
          } catch {
            return json(401, { error: 'invalid_client' });
          }
          return json(200, { access_token: `tok-${randomBytes(6).toString('hex')}`, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') });
        }
        if (u.pathname === '/lineitems' && req.method === 'GET') return json(200, lineItems.filter((li) => li.resourceLinkId === u.searchParams.get('resource_link_id')));
        if (u.pathname === '/lineitems' && req.method === 'POST') {
          const li = { ...(JSON.parse(body) as Record<string, unknown>), id: `${issuer}/lineitems/${lineItems.length + 100}` };
          lineItems.push(li as { id: string; resourceLinkId?: string });
          return json(201, li);
        }
        if (/^\/lineitems\/[^/]+\/scores$/.test(u.pathname) && req.method === 'POST') {
          if (scoreStatus) return json(scoreStatus, { error: 'down' });
          return json(200, {});
        }
        if (u.pathname === '/nrps') {
          const page = Number(u.searchParams.get('page') ?? '1');
          const half = Math.ceil(members.length / 2);
          const slice = page === 1 ? members.slice(0, half) : members.slice(half);
          return json(200, { id: u.toString(), context: { id: 'course-1' }, members: slice }, page === 1 ? { link: `<${issuer}/nrps?page=2>; rel="next"` } : {});
        }
        json(404, { error: 'not found' });
      })().catch((err: unknown) => json(500, { error: String(err) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    deploymentId,
    url: (path) => `${issuer}${path}`,
    received,
    members,
    scores: () =>
      received
        .filter((r) => r.method === 'POST' && /\/scores$/.test(r.path))
        .map((r) => ({ lineItem: r.path.replace(/\/scores$/, ''), body: JSON.parse(r.body) as Record<string, unknown>, auth: r.headers.authorization })),
    failScores: (status) => {
      scoreStatus = status;
    },
    idToken: signIdToken,
    nextLaunch: (claims) => void pending.push(claims),
    deepLinks,
    verifyToolJwt,
    rotate: async () => {
      keys = await generateKeyPair('RS256', { extractable: true });
      kid = `plat-${randomBytes(4).toString('hex')}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
