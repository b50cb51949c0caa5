// Student practice end to end against the built server and the real sandbox: the demo student opens a course's
// exercises from the course page, fails then validates a Python exercise, validates a MATH exercise typed with
// MathLive, and sees the progress on the course page and beside the free Python editor. Every screen passes axe
// and has no horizontal scrolling at 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, screenReady, signInWithToken, url } from './helpers';

const NARROW = { width: 375, height: 740 };
let browser: Browser;
let courseId = 0;
let total = 0;
let mathId = 0;

interface Exercises {
  data: { courses: Array<{ id: number; title: string; progress: { validated: number; total: number }; exercises: Array<{ id: number; type: string; language: string | null }> }> };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await apiLogin(accounts.student);
  const all = await apiCall<Exercises>('/api/student/practices/exercises', token);
  const course = all.body.data.courses.find((c) => c.exercises.some((e) => e.language === 'PYTHON') && c.exercises.some((e) => e.type === 'MATH'))!;
  courseId = course.id;
  total = course.progress.total;
  mathId = course.exercises.find((e) => e.type === 'MATH')!.id;
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function replaceCode(page: Page, code: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

async function narrowCheck(path: string, name: string) {
  const { context, page } = await newPage(browser, NARROW);
  await signInWithToken(context, accounts.student);
  await page.goto(url(path));
  await screenReady(page);
  expect(await overflowsHorizontally(page), `${name} à 375 px`).toBe(false);
  await expectAccessible(page, `${name} (375 px)`);
  await context.close();
}

describe('student practice', () => {
  it('fails then validates a Python exercise, validates a MATH one typed with MathLive, and shows the progress', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/courses/${courseId}/show`));
    await page.getByTestId('course-practice-progress').waitFor();
    expect(await page.getByTestId('course-practice-progress').textContent()).toBe(`Exercices validés : 0 / ${total}`);
    await expectAccessible(page, 'cours avec progression');

    await page.getByRole('link', { name: 'S’entraîner' }).click();
    await page.getByRole('heading', { name: `Exercice 1 sur ${total}` }).waitFor();
    await screenReady(page);
    // The first exercise not validated: a Python program, with its visible cases' expected output and its chapter.
    await page.getByText('Sortie attendue').first().waitFor();
    expect(await page.getByRole('link', { name: /Revoir le chapitre/ }).count()).toBe(1);
    await expectAccessible(page, 'exercice du cours');

    await replaceCode(page, 'n = int(input())\nprint(n + 1)\n');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    const verdict = page.getByTestId('practice-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    expect(await verdict.getByText('Pas encore validé').count()).toBe(1);
    expect(await page.getByTestId('visible-case').count()).toBeGreaterThan(0);
    expect(await page.getByText('Réponse incorrecte').count()).toBeGreaterThan(0);

    await replaceCode(page, 'n = int(input())\nprint(2 * n)\n');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await verdict.getByText('Exercice validé').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('practice-progress').textContent()).toBe(`Exercices validés : 1 / ${total}`);
    await expectAccessible(page, 'exercice validé');

    // The next one is another exercise, not the validated one.
    await page.getByRole('button', { name: 'Exercice suivant' }).click();
    await page.getByRole('heading', { name: `Exercice 2 sur ${total}` }).waitFor();

    // A MATH exercise, typed with MathLive's keyboard input.
    await page.goto(url(`/student/practice/${courseId}/exercise?exercice=${mathId}`));
    const field = page.locator('math-field');
    await field.waitFor();
    await field.evaluate((mf) => (mf as HTMLElement).focus());
    // (MathLive's own shortcut turns « (a+b)/2 » into an unbalanced fraction; a product reads the same.)
    await page.keyboard.type('0.5a+0.5b', { delay: 80 });
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByTestId('practice-verdict').getByText('Exercice validé').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('practice-progress').textContent()).toBe(`Exercices validés : 2 / ${total}`);

    await page.goto(url('/student/practice/math'));
    await screenReady(page);
    await expectAccessible(page, 'pratique des expressions');

    await page.goto(url(`/student/courses/${courseId}/show`));
    await expect.poll(() => page.getByTestId('course-practice-progress').textContent()).toBe(`Exercices validés : 2 / ${total}`);

    // Beside the free Python editor, the validated exercise shows done.
    await page.goto(url('/student/practice/python'));
    await page.getByRole('heading', { name: /Exercices Python de mes cours/ }).waitFor();
    await screenReady(page);
    // The list of exercises comes with its own request: wait for it, then count.
    await page.getByText('Fait', { exact: true }).first().waitFor();
    expect(await page.getByText('Fait', { exact: true }).count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByText('À faire', { exact: true }).count()).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Exécuter' }).click();
    await page.getByText('Exécution réussie').waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'pratique Python');
    await page.goto(url('/student/practice/r'));
    await screenReady(page);
    await expectAccessible(page, 'pratique R');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('every practice screen fits 375 px and passes axe there', async () => {
    await narrowCheck('/student/practice/python', 'pratique Python');
    await narrowCheck('/student/practice/r', 'pratique R');
    await narrowCheck('/student/practice/math', 'pratique des expressions');
    await narrowCheck(`/student/practice/${courseId}/exercise`, 'exercice du cours');
    await narrowCheck(`/student/courses/${courseId}/show`, 'cours');
  }, 180_000);

  it('shows the staff the course’s practice table', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/courses/${courseId}/edit`));
    await page.getByTestId('practice-table').waitFor();
    expect(await page.getByRole('heading', { name: 'Exercices les plus échoués' }).count()).toBe(1);
    await screenReady(page);
    await expectAccessible(page, 'cours (équipe) avec la pratique');
    await context.close();
  }, 120_000);
});
