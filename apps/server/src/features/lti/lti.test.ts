// LTI 1.3 against a platform simulated in the suite (test/lti-platform.ts: its own keys, a real HTTP server for its
// key set, token, score and class list endpoints), on a real PGlite database, through the app's own routes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JSONWebKeySet } from 'jose';
import { ltiGradesEnvelopeSchema } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { LTI, ROLE, startPlatform, type SimulatedPlatform } from '../../../test/lti-platform';
import { sendDueGrades, syncGrades } from './ags';

let t: TestApp;
let p: SimulatedPlatform;
let adminToken = '';
let examId = 0;
let structure: { yearId: number; specializationId: number };
const TOOL = 'http://localhost:80';

const toolJwks = async () => (await t.app.inject({ method: 'GET', url: '/lti/jwks' })).json() as JSONWebKeySet;

beforeAll(async () => {
  t = await createTestApp();
  p = await startPlatform(toolJwks);
  adminToken = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  structure = await seedStructure(t.ctx);
  const q = await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow();
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel d’algèbre', academic_year_id: structure.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3600_000), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  examId = e.id;
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: examId, specialization_id: structure.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: examId, question_id: q.id, position: 0, points: 12.5 }).execute();
}, 60_000);
afterAll(async () => {
  await p?.close();
  await t?.close();
});

const counts = async () => {
  const one = async (table: 'users' | 'lti_user_links' | 'lti_contexts' | 'lti_resource_links' | 'lti_handoffs' | 'lti_nonces' | 'student_enrolments') =>
    Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { users: await one('users'), links: await one('lti_user_links'), contexts: await one('lti_contexts'), resources: await one('lti_resource_links'), handoffs: await one('lti_handoffs'), nonces: await one('lti_nonces'), enrolments: await one('student_enrolments') };
};

async function registerByHand(platform: SimulatedPlatform) {
  const res = await t.app.inject(
    authed(adminToken, {
      method: 'POST',
      url: '/api/admin/lti/platforms',
      payload: {
        name: 'Moodle de test',
        issuer: platform.issuer,
        client_id: platform.clientId,
        deployment_ids: [platform.deploymentId],
        jwks_url: platform.url('/jwks'),
        auth_login_url: platform.url('/auth'),
        token_url: platform.url('/token'),
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** The browser's first step: the platform sends it to /lti/login; the tool answers a redirection and a state cookie. */
async function startLogin(platform = p) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/lti/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ iss: platform.issuer, login_hint: 'hint', target_link_uri: `${TOOL}/lti/launch`, client_id: platform.clientId }).toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(location.origin + location.pathname).toBe(platform.url('/auth'));
  expect(location.searchParams.get('redirect_uri')).toBe(`${TOOL}/lti/launch`);
  expect(location.searchParams.get('response_mode')).toBe('form_post');
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return { state: location.searchParams.get('state')!, nonce: location.searchParams.get('nonce')!, cookie };
}

function claims(nonce: string, over: Record<string, unknown> = {}) {
  return {
    sub: 'moodle-user-1',
    nonce,
    given_name: 'Camille',
    family_name: 'Martin',
    email: 'camille.martin@moodle.example',
    [`${LTI}message_type`]: 'LtiResourceLinkRequest',
    [`${LTI}version`]: '1.3.0',
    [`${LTI}deployment_id`]: p.deploymentId,
    [`${LTI}target_link_uri`]: `${TOOL}/lti/launch`,
    [`${LTI}resource_link`]: { id: 'rl-1', title: 'Partiel (Moodle)' },
    [`${LTI}roles`]: [ROLE.learner],
    [`${LTI}context`]: { id: 'course-1', label: 'ALG1', title: 'Algèbre 1' },
    ...over,
  };
}

async function postLaunch(idToken: string, state: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/lti/launch',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ id_token: idToken, state }).toString(),
  });
}

/** A whole launch; answers the launch's response and, for a session, the session the web app gets. */
async function launch(over: Record<string, unknown> = {}) {
  const { state, nonce, cookie } = await startLogin();
  const res = await postLaunch(await p.idToken(claims(nonce, over)), state, cookie);
  return res;
}

async function session(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(303);
  const code = /#code=([A-Za-z0-9_-]+)$/.exec(String(res.headers.location))![1];
  const s = await t.app.inject({ method: 'POST', url: '/api/lti/session', payload: { code } });
  expect(s.statusCode, s.body).toBe(200);
  return s.json().data as { user: { id: number; role: string; token: string; first_name: string; email: string }; target: string };
}

describe('tool keys', () => {
  it('publishes its key set, and a rotated key stays published beside the new one', async () => {
    const before = await toolJwks();
    expect(before.keys).toHaveLength(1);
    expect(before.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(before.keys[0]).not.toHaveProperty('d');
    const r = await t.app.inject(authed(adminToken, { method: 'POST', url: '/api/admin/lti/keys/rotate' }));
    expect(r.statusCode).toBe(200);
    const after = await toolJwks();
    expect(after.keys.map((k) => k.kid).sort()).toEqual([before.keys[0].kid, r.json().data.kid].sort());
    expect(after.keys.every((k) => !('d' in k))).toBe(true);
  });
});

describe('registration', () => {
  it('lets only administrators register a platform, with French validation', async () => {
    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    expect((await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/lti/platforms' }))).statusCode).toBe(403);
    const bad = await t.app.inject(authed(adminToken, { method: 'POST', url: '/api/admin/lti/platforms', payload: { name: 'X', issuer: 'x', client_id: 'c', deployment_ids: [], jwks_url: 'pas une adresse', auth_login_url: 'https://a', token_url: 'https://b' } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.jwks_url[0]).toMatch(/doit être une adresse web/);
    expect(bad.json().errors.deployment_ids[0]).toMatch(/au moins un/);
  });

  it('registers the simulated platform by hand, and refuses it twice', async () => {
    await registerByHand(p);
    const list = await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/lti/platforms' }));
    expect(list.json().data.platforms[0]).toMatchObject({ issuer: p.issuer, client_id: p.clientId, deployment_ids: ['1'], registered_by: 'MANUAL' });
    expect(list.json().data.tool).toMatchObject({ login_url: `${TOOL}/lti/login`, launch_url: `${TOOL}/lti/launch`, jwks_url: `${TOOL}/lti/jwks` });
    const again = await t.app.inject(
      authed(adminToken, { method: 'POST', url: '/api/admin/lti/platforms', payload: { name: 'Doublon', issuer: p.issuer, client_id: p.clientId, deployment_ids: ['1'], jwks_url: p.url('/jwks'), auth_login_url: p.url('/auth'), token_url: p.url('/token') } }),
    );
    expect(again.statusCode).toBe(409);
  });

  it('registers a platform by LTI Dynamic Registration from a single-use link', async () => {
    const other = await startPlatform(toolJwks, { deploymentId: 'dep-42' });
    try {
      const link = await t.app.inject(authed(adminToken, { method: 'POST', url: '/api/admin/lti/registration-links', payload: { name: 'Moodle de l’université' } }));
      expect(link.statusCode).toBe(200);
      const url = new URL(link.json().data.url);
      expect(url.pathname).toBe('/lti/register');
      const q = new URLSearchParams({ ticket: url.searchParams.get('ticket')!, openid_configuration: other.url('/.well-known/openid-configuration'), registration_token: 'reg-token' });
      const res = await t.app.inject({ method: 'GET', url: `/lti/register?${q}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('Inscription terminée');
      expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${other.issuer}`);
      expect(res.headers['x-frame-options']).toBeUndefined();
      // What the tool told the platform about itself.
      const sent = JSON.parse(other.received.find((r) => r.path === '/register')!.body);
      expect(sent).toMatchObject({ initiate_login_uri: `${TOOL}/lti/login`, redirect_uris: [`${TOOL}/lti/launch`], jwks_uri: `${TOOL}/lti/jwks`, token_endpoint_auth_method: 'private_key_jwt' });
      expect(sent.scope).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
      const stored = await t.ctx.db.selectFrom('lti_platforms').selectAll().where('issuer', '=', other.issuer).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ name: 'Moodle de l’université', client_id: other.clientId, registered_by: 'DYNAMIC', token_url: other.url('/token') });
      const deps = await t.ctx.db.selectFrom('lti_deployments').select('deployment_id').where('platform_id', '=', stored.id).execute();
      expect(deps).toEqual([{ deployment_id: 'dep-42' }]);
      // The link works once.
      const twice = await t.app.inject({ method: 'GET', url: `/lti/register?${q}` });
      expect(twice.statusCode).toBe(403);
      expect(twice.body).toContain('déjà utilisé');
    } finally {
      await other.close();
    }
  });

  it('refuses a registration without a ticket, creating nothing', async () => {
    const before = await t.ctx.db.selectFrom('lti_platforms').select('id').execute();
    const res = await t.app.inject({ method: 'GET', url: `/lti/register?openid_configuration=${encodeURIComponent(p.url('/.well-known/openid-configuration'))}` });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('ticket');
    expect(await t.ctx.db.selectFrom('lti_platforms').select('id').execute()).toEqual(before);
  });
});

describe('launch', () => {
  it('signs a learner in without a password, as a student matched by (platform, subject)', async () => {
    const s = await session(await launch());
    expect(s.user).toMatchObject({ role: 'STUDENT', first_name: 'Camille', email: 'camille.martin@moodle.example' });
    expect(s.target).toBe('/student');
    const profile = await t.app.inject(authed(s.user.token, { method: 'GET', url: '/api/admin/users/profile' }));
    expect(profile.statusCode).toBe(200);
    // The same subject with another name is the same person; another subject with the same name is not.
    const again = await session(await launch({ given_name: 'Camille-Renommée' }));
    expect(again.user.id).toBe(s.user.id);
    const namesake = await session(await launch({ sub: 'moodle-user-2' }));
    expect(namesake.user.id).not.toBe(s.user.id);
    // The namesake's e-mail was taken: it gets an address of its own, never the other account.
    expect(namesake.user.email).toMatch(/@lti\.invalid$/);
    const ctx = await t.ctx.db.selectFrom('lti_contexts').selectAll().where('context_id', '=', 'course-1').executeTakeFirstOrThrow();
    expect(ctx).toMatchObject({ title: 'Algèbre 1', label: 'ALG1' });
  });

  it('answers a hand-off code once', async () => {
    const res = await launch({ sub: 'moodle-once' });
    const code = /#code=(.+)$/.exec(String(res.headers.location))![1];
    expect((await t.app.inject({ method: 'POST', url: '/api/lti/session', payload: { code } })).statusCode).toBe(200);
    const twice = await t.app.inject({ method: 'POST', url: '/api/lti/session', payload: { code } });
    expect(twice.statusCode).toBe(401);
    expect(twice.json().message).toMatch(/expiré ou a déjà servi/);
  });

  it('makes instructors and administrators teachers', async () => {
    expect((await session(await launch({ sub: 'prof-1', [`${LTI}roles`]: [ROLE.instructor] }))).user.role).toBe('TEACHER');
    expect((await session(await launch({ sub: 'admin-1', [`${LTI}roles`]: [ROLE.admin] }))).user.role).toBe('TEACHER');
    expect((await session(await launch({ sub: 'nobody-1', [`${LTI}roles`]: [] }))).user.role).toBe('STUDENT');
  });

  it('also starts a login from a GET', async () => {
    const q = new URLSearchParams({ iss: p.issuer, login_hint: 'h', target_link_uri: `${TOOL}/lti/launch`, client_id: p.clientId });
    const res = await t.app.inject({ method: 'GET', url: `/lti/login?${q}` });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).toMatch(/^lti_state_[0-9a-f]{16}=.+; Path=\/lti; HttpOnly; Max-Age=600; SameSite=Lax/);
  });
});

describe('refused launches: a French page saying what failed, and nothing created', () => {
  async function refused(make: () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>, expected: RegExp) {
    const before = await counts();
    const res = await make();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toMatch(expected);
    expect(res.body).toContain('Aucun compte ni aucune donnée n’a été créé');
    expect(await counts()).toEqual(before);
    return res;
  }

  it('an unknown platform (at login and at launch)', async () => {
    await refused(
      () => t.app.inject({ method: 'GET', url: `/lti/login?${new URLSearchParams({ iss: 'https://inconnue.example', login_hint: 'h', target_link_uri: `${TOOL}/lti/launch` })}` }),
      /Plateforme inconnue/,
    );
    const { state, nonce, cookie } = await startLogin();
    const stranger = await startPlatform(toolJwks, { clientId: p.clientId });
    try {
      await refused(async () => postLaunch(await stranger.idToken(claims(nonce)), state, cookie), /Plateforme inconnue/);
    } finally {
      await stranger.close();
    }
  });

  it('a bad signature (a key the platform never published), and a tampered token', async () => {
    const { state, nonce, cookie } = await startLogin();
    await refused(async () => postLaunch(await p.idToken(claims(nonce), { foreignKey: true }), state, cookie), /Signature invalide/);
    const good = await p.idToken(claims(nonce, { [`${LTI}roles`]: [ROLE.learner] }));
    const [h, body, sig] = good.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    payload[`${LTI}roles`] = [ROLE.instructor];
    const tampered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    await refused(() => postLaunch(tampered, state, cookie), /Signature invalide/);
  });

  it('a replayed nonce', async () => {
    const first = await startLogin();
    const token = await p.idToken(claims(first.nonce, { sub: 'replay-1' }));
    expect((await postLaunch(token, first.state, first.cookie)).statusCode).toBe(303);
    // The same token again, even inside a fresh login of the same browser.
    const second = await startLogin();
    await refused(() => postLaunch(token, second.state, second.cookie), /nonce rejoué/);
  });

  it('an expired token', async () => {
    const { state, nonce, cookie } = await startLogin();
    const old = Math.floor(Date.now() / 1000) - 600;
    await refused(async () => postLaunch(await p.idToken(claims(nonce), { iat: old, expiresIn: 60 }), state, cookie), /Jeton d’identité expiré/);
  });

  it('a deployment that is not registered', async () => {
    const { state, nonce, cookie } = await startLogin();
    await refused(async () => postLaunch(await p.idToken(claims(nonce, { [`${LTI}deployment_id`]: 'autre-déploiement' })), state, cookie), /Déploiement non enregistré/);
  });

  it('a bad state: no cookie, another browser’s cookie, or a state never issued', async () => {
    const { state, nonce, cookie } = await startLogin();
    const token = await p.idToken(claims(nonce));
    await refused(() => postLaunch(token, state), /État de connexion invalide/);
    const other = await startLogin();
    await refused(() => postLaunch(token, state, other.cookie), /État de connexion invalide/);
    await refused(() => postLaunch(token, 'etat-invente-etat-invente', cookie), /État de connexion invalide/);
  });

  it('too many logins from one address in a minute (a flood, not a lecture hall)', async () => {
    for (let i = 0; i < 1200; i++) await t.ctx.kv.incr('rate:lti:192.0.2.99', 60);
    const q = new URLSearchParams({ iss: p.issuer, login_hint: 'h', target_link_uri: `${TOOL}/lti/launch`, client_id: p.clientId });
    const res = await refused(() => t.app.inject({ method: 'GET', url: `/lti/login?${q}`, remoteAddress: '192.0.2.99' }), /Trop de connexions depuis votre adresse/);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
  });

  it('another LTI version, another message type, another audience', async () => {
    let l = await startLogin();
    await refused(async () => postLaunch(await p.idToken(claims(l.nonce, { [`${LTI}version`]: '1.1' })), l.state, l.cookie), /Version LTI non prise en charge/);
    l = await startLogin();
    await refused(async () => postLaunch(await p.idToken(claims(l.nonce, { [`${LTI}message_type`]: 'LtiSubmissionReviewRequest' })), l.state, l.cookie), /Type de message LTI non pris en charge/);
    l = await startLogin();
    await refused(async () => postLaunch(await p.idToken(claims(l.nonce, { aud: [p.clientId, 'autre'], azp: 'autre' })), l.state, l.cookie), /azp|destinataire|Plateforme inconnue/);
  });
});

describe('deep linking, then grades back', () => {
  let lineItem = '';

  it('lets an instructor pick an exam and answers a signed resource link with its line item', async () => {
    const res = await launch({
      sub: 'prof-dl',
      [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI}roles`]: [ROLE.instructor],
      [`${LTI}resource_link`]: undefined,
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': { deep_link_return_url: p.url('/deep-link-return'), accept_types: ['ltiResourceLink'], data: 'opaque-42' },
    });
    expect(res.statusCode, res.body).toBe(303);
    const picker = String(res.headers.location);
    const dlCookie = (res.headers['set-cookie'] as string[]).find((c) => c.startsWith('lti_dl='))!.split(';')[0];
    // Another browser (no cookie) cannot use the picker.
    expect((await t.app.inject({ method: 'GET', url: picker })).statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: picker, headers: { cookie: dlCookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Partiel d’algèbre');
    expect(page.body).toContain(`value="exam:${examId}"`);
    const answer = await t.app.inject({ method: 'POST', url: picker, headers: { cookie: dlCookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `choice=exam%3A${examId}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain(`action="${p.url('/deep-link-return')}"`);
    expect(answer.headers['content-security-policy']).toContain(`form-action ${p.issuer}`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(answer.body)![1];
    const payload = await p.verifyToolJwt(jwt);
    expect(payload).toMatchObject({ iss: p.clientId, aud: [p.issuer], [`${LTI}message_type`]: 'LtiDeepLinkingResponse', [`${LTI}version`]: '1.3.0', [`${LTI}deployment_id`]: '1', 'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'opaque-42' });
    const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Array<Record<string, unknown>>;
    expect(items).toEqual([
      { type: 'ltiResourceLink', title: 'Partiel d’algèbre', url: `${TOOL}/lti/launch`, custom: { exam_id: String(examId) }, lineItem: { scoreMaximum: 12.5, label: 'Partiel d’algèbre', resourceId: `exam-${examId}`, tag: 'exam' } },
    ]);
    // The request is used up.
    expect((await t.app.inject({ method: 'POST', url: picker, headers: { cookie: dlCookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `choice=exam%3A${examId}` })).statusCode).toBe(410);
  });

  it('refuses a deep-linking request from a learner', async () => {
    const before = await counts();
    const res = await launch({ sub: 'learner-dl', [`${LTI}message_type`]: 'LtiDeepLinkingRequest', 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': { deep_link_return_url: p.url('/r') } });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Seul un enseignant');
    expect(await counts()).toEqual(before);
  });

  it('sends a student’s final score once to the line item of the activity, again only when it changes', async () => {
    lineItem = p.url('/lineitems/7');
    const ags = { scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score', 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem'], lineitems: p.url('/lineitems'), lineitem: lineItem };
    const student = await session(
      await launch({ sub: 'eleve-ags', email: 'eleve.ags@moodle.example', [`${LTI}resource_link`]: { id: 'rl-exam', title: 'Partiel' }, [`${LTI}custom`]: { exam_id: String(examId) }, 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': ags }),
    );
    expect(student.target).toBe(`/student/exams/${examId}/handle`);
    // Enrolled in the exam's year and parcours, so the exam is theirs to take.
    const enrolment = await t.ctx.db.selectFrom('student_enrolments').selectAll().where('user_id', '=', student.user.id).execute();
    expect(enrolment).toEqual([{ user_id: student.user.id, academic_year_id: structure.yearId, specialization_id: structure.specializationId }]);
    const exams = await t.app.inject(authed(student.user.token, { method: 'GET', url: '/api/student/exams' }));
    expect(JSON.stringify(exams.json().data)).toContain('Partiel d’algèbre');

    // An attempt not yet final sends nothing.
    const attempt = await t.ctx.db
      .insertInto('exam_attempts')
      .values({ exam_id: examId, user_id: student.user.id, started_at: new Date(), deadline: new Date(Date.now() + 3600_000), score: 5, max_score: 12.5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncGrades(t.ctx.db);
    await sendDueGrades(t.ctx.db);
    expect(p.scores()).toEqual([]);

    await t.ctx.db.updateTable('exam_attempts').set({ finished_at: new Date(), drafts_settled_at: new Date(), score: 10 }).where('id', '=', attempt.id).execute();
    await syncGrades(t.ctx.db);
    expect(await sendDueGrades(t.ctx.db)).toEqual({ sent: 1, failed: 0 });
    await syncGrades(t.ctx.db);
    expect(await sendDueGrades(t.ctx.db)).toEqual({ sent: 0, failed: 0 });
    expect(p.scores()).toHaveLength(1);
    const [score] = p.scores();
    expect(score.lineItem).toBe('/lineitems/7');
    expect(score.auth).toMatch(/^Bearer tok-/);
    expect(score.body).toMatchObject({ userId: 'eleve-ags', scoreGiven: 10, scoreMaximum: 12.5, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    // The token was asked with a client assertion the platform checked against the tool's key set.
    expect(p.received.some((r) => r.path === '/token' && r.body.includes('client_assertion_type=urn%3Aietf'))).toBe(true);
    // No line item was ever made: the deep link's (named by the launch) is the one.
    expect(p.received.filter((r) => r.path.startsWith('/lineitems') && !r.path.endsWith('/scores'))).toEqual([]);

    // A regrade changes the score: sent once more.
    await t.ctx.db.updateTable('exam_attempts').set({ score: 11.25 }).where('id', '=', attempt.id).execute();
    await syncGrades(t.ctx.db);
    await sendDueGrades(t.ctx.db);
    await syncGrades(t.ctx.db);
    await sendDueGrades(t.ctx.db);
    expect(p.scores().map((s) => s.body.scoreGiven)).toEqual([10, 11.25]);

    const staff = async () => {
      const r = await t.app.inject(authed(adminToken, { method: 'GET', url: `/api/admin/lti/grades?exam_id=${examId}` }));
      expect(r.statusCode).toBe(200);
      return ltiGradesEnvelopeSchema.parse(r.json()).data;
    };
    expect(await staff()).toEqual([expect.objectContaining({ user_id: student.user.id, score_given: 11.25, sent_score: 11.25, state: 'SENT', tries: 0 })]);

    // A copy back in correction (a mean withdrawn when a rubric changed): the grade is withdrawn from the platform,
    // told it awaits a person's correction (no score, which the platform clears), once.
    const questionId = (await t.ctx.db.selectFrom('exam_questions').select('question_id').where('exam_id', '=', examId).executeTakeFirstOrThrow()).question_id;
    const sub = await t.ctx.db
      .insertInto('exam_submissions')
      .values({ attempt_id: attempt.id, question_id: questionId, submission_id: randomUUID(), answer: JSON.stringify({ text: 'Ma copie.' }), pending: 1, details: JSON.stringify({ pending: true }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await syncGrades(t.ctx.db)).toBe(1);
    expect(await sendDueGrades(t.ctx.db)).toEqual({ sent: 1, failed: 0 });
    await syncGrades(t.ctx.db);
    expect(await sendDueGrades(t.ctx.db)).toEqual({ sent: 0, failed: 0 });
    const withdrawn = p.scores().at(-1)!;
    expect(withdrawn.body).toMatchObject({ userId: 'eleve-ags', activityProgress: 'Completed', gradingProgress: 'PendingManual' });
    expect(withdrawn.body).not.toHaveProperty('scoreGiven');
    expect(p.scores()).toHaveLength(3);
    expect(await staff()).toEqual([expect.objectContaining({ score_given: null, sent_score: null, state: 'SENT' })]);
    // Marked again: the score goes.
    await t.ctx.db.updateTable('exam_submissions').set({ pending: 0 }).where('id', '=', sub.id).execute();
    await syncGrades(t.ctx.db);
    await sendDueGrades(t.ctx.db);
    expect(p.scores().map((s) => [s.body.scoreGiven, s.body.gradingProgress])).toEqual([
      [10, 'FullyGraded'],
      [11.25, 'FullyGraded'],
      [undefined, 'PendingManual'],
      [11.25, 'FullyGraded'],
    ]);
    expect(await staff()).toEqual([expect.objectContaining({ score_given: 11.25, sent_score: 11.25, state: 'SENT' })]);
  });

  it('keeps a grade the platform refuses, backs off, and sends it when the platform is back', async () => {
    const student = await session(
      await launch({ sub: 'eleve-panne', email: 'panne@moodle.example', [`${LTI}resource_link`]: { id: 'rl-exam', title: 'Partiel' }, [`${LTI}custom`]: { exam_id: String(examId) } }),
    );
    await t.ctx.db.insertInto('exam_attempts').values({ exam_id: examId, user_id: student.user.id, started_at: new Date(), deadline: new Date(), finished_at: new Date(), drafts_settled_at: new Date(), score: 7, max_score: 12.5 }).execute();
    p.failScores(503);
    const sentBefore = p.scores().length;
    await syncGrades(t.ctx.db);
    expect(await sendDueGrades(t.ctx.db)).toEqual({ sent: 0, failed: 1 });
    const row = await t.ctx.db.selectFrom('lti_grades').selectAll().where('user_id', '=', student.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'FAILED', tries: 1 });
    expect(row.last_error).toMatch(/503/);
    expect(new Date(row.next_try_at).getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: nothing is tried.
    expect(await sendDueGrades(t.ctx.db)).toEqual({ sent: 0, failed: 0 });
    p.failScores(0);
    const retry = await t.app.inject(authed(adminToken, { method: 'POST', url: `/api/admin/lti/grades/${row.id}/retry` }));
    expect(retry.statusCode).toBe(200);
    const attempts = p.scores().slice(sentBefore);
    // The refused post and the one that went; the grade is now sent.
    expect(attempts.map((s) => s.body.userId)).toEqual(['eleve-panne', 'eleve-panne']);
    expect((await t.ctx.db.selectFrom('lti_grades').select('state').where('id', '=', row.id).executeTakeFirstOrThrow()).state).toBe('SENT');
  });
});

describe('an activity made in the platform by hand (no line item named)', () => {
  it('finds or makes its line item once, and every grade of the activity goes there', async () => {
    const ags = { scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score', 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem'], lineitems: p.url('/lineitems') };
    const link = { [`${LTI}resource_link`]: { id: 'rl-main', title: 'Partiel ajouté à la main' }, [`${LTI}custom`]: { exam_id: String(examId) }, 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': ags };
    const before = p.scores().length;
    for (const sub of ['main-1', 'main-2']) {
      const s = await session(await launch({ sub, email: `${sub}@moodle.example`, ...link }));
      await t.ctx.db.insertInto('exam_attempts').values({ exam_id: examId, user_id: s.user.id, started_at: new Date(), deadline: new Date(), finished_at: new Date(), drafts_settled_at: new Date(), score: 3, max_score: 12.5 }).execute();
    }
    await syncGrades(t.ctx.db);
    expect(await sendDueGrades(t.ctx.db)).toEqual({ sent: 2, failed: 0 });
    // One look for the activity's line item, one made, both grades on it.
    const calls = p.received.filter((r) => r.path.startsWith('/lineitems') && !r.path.endsWith('/scores'));
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /lineitems?resource_link_id=rl-main', 'POST /lineitems']);
    expect(JSON.parse(calls[1].body)).toMatchObject({ scoreMaximum: 12.5, resourceLinkId: 'rl-main', resourceId: `exam-${examId}` });
    const made = p.scores().slice(before);
    expect(made.map((s) => s.lineItem)).toEqual(['/lineitems/100', '/lineitems/100']);
    const stored = await t.ctx.db.selectFrom('lti_resource_links').select('lineitem_url').where('resource_link_id', '=', 'rl-main').executeTakeFirstOrThrow();
    expect(stored.lineitem_url).toBe(p.url('/lineitems/100'));
  });
});

describe('class lists', () => {
  it('pulls a course’s learners into the chosen year and parcours, keeping a student’s extra time', async () => {
    await launch({ sub: 'prof-nrps', [`${LTI}roles`]: [ROLE.instructor], [`${LTI}context`]: { id: 'course-nrps', title: 'Analyse' }, 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': { context_memberships_url: p.url('/nrps'), service_versions: ['2.0'] } });
    // A student already known (launched before) with extra time.
    const known = await session(await launch({ sub: 'nrps-known', email: 'connu@moodle.example' }));
    await t.ctx.db.updateTable('users').set({ extra_time_factor: 1.5 }).where('id', '=', known.user.id).execute();
    p.members.push(
      { user_id: 'nrps-known', roles: [ROLE.learner], status: 'Active', given_name: 'Autre', family_name: 'Nom' },
      { user_id: 'nrps-new', roles: [ROLE.learner], status: 'Active', given_name: 'Léa', family_name: 'Nouvelle', email: 'lea@moodle.example' },
      { user_id: 'nrps-prof', roles: [ROLE.instructor], status: 'Active', name: 'Prof' },
      { user_id: 'nrps-gone', roles: [ROLE.learner], status: 'Inactive', name: 'Partie' },
    );
    const contexts = await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/lti/contexts' }));
    const ctx = (contexts.json().data as Array<{ id: number; context_id: string; has_class_list: boolean }>).find((c) => c.context_id === 'course-nrps')!;
    expect(ctx.has_class_list).toBe(true);
    const target = await seedStructure(t.ctx);
    const res = await t.app.inject(authed(adminToken, { method: 'POST', url: `/api/admin/lti/contexts/${ctx.id}/class-list`, payload: { academic_year_id: target.yearId, specialization_id: target.specializationId } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ created: 1, enrolled: 1, unchanged: 0, skipped: 2 });
    // Both pages of the list were read.
    expect(p.received.filter((r) => r.path.startsWith('/nrps')).map((r) => r.path)).toEqual(['/nrps', '/nrps?page=2']);
    const knownRow = await t.ctx.db.selectFrom('users').select(['extra_time_factor', 'first_name']).where('id', '=', known.user.id).executeTakeFirstOrThrow();
    expect(knownRow).toEqual({ extra_time_factor: 1.5, first_name: 'Camille' });
    const enrolled = await t.ctx.db.selectFrom('student_enrolments as e').innerJoin('lti_user_links as l', 'l.user_id', 'e.user_id').select('l.subject').where('e.academic_year_id', '=', target.yearId).orderBy('l.subject').execute();
    expect(enrolled.map((r) => r.subject)).toEqual(['nrps-known', 'nrps-new']);
    const again = await t.app.inject(authed(adminToken, { method: 'POST', url: `/api/admin/lti/contexts/${ctx.id}/class-list`, payload: { academic_year_id: target.yearId, specialization_id: target.specializationId } }));
    expect(again.json().data).toEqual({ created: 0, enrolled: 0, unchanged: 2, skipped: 2 });
  });
});
