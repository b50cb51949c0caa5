// The question bank and exam lists as a teacher uses them: French type names and formulas drawn with KaTeX in the
// excerpts, the filters (type, language, course, tag; exam status), duplicating a question and an exam (each copy
// opens in its editor), and an exam taken through its whole lifecycle from the status menu, each move confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, signInWithToken, toast, url } from './helpers';

const stamp = `L${Date.now().toString(36)}`;
let browser: Browser;
let token = '';
const createdQuestions: number[] = [];
const createdExams: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(accounts.teacher);
});
afterAll(async () => {
  for (const id of createdExams) await apiCall(`/api/admin/exams/${id}/delete`, token, { method: 'DELETE' });
  for (const id of createdQuestions) await apiCall(`/api/admin/questions/${id}/delete`, token, { method: 'DELETE' });
  await browser?.close();
});

async function pickFilter(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const rows = (page: Page) => page.locator('table tbody tr');
const WAIT = { timeout: 15_000 };

describe('question bank list', () => {
  it('shows French type names and drawn formulas, filters by type, language, course and tag, and duplicates a question', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    // Searched for: other tests' questions may have pushed the demo's off the first page.
    await page.goto(url('/dashboard/questions?search=Simplifiez'));
    await rows(page).first().waitFor();
    const table = page.getByRole('table', { name: 'Questions' });
    // The demo MATH statement « Simplifiez \frac{x^2 - 1}{x - 1} … »: drawn, never raw LaTeX or tags.
    await table.getByText('Simplifiez').first().waitFor();
    expect(await table.locator('.katex').count()).toBeGreaterThan(0);
    const text = await table.innerText();
    expect(text).not.toMatch(/\\frac|<\/?\w+>|data-latex/);
    await page.goto(url('/dashboard/questions'));
    await rows(page).first().waitFor();
    // No raw type code in a badge (the end-to-end statements of other tests may say « QCM », badges never do).
    for (const code of ['QCM', 'EXACT', 'ALGORITHM', 'MATH']) expect(await table.getByText(code, { exact: true }).count()).toBe(0);

    // Type filter: each type shows its French name and only it.
    const names = ['Choix multiple', 'Réponse exacte', 'Algorithme', 'Expression mathématique'];
    for (const [typeOption, badge] of [
      ['Choix multiple', 'Choix multiple'],
      ['Réponse exacte', 'Réponse exacte'],
      ['Algorithme (Python ou R)', 'Algorithme · Python'],
      ['Expression mathématique', 'Expression mathématique'],
    ]) {
      await pickFilter(page, 'Type', typeOption);
      const others = names.filter((n) => !badge.startsWith(n)).join('|');
      await expect.poll(async () => new RegExp(others).test(await table.innerText()), WAIT).toBe(false);
      await table.getByText(badge, { exact: true }).locator('visible=true').first().waitFor();
    }
    await page.goto(url('/dashboard/questions'));
    // Language filter: R programs only.
    await pickFilter(page, 'Langage', 'R');
    await expect.poll(async () => /Algorithme · Python|Choix multiple|Réponse exacte|Expression/.test(await table.innerText()), WAIT).toBe(false);
    await table.getByText('Algorithme · R', { exact: true }).locator('visible=true').first().waitFor();
    await page.goto(url('/dashboard/questions'));
    // Course and tag filters.
    await pickFilter(page, 'Cours', 'Statistique descriptive avec Python et R');
    await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThan(1);
    await pickFilter(page, 'Étiquette', /^analyse \(/);
    await expect.poll(async () => (await rows(page).allInnerTexts()).every((r) => /analyse/i.test(r)), WAIT).toBe(true);
    expect(await rows(page).count()).toBe(2);

    // Duplicate: the copy opens in its editor; the bank now has one more « Simplifiez ».
    await page.goto(url('/dashboard/questions?search=Simplifiez'));
    await expect.poll(() => rows(page).count(), WAIT).toBe(1);
    await page.getByRole('button', { name: /^Dupliquer « Simplifiez/ }).click();
    await toast(page, 'Duplication question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    createdQuestions.push(Number(/questions\/(\d+)\/edit/.exec(page.url())![1]));
    await page.goto(url('/dashboard/questions?search=Simplifiez'));
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    await expectAccessible(page, 'liste des questions filtrée');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('exam list', () => {
  it('duplicates an exam, takes the copy from draft to archived through the confirmed status menu, and filters by status', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    // Searched for: other tests' exams may have pushed it off the first page.
    await page.goto(url(`/dashboard/exams?search=${encodeURIComponent('Examen de démonstration')}`));
    await page.getByRole('button', { name: /^Dupliquer « Examen de démonstration/ }).click();
    await toast(page, 'Duplication examen').waitFor();
    await page.waitForURL(/\/dashboard\/exams\/\d+\/edit$/);
    const copyId = Number(/exams\/(\d+)\/edit/.exec(page.url())![1]);
    createdExams.push(copyId);
    const title = `Examen ${stamp}`;
    await page.getByRole('textbox', { name: /^Titre/ }).fill(title);
    // The copy keeps the questions, shown with their French type names.
    await expect.poll(() => page.getByTestId('exam-question').count(), WAIT).toBeGreaterThan(1);
    await page.getByTestId('exam-question').getByText('Choix multiple', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast(page, 'Mis à jour examen').waitFor();

    await page.goto(url(`/dashboard/exams?search=${stamp}`));
    await expect.poll(() => rows(page).count(), WAIT).toBe(1);
    const steps: Array<[from: string, action: string, to: string]> = [
      ['Brouillon', 'Publier', 'Publié'],
      ['Publié', 'Clôturer', 'Clôturé'],
      ['Clôturé', 'Archiver', 'Archivé'],
    ];
    for (const [from, action, to] of steps) {
      await page.getByRole('button', { name: `${from} — Changer le statut de « ${title} »` }).click();
      await page.getByRole('menuitem', { name: action }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await dialog.getByText(`« ${title} »`).waitFor();
      await dialog.getByRole('button', { name: action }).click();
      // This step's toast (it names the new status), not the one of the step before.
      await toast(page, 'Statut examen', `« ${to} »`).waitFor();
      await rows(page).getByText(to, { exact: true }).waitFor();
    }
    // Archived: the end of the lifecycle, a plain badge, no menu; the copy cannot be deleted any more.
    expect(await page.getByRole('button', { name: /Changer le statut de/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Supprimer « ${title} »` }).isDisabled()).toBe(true);
    createdExams.pop();
    const stored = await apiCall<{ data: { status: string } }>(`/api/admin/exams/${copyId}/show`, token);
    expect(stored.body.data.status).toBe('ARCHIVED');

    // Status filter.
    await page.goto(url('/dashboard/exams'));
    await rows(page).first().waitFor();
    await pickFilter(page, 'Statut', 'Archivé');
    await expect.poll(() => rows(page).getByText(/Examen de démonstration/).count(), WAIT).toBe(0);
    await rows(page).getByText(title).waitFor();
    await pickFilter(page, 'Statut', 'Publié');
    await expect.poll(async () => (await rows(page).allInnerTexts()).some((r) => r.includes(title)), WAIT).toBe(false);
    await expectAccessible(page, 'liste des examens filtrée');
    expect(errors).toEqual([]);
    await context.close();
  });
});
