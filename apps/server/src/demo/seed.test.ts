import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.db, { quiet: true });
});
afterAll(async () => t.close());

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

describe('demo data', () => {
  it('is idempotent', async () => {
    const before = await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await seedDemo(t.ctx.db, { quiet: true });
    const after = await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('gives working teacher and student accounts, and a former student outside the access window', async () => {
    const teacher = await login(DEMO_ACCOUNTS.teacher.email, DEMO_ACCOUNTS.teacher.password);
    expect(teacher.json().data.role).toBe('TEACHER');
    const student = await login(DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.student.password);
    expect(student.json().data).toMatchObject({ role: 'STUDENT', is_premium: 0 });
    expect(student.json().data.specializations.length).toBeGreaterThan(0);
    const premium = await login(DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
    expect(premium.json().data.is_premium).toBe(1);
    const former = await login(DEMO_ACCOUNTS.former.email, DEMO_ACCOUNTS.former.password);
    expect(former.statusCode).toBe(503);
  });
});
