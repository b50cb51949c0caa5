// The demo data's courses: the demo student reads the free one, the premium one answers 402, and
// seeding again adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/helper';
import { DEMO_ACCOUNTS, seedDemo } from '../../demo/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.db, { quiet: true });
});
afterAll(async () => t.close());

describe('demo courses', () => {
  it('gives the demo student a published course with a chapter, and a premium one', async () => {
    const token = await loginAs(t.app, { id: 0, ...DEMO_ACCOUNTS.student });
    const list = await t.app.inject(authed(token, { method: 'GET', url: '/api/student/courses' }));
    const courses = list.json().data as Array<{ id: number; title: string; is_premium: number; chapters_count: number }>;
    const free = courses.find((c) => c.is_premium === 0)!;
    const paid = courses.find((c) => c.is_premium === 1)!;
    expect(free).toMatchObject({ title: 'Statistique descriptive avec Python et R', chapters_count: 1 });
    const show = await t.app.inject(authed(token, { method: 'GET', url: `/api/student/courses/${free.id}/show` }));
    expect(show.json().data.chapters[0].content).toContain('<code class="language-r">');
    expect((await t.app.inject(authed(token, { method: 'GET', url: `/api/student/courses/${paid.id}/show` }))).statusCode).toBe(402);
  });

  it('is idempotent', async () => {
    await seedDemo(t.ctx.db, { quiet: true });
    const n = await t.ctx.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(2);
  });
});
