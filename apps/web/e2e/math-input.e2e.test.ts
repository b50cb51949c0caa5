// The maths field keeps every key typed right after a click on it, as soon as it shows: in a course exercise and
// in an exam question (MathLive used to take the focus 60 ms after the click, so the first keys were lost).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, openAs, screenReady } from './helpers';

let browser: Browser;
let courseId = 0;
let mathExercise = 0;
let examId = 0;

interface Exercises {
  data: { courses: Array<{ id: number; locked: boolean; exercises: Array<{ id: number; type: string }> }> };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [teacher, premium] = await Promise.all([apiLogin(accounts.teacher), apiLogin(accounts.premium)]);
  const all = await apiCall<Exercises>('/api/student/practices/exercises', premium);
  const course = all.body.data.courses.find((c) => !c.locked && c.exercises.some((e) => e.type === 'MATH'));
  if (!course) throw new Error('no demo course with a MATH exercise');
  courseId = course.id;
  mathExercise = course.exercises.find((e) => e.type === 'MATH')!.id;

  // An open exam of one MATH question for the premium student (every parcours of the demo exam's year).
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
  const questions = await apiCall<{ data: Array<{ id: number; type: string; is_practice: number }> }>('/api/admin/questions?per_page=100', teacher);
  const math = questions.body.data.find((q) => q.type === 'MATH' && q.is_practice === 0);
  if (!demo || !math) throw new Error('demo exam or MATH question missing');
  const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
    method: 'POST',
    body: JSON.stringify({
      title: `Saisie mathématique ${Date.now().toString(36)}`,
      description: 'Une expression.',
      academic_year_id: demo.academic_year_id,
      specialization_ids: specs.body.data.map((s) => s.id),
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 60,
      show_solutions_after_close: 0,
      questions: [{ question_id: math.id, points: 2 }],
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  examId = created.body.data.id;
  const published = await apiCall(`/api/admin/exams/${examId}/update-status/PUBLISHED`, teacher, { method: 'PUT' });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** Clicks the maths field as soon as it can be clicked and types at once: every key must reach the field. */
async function typeAtOnce(page: Page, label: string) {
  const field = page.locator('math-field');
  await field.click();
  await page.keyboard.type('2x+3');
  await expect.poll(() => field.evaluate((mf) => (mf as HTMLElement & { value: string }).value)).toBe('2x+3');
  // The form got it too (the preview draws what the field holds).
  await expect.poll(() => page.getByRole('group', { name: `Aperçu : ${label}` }).textContent()).toContain('2x+3');
}

describe('maths input', () => {
  it('keeps the first keys typed in a course exercise', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
      const { context, page, errors } = await openAs(browser, accounts.premium, `/student/practice/${courseId}/exercise?exercice=${mathExercise}`, viewport);
      await typeAtOnce(page, 'Votre expression');
      await screenReady(page);
      await expectAccessible(page, `exercice d’expression (${viewport.width} px)`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 90_000);

  it('keeps the first keys typed in an exam question', async () => {
    const { context, page, errors } = await openAs(browser, accounts.premium, `/student/exams/${examId}/handle`);
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    await typeAtOnce(page, 'Votre expression');
    await expectAccessible(page, 'question d’expression');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
