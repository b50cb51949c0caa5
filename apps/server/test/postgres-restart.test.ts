// PostgreSQL stopped and started again under a running API: calls during the outage answer a French 503 (never a
// 500, and the process does not crash on the connections the server closed), and the service recovers by itself.
// Starts a PostgreSQL of its own (Debian's binaries, a temporary folder, a loopback port) so that it can stop it
// without touching the machine's server.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrate, openDb, type DbHandle } from '../src/db';
import type { AppContext } from '../src/lib/context';
import { MemoryKv } from '../src/lib/kv';
import { authed, loginAs, seedUser, testConfig } from './helper';
import { postgresMissing, startOwnPostgres, type OwnPostgres } from './services';

if (postgresMissing) console.warn(`Test de redémarrage de PostgreSQL ignoré : ${postgresMissing}.`);

describe.runIf(!postgresMissing)('PostgreSQL restarted under a running API', () => {
  let own: OwnPostgres;
  let handle: DbHandle;
  let app: FastifyInstance;
  let ctx: AppContext;

  beforeAll(async () => {
    own = await startOwnPostgres();
    handle = await openDb({ databaseUrl: own.url, poolSize: 4 });
    await migrate(handle.db);
    ctx = { config: testConfig(), db: handle.db, dbKind: handle.kind, kv: new MemoryKv() };
    app = await buildApp(ctx, { logger: false });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    own?.destroy();
  }, 60_000);

  it('answers 503 in French while it is down, then serves again by itself with the same session', async () => {
    const admin = await seedUser(ctx, 'ADMIN');
    const token = await loginAs(app, admin);
    const profile = () => app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }));
    expect((await profile()).statusCode).toBe(200);

    own.stop('fast');
    // The pool's idle connections were closed by the server: the process is still here, and every call is a 503.
    const during = [
      await profile(),
      await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: admin.email, password: admin.password } }),
      await app.inject(authed(token, { method: 'GET', url: '/api/admin/academic-years' })),
    ];
    for (const res of during) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      // Not the access window's 503: the web app keeps the session and retries.
      expect(res.headers['x-access-window']).toBeUndefined();
      expect(res.json().message).toMatch(/^La base de données est momentanément indisponible/);
    }

    own.start();
    // Recovery needs nothing from us: the pool opens new connections on the next calls.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await profile()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await profile()).json().data.email).toBe(admin.email);
  }, 120_000);
});
