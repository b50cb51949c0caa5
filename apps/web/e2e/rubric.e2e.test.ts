// A rubric and an annotation end to end in Chromium (docs/correction-humaine.md « Grille de critères », « Annotations »):
// a teacher writes an essay question with a rubric in the editor (criteria and levels added with buttons); a student
// answers; the grader grades the copy with the keyboard alone: selects a passage with Shift + arrows, annotates it,
// chooses each criterion's level with a digit key and saves with Ctrl + Entrée; the student reads the levels and the
// annotated copy with their published mark; the teacher then edits the rubric and « Appliquer le barème modifié »
// re-scores the copy. Axe on every screen at 1280 and 375 px. RUBRIC_SCREENSHOTS=/some/dir saves a screenshot of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibleAtBothWidths, accounts, apiCall, apiLogin, launchBrowser, newPage, publishExamOf, signInWithToken, toast, url } from './helpers';
import { annotatePassage, focusStop, inCriterion, pressUntil } from './keyboard';

const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.RUBRIC_SCREENSHOTS;
const ANSWER = 'La méthode compare deux groupes de patients, ce qui la rend robuste.';
const PASSAGE = 'deux groupes';
let browser: Browser;
let teacher = '';
let questionId = 0;
let examId = 0;

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** Axe clean at 1280 and 375 px, nothing wider than the phone (helpers.ts), screenshots with the env variable above. */
const bothWidths = (page: Page, name: string) => accessibleAtBothWidths(page, name, { shots });

const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName, type: (document.activeElement as HTMLInputElement | null)?.type, testid: document.activeElement?.getAttribute('data-testid') }));

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

describe('an essay graded with a rubric and annotated', () => {
  it('a teacher writes the question with a rubric: criteria and levels added with buttons', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Réponse rédigée$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Discutez la méthode de l’étude.`);
    await page.getByRole('textbox', { name: /^Points/ }).fill('5');
    await page.getByRole('checkbox', { name: 'Corriger avec une grille de critères' }).check();

    const c1 = page.getByRole('group', { name: 'Critère 1', exact: true });
    await c1.getByRole('textbox', { name: 'Titre du critère' }).fill('Argumentation');
    await c1.getByRole('group', { name: 'Critère 1, niveau 2' }).getByRole('textbox', { name: 'Points' }).fill('2');
    await c1.getByRole('button', { name: 'Ajouter un niveau au critère 1' }).click();
    const l3 = c1.getByRole('group', { name: 'Critère 1, niveau 3' });
    await l3.getByRole('textbox', { name: 'Niveau 3 : libellé' }).fill('Excellent');
    await l3.getByRole('textbox', { name: 'Points' }).fill('4');
    await l3.getByRole('textbox', { name: 'Description (facultative)' }).fill('Chaque argument est justifié.');
    await page.getByRole('button', { name: 'Ajouter un critère' }).click();
    const c2 = page.getByRole('group', { name: 'Critère 2', exact: true });
    await c2.getByRole('textbox', { name: 'Titre du critère' }).fill('Rédaction');
    await page.getByTestId('rubric-total').filter({ hasText: 'Total de la grille : 5 points' }).waitFor();
    await bothWidths(page, 'question-create (grille de critères)');

    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);
    const stored = await apiCall<{ data: { essay: { rubric: { criteria: Array<{ title: string; levels: Array<{ label: string; points: number }> }> } } } }>(`/api/admin/questions/${questionId}/show`, teacher);
    expect(stored.body.data.essay.rubric.criteria.map((c) => [c.title, c.levels.map((l) => `${l.label}:${l.points}`)])).toEqual([
      ['Argumentation', ['Insuffisant:0', 'Satisfaisant:2', 'Excellent:4']],
      ['Rédaction', ['Insuffisant:0', 'Satisfaisant:1']],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('a student answers; the rubric never reaches them', async () => {
    expect(questionId).toBeGreaterThan(0);
    examId = await publishExamOf(teacher, `${stamp} Grille`, [{ question_id: questionId, points: 10 }]);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.premium);
    await page.goto(url(`/student/exams/${examId}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    await page.getByRole('textbox', { name: 'Votre réponse' }).fill(ANSWER);
    expect(await page.content()).not.toMatch(/Argumentation|Excellent/);
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('answer-verdict').filter({ hasText: 'En attente de correction' }).waitFor();
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByTestId('exam-summary').getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    await page.getByTestId('score-status').waitFor();
    expect(await page.content()).not.toMatch(/Argumentation|Excellent/);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('the grader annotates a passage and chooses the levels with the keyboard alone', async () => {
    expect(examId).toBeGreaterThan(0);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/grading`));
    await page.getByTestId('rubric-grading').waitFor();
    await bothWidths(page, 'grading queue (grille)');

    // The first criterion's first level has the focus; Shift + Tab three times reaches the text to annotate.
    await expect.poll(async () => (await focused(page)).type).toBe('radio');
    const path = await pressUntil(page, 'Shift+Tab', async () => (await focusStop(page)) === 'annotation-source');
    expect(path).toHaveLength(3);
    await annotatePassage(page, page, ANSWER, PASSAGE, 'Lesquels ? Précisez les groupes.');
    expect(await page.getByTestId('annotation-selection').textContent()).toBe('Aucun passage sélectionné.');

    // Back to the rubric (the source, the comment, « Annoter la sélection », the annotation's « Supprimer »), then one
    // digit per criterion: 2 (Satisfaisant, 2 of 4) and 2 (Satisfaisant, 1 of 1): 3 of 5, i.e. 6 of 10.
    expect((await focused(page)).testid).toBe('annotation-source');
    expect(await pressUntil(page, 'Tab', () => inCriterion(page, 0))).toHaveLength(4);
    await page.keyboard.press('2');
    await expect.poll(() => inCriterion(page, 1)).toBe(true);
    await page.keyboard.press('2');
    await page.getByTestId('rubric-total').filter({ hasText: 'Total de la grille : 3 sur 5, soit 6 sur 10 pour la question.' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bonne méthode, à préciser.');
    expect((await focused(page)).testid).toBe('grading-comment');
    await page.keyboard.press('Control+Enter');
    await shot(page, 'grading queue (grille, enregistrée)');
    await page.getByTestId('grading-done').waitFor();
    expect(await page.getByTestId('grading-state').textContent()).toMatch(/^Notée 6 \/ 10 par /);
    await bothWidths(page, 'grading queue (grille, notée)');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the student reads the levels and the annotated copy with the published mark', async () => {
    expect((await apiCall(`/api/admin/exams/${examId}/grading/publish`, teacher, { method: 'POST' })).status).toBe(200);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.premium);
    await page.goto(url(`/student/exams/${examId}/show`));
    await page.getByTestId('score-points').filter({ hasText: '6 / 10' }).waitFor();
    const levels = page.getByTestId('essay-levels');
    await levels.getByText('Argumentation : Satisfaisant, 2 sur 4').waitFor();
    await levels.getByText('Rédaction : Satisfaisant, 1 sur 1').waitFor();
    const annotated = page.getByTestId('essay-annotations');
    expect(await annotated.locator('mark').textContent()).toBe(PASSAGE);
    await annotated.getByText(`Annotation 1, sur « ${PASSAGE} »`).waitFor();
    await annotated.getByText('Lesquels ? Précisez les groupes.').waitFor();
    // A person's mark below the points is no penalty; only the levels chosen, never the rubric's other levels.
    expect(await page.getByTestId('penalty-note').count()).toBe(0);
    expect(await page.content()).not.toContain('Excellent');
    await bothWidths(page, 'exam result (copie annotée)');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the teacher edits the rubric; « Appliquer le barème modifié » re-scores the copy', async () => {
    const show = await apiCall<{ data: { version: number; statement: string; essay: { rubric: { free_points: boolean; criteria: Array<{ levels: Array<{ points: number }> }> } } } }>(`/api/admin/questions/${questionId}/show`, teacher);
    const q = show.body.data;
    const rubric = structuredClone(q.essay.rubric);
    rubric.criteria[0]!.levels[1]!.points = 3;
    const upd = await apiCall(`/api/admin/questions/${questionId}/update`, teacher, {
      method: 'PUT',
      body: JSON.stringify({ type: 'ESSAY', statement: q.statement, points: 5, possible_solutions: [], essay: { ...q.essay, rubric }, version: q.version }),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/grading`));
    await page.getByTestId('rubric-changed').waitFor();
    await bothWidths(page, 'grading queue (barème modifié)');
    await page.getByRole('button', { name: 'Appliquer le barème modifié' }).click();
    await page.getByTestId('rubric-applied').filter({ hasText: '1 copie a changé de note.' }).waitFor();
    await page.getByTestId('grading-state').filter({ hasText: /^Notée 8 \/ 10 par / }).waitFor();
    expect(await page.getByTestId('rubric-changed').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
