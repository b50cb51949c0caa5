// The API serves the built web app on the same origin, with history-mode fallback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedUser, type TestApp } from '../test/helper';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-web-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fr"><div id="root"></div></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  t = await createTestApp({ config: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers index.html for any route of the web app', async () => {
    for (const url of ['/', '/dashboard', '/dashboard/users/students/12/edit', '/static/not-access-date?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for a missing asset and serves one added after start', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/absent-999.js' })).statusCode).toBe(404);
    fs.writeFileSync(path.join(dist, 'assets', 'later-456.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/later-456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('keeps JSON 404 for unknown API paths and non-GET methods', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inconnu' })).json().status).toBe('error');
    expect((await t.app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });

  it('sends the security headers on every kind of answer', async () => {
    const admin = await seedUser(t.ctx, 'ADMIN');
    const token = await loginAs(t.app, admin);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.app.inject({ method: 'GET', url: '/dashboard/courses' }),
      await t.app.inject({ method: 'GET', url: '/assets/app-123.js' }),
      await t.app.inject({ method: 'GET', url: '/assets/absent-999.js' }),
      await t.app.inject({ method: 'GET', url: '/api/docs' }),
      await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' }),
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
      await t.app.inject({ method: 'GET', url: '/api/helper' }),
      await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' })),
      await t.app.inject({ method: 'GET', url: '/api/admin/users/profile' }),
      await t.app.inject({ method: 'GET', url: '/api/inconnu' }),
      await t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ];
    for (const res of answers) {
      const where = `${res.statusCode} ${res.headers['content-type']}`;
      const csp = String(res.headers['content-security-policy']);
      expect(csp, where).toContain("default-src 'self'");
      expect(csp, where).toContain("script-src 'self';");
      expect(csp, where).not.toContain('unsafe-eval');
      expect(csp, where).toContain("frame-ancestors 'none'");
      expect(csp, where).toContain("object-src 'none'");
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], where).toBe('same-origin');
    }
  });

  it('keeps authenticated JSON answers out of every cache, and hashed assets in it', async () => {
    const student = await seedUser(t.ctx, 'STUDENT');
    const token = await loginAs(t.app, student);
    const answers = [
      await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' })),
      await t.app.inject(authed(token, { method: 'GET', url: '/api/student/exams' })),
      // An error answer and the sign-in itself (it carries the token) are kept out too.
      await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/exams' })),
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: student.email, password: student.password } }),
    ];
    for (const res of answers) {
      expect(res.headers['content-type'], res.body).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('no-store');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).headers['cache-control']).toBe('no-cache');
  });
});
