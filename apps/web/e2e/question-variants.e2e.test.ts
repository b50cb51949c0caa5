// Parameterised questions end to end: a teacher writes a question with {{nom}} in its statement and answer, tests a
// broken generator (the French reason names its line), fixes it and sees three variants, saves, then previews the
// variant of a seed as a student would see it and tries an answer on it; the bank marks it « Paramétrée ». Checked
// by axe at 1280 and 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const stamp = `E2E${Date.now().toString(36)}`;
let browser: Browser;
let token = '';
let questionId = 0;

const BROKEN = ['def generate(seed):', '    a = seed * 2', '    b = 7', '    return {"a": a, "b": b, "s": a + b / 0}', ''].join('\n');
const GOOD = ['import random', '', 'def generate(seed):', '    r = random.Random(seed)', '    a, b = r.randint(10, 99), r.randint(10, 99)', '    return {"a": a, "b": b, "s": a + b}', ''].join('\n');

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(accounts.teacher);
});
afterAll(async () => {
  if (questionId) await apiCall(`/api/admin/questions/${questionId}/delete`, token, { method: 'DELETE' });
  await browser?.close();
});

/** Replaces the generator editor's text (typed as one insertion: the editor's auto-indent would change it). */
async function setGenerator(page: Page, source: string) {
  await page.getByRole('textbox', { name: 'Générateur (Python)' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(source);
}

describe('parameterised questions', () => {
  it('tests a generator (its error with its line, then three variants), saves, and previews a variant by its seed', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Réponse exacte$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Combien font {{a}} + {{b}} ?`);
    await page.getByRole('textbox', { name: 'Réponse acceptée 1' }).fill('{{s}}');
    const card = page.getByRole('region', { name: 'Paramètres (générateur)' });
    await card.getByText('random.Random(seed)').waitFor();

    await setGenerator(page, BROKEN);
    await card.getByRole('button', { name: 'Tester le générateur' }).click();
    const refusal = card.getByRole('alert');
    await refusal.getByText('division par zéro à la ligne 4 du générateur (ZeroDivisionError').waitFor();
    expect(await refusal.textContent()).toContain('La variante de graine 1 échoue');
    await expectAccessible(page, 'question-create (generator refused)');

    await setGenerator(page, GOOD);
    await card.getByRole('button', { name: 'Tester le générateur' }).click();
    await card.getByText('3 variantes fabriquées et vérifiées').waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);
    for (const seed of [1, 2, 3]) {
      const variant = card.getByRole('region', { name: `Graine ${seed}` });
      const values = await variant.getByRole('group', { name: 'Valeurs' }).textContent();
      const [, a, b, s] = /a = (\d+)b = (\d+)s = (\d+)/.exec(values ?? '')!;
      await variant.getByText(`${stamp} Combien font ${a} + ${b} ?`).waitFor();
      expect(Number(s)).toBe(Number(a) + Number(b));
      await variant.getByRole('listitem').filter({ hasText: new RegExp(`^${s}$`) }).waitFor();
    }
    await expectAccessible(page, 'question-create (three variants)');

    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question', 'premières variantes ont été fabriquées et vérifiées').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);

    // The preview of seed 5: the statement filled with its values, and a verdict on the right sum.
    await page.getByRole('button', { name: 'Aperçu étudiant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aperçu étudiant' });
    await dialog.getByTestId('variant-values').waitFor();
    await dialog.getByRole('textbox', { name: 'Graine de la variante' }).fill('5');
    await dialog.getByRole('button', { name: 'Afficher cette variante' }).click();
    const preview = await apiCall<{ data: { variant: { values: { a: number; b: number; s: number } } } }>(`/api/admin/questions/${questionId}/preview?seed=5`, token);
    const v = preview.body.data.variant.values;
    await dialog.getByText(`${stamp} Combien font ${v.a} + ${v.b} ?`).waitFor();
    await dialog.getByText(`a = ${v.a}, b = ${v.b}, s = ${v.s}`).waitFor();
    await dialog.getByRole('textbox', { name: 'Votre réponse' }).fill(String(v.s));
    await dialog.getByRole('button', { name: 'Essayer' }).click();
    await dialog.getByTestId('preview-verdict').getByText('Validé', { exact: true }).waitFor();
    await expectAccessible(page, 'question-edit (variant preview)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone: the generator, its variants and the preview of a seed', async () => {
    expect(questionId).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, PHONE);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/questions/${questionId}/edit`));
    const card = page.getByRole('region', { name: 'Paramètres (générateur)' });
    await card.getByRole('button', { name: 'Tester le générateur' }).click();
    await card.getByText('3 variantes fabriquées et vérifiées').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'question-edit (variants, 375 px)');
    // The bank says which questions are parameterised.
    await page.goto(url(`/dashboard/questions?search=${stamp}`));
    await page.getByText('Paramétrée', { exact: true }).waitFor();
    await expectAccessible(page, 'questions (parameterised badge, 375 px)');
    await page.goto(url(`/dashboard/questions/${questionId}/edit`));
    await page.getByRole('button', { name: 'Aperçu étudiant' }).click();
    await page.getByRole('dialog', { name: 'Aperçu étudiant' }).getByTestId('variant-values').waitFor();
    await expectAccessible(page, 'question-edit (variant preview, 375 px)');
    await context.close();
  });
});
