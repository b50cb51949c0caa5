// Double marking with a rubric end to end in Chromium (docs/correction-humaine.md « Double correction »): two markers
// (staff accounts made for the test) grade the same essay with its rubric, each choosing the levels with the keyboard
// (one digit per criterion, Enter saves); marker B's rubric shows no level chosen (A's stay A's); the teacher sees each
// marker's levels in « Désaccords à trancher » and reads the « Rapport d'accord » with its per-criterion table (each marker's mean points, the mean difference). A FILE question
// takes the same rubric in the editor (« Corriger avec une grille de critères ») and its copy is graded by levels beside
// the files handed in. Axe at 1280 and 375 px on every screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibleAtBothWidths, type Account, accounts, apiCall, apiLogin, launchBrowser, makeTeachers, newPage, publishExamOf, signInWithToken, toast, url } from './helpers';
import { annotatePassage, focusStop, inCriterion, pressUntil } from './keyboard';
import { TWO_CRITERIA_RUBRIC as RUBRIC } from '../../server/test/fixtures/rubrics';

const stamp = `E2E${Date.now().toString(36)}`;
let browser: Browser;
let admin = '';
let teacher = '';
let questionId = 0;
let examId = 0;
let fileQuestionId = 0;
let fileExamId = 0;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const markers: Array<Account & { id: number; name: string }> = [];


/** Axe clean at 1280 and 375 px, nothing wider than the phone (helpers.ts). */
const bothWidths = (page: Page, name: string) => accessibleAtBothWidths(page, name, { shots: process.env.MARKER_SCREENSHOTS });

const post = (path: string, token: string, body: unknown = {}) => apiCall<{ data: never; message: string }>(path, token, { method: 'POST', body: JSON.stringify(body) });
const gradingPath = () => `/dashboard/exam-results/${examId}/grading`;
const checkedLevels = (page: Page) => page.locator('[data-testid="rubric-grading"] input[type=radio]:checked');

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(accounts.admin);
  teacher = await apiLogin(accounts.teacher);
  // Two more staff accounts: the markers.
  markers.push(...(await makeTeachers(admin, { first: 'Camille', last: 'Grille' }, stamp)));
  const q = await post('/api/admin/questions/create', teacher, { type: 'ESSAY', statement: `<p>${stamp} Discutez la thèse.</p>`, points: 4, essay: { word_limit: null, response_template: null, grader_info: null, rubric: RUBRIC } });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  questionId = (q.body.data as { id: number }).id;
  examId = await publishExamOf(teacher, `${stamp} Grille en double correction`, [{ question_id: questionId, points: 4 }]);
  const student = await apiLogin(accounts.student);
  expect((await post(`/api/student/exams/${examId}/start`, student)).status).toBe(200);
  expect((await post(`/api/student/exams/${examId}/solutions`, student, { answers: [{ question_id: questionId, answer: { text: `${stamp} La thèse tient, pour trois raisons.` } }] })).status).toBe(200);
  expect((await post(`/api/student/exams/${examId}/finish`, student)).status).toBe(200);
  // The markers and the rule: the mean, or the teacher settles beyond half a point.
  const setup = await apiCall(`/api/admin/exams/${examId}/grading/marking`, teacher, { method: 'PUT', body: JSON.stringify({ rule: 'SETTLE', threshold: 0.5, settle_by: 'TEACHER', markers: markers.map((m) => m.id) }) });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
}, 180_000);

afterAll(async () => {
  for (const id of [examId, fileExamId].filter(Boolean)) {
    await apiCall(`/api/admin/exams/${id}/update-status/DRAFT`, teacher, { method: 'PUT' });
    await apiCall(`/api/admin/exams/${id}/delete`, teacher, { method: 'DELETE' });
  }
  for (const id of [questionId, fileQuestionId].filter(Boolean)) await apiCall(`/api/admin/questions/${id}/delete`, teacher, { method: 'DELETE' });
  for (const m of markers) await apiCall(`/api/admin/users/${m.id}/delete`, admin, { method: 'DELETE' });
  await browser?.close();
});

/** A marker grades the copy with the keyboard: one digit per criterion, then Enter. */
async function grade(marker: (typeof markers)[number], keys: [string, string], total: string) {
  const { context, page, errors } = await newPage(browser);
  await signInWithToken(context, marker);
  await page.goto(url(gradingPath()));
  await page.getByTestId('rubric-grading').waitFor();
  expect(await page.getByTestId('grading-state').textContent()).toBe('Pas encore notée');
  // Blind: no level chosen on the copy, whatever the other marker chose.
  expect(await checkedLevels(page).count()).toBe(0);
  await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
  await page.keyboard.press(keys[0]);
  await page.keyboard.press(keys[1]);
  await page.getByTestId('rubric-total').filter({ hasText: total }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('grading-state').filter({ hasText: /^Notée / }).waitFor();
  expect(await checkedLevels(page).count()).toBe(2);
  await bothWidths(page, `grading with a rubric (${marker.name})`);
  expect(errors).toEqual([]);
  await context.close();
}

describe('double marking with a rubric', () => {
  it('each marker chooses the levels blind; the teacher reads the agreement per criterion', async () => {
    // A: Complète (2) and Limpide (2); B, who sees none of it: Partielle (1) and Limpide (2).
    await grade(markers[0]!, ['3', '2'], 'Total de la grille : 4 sur 4');
    await grade(markers[1]!, ['2', '2'], 'Total de la grille : 3 sur 4');

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(gradingPath()));
    // 4 against 3: a disagreement to settle, each marker's levels beside their mark.
    const levels = page.getByTestId('disagreement').getByTestId('disagreement-levels');
    await levels.first().waitFor();
    expect((await levels.allTextContents()).sort()).toEqual([
      'Argumentation : Complète (2/2) ; Rédaction : Limpide (2/2)',
      'Argumentation : Partielle (1/2) ; Rédaction : Limpide (2/2)',
    ]);
    const rows = page.getByTestId('report-criterion');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).map((c) => c.trim());
    expect(await cells(0)).toEqual(['Question 1', 'Argumentation (sur 2)', '1', 'Camille GrilleA : 2', 'Camille GrilleB : 1', '1']);
    expect(await cells(1)).toEqual(['Question 1', 'Rédaction (sur 2)', '1', 'Camille GrilleA : 2', 'Camille GrilleB : 2', '0']);
    await bothWidths(page, 'disagreement with levels and agreement report per criterion');

    // « Trancher avec la grille »: the final mark chosen level by level with the keyboard (Partielle, Limpide: 3 of 4).
    await page.getByTestId('settle-with-rubric').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('rubric-grading').waitFor();
    // Its keys say what Entrée does here: it settles (not « la copie suivante » of the queue).
    await dialog.getByText(/Entrée tranche\.$/).waitFor();
    await bothWidths(page, 'settle a disagreement with the rubric');
    // The teacher annotates a passage of the copy too, with the keyboard: Maj + → selects it, a comment, the button.
    await pressUntil(page, 'Tab', async () => (await focusStop(page)) === 'annotation-source', 20);
    await annotatePassage(page, dialog, `${stamp} La thèse tient, pour trois raisons.`, 'trois raisons', 'Lesquelles ?');
    // Back up to the rubric's first criterion (Maj + Tab), the levels chosen with their digits.
    await pressUntil(page, 'Shift+Tab', () => inCriterion(page, 0, '[role=dialog]'), 12);
    await page.keyboard.press('2');
    await expect.poll(() => inCriterion(page, 1, '[role=dialog]')).toBe(true);
    await page.keyboard.press('2');
    await dialog.getByTestId('rubric-total').filter({ hasText: 'Total de la grille : 3 sur 4' }).waitFor();
    await page.keyboard.press('Enter');
    await toast(page, 'Désaccord tranché').waitFor();
    await page.getByText('Aucun désaccord à trancher.').waitFor();
    const queue = await apiCall<{ data: { copies: Array<{ mark: { points: number; levels: Array<{ level: string | null }>; annotations: unknown[] } | null }> } }>(`/api/admin/exams/${examId}/grading/questions/${questionId}`, teacher);
    expect(queue.body.data.copies[0]!.mark).toMatchObject({ points: 3, levels: [{ level: 'Partielle' }, { level: 'Limpide' }], annotations: [{ quote: 'trois raisons', comment: 'Lesquelles ?', by: 'Enseignant' }] });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('a FILE question takes the rubric in the editor, and its copy is graded by levels beside the file', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Réponse par fichier$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Tracez la figure.`);
    await page.getByRole('textbox', { name: /^Points/ }).fill('4');
    await page.getByRole('checkbox', { name: 'Corriger avec une grille de critères' }).check();
    const c1 = page.getByRole('group', { name: 'Critère 1', exact: true });
    await c1.getByRole('textbox', { name: 'Titre du critère' }).fill('Figure');
    await c1.getByRole('group', { name: 'Critère 1, niveau 2' }).getByRole('textbox', { name: 'Points' }).fill('2');
    await page.getByTestId('rubric-total').filter({ hasText: 'Total de la grille : 2 points' }).waitFor();
    await bothWidths(page, 'question-create (réponse par fichier, grille)');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    fileQuestionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);
    const stored = await apiCall<{ data: { file_answer: { rubric: { criteria: Array<{ title: string; levels: Array<{ points: number }> }> } } } }>(`/api/admin/questions/${fileQuestionId}/show`, teacher);
    expect(stored.body.data.file_answer.rubric.criteria.map((c) => [c.title, c.levels.map((l) => l.points)])).toEqual([['Figure', [0, 2]]]);

    // An exam with it; the student hands in a photo.
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'))!;
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    const created = await post('/api/admin/exams/create', teacher, {
      title: `${stamp} Figure notée avec une grille`,
      description: 'Une réponse par fichier notée avec une grille.',
      academic_year_id: demo.academic_year_id,
      specialization_ids: specs.body.data.map((x) => x.id),
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 60,
      questions: [{ question_id: fileQuestionId, points: 4 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    fileExamId = (created.body.data as { id: number }).id;
    expect((await apiCall(`/api/admin/exams/${fileExamId}/update-status/PUBLISHED`, teacher, { method: 'PUT' })).status).toBe(200);
    const student = await apiLogin(accounts.student);
    expect((await post(`/api/student/exams/${fileExamId}/start`, student)).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'figure.png');
    const up = await fetch(url(`/api/student/exams/${fileExamId}/questions/${fileQuestionId}/files`), { method: 'POST', headers: { authorization: `Bearer ${student}` }, body: form });
    expect(up.status).toBe(200);
    const fileId = ((await up.json()) as { data: { id: number } }).data.id;
    expect((await post(`/api/student/exams/${fileExamId}/solutions`, student, { answers: [{ question_id: fileQuestionId, answer: { files: [fileId] } }] })).status).toBe(200);
    expect((await post(`/api/student/exams/${fileExamId}/finish`, student)).status).toBe(200);

    // The teacher grades the copy by the rubric, the file beside it: « 2 », Enter.
    await page.goto(url(`/dashboard/exam-results/${fileExamId}/grading`));
    await page.getByTestId('grading-files').waitFor();
    await page.getByTestId('rubric-grading').waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
    await page.keyboard.press('2');
    await page.getByTestId('rubric-total').filter({ hasText: 'Total de la grille : 2 sur 2, soit 4 sur 4 pour la question.' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('grading-state').filter({ hasText: /^Notée 4 \/ 4 par / }).waitFor();
    await bothWidths(page, 'grading a file copy with a rubric');
    const marks = await apiCall<{ data: { copies: Array<{ mark: { levels: Array<{ criterion: string; level: string }> } | null }> } }>(`/api/admin/exams/${fileExamId}/grading/questions/${fileQuestionId}`, teacher);
    expect(marks.body.data.copies[0]!.mark!.levels.map((l) => [l.criterion, l.level])).toEqual([['Figure', 'Satisfaisant']]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
