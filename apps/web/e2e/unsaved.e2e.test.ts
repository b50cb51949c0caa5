// Unsaved work is never dropped silently: leaving a form with changes (breadcrumb, menu, "Retour à la liste")
// asks first (Annuler keeps the text, Confirmer leaves), a reload or closing the tab asks through the browser,
// and saving leaves without a question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, launchBrowser, newPage, signInWithToken, toast, url } from './helpers';

let browser: Browser;
let token = '';
let courseId = 0;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(accounts.teacher);
  const years = await apiCall<{ data: Array<{ id: number; is_current: number }> }>('/api/admin/academic-years?per_page=100', token);
  const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=1', token);
  const year = years.body.data.find((y) => y.is_current === 1) ?? years.body.data[0];
  const created = await apiCall<{ data: { id: number } }>('/api/admin/courses/create', token, {
    method: 'POST',
    body: JSON.stringify({ title: `Brouillons ${Date.now()}`, description: '', academic_year_id: year.id, specialization_ids: [specs.body.data[0].id], is_premium: false, is_published: false }),
  });
  expect(created.status).toBe(200);
  courseId = created.body.data.id;
});
afterAll(async () => {
  if (courseId) await apiCall(`/api/admin/courses/${courseId}/delete`, token, { method: 'DELETE' });
  await browser?.close();
});

const question = (page: Page) => page.getByRole('dialog', { name: 'Confirmation' });

describe('unsaved changes', () => {
  it('asks before leaving a new chapter, keeps the text on Annuler, leaves on Confirmer, never after saving', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/courses/${courseId}/edit`));
    await page.getByRole('button', { name: 'Ajouter un chapitre' }).click();
    await page.getByLabel('Titre du chapitre').fill('Chapitre en cours d’écriture');
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type('Un texte qu’il serait dommage de perdre.');

    // Breadcrumb: the question, Annuler keeps everything.
    await page.getByRole('navigation', { name: /fil d/i }).getByRole('link', { name: 'Cours' }).click();
    await question(page).getByText('Des modifications n’ont pas été enregistrées').waitFor();
    await question(page).getByRole('button', { name: 'Annuler' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(url(`/dashboard/courses/${courseId}/edit`));
    expect(await page.getByLabel('Titre du chapitre').inputValue()).toBe('Chapitre en cours d’écriture');
    await page.locator('.course-editor .tiptap').getByText('Un texte qu’il serait dommage de perdre.').waitFor();

    // The chapter's own Annuler asks the same question.
    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
    await question(page).getByText('Des modifications n’ont pas été enregistrées').waitFor();
    await question(page).getByRole('button', { name: 'Annuler' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Titre du chapitre').inputValue()).toBe('Chapitre en cours d’écriture');

    // Closing the tab (or reloading) asks through the browser.
    const unload = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await unload).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Saving asks nothing; afterwards the breadcrumb leaves at once.
    await page.getByRole('button', { name: 'Enregistrer le chapitre' }).click();
    await toast(page, 'Création chapitre').waitFor();
    await page.getByTestId('chapter-row').filter({ hasText: 'Chapitre en cours d’écriture' }).waitFor();
    await page.getByRole('navigation', { name: /fil d/i }).getByRole('link', { name: 'Cours' }).click();
    await page.waitForURL(url('/dashboard/courses'));
    expect(await question(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before leaving a student form through its Annuler or the breadcrumb, and Confirmer leaves', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.admin);
    await page.goto(url('/dashboard/users/students/create'));
    await page.getByLabel(/^Nom( \*)?$/).fill('Rabemanantsoa');

    await page.locator('form').getByRole('button', { name: 'Annuler' }).click();
    await question(page).getByText('Des modifications n’ont pas été enregistrées').waitFor();
    await question(page).getByRole('button', { name: 'Annuler' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(url('/dashboard/users/students/create'));
    expect(await page.getByLabel(/^Nom( \*)?$/).inputValue()).toBe('Rabemanantsoa');

    await page.getByRole('navigation', { name: /fil d/i }).getByRole('link', { name: 'Accueil' }).click();
    await question(page).getByRole('button', { name: 'Confirmer' }).click();
    await page.waitForURL(url('/dashboard'));

    // Nothing typed: no question.
    await page.goto(url('/dashboard/users/students/create'));
    await page.getByLabel(/^Nom( \*)?$/).waitFor();
    await page.locator('form').getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL(url('/dashboard/users/students'));
    await context.close();
  });
});
