// A written answer (réponse rédigée) end to end in Chromium: a teacher writes an essay question in the editor (word
// limit, response template, information for the graders), puts it in an exam; a student writes their answer from the
// template, the words counted as they type, sends it and reads « En attente de correction », on the exam page and on
// the result (no score yet); the teacher grades the copy in « Correction » with the keyboard alone (anonymous copy
// number, points typed, a comment, Ctrl + Entrée); the student then reads the mark and the comment. Axe on every
// screen at 1280 and 375 px. Set ESSAY_SCREENSHOTS=/some/dir to save a screenshot of each screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibleAtBothWidths, accounts, apiCall, apiLogin, launchBrowser, newPage, signInWithToken, toast, url } from './helpers';

const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.ESSAY_SCREENSHOTS;
const TEMPLATE = 'Moyenne :';
const SECRET = 'Attendu : moyenne 3 et dispersion faible.';
let browser: Browser;
let teacher = '';
let questionId = 0;
let examId = 0;

/** Axe clean at 1280 and 375 px, nothing wider than the phone (helpers.ts), screenshots with the env variable above. */
const bothWidths = (page: Page, name: string) => accessibleAtBothWidths(page, name, { shots });

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

describe('essay question graded by a person', () => {
  it('a teacher writes one: word limit, response template, information for the graders', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Réponse rédigée$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Commentez la série 2, 3, 4.`);
    await page.getByRole('spinbutton', { name: 'Limite de mots (facultative)' }).fill('40');
    await page.getByRole('textbox', { name: 'Modèle de réponse (facultatif)' }).fill(TEMPLATE);
    await page.getByRole('textbox', { name: 'Information pour les correcteurs (facultative)' }).fill(SECRET);
    await page.getByRole('textbox', { name: /^Points/ }).fill('4');
    await bothWidths(page, 'question-create (réponse rédigée)');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);

    const stored = await apiCall<{ data: { type: string; points: number; essay: unknown } }>(`/api/admin/questions/${questionId}/show`, teacher);
    expect(stored.body.data).toMatchObject({ type: 'ESSAY', points: 4, essay: { word_limit: 40, response_template: TEMPLATE, grader_info: SECRET } });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a student writes from the template, words counted, sends it and reads « En attente de correction »', async () => {
    expect(questionId).toBeGreaterThan(0);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Rédaction`,
        description: 'Une réponse rédigée.',
        academic_year_id: demo.academic_year_id,
        specialization_ids: specs.body.data.map((s) => s.id),
        start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
        duration_minutes: 60,
        questions: [{ question_id: questionId, points: 4 }],
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

    // The answer starts from the template; the words are counted as they are typed, against the limit.
    const answer = page.getByRole('textbox', { name: 'Votre réponse' });
    expect(await answer.inputValue()).toBe(TEMPLATE);
    await page.getByText('1 mot sur 40 au plus').waitFor();
    await answer.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' elle vaut 3, la série est symétrique autour de sa moyenne.');
    await page.getByText('12 mots sur 40 au plus').waitFor();
    await bothWidths(page, 'exam question (réponse rédigée)');

    await page.getByRole('button', { name: 'Soumettre' }).click();
    const verdict = page.getByTestId('answer-verdict');
    await verdict.filter({ hasText: 'En attente de correction' }).waitFor();
    expect(await verdict.textContent()).not.toContain('Non validé');

    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = page.getByTestId('exam-summary');
    // The summary counts the answer as waiting for a grader, never among the ones not validated.
    expect(await summary.getByTestId('exam-summary-counts').textContent()).toMatch(/^0 validée · 0 non validée · 1 en attente de correction · /);
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);

    // What was handed in, waiting for a person: no score yet, never a 0.
    await page.getByTestId('score-status').waitFor();
    expect(await page.getByTestId('score-points').textContent()).toBe('En attente de correction');
    const card = page.getByTestId('show-question').first();
    expect(await card.getAttribute('data-state')).toBe('PENDING');
    expect(await card.getByTestId('essay-view').textContent()).toContain('la série est symétrique');
    await card.getByText('Cette réponse sera corrigée par une personne').waitFor();
    expect(await page.content()).not.toContain('dispersion faible');
    await bothWidths(page, 'exam result (en attente de correction)');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the teacher grades the copy in « Correction » with the keyboard alone; the student reads the mark', async () => {
    expect(examId).toBeGreaterThan(0);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/show`));
    await page.getByRole('link', { name: 'Correction' }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/exam-results/${examId}/grading`);

    // Anonymous: a copy number, never the student's name; the graders' information shown to staff.
    const copy = page.getByTestId('grading-copy');
    await copy.waitFor();
    expect(await page.getByRole('heading', { level: 3, name: /^Copie n° \d+ \(1 sur 1\)$/ }).count()).toBe(1);
    expect(await page.getByTestId('grading-answer').textContent()).toContain('la série est symétrique');
    expect(await page.content()).not.toMatch(/Diaye|Aïssatou/);
    await page.getByTestId('grader-info').getByText(SECRET).waitFor();
    expect(await page.getByTestId('grading-counts').textContent()).toBe('0 copie corrigée sur 1 ; 1 copie reste à corriger.');
    await bothWidths(page, 'grading queue');

    // The points field has the focus: type the mark, Tab to the comment, Ctrl + Entrée saves.
    const points = page.getByRole('textbox', { name: 'Points (sur 4)' });
    await expect.poll(() => points.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('3,5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bonne analyse.');
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('grading-done').waitFor();
    expect(await page.getByTestId('grading-counts').textContent()).toBe('1 copie corrigée sur 1 ; tout est corrigé.');
    expect(await page.getByTestId('grading-state').textContent()).toMatch(/^Notée 3,5 \/ 4 par /);
    await bothWidths(page, 'grading queue (graded)');
    expect(errors).toEqual([]);
    await context.close();

    // Published by the teacher (docs/correction-humaine.md « Publication »), the student reads the mark and the
    // comment; the score is final.
    expect((await apiCall(`/api/admin/exams/${examId}/grading/publish`, teacher, { method: 'POST' })).status).toBe(200);
    const student = await newPage(browser);
    await signInWithToken(student.context, accounts.premium);
    await student.page.goto(url(`/student/exams/${examId}/show`));
    await student.page.getByTestId('score-points').filter({ hasText: '3,5 / 4' }).waitFor();
    expect(await student.page.getByTestId('score-status').count()).toBe(0);
    await student.page.getByText('Commentaire du correcteur : Bonne analyse.').waitFor();
    expect(await student.page.getByTestId('show-question').first().getAttribute('data-state')).toBe('VALIDATED');
    await bothWidths(student.page, 'exam result (corrigée)');
    expect(student.errors).toEqual([]);
    await student.context.close();
  }, 180_000);
});
