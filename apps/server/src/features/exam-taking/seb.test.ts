// Safe Exam Browser beyond the Config Key, through the API on the real database: the Browser Exam Keys staff allow
// (a student who computed the Config Key hash from the downloaded file, without SEB, is refused), and the encrypted
// .seb file (SEB's « pswd » format: RNCryptor v3 checked against the format's own test vectors, and read back here
// with the password by an independent decryption).
import { createDecipheriv, createHash, createHmac, pbkdf2Sync, timingSafeEqual } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_ACCESS_TEXTS as A } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { rncryptorEncrypt, sebConfigFile, sebConfigKey } from '../exams';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff: string;
let qcm = 0;
const MIN = 60_000;
const origin = 'http://localhost:80';

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject(authed(token, { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }));
const rules = (examId: number, body: Record<string, unknown>) => call(staff, 'PUT', `/api/admin/exams/${examId}/access-rules`, body);
const hashFor = (url: string, key: string) => createHash('sha256').update(`${origin}${url}${key}`).digest('hex');

async function exam() {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel sous SEB', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 2 }).execute();
  return e.id;
}

async function student() {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  return loginAs(t.app, u);
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  qcm = (await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }).execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** RNCryptor v3 decryption written from the format's description, independent of the server's encryption. */
function rncryptorDecrypt(message: Buffer, password: string): Buffer {
  expect([message[0], message[1]]).toEqual([3, 1]);
  const encryptionSalt = message.subarray(2, 10);
  const hmacSalt = message.subarray(10, 18);
  const iv = message.subarray(18, 34);
  const body = message.subarray(0, message.length - 32);
  const key = (salt: Buffer) => pbkdf2Sync(password, salt, 10_000, 32, 'sha1');
  const mac = createHmac('sha256', key(hmacSalt)).update(body).digest();
  if (!timingSafeEqual(mac, message.subarray(message.length - 32))) throw new Error('HMAC');
  const d = createDecipheriv('aes-256-cbc', key(encryptionSalt), iv);
  return Buffer.concat([d.update(body.subarray(34)), d.final()]);
}

describe('RNCryptor v3 (the encryption of a « pswd » .seb file)', () => {
  // The format's published test vectors (password-based, version 3).
  it.each([
    ['thepassword', '0001020304050607', '0102030405060708', '02030405060708090a0b0c0d0e0f0001', '01', '03010001 02030405 06070102 03040506 07080203 04050607 08090a0b 0c0d0e0f 0001a1f8 730e0bf4 80eb7b70 f690abf2 1e029514 164ad3c4 74a51b30 c7eaa1ca 545b7de3 de5b010a cbad0a9a 13857df6 96a8'],
    ['thepassword', '0203040506070001', '0304050607080102', '0405060708090a0b0c0d0e0f00010203', '0123456789abcdef01234567', '03010203 04050607 00010304 05060708 01020405 06070809 0a0b0c0d 0e0f0001 0203e01b bda5df2c a8adace3 8f6c588d 291e03f9 51b78d34 17bc2816 581dc6b7 67f1a2e5 7597512b 18e1638f 21235fa5 928c'],
    ['中文密码', '0304050607000102', '0405060708010203', '05060708090a0b0c0d0e0f0001020304', '23456789abcdef0123456701', '03010304 05060700 01020405 06070801 02030506 0708090a 0b0c0d0e 0f000102 03048a9e 08bdec1c 4bfe13e8 1fb85f00 9ab3ddb9 1387e809 c4ad86d9 e8a60145 57716657 bd317d4b b6a76446 15b3de40 2341'],
  ])('matches the vector with password %s', (password, enc, hmac, iv, plain, expected) => {
    const out = rncryptorEncrypt(Buffer.from(plain, 'hex'), password, { encryptionSalt: Buffer.from(enc, 'hex'), hmacSalt: Buffer.from(hmac, 'hex'), iv: Buffer.from(iv, 'hex') });
    expect(out.toString('hex')).toBe(expected.replace(/\s/g, ''));
    expect(rncryptorDecrypt(out, password).toString('hex')).toBe(plain);
  });
});

describe('Safe Exam Browser: Browser Exam Keys and the encrypted file', () => {
  it('refuses a client that only computed the Config Key hash, once staff list the Browser Exam Keys of their SEB versions', async () => {
    const id = await exam();
    const token = await student();
    const start = `/api/student/exams/${id}/start`;
    const questions = `/api/student/exams/${id}/questions`;
    const configKey = sebConfigKey({ exam_id: id, seb_config_key: null }, origin);

    // Staff type keys as SEB shows them (any case, spaces around); a wrong one is named in French.
    const bad = await rules(id, { seb_required: 1, seb_browser_exam_keys: ['12ab'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['seb_browser_exam_keys.0'][0]).toBe('« 12ab » n’est pas une clé d’examen du navigateur : elle compte 64 caractères hexadécimaux.');
    const [bekWindows, bekMac] = ['c0'.repeat(32), 'a1'.repeat(32)];
    const saved = await rules(id, { seb_required: 1, seb_browser_exam_keys: [` ${bekWindows.toUpperCase()} `, bekMac, bekMac] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.seb_browser_exam_keys).toEqual([bekWindows, bekMac]);
    expect((await call(staff, 'GET', `/api/admin/exams/${id}/access-rules`)).json().data.seb_browser_exam_keys).toEqual([bekWindows, bekMac]);

    // The attack: the Config Key computed from the downloaded file, sent by an ordinary browser.
    const forged = await call(token, 'POST', start, undefined, { 'x-safeexambrowser-configkeyhash': hashFor(start, configKey) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(A.sebVersion);
    // Another SEB build (a key not listed) is refused the same way.
    const otherBuild = await call(token, 'POST', start, undefined, { 'x-safeexambrowser-configkeyhash': hashFor(start, configKey), 'x-safeexambrowser-requesthash': hashFor(start, 'ff'.repeat(32)) });
    expect(otherBuild.statusCode).toBe(403);
    // An allowed SEB sends both hashes, each of this request's URL: accepted, for either listed version.
    const seb = (url: string, bek: string) => ({ 'x-safeexambrowser-configkeyhash': hashFor(url, configKey), 'x-safeexambrowser-requesthash': hashFor(url, bek) });
    const started = await call(token, 'POST', start, undefined, seb(start, bekWindows));
    expect(started.statusCode, started.body).toBe(200);
    expect((await call(token, 'GET', questions, undefined, seb(questions, bekMac))).statusCode).toBe(200);
    // The Browser Exam Key hash of one URL does not open another.
    const replayed = { 'x-safeexambrowser-configkeyhash': hashFor(questions, configKey), 'x-safeexambrowser-requesthash': hashFor(start, bekMac) };
    expect((await call(token, 'GET', questions, undefined, replayed)).statusCode).toBe(403);
    // The Config Key is still checked beside it.
    expect((await call(token, 'GET', questions, undefined, { 'x-safeexambrowser-requesthash': hashFor(questions, bekMac) })).json().message).toBe(A.seb);
  });

  it('serves the .seb file encrypted with the password staff set: its settings (and Config Key) are out of reach without it', async () => {
    const id = await exam();
    const token = await student();
    const short = await rules(id, { seb_required: 1, seb_file_password: 'abc' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.seb_file_password[0]).toBe('Le mot de passe du fichier Safe Exam Browser compte au moins 6 caractères.');
    expect((await rules(id, { seb_required: 1, seb_file_password: 'Salle-B12-matin' })).json().data.seb_file_password).toBe('Salle-B12-matin');

    const file = await call(token, 'GET', `/api/student/exams/${id}/seb-config`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/seb');
    const raw = file.rawPayload;
    expect(raw.includes(Buffer.from('startURL'))).toBe(false);
    // SEB's layout: gzip(« pswd » + RNCryptor(password, gzip(XML property list))).
    const outer = gunzipSync(raw);
    expect(outer.subarray(0, 4).toString('ascii')).toBe('pswd');
    expect(() => rncryptorDecrypt(outer.subarray(4), 'mauvais-mot')).toThrow();
    const plist = gunzipSync(rncryptorDecrypt(outer.subarray(4), 'Salle-B12-matin')).toString('utf8');
    expect(plist).toBe(sebConfigFile(origin, id));
    expect(plist).toContain(`<string>${origin}/student/exams/${id}/handle</string>`);
    // Staff download the same (encrypted) settings; each download is encrypted afresh (random salts and IV).
    const staffFile = await call(staff, 'GET', `/api/admin/exams/${id}/seb-config`);
    expect(gunzipSync(rncryptorDecrypt(gunzipSync(staffFile.rawPayload).subarray(4), 'Salle-B12-matin')).toString('utf8')).toBe(plist);
    expect(staffFile.rawPayload.equals(raw)).toBe(false);

    // Without a password: the plain property list, as before.
    await rules(id, { seb_required: 1 });
    expect((await call(token, 'GET', `/api/student/exams/${id}/seb-config`)).body).toBe(sebConfigFile(origin, id));
    // The student's view of the rules never carries the keys nor the password.
    const info = (await call(token, 'GET', `/api/student/exams/${id}/access`)).json().data;
    expect(JSON.stringify(info)).not.toMatch(/seb_file_password|seb_browser_exam_keys|Salle-B12/);
  });
});
