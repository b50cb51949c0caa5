import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, sql, type TestApp } from '../../test/helper';
import { registerErrorHandling } from './error-handler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { BODY_LIMIT_BYTES: '4096' } });
});
afterAll(async () => t.close());

describe('error envelope', () => {
  it('answers malformed JSON with 400 in French', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'Le corps de la requête n’est pas un JSON valide.' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@b.fr', password: 'x'.repeat(5000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nulle-part' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Ressource introuvable.' });
  });

  it('serves the helper lists without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/helper' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.ROLE.map((r: { value: string }) => r.value)).toEqual(['ADMIN', 'TEACHER', 'STUDENT']);
    expect(data.LANGAGE.map((r: { value: string }) => r.value)).toEqual(['PYTHON', 'R']);
    expect(data.QUESTION_TYPE).toEqual([
      { value: 'QCM', label: 'Choix multiple' },
      { value: 'EXACT', label: 'Réponse exacte' },
      { value: 'ALGORITHM', label: 'Algorithme (Python ou R)' },
      { value: 'MATH', label: 'Expression mathématique' },
      { value: 'MATCHING', label: 'Appariement' },
      { value: 'ESSAY', label: 'Réponse rédigée' },
      { value: 'ORDERING', label: 'Remise en ordre' },
      { value: 'CLOZE', label: 'Texte à trous' },
      { value: 'FILE', label: 'Réponse par fichier' },
    ]);
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/users/login');
  });

  it('describes in /api/docs each route’s 200 answer and its error envelopes', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const json = (r: { content?: Record<string, { schema: { properties?: Record<string, { required?: string[] }>; required?: string[] } }> }) =>
      r.content?.['application/json']?.schema;
    const show = paths['/api/admin/mentions/{id}/show'].get.responses;
    expect(json(show['200'])?.properties?.data.required).toEqual(['id', 'name', 'code', 'description']);
    for (const code of ['401', '403', '404', '422', '503']) expect(json(show[code])?.required, code).toEqual(['status', 'message']);
    const logout = paths['/api/admin/users/logout'].post.responses;
    expect(json(logout['200'])?.required).toEqual(['status', 'message', 'data']);
    expect(Object.keys(logout).sort()).toEqual(['200', '400', '401', '413', '415', '503']);
    const download = paths['/api/files/{id}/download'].get.responses;
    expect(Object.keys(download['200'].content)).toEqual(['application/octet-stream']);
    expect(json(download['404'])?.required).toEqual(['status', 'message']);
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
  });
});

describe('an empty body with a JSON content type', () => {
  // A client written from the specification sends Content-Type: application/json on every call, bodiless or not.
  const json = { 'content-type': 'application/json' };

  it('is no body: bodiless POST, PUT and DELETE routes give their normal answer', async () => {
    const admin = await seedUser(t.ctx, 'ADMIN');
    const token = await loginAs(t.app, admin);
    const s = await seedStructure(t.ctx);
    const student = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });

    const premium = await t.app.inject(authed(token, { method: 'PUT', url: `/api/admin/users/${student.id}/premium/update`, headers: json, payload: '' }));
    expect(premium.statusCode, premium.body).toBe(200);
    expect(premium.json().data).toEqual({ id: student.id, is_premium: 1 });

    const mention = await t.ctx.db.insertInto('mentions').values({ name: 'Mention vide', code: 'MVIDE' }).returning('id').executeTakeFirstOrThrow();
    const removed = await t.app.inject(authed(token, { method: 'DELETE', url: `/api/admin/mentions/${mention.id}/delete`, headers: json, payload: '' }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('La mention Mention vide a été supprimée.');

    const logout = await t.app.inject(authed(token, { method: 'POST', url: '/api/admin/users/logout', headers: json, payload: '' }));
    expect(logout.statusCode, logout.body).toBe(200);
    expect(logout.json()).toEqual({ status: 'success', message: 'Déconnexion réussie.', data: null });
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }))).statusCode).toBe(401);
  });

  it('leaves a route that needs a body to say which fields are missing (422)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', headers: json, payload: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().status).toBe('error');
  });

  it('still answers a non-empty invalid JSON body with the French 400, on a bodiless route too', async () => {
    const token = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
    const res = await t.app.inject(authed(token, { method: 'POST', url: '/api/admin/users/logout', headers: json, payload: '{"a":' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'Le corps de la requête n’est pas un JSON valide.' });
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }))).statusCode).toBe(200);
  });
});

describe('ids out of the database range and control characters', () => {
  it('answers 4xx, never 500, for ids above 2,147,483,647 in paths, list filters and bodies', async () => {
    const admin = await seedUser(t.ctx, 'ADMIN');
    const token = await loginAs(t.app, admin);
    const s = await seedStructure(t.ctx);
    const student = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const studentToken = await loginAs(t.app, student);
    const hash = 'a'.repeat(64);
    const cases = [
      { method: 'GET' as const, url: `/api/files/2147483648/inline/${hash}` },
      authed(studentToken, { method: 'GET', url: '/api/student/courses/2147483648/show' }),
      authed(token, { method: 'GET', url: '/api/admin/courses/2147483648/show' }),
      authed(token, { method: 'DELETE', url: '/api/admin/mentions/2147483648/delete' }),
      authed(token, { method: 'GET', url: '/api/admin/users/students?academic_year_id=2147483648' }),
      authed(token, { method: 'GET', url: '/api/admin/courses?specialization_id=99999999999' }),
      authed(token, { method: 'GET', url: '/api/admin/chapters?course_id=1e30' }),
      authed(token, {
        method: 'POST',
        url: '/api/admin/courses/create',
        payload: { title: 'Cours', academic_year_id: s.yearId, specialization_ids: [2147483648] },
      }),
      authed(token, { method: 'POST', url: '/api/admin/chapters/store', payload: { title: 'Ch', course_id: 2147483648, file_ids: [2147483648] } }),
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
      expect(res.json().message, String(c.url)).not.toMatch(/Entrée invalide|Trop grand|NaN/);
    }
    const one = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/students?academic_year_id=2147483648' }));
    expect(one.statusCode).toBe(422);
    expect(one.json().errors.academic_year_id[0]).toBe("L’année universitaire est invalide : un nombre entier entre 1 et 2147483647 est attendu.");
  });

  it('refuses NUL and other control characters in texts with a French 422, and drops them from a search', async () => {
    const s = await seedStructure(t.ctx);
    const student = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, student);
    const res = await t.app.inject(
      authed(token, { method: 'PUT', url: '/api/admin/users/update-profil', payload: { last_name: 'a\u0000', first_name: 'b\u0007', email: student.email } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.last_name[0]).toBe('Le nom contient un caractère non autorisé (caractère de contrôle).');
    expect(res.json().errors.first_name[0]).toMatch(/caractère non autorisé/);

    const admin = await seedUser(t.ctx, 'ADMIN');
    const adminToken = await loginAs(t.app, admin);
    for (const url of ['/api/admin/users?search=%00', '/api/admin/courses?search=a%00b', '/api/admin/mentions?search=%00%01%1f']) {
      expect((await t.app.inject(authed(adminToken, { method: 'GET', url }))).statusCode, url).toBe(200);
    }
    // Rich text keeps line breaks and tabs, but not NUL.
    const course = await t.app.inject(
      authed(adminToken, {
        method: 'POST',
        url: '/api/admin/courses/create',
        payload: { title: 'Cours', description: 'ligne 1\n\tligne 2', academic_year_id: s.yearId, specialization_ids: [s.specializationId] },
      }),
    );
    expect(course.statusCode).toBe(200);
    const chapter = await t.app.inject(
      authed(adminToken, { method: 'POST', url: '/api/admin/chapters/store', payload: { title: 'Ch', course_id: course.json().data.id, content: '<p>a\u0000</p>' } }),
    );
    expect(chapter.statusCode).toBe(422);
    expect(chapter.json().errors.content[0]).toMatch(/caractère non autorisé/);
  });

  it('speaks plain French for wrong types and huge numbers', async () => {
    const admin = await seedUser(t.ctx, 'ADMIN');
    const token = await loginAs(t.app, admin);
    const page = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users?page=abc&per_page=1e300' }));
    expect(page.statusCode).toBe(422);
    expect(page.json().errors).toEqual({
      page: ['La page doit être un nombre entier.'],
      per_page: ['Le nombre par page ne doit pas dépasser 100.'],
    });
    const huge = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@b.fr', password: 'x'.repeat(1000) } });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.password).toEqual(['Le mot de passe ne doit pas dépasser 200 caractères.']);
  });

  it('answers 422, not 500, when the database itself refuses a value (safety net)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/int', async () => sql`select ${'2147483648'}::int as v`.execute(t.ctx.db));
    app.get('/text', async () => sql`select ${'abc'}::int as v`.execute(t.ctx.db));
    app.get('/nul', async () => t.ctx.db.insertInto('mentions').values({ name: 'a\u0000', code: 'NUL' }).execute());
    app.get('/null', async () => sql`insert into mentions (name, code) values (null, 'X')`.execute(t.ctx.db));
    for (const url of ['/int', '/text', '/nul', '/null']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().status).toBe('error');
    }
    await app.close();
  });
});

describe('malformed HTTP and content types', () => {
  it('answers JSON sent as text/plain with 415 in French', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/plain' }, payload: '{"email":"a@b.fr"}' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/json/);
  });

  it('answers a request the HTTP parser refuses with a French JSON envelope', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
        let out = '';
        socket.on('data', (d) => (out += d.toString()));
        socket.on('close', () => resolve(out));
        socket.on('error', () => resolve(out));
      });
    for (const req of [
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ]) {
      const answer = await raw(req);
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(answer).toContain('application/json');
      expect(answer).toContain('"message":"La requête HTTP est mal formée."');
    }
  });
});

