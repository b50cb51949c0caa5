// Similar programs in practice, on a teacher's demand, through the API on the real database: each student's last try
// at a practice exercise is compared (earlier tries and staff's own tries are not), the starter code and reference
// subtracted; the planted copies rank first and form the one cluster; the side-by-side view shows both tries; a pair
// goes with either try; a student reaches none of these routes, and an exercise that is not a practice program is 404.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedUser, type TestApp } from '../../../test/helper';
import { similarityIdle } from './jobs';

const FIX = path.join(import.meta.dirname, 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');

let t: TestApp;
let staff: string;
let student: string;
let seq = 0;

const call = (token: string, method: 'GET' | 'POST', url: string) => t.app.inject(authed(token, { method, url }));

beforeAll(async () => {
  t = await createTestApp();
  staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function exercise(o: { practice?: boolean; type?: 'ALGORITHM' | 'EXACT' } = {}) {
  return (
    await t.ctx.db
      .insertInto('questions')
      .values({ type: o.type ?? 'ALGORITHM', statement: '<p>Statistiques des notes (entraînement).</p>', points: 1, language: 'PYTHON', starter_code: read('starter.py'), reference_solution: read('reference.py'), is_practice: o.practice === false ? 0 : 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A user's tries in order (the last is the one compared); returns the last try's id. */
async function tries(userId: number, questionId: number, programs: string[]) {
  let id = 0;
  for (const code of programs) {
    seq += 1;
    id = (
      await t.ctx.db
        .insertInto('practice_attempts')
        .values({ user_id: userId, question_id: questionId, is_valid: 1, answer: JSON.stringify(code), created_at: sql`now() - interval '1 hour' + make_interval(secs => ${seq})` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  return id;
}

describe('similar programs in practice', () => {
  it('compares each student’s last try on a teacher’s demand, planted copies first, side by side', async () => {
    const q = await exercise();
    const who = new Map<number, string>();
    for (const name of ['original', 'renamed', 'reordered', 'independent-1', 'independent-2', 'independent-3']) {
      const u = await seedUser(t.ctx, 'STUDENT');
      // The first student's earlier try is an independent program: only the last one counts.
      const last = await tries(u.id, q, name === 'original' ? [read('independent-4.py'), read('original.py')] : [read(`${name}.py`)]);
      who.set(last, name);
    }
    // A teacher trying the exercise with a copy of the original: staff's tries are not compared.
    const teacher = await seedUser(t.ctx, 'TEACHER');
    await tries(teacher.id, q, [read('original.py')]);

    const before = await call(staff, 'GET', `/api/admin/practices/questions/${q}/similarity`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({ question: { question_id: q, language: 'PYTHON', analysis: null }, pairs: [] });

    const run = await call(staff, 'POST', `/api/admin/practices/questions/${q}/similarity/run`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ status: 'QUEUED', trigger: 'STAFF' });
    await similarityIdle();

    const res = await call(staff, 'GET', `/api/admin/practices/questions/${q}/similarity?threshold=0.6`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      question: { analysis: { status: string; programs: number; pair_count: number } };
      histogram: number[];
      pairs: Array<{ left: { attempt_id: number }; right: { attempt_id: number }; similarity: number }>;
      clusters: Array<{ members: Array<{ attempt_id: number }> }>;
    };
    expect(data.question.analysis).toMatchObject({ status: 'DONE', programs: 6, pair_count: 15 });
    expect(data.histogram.reduce((a, b) => a + b, 0)).toBe(15);
    const names = (p: (typeof data.pairs)[number]) => [who.get(p.left.attempt_id), who.get(p.right.attempt_id)].sort().join('+');
    expect(data.pairs.every((p) => who.has(p.left.attempt_id) && who.has(p.right.attempt_id))).toBe(true);
    expect(new Set(data.pairs.slice(0, 3).map(names))).toEqual(new Set(['original+renamed', 'original+reordered', 'renamed+reordered']));
    expect(data.clusters).toHaveLength(1);
    expect(data.clusters[0].members.map((m) => who.get(m.attempt_id)).sort()).toEqual(['original', 'renamed', 'reordered']);

    const top = data.pairs[0];
    const side = await call(staff, 'GET', `/api/admin/practices/questions/${q}/similarity/pairs/${top.right.attempt_id}/${top.left.attempt_id}`);
    expect(side.statusCode, side.body).toBe(200);
    const cmp = side.json().data as { left: { code: string; student: { attempt_id: number } }; right: { code: string }; fragments: unknown[] };
    expect(cmp.left.student.attempt_id).toBe(top.right.attempt_id);
    expect([cmp.left.code, cmp.right.code].every((c) => [read('original.py'), read('renamed.py'), read('reordered.py')].includes(c))).toBe(true);
    expect(cmp.fragments.length).toBeGreaterThan(0);

    // Asked again while it is queued or running: 409 with its message, else a new comparison.
    const again = await call(staff, 'POST', `/api/admin/practices/questions/${q}/similarity/run`);
    expect(again.statusCode).toBe(200);
    const twice = await call(staff, 'POST', `/api/admin/practices/questions/${q}/similarity/run`);
    if (twice.statusCode !== 200) expect(twice.json().message).toBe('Une comparaison de cette question est déjà en cours.');
    await similarityIdle();

    // A pair goes with either try (the year's purge of practice tries, an erased account).
    const original = [...who].find(([, n]) => n === 'original')![0];
    await t.ctx.db.deleteFrom('practice_attempts').where('id', '=', original).execute();
    const after = await call(staff, 'GET', `/api/admin/practices/questions/${q}/similarity?threshold=0.6`);
    expect((after.json().data.pairs as Array<{ left: { attempt_id: number }; right: { attempt_id: number } }>).some((p) => p.left.attempt_id === original || p.right.attempt_id === original)).toBe(false);
  }, 120_000);

  it('answers 404 for an exercise that is not a practice program, and refuses a student (403)', async () => {
    const exam = await exercise({ practice: false });
    const exact = await exercise({ type: 'EXACT' });
    for (const q of [exam, exact, 999_999]) {
      const res = await call(staff, 'POST', `/api/admin/practices/questions/${q}/similarity/run`);
      expect(res.statusCode, res.body).toBe(404);
    }
    const q = await exercise();
    for (const [method, url] of [
      ['GET', `/api/admin/practices/questions/${q}/similarity`],
      ['POST', `/api/admin/practices/questions/${q}/similarity/run`],
      ['GET', `/api/admin/practices/questions/${q}/similarity/pairs/1/2`],
    ] as const) {
      expect((await call(student, method, url)).statusCode).toBe(403);
    }
  });
});
