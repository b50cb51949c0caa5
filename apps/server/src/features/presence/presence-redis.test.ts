// Several API processes sharing one Redis must agree on who is online and on failed-login limits.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { RedisKv } from '../../lib/kv';
import type { FastifyInstance } from 'fastify';
import { authed, createTestApp, loginAs, seedUser, testConfig, type TestApp } from '../../../test/helper';

const url = process.env.REDIS_URL;

describe.runIf(!!url)('presence and rate limits across two API instances sharing Redis', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let kv2: RedisKv;
  const prefix = `exam-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    const kv1 = new RedisKv(new Redis(url!), prefix);
    first = await createTestApp({ kv: kv1 });
    kv2 = new RedisKv(new Redis(url!), prefix);
    // The second instance shares the database and Redis, as a second process behind a load balancer would.
    second = await buildApp({ ...first.ctx, config: testConfig(), kv: kv2 }, { logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    const r = new Redis(url!);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
    await kv2.close();
    await first.ctx.kv.close();
    await first.close();
  });

  it('counts a sign-in on one instance when read from the other, and a sign-out likewise', async () => {
    const admin = await seedUser(first.ctx, 'ADMIN');
    const teacher = await seedUser(first.ctx, 'TEACHER');
    const adminToken = await loginAs(second, admin);
    const count = async () =>
      (await second.inject(authed(adminToken, { method: 'GET', url: '/api/admin/users/connected-count' }))).json().data.count as number;
    expect(await count()).toBe(1);
    const teacherToken = await loginAs(first.app, teacher);
    expect(await count()).toBe(2);
    await first.app.inject(authed(teacherToken, { method: 'POST', url: '/api/admin/users/logout' }));
    expect(await count()).toBe(1);
  });

  it('shares the failed-login counter between instances', async () => {
    const u = await seedUser(first.ctx, 'TEACHER');
    const max = first.ctx.config.LOGIN_MAX_FAILURES;
    for (let i = 0; i < max; i++) {
      const app = i % 2 === 0 ? first.app : second;
      expect((await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: u.email, password: 'faux' } })).statusCode).toBe(401);
    }
    const res = await second.inject({ method: 'POST', url: '/api/users/login', payload: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(429);
  });
});
