// The exam room's rules through the API on the real database: each rule refuses with its French message and lets
// the right call through (access code, allowed networks seen through TRUST_PROXY, Safe Exam Browser's config-key
// hash per request, one session per attempt and its unlock, verdicts hidden until the end, time for everyone),
// staff set them, and the student's shapes carry neither the code nor a verdict while hidden.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_ACCESS_TEXTS as A, EXAM_DEVICE_HEADER } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { sebConfigKey } from '../exams';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff: string;
let qcm = 0;
let good = 0;
const MIN = 60_000;

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject(authed(token, { method, url, headers, ...(remoteAddress ? { remoteAddress } : {}), ...(payload === undefined ? {} : { payload: payload as object }) }));

async function exam(duration: number | null = 60) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel en salle', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: duration, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 2 }).execute();
  return e.id;
}

async function student(factor?: number) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  if (factor) await t.ctx.db.updateTable('users').set({ extra_time_factor: factor }).where('id', '=', u.id).execute();
  return { id: u.id, user: u, token: await loginAs(t.app, u) };
}

const rules = (examId: number, body: Record<string, unknown>) => call(staff, 'PUT', `/api/admin/exams/${examId}/access-rules`, body);

beforeAll(async () => {
  // The platform behind its reverse proxy: X-Forwarded-For is believed from 127.0.0.1 only.
  t = await createTestApp({ config: { TRUST_PROXY: '127.0.0.1' } });
  s = await seedStructure(t.ctx);
  staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  const q = await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow();
  qcm = q.id;
  good = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 1, content: 'Cinq', is_correct: 0 }).execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('staff set the rules', () => {
  it('stores them, answers the defaults before, and says in French what is wrong', async () => {
    const id = await exam();
    const empty = await call(staff, 'GET', `/api/admin/exams/${id}/access-rules`);
    expect(empty.json().data).toMatchObject({ access_code: null, allowed_networks: [], single_session: 0, seb_required: 0, hide_verdicts: 0, time_bonus_percent: 0 });

    const bad = await rules(id, { allowed_networks: ['salle B'], access_code: 'ab' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['allowed_networks.0'][0]).toContain('« salle B » n’est pas une plage d’adresses');
    expect(bad.json().errors.access_code[0]).toContain('au moins 4 caractères');

    const saved = await rules(id, { access_code: 'AMPHI-B', allowed_networks: ['10.12.0.0/16', '2001:db8:12::/48'], single_session: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ access_code: 'AMPHI-B', allowed_networks: ['10.12.0.0/16', '2001:db8:12::/48'], single_session: 1, deadlines_recomputed: 0 });
    expect((await call(staff, 'GET', `/api/admin/exams/${id}/access-rules`)).json().data.access_code).toBe('AMPHI-B');
    expect((await rules(999_999, {})).statusCode).toBe(404);
    const { token } = await student();
    expect((await call(token, 'PUT', `/api/admin/exams/${id}/access-rules`, {})).statusCode).toBe(403);
  });
});

describe('access code', () => {
  it('is asked at start, wrong ones are refused then limited, the right one starts, and the student never receives it', async () => {
    const id = await exam();
    await rules(id, { access_code: 'Amphi-42' });
    const { id: userId, token } = await student();

    const info = await call(token, 'GET', `/api/student/exams/${id}/access`);
    expect(info.json().data).toMatchObject({ access_code_required: true, networks_restricted: false, seb_required: false });
    expect(info.body).not.toContain('Amphi-42');

    const none = await call(token, 'POST', `/api/student/exams/${id}/start`);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ message: A.codeRequired, errors: { access_code: [A.codeMissing] } });
    const wrong = await call(token, 'POST', `/api/student/exams/${id}/start`, { access_code: 'Amphi-41' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(A.codeWrong);
    expect(await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', id).where('user_id', '=', userId).executeTakeFirst()).toBeUndefined();

    // Case and surrounding spaces do not count.
    const right = await call(token, 'POST', `/api/student/exams/${id}/start`, { access_code: '  amphi-42 ' });
    expect(right.statusCode).toBe(200);
    // Started: resuming asks for nothing.
    expect((await call(token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    expect((await call(token, 'GET', `/api/student/exams/${id}/questions`)).statusCode).toBe(200);

    const other = await student();
    for (let i = 0; i < 10; i++) expect((await call(other.token, 'POST', `/api/student/exams/${id}/start`, { access_code: `faux-${i}` })).statusCode).toBe(403);
    const limited = await call(other.token, 'POST', `/api/student/exams/${id}/start`, { access_code: 'Amphi-42' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(A.codeTooManyFailures);
  });
});

describe('allowed networks', () => {
  it('lets in the addresses of the ranges (IPv4 and IPv6) as the proxy gives them, and refuses the others with their address', async () => {
    const id = await exam();
    await rules(id, { allowed_networks: ['10.12.0.0/16', '2001:db8:12::/48'] });
    const { token } = await student();
    const from = (ip: string, url = `/api/student/exams/${id}/start`, method: Method = 'POST') => call(token, method, url, undefined, { 'x-forwarded-for': ip });

    const outside = await from('192.0.2.44');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(A.network('192.0.2.44'));
    expect((await from('10.12.200.3')).statusCode).toBe(200);
    expect((await from('2001:db8:12:5::9', `/api/student/exams/${id}/questions`, 'GET')).statusCode).toBe(200);
    // Every call of the exam is checked, not only the start.
    const later = await call(token, 'PUT', `/api/student/exams/${id}/draft`, { question_id: qcm, answer: [good] }, { 'x-forwarded-for': '198.51.100.7' });
    expect(later.statusCode).toBe(403);
    expect(later.json().message).toContain('Réseau non autorisé');
    // X-Forwarded-For from an address that is not the proxy is not believed: the address seen is the sender's.
    const spoofed = await call(token, 'GET', `/api/student/exams/${id}/questions`, undefined, { 'x-forwarded-for': '10.12.0.1' }, '203.0.113.9');
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().message).toBe(A.network('203.0.113.9'));
  });

  it('refuses in French (403) a request that comes without a client address (a Unix socket), never a 500', async () => {
    const id = await exam();
    await rules(id, { allowed_networks: ['10.12.0.0/16'] });
    const { token } = await student();
    const socketPath = path.join(os.tmpdir(), `exam-access-${process.pid}-${id}.sock`);
    await t.app.listen({ path: socketPath });
    try {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ socketPath, method: 'POST', path: `/api/student/exams/${id}/start`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end('{}');
      });
      expect(res.status, res.body).toBe(403);
      expect(JSON.parse(res.body).message).toBe(A.networkUnknown);
    } finally {
      await t.app.server.close();
    }
  });
});

describe('Safe Exam Browser', () => {
  const origin = 'http://localhost:80';
  const hashFor = (url: string, key: string) => createHash('sha256').update(`${origin}${url}${key}`).digest('hex');

  it('gives the .seb file and checks on every request the hash of that request’s URL with the config key', async () => {
    const id = await exam();
    await rules(id, { seb_required: 1 });
    const { token } = await student();
    const key = sebConfigKey({ exam_id: id, seb_config_key: null }, origin);

    const file = await call(token, 'GET', `/api/student/exams/${id}/seb-config`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/seb');
    expect(file.body).toContain(`<string>${origin}/student/exams/${id}/handle</string>`);
    expect(file.body).toContain('<key>sendBrowserExamKey</key>');
    expect((await call(staff, 'GET', `/api/admin/exams/${id}/seb-config`)).body).toBe(file.body);

    const start = `/api/student/exams/${id}/start`;
    const plain = await call(token, 'POST', start, undefined, { 'user-agent': 'Mozilla/5.0 SEB/3.5' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe(A.seb);
    expect((await call(token, 'POST', start, undefined, { 'x-safeexambrowser-configkeyhash': hashFor(start, key) })).statusCode).toBe(200);
    // The hash of one URL does not open another: it is checked per request.
    const questions = `/api/student/exams/${id}/questions`;
    expect((await call(token, 'GET', questions, undefined, { 'x-safeexambrowser-configkeyhash': hashFor(start, key) })).statusCode).toBe(403);
    expect((await call(token, 'GET', questions, undefined, { 'x-safeexambrowser-configkeyhash': hashFor(questions, key) })).statusCode).toBe(200);

    // The key SEB itself shows, pasted by staff, replaces the computed one.
    const pasted = 'ab'.repeat(32);
    await rules(id, { seb_required: 1, seb_config_key: pasted.toUpperCase() });
    expect((await call(token, 'GET', questions, undefined, { 'x-safeexambrowser-configkeyhash': hashFor(questions, key) })).statusCode).toBe(403);
    expect((await call(token, 'GET', questions, undefined, { 'x-safeexambrowser-configkeyhash': hashFor(questions, pasted) })).statusCode).toBe(200);
  });
});

describe('one session per attempt', () => {
  it('refuses a second browser until staff unlock the attempt, then the next session takes it', async () => {
    const id = await exam();
    await rules(id, { single_session: 1 });
    const me = await student();
    const second = await loginAs(t.app, me.user);
    const questions = `/api/student/exams/${id}/questions`;

    expect((await call(me.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    expect((await call(me.token, 'GET', questions)).statusCode).toBe(200);
    const refused = await call(second, 'GET', questions);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(A.otherSession);
    expect((await call(second, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(403);
    // The live page offers « Débloquer » for an attempt tied to a session, and only then.
    const boundOf = async () => {
      const live = (await call(staff, 'GET', `/api/admin/exam-results/${id}/live`)).json().data.rows.find((r: { user_id: number }) => r.user_id === me.id).bound;
      const panel = (await call(staff, 'GET', `/api/admin/exam-results/${id}/students/${me.id}`)).json().data.attempt.bound;
      expect(panel).toBe(live);
      return live;
    };
    expect(await boundOf()).toBe(true);

    const unlock = await call(staff, 'POST', `/api/admin/exams/${id}/attempts/${me.id}/unlock`);
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json().data).toEqual({ user_id: me.id, unlocked: true });
    expect(await boundOf()).toBe(false);
    expect((await call(second, 'GET', questions)).statusCode).toBe(200);
    expect((await call(me.token, 'GET', questions)).statusCode).toBe(403);

    const nobody = await student();
    const none = await call(staff, 'POST', `/api/admin/exams/${id}/attempts/${nobody.id}/unlock`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(A.notStarted);
    expect((await call(me.token, 'POST', `/api/admin/exams/${id}/attempts/${me.id}/unlock`)).statusCode).toBe(403);
  });
});

describe('one session per attempt, the same browser signing in again', () => {
  it('keeps the attempt for the browser it began in across sign-outs; another browser is still refused', async () => {
    const id = await exam();
    await rules(id, { single_session: 1 });
    const me = await student();
    const here = { [EXAM_DEVICE_HEADER]: randomUUID() };
    const questions = `/api/student/exams/${id}/questions`;
    const started = await call(me.token, 'POST', `/api/student/exams/${id}/start`, undefined, here);
    expect(started.statusCode, started.body).toBe(200);
    expect((await call(me.token, 'POST', '/api/admin/users/logout')).statusCode).toBe(200);

    // Signed out, then in again in the same browser (its id kept): the attempt goes on, even sent in upper case.
    const again = await loginAs(t.app, me.user);
    expect((await call(again, 'GET', questions, undefined, here)).statusCode).toBe(200);
    expect((await call(again, 'GET', questions, undefined, { [EXAM_DEVICE_HEADER]: here[EXAM_DEVICE_HEADER].toUpperCase() })).statusCode).toBe(200);
    // Another browser, or a call without an id (or with a malformed one), is another session.
    const others: Array<Record<string, string>> = [{ [EXAM_DEVICE_HEADER]: randomUUID() }, {}, { [EXAM_DEVICE_HEADER]: 'pas-un-identifiant' }];
    for (const headers of others) {
      const refused = await call(again, 'GET', questions, undefined, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(A.otherSession);
    }
    expect(A.otherSession).not.toMatch(/appareil/);
  });
});

describe('verdicts hidden until the attempt is over', () => {
  it('records answers without a verdict while the attempt runs, and shows them once it is over', async () => {
    const id = await exam();
    await rules(id, { hide_verdicts: 1 });
    const { token } = await student();
    await call(token, 'POST', `/api/student/exams/${id}/start`);

    const sent = await call(token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id: qcm, answer: [good] }] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual([{ question_id: qcm, is_valid: null, details: null, tries: 1 }]);

    const qs = (await call(token, 'GET', `/api/student/exams/${id}/questions`)).json().data;
    expect(qs.verdicts_hidden).toBe(true);
    expect(qs.questions[0]).toMatchObject({ state: 'ANSWERED', last_is_valid: null, details: null });
    const mine = (await call(token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
    expect(mine.progress).toEqual({ answered: 1, validated: null, total: 1 });
    const early = await call(token, 'GET', `/api/student/exams/${id}/show`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(A.verdictsHidden);
    for (const body of [sent.body, JSON.stringify(qs), JSON.stringify(mine)]) expect(body).not.toMatch(/VALIDATED|"is_valid":(true|false)|"last_is_valid":(true|false)/);

    expect((await call(token, 'POST', `/api/student/exams/${id}/finish`)).statusCode).toBe(200);
    const shown = await call(token, 'GET', `/api/student/exams/${id}/show`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ validated: 1, questions: [{ state: 'VALIDATED' }] });
    expect((await call(token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id).progress.validated).toBe(1);
  });
});

describe('time for everyone', () => {
  it('adds to the duration before each student’s factor, and moves running attempts’ deadlines', async () => {
    const id = await exam(60);
    await rules(id, { time_bonus_percent: 10 });
    const slow = await student(1.5);
    const listed = (await call(slow.token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
    expect(listed).toMatchObject({ duration_minutes: 66, allowed_minutes: 99 });
    const started = (await call(slow.token, 'POST', `/api/student/exams/${id}/start`)).json().data;
    const minutes = (iso: string) => Math.round((Date.parse(iso) - Date.parse(started.started_at)) / MIN);
    expect(minutes(started.deadline)).toBe(99);

    const saved = await rules(id, { time_bonus_percent: 20 });
    expect(saved.json()).toMatchObject({ data: { deadlines_recomputed: 1 }, message: 'Règles d’accès enregistrées. L’échéance d’une composition en cours a été recalculée.' });
    expect(minutes((await call(slow.token, 'GET', `/api/student/exams/${id}/attempt`)).json().data.deadline)).toBe(108);
    // Extra minutes for one student keep the time for everyone.
    expect((await call(staff, 'POST', `/api/admin/exams/${id}/extra-time`, { user_id: slow.id, minutes: 5 })).statusCode).toBe(200);
    expect(minutes((await call(slow.token, 'GET', `/api/student/exams/${id}/attempt`)).json().data.deadline)).toBe(113);
  });
});
