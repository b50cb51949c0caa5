import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { BODY_LIMIT_BYTES: '2048' } });
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
    expect(data.QUESTION_TYPE).toHaveLength(3);
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/users/login');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
  });
});
