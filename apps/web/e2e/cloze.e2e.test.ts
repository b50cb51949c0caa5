// A cloze question (texte à trous) end to end in Chromium: a teacher writes one in the editor (the text, « Ajouter un
// trou » writing each marker where the cursor is, a list, a number with its tolerance, a short answer), a student
// answers it in an exam with the keyboard alone (a native list and text fields inside the sentence, each named
// « Trou n »), at 1280 and 375 px, and reads the gaps back on the result page. Axe on every screen.
// Set CLOZE_SCREENSHOTS=/some/dir to save a screenshot of each screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.CLOZE_SCREENSHOTS;
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

describe('cloze question', () => {
  it('a teacher writes one: the text, a marker for each gap added, a list, a number with tolerance, a short answer', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Texte à trous$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} La capitale de la France est `);
    // Each « Ajouter un trou » writes the next marker where the cursor is, and gives the editor its focus back.
    const addGap = page.getByRole('button', { name: 'Ajouter un trou' });
    await addGap.click();
    await page.keyboard.type(', π vaut environ ');
    await addGap.click();
    await page.keyboard.type(' et le fleuve de Paris est la ');
    await addGap.click();
    await page.keyboard.type('.');
    expect(await page.locator('.course-editor .tiptap').textContent()).toContain('est {1}, π vaut environ {2} et le fleuve de Paris est la {3}.');

    await page.getByRole('combobox', { name: 'Type du trou 1' }).selectOption('CHOICE');
    await page.getByRole('textbox', { name: 'Mauvais choix du trou 1 (un par ligne)' }).fill('Lyon\nMarseille');
    await page.getByRole('combobox', { name: 'Type du trou 2' }).selectOption('NUMBER');
    await page.getByRole('textbox', { name: 'Nombres attendus du trou 2 (un par ligne)' }).fill('3,14');
    await page.getByRole('textbox', { name: 'Tolérance du trou 2' }).fill('0,01');
    await page.getByRole('textbox', { name: 'Réponses acceptées du trou 3 (une par ligne)' }).fill('Seine');
    // The shared rules refuse a list without its right choice, next to the field.
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await page.getByText('Le trou 1 n’a pas de bon choix.').waitFor();
    await page.getByRole('textbox', { name: 'Bons choix du trou 1 (un par ligne)' }).fill('Paris');
    await expectAccessible(page, 'question-create (texte à trous)');
    await shot(page, 'cloze-editor-1280');

    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);

    const stored = await apiCall<{ data: { type: string; statement: string; possible_solutions: Array<{ stdin: string; expected_output: string; content: string }> } }>(
      `/api/admin/questions/${questionId}/show`,
      teacher,
    );
    expect(stored.body.data.type).toBe('CLOZE');
    expect(stored.body.data.statement).toContain('est {1}, π vaut environ {2} et le fleuve de Paris est la {3}.');
    expect(stored.body.data.possible_solutions.map((p) => [p.stdin, p.expected_output, p.content])).toEqual([
      ['CHOICE', 'Paris', 'Lyon\nMarseille'],
      ['NUMBER', '3,14', '0,01'],
      ['SHORT', 'Seine', ''],
    ]);

    // The editor reopens with the same gaps, and fits a phone.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('textbox', { name: 'Tolérance du trou 2' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Tolérance du trou 2' }).inputValue()).toBe('0,01');
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'question-edit (texte à trous, 375 px)');
    await shot(page, 'cloze-editor-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a student fills the gaps with the keyboard alone, at 1280 and 375 px, and reads them on the result', async () => {
    expect(questionId).toBeGreaterThan(0);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Texte à trous`,
        description: 'Un texte à trous.',
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

    // The text once, each gap in its place: a list holding every choice, two text fields.
    const text = page.getByTestId('cloze-text');
    await text.waitFor();
    expect(await text.textContent()).toContain('La capitale de la France est');
    // The statement is not shown a second time with its raw markers.
    expect(await page.getByTestId('question-panel').getByText(/\{1\}/).count()).toBe(0);
    const gap1 = text.getByRole('combobox', { name: 'Trou 1' });
    const gap2 = text.getByRole('textbox', { name: 'Trou 2' });
    const gap3 = text.getByRole('textbox', { name: 'Trou 3' });
    expect((await gap1.locator('option').allTextContents()).slice(1).sort()).toEqual(['Lyon', 'Marseille', 'Paris']);
    expect(await gap1.inputValue()).toBe('');
    await expectAccessible(page, 'exam question (texte à trous)');
    await shot(page, 'cloze-exam-1280');

    // The keyboard alone: the list picked by its first letters, Tab to each field, Enter sends.
    await gap1.focus();
    await page.keyboard.type('Par');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3,141');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Loire');
    expect([await gap1.inputValue(), await gap2.inputValue(), await gap3.inputValue()]).toEqual(['Paris', '3,141', 'Loire']);
    await page.keyboard.press('Enter');
    const verdict = page.getByTestId('answer-verdict');
    await verdict.filter({ hasText: 'Non validé' }).getByText('Trous justes : 2 sur 3.').waitFor();

    // At 375 px: nothing wider than the screen, axe clean, the answer kept.
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await gap3.inputValue()).toBe('Loire');
    await expectAccessible(page, 'exam question (texte à trous, 375 px)');
    await shot(page, 'cloze-exam-375');

    // The right river, sent again (case and accents forgiven): all three right.
    await gap3.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('seine');
    await page.keyboard.press('Enter');
    await verdict.filter({ hasText: 'Validé' }).getByText('Trous justes : 3 sur 3.').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = page.getByTestId('exam-summary');
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    await page.getByTestId('score-points').waitFor();
    expect(await page.getByTestId('score-points').textContent()).toBe('3 / 3');
    const view = page.getByTestId('cloze-view').first();
    await view.waitFor();
    expect(await view.textContent()).toContain('Trou 3 :seine');
    // The statement beside the answers marks each gap by its number, never with its raw marker.
    const statement = page.getByTestId('show-question').first();
    await statement.getByText('[Trou 1]').waitFor();
    expect(await statement.textContent()).not.toMatch(/\{\d\}/);
    await expectAccessible(page, 'exam result (texte à trous)');
    await shot(page, 'cloze-result-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam result (texte à trous, 375 px)');
    await shot(page, 'cloze-result-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
