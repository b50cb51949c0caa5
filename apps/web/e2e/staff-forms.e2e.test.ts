// Staff forms in Chromium: the exam editor's question titles are whole and readable at 375 px, and axe finds no
// contrast fault in the opened date picker of the exam form, in the question editor once the server has refused a
// failing reference solution (422), nor in the exam form's own field errors.
// Set FORMS_SCREENSHOTS=/some/dir to also save screenshots of each state.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, DESKTOP, expectAccessible, launchBrowser, openAs, overflowsHorizontally, toast } from './helpers';

const PHONE = { width: 375, height: 740 };
const DEMO_EXAM = 'Examen de démonstration : statistique et programmation';
const shots = process.env.FORMS_SCREENSHOTS;

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(accounts.teacher);
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string, fullPage = true) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
}

/** Waits until a dialog or dropdown has finished its opening transition (axe reads half-transparent text wrong). */
async function fullyShown(locator: Locator): Promise<void> {
  await locator.waitFor();
  await expect.poll(() => locator.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

describe('staff forms', () => {
  it('shows each question title of the exam editor whole at 375 px', async () => {
    const list = await apiCall<{ data: Array<{ id: number; title: string }> }>(`/api/admin/exams?search=${encodeURIComponent('Examen de démonstration')}`, token);
    const exam = list.body.data.find((e) => e.title === DEMO_EXAM);
    expect(exam, 'the demo exam').toBeTruthy();
    const full = await apiCall<{ data: { questions: Array<{ statement_excerpt: string }> } }>(`/api/admin/exams/${exam!.id}/show`, token);
    const excerpts = full.body.data.questions.map((q) => q.statement_excerpt);
    expect(excerpts.length).toBeGreaterThan(0);

    const { context, page, errors } = await openAs(browser, accounts.teacher, `/dashboard/exams/${exam!.id}/edit`, PHONE);
    const rows = page.getByTestId('exam-question');
    await expect.poll(() => rows.count()).toBe(excerpts.length);
    await shot(page, 'exam-edit-375');
    for (const [i, excerpt] of excerpts.entries()) {
      // The title's first words (before any formula, drawn by KaTeX): its element in the row.
      const start = excerpt.split('\\(')[0]!.trim().split(/\s+/).slice(0, 3).join(' ');
      const title = rows.nth(i).locator('p').filter({ hasText: start });
      await title.waitFor();
      const box = await title.evaluate((el) => {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return {
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
          scrollHeight: el.scrollHeight,
          clientHeight: el.clientHeight,
          ellipsis: style.textOverflow === 'ellipsis' && style.overflowX !== 'visible',
          lineClamp: style.getPropertyValue('-webkit-line-clamp'),
          left: r.left,
          right: r.right,
          width: r.width,
          viewport: window.innerWidth,
        };
      });
      const what = `question ${i + 1} (${start}…)`;
      // Nothing cut on the right nor below, no ellipsis, no line clamp.
      expect(box.scrollWidth, what).toBeLessThanOrEqual(box.clientWidth);
      expect(box.scrollHeight, what).toBeLessThanOrEqual(box.clientHeight);
      expect(box.ellipsis, what).toBe(false);
      expect(['', 'none'], what).toContain(box.lineClamp);
      // Inside the screen, and wide enough to be read as lines of words rather than letters.
      expect(box.left, what).toBeGreaterThanOrEqual(0);
      expect(box.right, what).toBeLessThanOrEqual(box.viewport);
      expect(box.width, what).toBeGreaterThanOrEqual(box.viewport / 2);
    }
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no axe finding with the exam form’s date picker open', async () => {
    const { context, page, errors } = await openAs(browser, accounts.teacher, '/dashboard/exams/create', DESKTOP);
    await page.getByRole('button', { name: /^Ouverture/ }).click();
    const dropdown = page.locator('[data-dates-dropdown]');
    await fullyShown(dropdown);
    // A month that shows weekend days and days of the months around it (the cells whose contrast is checked).
    const next = dropdown.getByRole('button', { name: 'Période suivante' });
    for (let i = 0; i < 3 && (await dropdown.locator('button[data-outside]:not([data-hidden])').count()) === 0; i++) await next.click();
    expect(await dropdown.locator('button[data-outside]:not([data-hidden])').count()).toBeGreaterThan(0);
    expect(await dropdown.locator('button[data-weekend]:not([data-outside])').count()).toBeGreaterThan(0);
    await shot(page, 'date-picker-1280', false);
    await expectAccessible(page, 'exam form (date picker open)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no axe finding once the server refuses a failing reference solution', async () => {
    const { context, page, errors } = await openAs(browser, accounts.teacher, '/dashboard/questions/create', DESKTOP);
    await page.locator('label').filter({ hasText: /^Algorithme \(Python ou R\)$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type('Affichez la somme des deux entiers lus.');
    const case1 = page.getByRole('region', { name: 'Cas de test 1' });
    await case1.getByLabel('Entrée (stdin)').fill('2 3');
    await case1.getByLabel('Sortie attendue').fill('5');
    await page.getByRole('textbox', { name: 'Solution de référence' }).click();
    // Prints the wrong sum: refused on case 1.
    await page.keyboard.type('print(0)');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/admin/questions/create') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Créer la question' }).click(),
    ]);
    expect(response.status()).toBe(422);
    await case1.getByText('Cas 1 : attendu').waitFor();
    await page.getByText('La solution de référence échoue au cas de test 1').first().waitFor();
    await fullyShown(toast(page, 'Erreur'));
    expect(page.url()).toMatch(/\/dashboard\/questions\/create$/);
    await shot(page, 'reference-refused-1280');
    await expectAccessible(page, 'question form (reference solution refused)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no axe finding on the exam form’s field errors', async () => {
    const { context, page, errors } = await openAs(browser, accounts.teacher, '/dashboard/exams/create', DESKTOP);
    await page.getByRole('button', { name: 'Créer l’examen' }).click();
    // No title, no parcours: the shared schema's messages under their fields, in the error colour.
    await page.getByText('Choisissez au moins un parcours.').waitFor();
    expect(await page.locator('.mantine-InputWrapper-error').count()).toBeGreaterThanOrEqual(2);
    expect(page.url()).toMatch(/\/dashboard\/exams\/create$/);
    await shot(page, 'exam-form-errors-1280', false);
    await expectAccessible(page, 'exam form (field errors)');
    expect(errors).toEqual([]);
    await context.close();
  });
});
