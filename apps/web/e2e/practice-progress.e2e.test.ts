// A course exercise's state stays true through « Vérifier », « Exercice suivant », the back button and the
// exercise lists: the premium demo student validates the MATH exercise « Simplifiez… » opened from the list of
// expression exercises; its badge, tries and the course's progress change at once; the next exercise shows the new
// progress; going back shows the validated exercise as validated, as does opening it again from the list. Axe at
// 1280 and 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, expectAccessible, launchBrowser, openAs, screenReady } from './helpers';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const exerciseTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^Exercice \d+ sur \d+$/ });
const badge = (page: Page) => page.getByRole('article').locator('.mantine-Badge-root');
const progressText = (page: Page) => page.getByTestId('practice-progress').textContent();

/** The exercise screen once its exercise and progress are drawn. */
async function exerciseShown(page: Page) {
  await exerciseTitle(page).waitFor();
  await page.getByTestId('practice-progress').waitFor();
}

describe('course exercise states', () => {
  it('« Vérifier », « Exercice suivant », back and the list show the exercise as validated and the new progress', async () => {
    const { context, page, errors } = await openAs(browser, accounts.premium, '/student/practice/math');
    const simplify = page.getByRole('link', { name: /Simplifiez/ });
    await simplify.click();
    await exerciseShown(page);
    const courseId = Number(/\/student\/practice\/(\d+)\/exercise/.exec(page.url())![1]);
    const title = (await exerciseTitle(page).textContent())!;
    const total = Number(/sur (\d+)$/.exec(title)![1]);
    expect(total).toBeGreaterThan(1);
    expect(await badge(page).textContent()).toBe('À faire');
    expect(await progressText(page)).toBe(`Exercices validés : 0 / ${total}`);
    expect(await page.getByRole('article').getByText('Aucun essai').count()).toBe(1);

    await page.locator('math-field').click();
    await page.keyboard.type('x+1');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByTestId('practice-verdict').getByText('Exercice validé').waitFor({ timeout: 60_000 });
    // At once, on the same screen: the badge, the tries and the course's progress.
    await badge(page).filter({ hasText: 'Déjà validé' }).waitFor();
    await page.getByRole('article').getByText('1 essai', { exact: true }).waitFor();
    expect(await progressText(page)).toBe(`Exercices validés : 1 / ${total}`);
    await screenReady(page);
    await expectAccessible(page, 'exercice validé (1280 px)');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(page, 'exercice validé (375 px)');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The next one: another exercise, not validated, with the new progress.
    await page.getByRole('button', { name: 'Exercice suivant' }).click();
    await exerciseTitle(page).and(page.getByRole('heading', { name: title })).waitFor({ state: 'detached' });
    await exerciseShown(page);
    expect(await badge(page).textContent()).toBe('À faire');
    expect(await progressText(page)).toBe(`Exercices validés : 1 / ${total}`);

    // Back: the validated exercise, still validated, and the same progress.
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    expect(await badge(page).textContent()).toBe('Déjà validé');
    expect(await progressText(page)).toBe(`Exercices validés : 1 / ${total}`);

    // Back again to the list: done there, and opened again from it, validated.
    await page.goBack();
    await simplify.waitFor();
    await page.getByRole('listitem').filter({ has: simplify }).getByText('Fait', { exact: true }).waitFor();
    await simplify.click();
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    expect(await badge(page).textContent()).toBe('Déjà validé');
    expect(await progressText(page)).toBe(`Exercices validés : 1 / ${total}`);

    // The course's exercises without a choice: one not validated yet, kept in the address.
    await page.goBack();
    await page.locator(`a[href="/student/practice/${courseId}/exercise"]`).click();
    await page.waitForURL(/[?&]exercice=\d+/);
    await exerciseShown(page);
    expect(await badge(page).textContent()).toBe('À faire');
    expect(await progressText(page)).toBe(`Exercices validés : 1 / ${total}`);
    await screenReady(page);
    await expectAccessible(page, 'exercice suivant (1280 px)');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
