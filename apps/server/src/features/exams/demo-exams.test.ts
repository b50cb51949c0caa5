// The demo data's exams: one open now for the demo student (one question of each type first), one draft the
// student never sees; seeding again adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { DEMO_ACCOUNTS, seedDemo } from '../../demo/seed';
import { DEMO_DRAFT_EXAM_TITLE, DEMO_OPEN_EXAM_TITLE } from '../../demo/exams';
import { findSessionUserById } from '../auth';
import { listExamsForStudent } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.db, { quiet: true });
  // Without the demo question bank (or with a partial one), give the demo one question of each type.
  const types = new Set((await t.ctx.db.selectFrom('questions').select('type').execute()).map((r) => r.type));
  for (const type of ['QCM', 'EXACT', 'ALGORITHM', 'MATH'] as const) {
    if (!types.has(type)) await t.ctx.db.insertInto('questions').values({ type, statement: `<p>${type}</p>`, points: 1, language: type === 'ALGORITHM' ? 'PYTHON' : null }).execute();
  }
  await seedDemo(t.ctx.db, { quiet: true });
});
afterAll(async () => t.close());

describe('demo exams', () => {
  it('opens one exam now for the demo student, with questions of every type, and keeps a draft', async () => {
    const student = await t.ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.student.email).executeTakeFirstOrThrow();
    const seen = await listExamsForStudent(t.ctx.db, (await findSessionUserById(t.ctx.db, student.id))!);
    expect(seen.map((e) => e.title)).toEqual([DEMO_OPEN_EXAM_TITLE]);
    const open = seen[0];
    expect(open).toMatchObject({ status: 'PUBLISHED', duration_minutes: 60 });
    expect(Date.parse(open.start_at)).toBeLessThan(Date.now());
    expect(Date.parse(open.end_at)).toBeGreaterThan(Date.now() + 29 * 86400_000);
    expect(open.question_count).toBeGreaterThanOrEqual(4);
    expect(open.question_count).toBeLessThanOrEqual(6);
    const types = await t.ctx.db
      .selectFrom('exam_questions as eq')
      .innerJoin('questions as q', 'q.id', 'eq.question_id')
      .select('q.type')
      .distinct()
      .where('eq.exam_id', '=', open.id)
      .execute();
    expect(types.map((r) => r.type).sort()).toEqual(['ALGORITHM', 'EXACT', 'MATH', 'QCM']);
    const draft = await t.ctx.db.selectFrom('exams').select('status').where('title', '=', DEMO_DRAFT_EXAM_TITLE).executeTakeFirstOrThrow();
    expect(draft.status).toBe('DRAFT');
  });

  it('is idempotent', async () => {
    await seedDemo(t.ctx.db, { quiet: true });
    const n = await t.ctx.db.selectFrom('exams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(2);
  });
});
