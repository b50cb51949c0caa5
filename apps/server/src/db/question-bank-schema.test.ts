// Migration 005-question-bank on the real database: every table takes its rows, numeric reads back as a
// number, jsonb as a value, and the foreign keys cascade or restrict as the features rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/helper';
import type { DbHandle } from './index';

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('migration 005-question-bank', () => {
  it('stores questions, exams, attempts and submissions with their constraints', async () => {
    const { db } = h;
    const user = await db
      .insertInto('users')
      .values({ last_name: 'A', first_name: 'B', email: 'qb@test.example', password_hash: 'x', role: 'STUDENT' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const year = await db
      .insertInto('academic_years')
      .values({ label: '2030-2031', start_date: '2030-09-01', end_date: '2031-06-30', access_start: '2030-09-01', access_end: '2031-06-30' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const q = await db
      .insertInto('questions')
      .values({ type: 'QCM', statement: '<p>Q</p>', points: 1.5, language: null, course_id: null, chapter_id: null, starter_code: null, reference_solution: null, tolerance_kind: null, tolerance_value: null, cpu_seconds: null, memory_mb: null, created_by: user.id })
      .returning(['id', 'points', 'version'])
      .executeTakeFirstOrThrow();
    expect(q.points).toBe(1.5);
    expect(q.version).toBe(1);
    await db.insertInto('possible_solutions').values([
      { question_id: q.id, position: 1, content: 'Oui', is_correct: 1 },
      { question_id: q.id, position: 2, content: 'Non' },
    ]).execute();
    await db.insertInto('question_tags').values({ question_id: q.id, tag: 'logique' }).execute();
    await expect(db.insertInto('questions').values({ type: 'OTHER' as 'QCM', statement: '', points: 1, language: null, course_id: null, chapter_id: null, starter_code: null, reference_solution: null, tolerance_kind: null, tolerance_value: null, cpu_seconds: null, memory_mb: null, created_by: null }).execute()).rejects.toThrow();

    const exam = await db
      .insertInto('exams')
      .values({ title: 'Partiel', academic_year_id: year.id, start_at: new Date(), end_at: new Date(Date.now() + 3600_000), duration_minutes: 60, created_by: user.id })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    expect(exam.status).toBe('DRAFT');
    await db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: q.id, position: 1, points: 2.25 }).execute();
    await expect(db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: q.id, position: 2, points: 1 }).execute()).rejects.toThrow();
    await db.insertInto('exam_extra_time').values({ exam_id: exam.id, user_id: user.id, minutes: 20 }).execute();
    const attempt = await db
      .insertInto('exam_attempts')
      .values({ exam_id: exam.id, user_id: user.id, deadline: new Date(Date.now() + 3600_000), score: '12.50', max_score: 20 })
      .returning(['id', 'score', 'max_score'])
      .executeTakeFirstOrThrow();
    expect(attempt.score).toBe(12.5);
    expect(attempt.max_score).toBe(20);
    await expect(db.insertInto('exam_attempts').values({ exam_id: exam.id, user_id: user.id, deadline: new Date() }).execute()).rejects.toThrow();
    const sid = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    await db
      .insertInto('exam_submissions')
      .values({ attempt_id: attempt.id, question_id: q.id, submission_id: sid, answer: JSON.stringify([1]), is_valid: 1, score: 1, details: JSON.stringify({ type: 'QCM' }) })
      .execute();
    await expect(
      db.insertInto('exam_submissions').values({ attempt_id: attempt.id, question_id: q.id, submission_id: sid, answer: JSON.stringify([2]) }).execute(),
    ).rejects.toThrow();
    await db.insertInto('exam_drafts').values({ attempt_id: attempt.id, question_id: q.id, answer: JSON.stringify('brouillon') }).execute();
    const sub = await db.selectFrom('exam_submissions').select(['answer', 'details', 'score', 'internal']).executeTakeFirstOrThrow();
    expect(sub).toEqual({ answer: [1], details: { type: 'QCM' }, score: 1, internal: null });
    const draft = await db.selectFrom('exam_drafts').select('answer').executeTakeFirstOrThrow();
    expect(draft.answer).toBe('brouillon');

    // A question used by an exam cannot be deleted; without exams, its solutions and tags go with it.
    await expect(db.deleteFrom('questions').where('id', '=', q.id).execute()).rejects.toThrow();
    await db.deleteFrom('exam_attempts').execute();
    await db.deleteFrom('exams').where('id', '=', exam.id).execute();
    expect(await db.selectFrom('exam_questions').selectAll().execute()).toEqual([]);
    await db.deleteFrom('questions').where('id', '=', q.id).execute();
    expect(await db.selectFrom('possible_solutions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('question_tags').selectAll().execute()).toEqual([]);
  });
});
