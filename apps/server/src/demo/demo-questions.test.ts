// The demo question bank: every type, on the demo course, some practice, idempotent; every reference solution
// passes its cases in the real sandbox and the demo answers grade as intended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { createTestApp, type TestApp } from '../../test/helper';
import { checkReferenceSolution, grade, type AlgorithmQuestion } from '../features/grading';
import { findQuestionsByIds, toGradable } from '../features/questions';
import { DEMO_COURSE_TITLE, DEMO_PREMIUM_COURSE_TITLE } from './questions';
import { seedDemo } from './seed';

let t: TestApp;
let runner: EmbeddedRunner;
beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  await seedDemo(t.ctx.db, { quiet: true });
});
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('demo questions', () => {
  it('covers every type on the demo course, some as practice, and is idempotent', async () => {
    const course = await t.ctx.db.selectFrom('courses').select('id').where('title', '=', DEMO_COURSE_TITLE).executeTakeFirstOrThrow();
    const premium = await t.ctx.db.selectFrom('courses').select('id').where('title', '=', DEMO_PREMIUM_COURSE_TITLE).executeTakeFirstOrThrow();
    const rows = await t.ctx.db.selectFrom('questions').select(['id', 'type', 'language', 'is_practice', 'course_id', 'chapter_id']).orderBy('id').execute();
    expect(rows.every((r) => r.course_id === course.id || (r.course_id === premium.id && r.is_practice === 1))).toBe(true);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['QCM', 'EXACT', 'ALGORITHM', 'MATH']));
    expect(new Set(rows.filter((r) => r.type === 'ALGORITHM').map((r) => r.language))).toEqual(new Set(['PYTHON', 'R']));
    // Practice exercises a new student finds: Python and R programs and MATH in the course's chapter, one premium.
    const practice = rows.filter((r) => r.is_practice === 1 && r.course_id === course.id);
    expect(practice.length).toBeGreaterThanOrEqual(6);
    expect(new Set(practice.filter((r) => r.chapter_id).map((r) => r.language ?? r.type))).toEqual(new Set(['PYTHON', 'R', 'MATH']));
    expect(rows.filter((r) => r.course_id === premium.id)).toHaveLength(1);
    await seedDemo(t.ctx.db, { quiet: true });
    const again = await t.ctx.db.selectFrom('questions').select('id').execute();
    expect(again.length).toBe(rows.length);
    // The demo exam takes its questions from these.
    const examQuestions = await t.ctx.db.selectFrom('exam_questions').select('question_id').execute();
    expect(examQuestions.length).toBeGreaterThan(0);
  });

  it('has reference solutions that pass every case, and answers that grade as intended', async () => {
    const ids = (await t.ctx.db.selectFrom('questions').select('id').orderBy('id').execute()).map((r) => r.id);
    const questions = await findQuestionsByIds(t.ctx.db, ids);
    const multi = questions.find((q) => q.type === 'QCM' && q.possible_solutions.filter((p) => p.is_correct).length > 1);
    expect(multi).toBeDefined();
    for (const q of questions.filter((x) => x.type === 'ALGORITHM')) {
      expect(q.possible_solutions.some((p) => p.is_hidden) && q.possible_solutions.some((p) => !p.is_hidden)).toBe(true);
      const failure = await checkReferenceSolution(t.ctx, { userId: 1, question: toGradable(q) as AlgorithmQuestion, code: q.reference_solution! });
      expect(failure, `${q.language}: ${JSON.stringify(failure)}`).toBeNull();
    }
    const exact = questions.find((q) => q.type === 'EXACT' && q.tolerance)!;
    expect((await grade(t.ctx, { userId: 1, question: toGradable(exact), answer: '12,5' })).is_valid).toBe(true);
    const math = questions.find((q) => q.type === 'MATH' && !q.is_practice)!;
    expect((await grade(t.ctx, { userId: 1, question: toGradable(math), answer: '3+2x' })).is_valid).toBe(true);
  });
});
