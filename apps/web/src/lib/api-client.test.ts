// The API client against a stubbed fetch: envelope unwrapping, ApiError, and the 401 / 402 / 503 rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, configureApiClient, dispositionFilename, isOutage, retryAfterSeconds, sessionEndedTo, subscribeEvents } from './api-client';
import { storage } from './storage';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

/** The ApiError a call rejects with (fails the test if it resolves). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as ApiError,
  );

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const CLOSED = { 'x-access-window': 'closed' };

let navigated: string[];
let ended: number;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigated = [];
  ended = 0;
  configureApiClient({ navigate: (to) => navigated.push(to), onSessionEnd: () => ended++ });
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the bearer token under /api and unwraps the envelope', async () => {
    storage.setToken('abc');
    fetchMock.mockResolvedValue(json(200, { status: 'success', message: 'ok', data: { id: 1 } }));
    const data = await api.post<{ id: number }>('/admin/courses/create', { title: 'Algèbre' });
    expect(data).toEqual({ id: 1 });
    const [calledUrl, init] = fetchMock.mock.calls[0];
    expect(calledUrl).toBe('/api/admin/courses/create');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body)).toEqual({ title: 'Algèbre' });
  });

  it('returns data and meta of a page, and builds query strings without empty values', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 'success', message: '', data: [{ id: 1 }], meta: { page: 2, per_page: 10, total: 11, last_page: 2 } }));
    const res = await api.page('/admin/users', { page: 2, search: '', role: undefined, ids: [1, 2] });
    expect(res.meta.total).toBe(11);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/admin/users?page=2&ids=1&ids=2');
    expect(buildUrl('/api/helper')).toBe('/api/helper');
  });

  it('throws an ApiError with the field errors of a 422', async () => {
    fetchMock.mockResolvedValue(json(422, { status: 'error', message: 'Données invalides.', errors: { email: ["L’adresse e-mail n’est pas valide."] } }));
    const err = await failure(api.put('/admin/users/update-profil', {}, { silent: true }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.message).toBe('Données invalides.');
    expect(err.errors.email).toEqual(["L’adresse e-mail n’est pas valide."]);
    expect(navigated).toEqual([]);
  });

  it('401 with a token: clears storage and goes to login; without a token (wrong password) it does not', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 'error', message: 'Identifiants incorrects.' }));
    await api.post('/users/login', {}, { silent: true }).catch(() => undefined);
    expect(navigated).toEqual([]);

    storage.setToken('expired');
    await api.get('/admin/users/profile', undefined, { silent: true }).catch(() => undefined);
    expect(navigated).toEqual(['/auth/login']);
    expect(storage.getToken()).toBeNull();
    expect(ended).toBe(1);
  });

  it('402 goes to static/no-premium and keeps the session', async () => {
    storage.setToken('t');
    fetchMock.mockResolvedValue(json(402, { status: 'error', message: 'Premium.' }));
    await api.get('/student/courses/2/show', undefined, { silent: true }).catch(() => undefined);
    expect(navigated).toEqual(['/static/no-premium']);
    expect(storage.getToken()).toBe('t');
    expect(storage.getPremiumMessage()).toBe('Premium.');
  });

  it('503 stores the message, clears the session and goes to static/not-access-date', async () => {
    storage.setToken('t');
    fetchMock.mockResolvedValue(json(503, { status: 'error', message: 'Accès fermé depuis le 30 juin.' }, CLOSED));
    const err = await failure(api.get('/admin/users/profile', undefined, { silent: true }));
    expect(err.status).toBe(503);
    expect(navigated).toEqual(['/static/not-access-date']);
    expect(storage.getToken()).toBeNull();
    expect(storage.getAccessMessage()).toBe('Accès fermé depuis le 30 juin.');
    // The route guard, seeing no token, sends there too rather than to login.
    expect(sessionEndedTo()).toBe('/static/not-access-date');
    // Not an outage to try again: the session is over.
    expect(isOutage(err)).toBe(false);
  });

  it('503 of the access window mid-session on another call: its message is kept, the session ends', async () => {
    storage.setToken('t');
    fetchMock.mockResolvedValueOnce(json(503, { status: 'error', message: 'Votre accès a pris fin le 30 juin.' }, CLOSED));
    await failure(api.get('/student/courses', undefined, { silent: true }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigated).toEqual(['/static/not-access-date']);
    expect(storage.getAccessMessage()).toBe('Votre accès a pris fin le 30 juin.');
  });

  it('503 of an outage (runner, database), even on the profile: the session stays, no redirect', async () => {
    storage.setToken('t');
    fetchMock
      .mockResolvedValueOnce(json(503, { status: 'error', message: 'Le service d’exécution est momentanément indisponible.' }))
      .mockResolvedValueOnce(json(503, { status: 'error', message: 'La base de données est momentanément indisponible.' }, { 'retry-after': '5' }));
    const err = await failure(api.post('/admin/python/exec-python-code', { code: 'print(1)' }, { silent: true }));
    expect(err.status).toBe(503);
    const err2 = await failure(api.get('/admin/users/profile', undefined, { silent: true }));
    expect(err2.message).toBe('La base de données est momentanément indisponible.');
    expect(navigated).toEqual([]);
    expect(storage.getToken()).toBe('t');
    // An outage, to try again when the server says.
    expect(isOutage(err2)).toBe(true);
    expect(err2.retryAfter).toBe(5);
    expect(err.retryAfter).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-15T09:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Thu, 15 Jan 2026 09:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('demain', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });

  it('turns a network failure into a French ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await failure(api.get('/helper', undefined, { silent: true }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.message).toMatch(/Erreur réseau/);
  });

  it('reads server-sent events split across chunks', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream({
      start(c) {
        c.enqueue(encoder.encode('event: count\ndata: {"cou'));
        c.enqueue(encoder.encode('nt":3}\n\n: ping\n\nevent: count\ndata: {"count":4}\n\n'));
        c.close();
      },
    });
    fetchMock.mockResolvedValue(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    const seen: Array<[string, string]> = [];
    subscribeEvents('/api/admin/users/connected-count/stream', (e, d) => seen.push([e, d]));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      ['count', '{"count":3}'],
      ['count', '{"count":4}'],
    ]);
  });
});

describe('dispositionFilename', () => {
  it('prefers the UTF-8 name, else the plain one', () => {
    expect(dispositionFilename(`attachment; filename="moyennes-2026-2027-L3.xlsx"; filename*=UTF-8''moyennes-2026-2027-L3-%C3%A9conomie.xlsx`)).toBe('moyennes-2026-2027-L3-économie.xlsx');
    expect(dispositionFilename('attachment; filename="notes.xlsx"')).toBe('notes.xlsx');
    expect(dispositionFilename('attachment; filename=notes.xlsx')).toBe('notes.xlsx');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});
