// Courses end to end: a teacher writes a course with a formula, a code block and a PDF, and reorders
// its chapters; a student
// reads it (formula drawn, code highlighted) and downloads the PDF; a non-premium student opening a
// premium course lands on the no-premium page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, apiCall, apiLogin, launchBrowser, MOBILE, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const TITLE = `Analyse numérique ${Date.now()}`;
let courseId = 0;

describe('courses', () => {
  it('lets a teacher write a course with a formula, a code block and a PDF', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/courses/create'));
    await page.getByRole('textbox', { name: /^Titre/ }).fill(TITLE);
    await page.getByLabel('Description').fill('Méthodes itératives.');
    // The current year is chosen by default; pick the demo student's parcours.
    await expect.poll(() => page.getByRole('combobox', { name: 'Année universitaire' }).inputValue()).toMatch(/^\d{4}-\d{4}$/);
    await page.getByRole('combobox', { name: 'Parcours' }).click();
    await page.getByRole('option', { name: 'Génie logiciel (GL-L3)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('switch', { name: 'Publié (visible par les étudiants)' }).check();
    await page.getByRole('button', { name: 'Créer le cours' }).click();
    await toast(page, 'Création cours').waitFor();
    await page.waitForURL(/\/dashboard\/courses\/\d+\/edit$/);
    courseId = Number(/courses\/(\d+)\/edit/.exec(page.url())![1]);

    await page.getByRole('button', { name: 'Ajouter un chapitre' }).click();
    await page.getByLabel('Titre du chapitre').fill('Méthode de Newton');
    const editor = page.locator('.course-editor .tiptap');
    await editor.click();
    await page.keyboard.type('La suite converge vers la racine : ');
    await page.getByRole('button', { name: 'Formule (LaTeX)', exact: true }).click();
    await page.getByLabel('Formule LaTeX').fill('x_{n+1} = x_n - \\frac{f(x_n)}{f\'(x_n)}');
    await page.locator('.mantine-Modal-body .katex').waitFor();
    await page.getByRole('button', { name: 'Insérer', exact: true }).click();
    await editor.locator('.katex').first().waitFor();
    await editor.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bloc de code' }).click();
    await page.keyboard.type('def newton(f, df, x):\n    return x - f(x) / df(x)');
    await page.getByRole('combobox', { name: 'Langage du bloc de code' }).waitFor();

    await page.locator('[data-testid="chapter-dropzone"] input[type="file"]').setInputFiles({ name: 'Newton — énoncé.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Newton — énoncé.pdf').waitFor();
    await page.getByRole('button', { name: 'Enregistrer le chapitre' }).click();
    await toast(page, 'Création chapitre').waitFor();
    await page.getByTestId('chapter-row').filter({ hasText: 'Méthode de Newton' }).getByText('1 fichier').waitFor();

    // What the server stored: the formula as data-latex, the code block with its language, the PDF.
    const token = await apiLogin(accounts.teacher);
    const all = await apiCall<{ data: Array<{ content: string; files: Array<{ name: string; mime: string }> }> }>(`/api/admin/chapters/${courseId}/all`, token);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.data[0].content).toContain('data-type="math-inline" data-latex="x_{n+1} = x_n - \\frac{f(x_n)}{f\'(x_n)}"');
    expect(all.body.data[0].content).toMatch(/<pre><code class="language-python">def newton\(f, df, x\):/);
    expect(all.body.data[0].files).toEqual([expect.objectContaining({ name: 'Newton — énoncé.pdf', mime: 'application/pdf' })]);

    // A second chapter, then reorder: with the arrows, then by dragging.
    const second = await apiCall<{ data: { id: number } }>('/api/admin/chapters/store', token, {
      method: 'POST',
      body: JSON.stringify({ course_id: courseId, title: 'Exercices', content: '<p>À vous.</p>' }),
    });
    expect(second.status).toBe(200);
    await page.reload();
    const titles = async () =>
      (await apiCall<{ data: Array<{ title: string }> }>(`/api/admin/chapters/${courseId}/all`, token)).body.data.map((c) => c.title);
    await page.getByRole('button', { name: 'Monter « Exercices »' }).click();
    await toast(page, 'Ordre des chapitres').waitFor();
    await expect.poll(titles).toEqual(['Exercices', 'Méthode de Newton']);
    await page.getByTestId('chapter-row').filter({ hasText: 'Méthode de Newton' }).dragTo(page.getByTestId('chapter-row').filter({ hasText: 'Exercices' }));
    await expect.poll(titles).toEqual(['Méthode de Newton', 'Exercices']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a student read it and download the PDF', async () => {
    expect(courseId).toBeGreaterThan(0);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.student);
    await page.goto(url('/student/courses'));
    await page.getByRole('link', { name: `Ouvrir le cours « ${TITLE} »` }).click();
    await page.waitForURL(url(`/student/courses/${courseId}/show`));
    await page.getByRole('heading', { name: 'Méthode de Newton' }).waitFor();
    expect(await page.getByRole('article').locator('h2').allTextContents()).toEqual(['Méthode de Newton', 'Exercices']);
    const content = page.locator('.course-content');
    await content.locator('.katex').first().waitFor();
    expect(await content.locator('[data-type="math-inline"] .katex-mathml annotation').textContent()).toBe("x_{n+1} = x_n - \\frac{f(x_n)}{f'(x_n)}");
    expect(await content.locator('pre code .hljs-keyword').first().textContent()).toBe('def');
    expect(await content.locator('pre').getAttribute('data-language')).toBe('Python');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger « Newton — énoncé.pdf »' }).click()]);
    expect(download.suggestedFilename()).toBe('Newton — énoncé.pdf');
    const path = await download.path();
    const fs = await import('node:fs');
    expect(fs.readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a non-premium student to the no-premium page for a premium course', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInWithToken(context, accounts.student);
    await page.goto(url('/student/courses'));
    await page.getByRole('link', { name: 'Ouvrir le cours « Régression linéaire (premium) »' }).click();
    await page.waitForURL(url('/static/no-premium'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();
  });

  it('deletes the course with its chapter after a confirmation', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/courses'));
    await page.getByLabel('Rechercher un cours').fill(TITLE);
    await page.getByRole('button', { name: `Supprimer « ${TITLE} »` }).click();
    await page.getByText('Ses 2 chapitres et les fichiers').waitFor();
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await toast(page, 'Suppression cours', 'Cours supprimé avec ses 2 chapitres.').waitFor();
    await page.getByText('Aucun résultat pour cette recherche ou ces filtres.').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();
  });
});
