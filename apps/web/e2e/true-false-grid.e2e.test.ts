// A multiple true/false grid end to end in Chromium: a matching whose answers are « Vrai » and « Faux » (the teacher's
// editor completes the list with one button) is answered in an exam as a grid, one row per statement and a radio
// button per answer, with the keyboard alone (Space to tick, an arrow key to change, Tab to the next row), at 1280
// and 375 px; the result reads each statement with its answer. Axe on every screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const stamp = `E2E${Date.now().toString(36)}`;
const STATEMENTS = ['La Loire est le plus long fleuve de France.', 'Lyon est la capitale de la France.', 'Le mont Blanc est dans les Alpes.'];
let browser: Browser;
let teacher = '';
let questionId = 0;
let examId = 0;

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

describe('true/false grid', () => {
  it('a teacher writes the statements, each « Vrai » or « Faux », the list completed by one button', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Appariement$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Vrai ou faux ?`);
    await page.getByRole('textbox', { name: 'Élément 1', exact: true }).fill(STATEMENTS[0]!);
    await page.getByRole('textbox', { name: 'Réponse associée à l’élément 1' }).fill('Vrai');
    await page.getByRole('textbox', { name: 'Élément 2', exact: true }).fill(STATEMENTS[1]!);
    await page.getByRole('textbox', { name: 'Réponse associée à l’élément 2' }).fill('Vrai');
    await page.getByRole('button', { name: 'Ajouter un élément' }).click();
    await page.getByRole('textbox', { name: 'Élément 3', exact: true }).fill(STATEMENTS[2]!);
    await page.getByRole('textbox', { name: 'Réponse associée à l’élément 3' }).fill('Vrai');
    // Every statement true for now: the button adds « Faux » as an answer too many.
    await page.getByRole('button', { name: 'Compléter en grille vrai / faux' }).click();
    expect(await page.getByRole('textbox', { name: 'Réponse en trop 1' }).inputValue()).toBe('Faux');
    await page.getByRole('textbox', { name: 'Réponse associée à l’élément 2' }).fill('Faux');
    await expectAccessible(page, 'question-create (grille vrai / faux)');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a student answers in the grid with the keyboard alone, at 1280 and 375 px', async () => {
    expect(questionId).toBeGreaterThan(0);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Vrai ou faux`,
        description: 'Une grille vrai / faux.',
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
    const grid = page.getByTestId('true-false-grid');
    await grid.waitFor();
    expect(await grid.getByRole('radio').count()).toBe(6);
    await expectAccessible(page, 'exam question (grille vrai / faux)');

    // Row 1: Space ticks « Vrai »; Tab to row 2, the right arrow ticks « Faux »; Tab to row 3, Space ticks « Vrai ».
    const radio = (answer: string, i: number) => page.getByRole('radio', { name: `${answer} : affirmation ${i + 1}, ${STATEMENTS[i]}` });
    await radio('Vrai', 0).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect([await radio('Vrai', 0).isChecked(), await radio('Faux', 1).isChecked(), await radio('Vrai', 2).isChecked()]).toEqual([true, true, true]);

    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam question (grille vrai / faux, 375 px)');
    await page.getByRole('button', { name: 'Soumettre' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('answer-verdict').filter({ hasText: 'Validé' }).getByText('Associations justes : 3 sur 3.').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByTestId('exam-summary').getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    await page.getByTestId('score-points').waitFor();
    expect(await page.getByTestId('score-points').textContent()).toBe('3 / 3');
    const view = page.getByTestId('matching-view').first();
    await view.waitFor();
    expect(await view.textContent()).toContain(`${STATEMENTS[1]}→ Faux`);
    await expectAccessible(page, 'exam result (grille vrai / faux)');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
