// Double marking end to end in Chromium (docs/correction-humaine.md): the teacher names two markers (staff accounts
// made for the test) with the rule « tranchée au-delà d'un écart » of 1 point, settled by the teacher; marker A grades
// both copies with the keyboard alone, marker B sees none of A's marks and grades too; one copy gets the mean, the
// other is a disagreement the teacher settles in « Désaccords à trancher »; the « Rapport d'accord » shows both
// markers; the student still sees « En attente de correction » until the teacher lifts anonymity (names beside the
// copy numbers) and publishes the marks, then reads the mark. Axe at 1280 and 375 px on every screen.
// Set MARKING_SCREENSHOTS=/some/dir to save a screenshot of each screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibleAtBothWidths, type Account, accounts, apiCall, apiLogin, launchBrowser, makeTeachers, newPage, publishExamOf, setDoubleMarking, signInWithToken, toast, url } from './helpers';

const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.MARKING_SCREENSHOTS;
let browser: Browser;
let admin = '';
let teacher = '';
let questionId = 0;
let examId = 0;
const markers: Array<Account & { id: number; token: string; name: string }> = [];
const texts = { student: `${stamp} La moyenne vaut 3 et la série est symétrique.`, premium: `${stamp} La série est régulière, sa moyenne est 3.` };

/** Axe clean at 1280 and 375 px, nothing wider than the phone (helpers.ts). */
const bothWidths = (page: Page, name: string) => accessibleAtBothWidths(page, name, { shots });

const post = (path: string, token: string, body: unknown = {}) => apiCall<{ data: never; message: string }>(path, token, { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(accounts.admin);
  teacher = await apiLogin(accounts.teacher);
  // Two more staff accounts: the markers.
  markers.push(...(await makeTeachers(admin, { first: 'Claire', last: 'Correcteur' }, stamp)));
  // An essay question in a published exam; two students answer it and finish.
  const q = await post('/api/admin/questions/create', teacher, { type: 'ESSAY', statement: `<p>${stamp} Commentez la série 2, 3, 4.</p>`, points: 4, essay: { word_limit: null, response_template: null, grader_info: null } });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  questionId = (q.body.data as { id: number }).id;
  examId = await publishExamOf(teacher, `${stamp} Double correction`, [{ question_id: questionId, points: 4 }]);
  for (const who of ['student', 'premium'] as const) {
    const token = await apiLogin(accounts[who]);
    expect((await post(`/api/student/exams/${examId}/start`, token)).status).toBe(200);
    expect((await post(`/api/student/exams/${examId}/solutions`, token, { answers: [{ question_id: questionId, answer: { text: texts[who] } }] })).status).toBe(200);
    expect((await post(`/api/student/exams/${examId}/finish`, token)).status).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  if (examId) {
    await apiCall(`/api/admin/exams/${examId}/update-status/DRAFT`, teacher, { method: 'PUT' });
    await apiCall(`/api/admin/exams/${examId}/delete`, teacher, { method: 'DELETE' });
  }
  if (questionId) await apiCall(`/api/admin/questions/${questionId}/delete`, teacher, { method: 'DELETE' });
  for (const m of markers) await apiCall(`/api/admin/users/${m.id}/delete`, admin, { method: 'DELETE' });
  await browser?.close();
});

const gradingPath = () => `/dashboard/exam-results/${examId}/grading`;

describe('double marking', () => {
  it('the teacher names two markers and the rule', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(gradingPath()));
    const panel = page.getByTestId('marking-panel');
    await panel.waitFor();
    expect(await page.getByTestId('marking-published').textContent()).toBe('Notes non publiées : les étudiants voient « En attente de correction ».');
    await bothWidths(page, 'grading marking setup');
    await setDoubleMarking(page, markers[0]!.name, markers[1]!.name);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('marker A grades both copies with the keyboard alone; marker B sees none of A’s marks', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, markers[0]!);
    await page.goto(url(gradingPath()));
    await page.getByTestId('marking-role').filter({ hasText: 'vous ne voyez que vos propres notes' }).waitFor();
    const counts = page.getByTestId('grading-counts');
    await counts.filter({ hasText: '0 copie corrigée sur 2' }).waitFor();
    // The points field has the focus: type, Enter saves and opens the next copy.
    // The student's copy gets 3 (B will give 3,5: the mean), the other 1 (B will give 3: a disagreement).
    for (const round of [1, 2]) {
      const answer = (await page.getByTestId('grading-answer').textContent()) ?? '';
      const before = await page.getByTestId('grading-copy').getAttribute('data-copy');
      await page.keyboard.type(answer.includes('symétrique') ? '3' : '1');
      await page.keyboard.press('Enter');
      if (round === 1) await page.waitForFunction((b) => document.querySelector('[data-testid="grading-copy"]')?.getAttribute('data-copy') !== b, before);
    }
    await counts.filter({ hasText: '2 copies corrigées sur 2' }).waitFor();
    await bothWidths(page, 'grading queue (marker A)');
    expect(errors).toEqual([]);
    await context.close();

    // Marker B: blind. Their queue says « Pas encore notée » on both copies; they grade 3,5 and 3.
    const b = await newPage(browser);
    await signInWithToken(b.context, markers[1]!);
    await b.page.goto(url(gradingPath()));
    await b.page.getByTestId('grading-counts').filter({ hasText: '0 copie corrigée sur 2' }).waitFor();
    expect(await b.page.getByTestId('grading-state').textContent()).toBe('Pas encore notée');
    const queue = await apiCall<{ data: { copies: Array<{ copy: number; text: string; mark: unknown }> } }>(`/api/admin/exams/${examId}/grading/questions/${questionId}`, markers[1]!.token);
    expect(queue.body.data.copies.every((c) => c.mark === null)).toBe(true);
    for (const c of queue.body.data.copies) {
      const points = c.text.includes('symétrique') ? 3.5 : 3;
      const r = await apiCall(`/api/admin/exams/${examId}/grading/questions/${questionId}/copies/${c.copy}`, markers[1]!.token, { method: 'PUT', body: JSON.stringify({ points, comment: 'Avis du second correcteur.', version: 0 }) });
      expect(r.status).toBe(200);
    }
    expect(b.errors).toEqual([]);
    await b.context.close();
  }, 180_000);

  it('the teacher settles the disagreement, reads the agreement report, lifts anonymity and publishes; the student reads the mark', async () => {
    // Before publication the student sees no mark.
    const student = await apiLogin(accounts.student);
    const before = await apiCall<{ data: { score: number | null; score_status: string } }>(`/api/student/exams/${examId}/show`, student);
    expect(before.body.data).toMatchObject({ score: null, score_status: 'PENDING' });
    expect(JSON.stringify(before.body)).not.toContain('Avis du second correcteur');

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(gradingPath()));
    const row = page.getByTestId('disagreement');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await page.getByTestId('marking-pending').textContent()).toBe('1 copie en attente de note finale.');
    await page.getByTestId('report-marker').first().waitFor();
    expect(await page.getByTestId('report-marker').count()).toBe(2);
    await bothWidths(page, 'grading disagreements and report');
    // No rubric here: « Trancher en détail » opens the final mark typed, a comment and the copy's text to annotate.
    await row.getByTestId('settle-in-detail').click();
    const detail = page.getByRole('dialog');
    await detail.getByTestId('settle-detail-points').waitFor();
    await detail.getByTestId('annotation-source').waitFor();
    expect(await detail.getByTestId('rubric-grading').count()).toBe(0);
    // A mark beyond the question's points is refused on its field, in French, what was typed kept.
    await detail.getByTestId('settle-detail-points').fill('9');
    await detail.getByRole('button', { name: 'Trancher' }).click();
    await detail.getByText('Les points vont de 0 à 4.').waitFor();
    expect(await detail.getByTestId('settle-detail-points').inputValue()).toBe('9');
    await bothWidths(page, 'settle a disagreement in detail');
    await detail.getByRole('button', { name: 'Annuler' }).click();
    await detail.waitFor({ state: 'detached' });
    // Keyboard: the final mark typed, Enter settles.
    await row.getByTestId('settle-points').focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await toast(page, 'Désaccord tranché').waitFor();
    await page.getByText('Aucun désaccord à trancher.').waitFor();
    await page.getByTestId('marking-pending').filter({ hasText: 'Toutes les copies ont leur note finale.' }).waitFor();

    // Anonymity lifted: the names beside the copy numbers.
    await page.getByTestId('lift-anonymity').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Lever l’anonymat' }).click();
    await toast(page, 'Anonymat').waitFor();
    await page.getByTestId('marking-anonymity').filter({ hasText: 'Anonymat levé le' }).waitFor();
    // The copy shown is the one that waited for its final mark when the queue loaded: first or second of the order.
    await page.getByRole('heading', { name: /^Copie n° \d+ \([12] sur 2\) — .+/ }).waitFor();

    // Publication, confirmed.
    await page.getByTestId('publish-marks').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Les étudiants verront leurs notes').waitFor();
    await bothWidths(page, 'grading publish confirmation');
    await dialog.getByRole('button', { name: 'Publier les notes' }).click();
    await toast(page, 'Publication').waitFor();
    await page.getByTestId('marking-published').filter({ hasText: 'Notes publiées le' }).waitFor();
    await bothWidths(page, 'grading published');
    expect(errors).toEqual([]);
    await context.close();

    // The student reads the mark: 3 and 3,5 within 1 point give their mean 3,25.
    const s = await newPage(browser);
    await signInWithToken(s.context, accounts.student);
    await s.page.goto(url(`/student/exams/${examId}/show`));
    await s.page.getByTestId('score-points').filter({ hasText: '3,25 / 4' }).waitFor();
    await s.page.getByText(/Avis du second correcteur/).first().waitFor();
    await bothWidths(s.page, 'exam result after publication');
    expect(s.errors).toEqual([]);
    await s.context.close();
    // The other copy: settled at 2 by the teacher.
    const premium = await apiLogin(accounts.premium);
    expect((await apiCall<{ data: { score: number } }>(`/api/student/exams/${examId}/show`, premium)).body.data.score).toBe(2);
  }, 240_000);
});
