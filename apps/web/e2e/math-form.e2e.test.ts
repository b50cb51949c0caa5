// A MATH question that requires a form, in Chromium: the teacher chooses « Forme exigée » in the editor and saves it;
// the staff preview (the student's view) says which form is asked, never the expected expression; an equivalent
// expression in another form is not validated and says why, the expanded one is. At 1280 and 375 px, axe on each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, url } from './helpers';

const PHONE = { width: 375, height: 740 };
let browser: Browser;
let teacher = '';
let questionId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiLogin(accounts.teacher);
  const created = await apiCall<{ data: { id: number } }>('/api/admin/questions/create', teacher, {
    method: 'POST',
    body: JSON.stringify({ type: 'MATH', statement: `<p>Développez (x + 1)² (E2E${Date.now().toString(36)}).</p>`, possible_solutions: [{ content: 'x^2+2x+1' }] }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  questionId = created.body.data.id;
}, 60_000);

afterAll(async () => {
  if (questionId) await apiCall(`/api/admin/questions/${questionId}/delete`, teacher, { method: 'DELETE' });
  await browser?.close();
});

/** Types an expression in the preview's maths field and asks for its verdict. */
async function tryExpression(page: Page, keys: string) {
  const dialog = page.getByRole('dialog', { name: 'Aperçu étudiant' });
  const field = dialog.locator('math-field');
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(keys);
  await dialog.getByRole('button', { name: 'Essayer' }).click();
  return dialog.getByTestId('preview-verdict');
}

describe('MATH in a required form', () => {
  it('the teacher requires the expanded form in the editor, and the preview holds the student to it', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const { context, page, errors } = await newPage(browser, viewport);
      await signInWithToken(context, accounts.teacher);
      await page.goto(url(`/dashboard/questions/${questionId}/edit`));
      const select = page.getByRole('combobox', { name: 'Forme exigée' });
      await select.waitFor();
      if (viewport === PHONE) {
        expect(await select.inputValue()).toBe('Développée');
      } else {
        expect(await select.inputValue()).toBe('Toute forme équivalente');
        await select.click();
        await page.getByRole('option', { name: 'Développée', exact: true }).click();
        expect(await select.inputValue()).toBe('Développée');
        await expectAccessible(page, 'éditeur MATH, forme exigée');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expect.poll(async () => (await apiCall<{ data: { math_form: string } }>(`/api/admin/questions/${questionId}/show`, teacher)).body.data.math_form).toBe('EXPANDED');
      }
      await page.getByRole('button', { name: 'Aperçu étudiant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Aperçu étudiant' });
      await dialog.getByText('Réponse attendue sous forme développée.').waitFor();
      expect(await dialog.textContent()).not.toContain('x^2+2x+1');
      const verdict = await tryExpression(page, '(x+1)^2');
      await verdict.getByText('Non validé').waitFor();
      await dialog.getByText('Expression équivalente mais pas sous la forme demandée (développée).').waitFor();
      await expectAccessible(page, `aperçu MATH, forme non respectée (${viewport.width} px)`);
      // x², out of the exponent, then the rest: the expanded form is validated.
      const field = dialog.locator('math-field');
      await field.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('x^2');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.type('+2x+1');
      await dialog.getByRole('button', { name: 'Essayer' }).click();
      await dialog.getByTestId('preview-verdict').getByText('Validé', { exact: true }).waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
