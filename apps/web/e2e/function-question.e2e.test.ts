// A program question whose cases call the student's function, end to end in Chromium: a teacher writes it in the
// editor (each case's test code in a code editor, a hidden case, all or nothing), a student answers it in an exam:
// the example shows its test code, the hidden one never reaches the page, a syntax error is said once at the
// student's line, the right function is validated. Axe on every screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';
import { replaceCode } from './keyboard';

const stamp = `E2E${Date.now().toString(36)}`;
/** Only in the hidden case's test code: never on a student's page. */
const HIDDEN_MARK = 'sqr(-40)';
let browser: Browser;
let teacher = '';
let questionId = 0;
let examId = 0;

/** Types into a code editor as one input (no auto-closed brackets or auto-indent on the way). */
const setCode = (page: Page, name: string, code: string) => replaceCode(page, page.getByRole('textbox', { name }), code);

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

describe('function question', () => {
  it('a teacher writes one: each case’s test code, a hidden case, all or nothing, the reference checked', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Algorithme \(Python ou R\)$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Écrivez la fonction sqr(x) qui rend le carré de x.`);

    const case1 = page.getByRole('region', { name: 'Cas de test 1' });
    await setCode(page, 'Code de test du cas 1 (facultatif)', 'print(sqr(3))');
    await case1.getByLabel('Sortie attendue').fill('9');
    await page.getByRole('button', { name: 'Ajouter un cas de test' }).click();
    const case2 = page.getByRole('region', { name: 'Cas de test 2' });
    await setCode(page, 'Code de test du cas 2 (facultatif)', `print(${HIDDEN_MARK})`);
    await case2.getByLabel('Sortie attendue').fill('1600');
    await case2.getByRole('switch', { name: 'Caché aux étudiants' }).check({ force: true });
    // A hidden case says when its result is shown: never, by default.
    expect(await case2.getByRole('combobox', { name: 'Résultat montré après la correction' }).inputValue()).toBe('Jamais montré');
    await page.getByRole('combobox', { name: 'Notation' }).click();
    await page.getByRole('option', { name: /^Tout ou rien/ }).click();
    // A reference that fails a case's test code is refused on that case.
    await setCode(page, 'Solution de référence', 'def sqr(x):\n    return 2 * x\n');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await page.getByText('La solution de référence échoue au cas de test 1').first().waitFor();
    await setCode(page, 'Solution de référence', 'def sqr(x):\n    return x * x\n');
    await expectAccessible(page, 'question-create (fonction, code de test)');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);

    const stored = await apiCall<{ data: { grading: string; possible_solutions: Array<{ test_code: string; expected_output: string; is_hidden: number; display: string }> } }>(
      `/api/admin/questions/${questionId}/show`,
      teacher,
    );
    expect(stored.body.data.grading).toBe('ALL_OR_NOTHING');
    expect(stored.body.data.possible_solutions.map((p) => [p.test_code, p.expected_output, p.is_hidden, p.display])).toEqual([
      ['print(sqr(3))', '9', 0, 'SHOW'],
      [`print(${HIDDEN_MARK})`, '1600', 1, 'HIDE'],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a student answers it in an exam: the example’s test code shown, a syntax error said once, then validated', async () => {
    expect(questionId).toBeGreaterThan(0);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Fonction`,
        description: 'Une fonction à écrire.',
        academic_year_id: demo.academic_year_id,
        specialization_ids: specs.body.data.map((s) => s.id),
        start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
        duration_minutes: 60,
        show_solutions_after_close: 0,
        questions: [{ question_id: questionId, points: 2 }],
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
    // The example with its test code; the hidden case nowhere.
    await page.getByText('print(sqr(3))', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(HIDDEN_MARK);
    await expectAccessible(page, 'exam question (fonction)');

    const editor = page.locator('.cm-content').first();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('def sqr(x)\n    return x * x\n');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    const verdict = page.getByTestId('answer-verdict');
    await verdict.filter({ hasText: 'Non validé' }).waitFor();
    const syntax = page.getByTestId('syntax-error');
    await syntax.getByText(/^Erreur de syntaxe dans votre code, ligne 1 : /).waitFor();
    // Said once: no case shown as failed.
    expect(await page.getByTestId('visible-case').count()).toBe(0);
    await expectAccessible(page, 'exam question (fonction, erreur de syntaxe)');

    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('def sqr(x):\n    return x * x\n');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('exam-navigator').getByRole('button', { name: 'Question 1 : Validé' }).waitFor();
    expect(await page.content()).not.toContain(HIDDEN_MARK);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam question (fonction, 375 px)');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
