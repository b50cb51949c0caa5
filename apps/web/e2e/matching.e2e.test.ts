// A matching question (appariement) end to end in Chromium: a teacher writes one in the editor (items with their
// answers, an extra answer, partial credit), a student answers it in an exam with the keyboard alone (one list per
// item, no dragging), at 1280 and 375 px, and reads the pairs back on the result page. Axe on every screen.
// Set MATCHING_SCREENSHOTS=/some/dir to save a screenshot of each screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.MATCHING_SCREENSHOTS;
let browser: Browser;
let teacher = '';
let questionId = 0;
let examId = 0;

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiLogin(accounts.teacher);
}, 60_000);

afterAll(async () => {
  if (examId) {
    await apiCall(`/api/admin/exams/${examId}/update-status/DRAFT`, teacher, { method: 'PUT' });
    await apiCall(`/api/admin/exams/${examId}/delete`, teacher, { method: 'DELETE' });
  }
  if (questionId) await apiCall(`/api/admin/questions/${questionId}/delete`, teacher, { method: 'DELETE' });
  await browser?.close();
});

describe('matching question', () => {
  it('a teacher writes one: items with their answers, an answer too many, the scoring', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Appariement$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Associez chaque capitale à son pays.`);

    // Two blank items to start with; the shared rules refuse an item without its answer.
    await page.getByRole('textbox', { name: 'Élément 1', exact: true }).fill('Paris');
    await page.getByRole('textbox', { name: 'Réponse associée à l’élément 1' }).fill('France');
    await page.getByRole('textbox', { name: 'Élément 2', exact: true }).fill('Rome');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await page.getByText('L’élément 2 n’a pas de réponse associée.').waitFor();
    await page.getByRole('textbox', { name: 'Réponse associée à l’élément 2' }).fill('Italie');
    await page.getByRole('button', { name: 'Ajouter un élément' }).click();
    await page.getByRole('textbox', { name: 'Élément 3', exact: true }).fill('Madrid');
    await page.getByRole('textbox', { name: 'Réponse associée à l’élément 3' }).fill('Espagne');
    await page.getByRole('button', { name: 'Ajouter une réponse en trop' }).click();
    await page.getByRole('textbox', { name: 'Réponse en trop 1' }).fill('Portugal');
    expect(await page.getByRole('radio', { name: /Crédit partiel/ }).isChecked()).toBe(true);
    await expectAccessible(page, 'question-create (appariement)');
    await shot(page, 'matching-editor-1280');

    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);

    // Stored as rows: each item with its answer, then the answer alone; partial credit.
    const stored = await apiCall<{ data: { type: string; scoring: string; possible_solutions: Array<{ content: string; expected_output: string }> } }>(
      `/api/admin/questions/${questionId}/show`,
      teacher,
    );
    expect(stored.body.data.type).toBe('MATCHING');
    expect(stored.body.data.scoring).toBe('PARTIAL');
    expect(stored.body.data.possible_solutions.map((p) => [p.content, p.expected_output])).toEqual([
      ['Paris', 'France'],
      ['Rome', 'Italie'],
      ['Madrid', 'Espagne'],
      ['', 'Portugal'],
    ]);

    // The editor reopens with the same rows, and fits a phone.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('textbox', { name: 'Réponse en trop 1' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Élément 3', exact: true }).inputValue()).toBe('Madrid');
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'question-edit (appariement, 375 px)');
    await shot(page, 'matching-editor-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a student answers it with the keyboard alone, at 1280 and 375 px, and reads the pairs on the result', async () => {
    expect(questionId).toBeGreaterThan(0);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Appariement`,
        description: 'Une question d’appariement.',
        academic_year_id: demo.academic_year_id,
        specialization_ids: specs.body.data.map((s) => s.id),
        start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
        duration_minutes: 60,
        show_solutions_after_close: 0,
        questions: [{ question_id: questionId, points: 3 }],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    examId = created.body.data.id;
    const published = await apiCall(`/api/admin/exams/${examId}/update-status/PUBLISHED`, teacher, { method: 'PUT' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.premium);
    await page.goto(url(`/student/exams/${examId}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();

    // One list per item, each holding every answer (the extra one too), nothing chosen yet.
    const paris = page.getByRole('combobox', { name: 'Élément 1 : Paris' });
    const rome = page.getByRole('combobox', { name: 'Élément 2 : Rome' });
    const madrid = page.getByRole('combobox', { name: 'Élément 3 : Madrid' });
    expect((await paris.locator('option').allTextContents()).slice(1).sort()).toEqual(['Espagne', 'France', 'Italie', 'Portugal']);
    expect(await paris.inputValue()).toBe('');
    await expectAccessible(page, 'exam question (appariement)');
    await shot(page, 'matching-exam-1280');

    // The keyboard alone: Tab to each list, type the answer's first letters (a native select picks it), Tab on.
    await paris.focus();
    await page.keyboard.type('Fra');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ita');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Por');
    expect([await paris.inputValue(), await rome.inputValue(), await madrid.inputValue()]).toEqual(['France', 'Italie', 'Portugal']);
    await page.getByRole('button', { name: 'Soumettre' }).focus();
    await page.keyboard.press('Enter');
    const verdict = page.getByTestId('answer-verdict');
    await verdict.filter({ hasText: 'Non validé' }).waitFor();
    await verdict.getByText('Associations justes : 2 sur 3.').waitFor();

    // At 375 px: nothing wider than the screen, axe clean, the answer kept.
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await madrid.inputValue()).toBe('Portugal');
    await expectAccessible(page, 'exam question (appariement, 375 px)');
    await shot(page, 'matching-exam-375');

    // The right pair, sent again: all three right.
    await madrid.focus();
    await page.keyboard.type('Esp');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await verdict.filter({ hasText: 'Validé' }).getByText('Associations justes : 3 sur 3.').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = page.getByTestId('exam-summary');
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    await page.getByTestId('score-points').waitFor();
    expect(await page.getByTestId('score-points').textContent()).toBe('3 / 3');
    const view = page.getByTestId('matching-view').first();
    await view.waitFor();
    expect(await view.textContent()).toContain('Madrid→ Espagne');
    await expectAccessible(page, 'exam result (appariement)');
    await shot(page, 'matching-result-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam result (appariement, 375 px)');
    await shot(page, 'matching-result-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('staff read the student’s pairs in the copy, each right or wrong with the answer expected', async () => {
    expect(examId).toBeGreaterThan(0);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/show`));
    // The premium demo student is the one who answered (the others of the list have not started).
    await page.getByRole('button', { name: /^Voir les soumissions de N.Diaye Aïssatou/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Soumissions de N.Diaye Aïssatou/ });
    await drawer.getByRole('button', { name: /^Q1 ·/ }).click();
    const first = drawer.getByRole('article', { name: 'Soumission 1 sur 2' });
    await first.getByTestId('matching-view').waitFor();
    const firstText = (await first.getByTestId('matching-view').textContent())!;
    expect(firstText).toContain('Madrid→ Portugal');
    expect(firstText).toContain('attendu : Espagne');
    expect(await first.getByText('juste', { exact: true }).count()).toBe(2);
    expect(await drawer.getByRole('article', { name: 'Soumission 2 sur 2' }).getByText('fausse', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'exam-results-show (drawer, appariement)');
    await shot(page, 'matching-drawer-1280');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
