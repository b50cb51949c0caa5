// An ordering question (remise en ordre) end to end in Chromium: a teacher writes one in the editor (items in the
// right order, one moved with the editor's buttons, partial credit), a student gets the items shuffled in an exam
// and puts them in order with the keyboard alone (« Monter » / « Descendre » beside each item, the focus following
// the item, the move said in a live region), at 1280 and 375 px, and reads the order back on the result page; staff
// read it in the copy, each item at its place or not, with the order expected. Axe on every screen.
// Set ORDERING_SCREENSHOTS=/some/dir to save a screenshot of each screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.ORDERING_SCREENSHOTS;
const ITEMS = ['Labourer', 'Semer', 'Arroser', 'Récolter'];
let browser: Browser;
let teacher = '';
let questionId = 0;
let examId = 0;

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** The items as the answer input shows them, top to bottom (read from their « Monter » buttons). */
const shownOrder = async (page: Page): Promise<string[]> =>
  (await page.getByTestId('ordering-input').getByRole('button', { name: /^Monter « / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).map(
    (label) => label.replace(/^Monter « (.*) »$/, '$1'),
  );

/** Length of the longest run of `order` in the right order (a single item counting nothing), as the grading says. */
function inOrder(order: string[]): number {
  const ranks = order.map((c) => ITEMS.indexOf(c));
  const best: number[] = [];
  ranks.forEach((r, i) => (best[i] = 1 + Math.max(0, ...ranks.slice(0, i).map((q, j) => (q < r ? best[j]! : 0)))));
  const run = Math.max(...best);
  return run >= 2 ? run : 0;
}

/** Puts the items in the right order with the keyboard alone: focus an item's « Monter », press Enter as often as it
 *  must climb; after each press the item is one place higher, the focus still on its button, the move announced. */
async function orderWithKeyboard(page: Page) {
  for (const [i, item] of ITEMS.entries()) {
    let at = (await shownOrder(page)).indexOf(item);
    if (at === i) continue;
    await page.getByRole('button', { name: `Monter « ${item} »` }).focus();
    while (at > i) {
      await page.keyboard.press('Enter');
      at -= 1;
      await page.waitForFunction(
        ([name, pos]) => {
          const labels = [...document.querySelectorAll('[data-testid="ordering-input"] button')].map((b) => b.getAttribute('aria-label')).filter((l) => l?.startsWith('Monter'));
          return labels.indexOf(`Monter « ${name} »`) === pos;
        },
        [item, at] as const,
      );
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      expect(focused).toBe(at === 0 ? `Descendre « ${item} »` : `Monter « ${item} »`);
      await page.getByRole('status').filter({ hasText: `« ${item} » est maintenant en position ${at + 1} sur ${ITEMS.length}.` }).waitFor({ state: 'attached' });
    }
  }
  expect(await shownOrder(page)).toEqual(ITEMS);
}

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

describe('ordering question', () => {
  it('a teacher writes one: items in the right order, one moved with the buttons, the scoring', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Remise en ordre$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Remettez les travaux des champs dans l’ordre.`);

    // Two blank items to start with; the shared rules refuse an empty one.
    await page.getByRole('textbox', { name: 'Élément 1', exact: true }).fill('Labourer');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await page.getByText('L’élément 2 est vide.').waitFor();
    await page.getByRole('textbox', { name: 'Élément 2', exact: true }).fill('Arroser');
    await page.getByRole('button', { name: 'Ajouter un élément' }).click();
    await page.getByRole('textbox', { name: 'Élément 3', exact: true }).fill('Récolter');
    await page.getByRole('button', { name: 'Ajouter un élément' }).click();
    await page.getByRole('textbox', { name: 'Élément 4', exact: true }).fill('Semer');
    // « Semer » written last goes up two places, with the keyboard.
    await page.getByRole('button', { name: 'Monter l’élément 4' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Monter l’élément 3' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('textbox', { name: 'Élément 2', exact: true }).inputValue()).toBe('Semer');
    expect(await page.getByRole('radio', { name: /Crédit partiel/ }).isChecked()).toBe(true);
    await expectAccessible(page, 'question-create (remise en ordre)');
    await shot(page, 'ordering-editor-1280');

    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);

    // Stored in the right order, each item with a key of its own; partial credit.
    const stored = await apiCall<{ data: { type: string; scoring: string; possible_solutions: Array<{ content: string; expected_output: string }> } }>(
      `/api/admin/questions/${questionId}/show`,
      teacher,
    );
    expect(stored.body.data.type).toBe('ORDERING');
    expect(stored.body.data.scoring).toBe('PARTIAL');
    expect(stored.body.data.possible_solutions.map((p) => p.content)).toEqual(ITEMS);
    expect(new Set(stored.body.data.possible_solutions.map((p) => p.expected_output)).size).toBe(4);

    // The editor reopens with the same items, and fits a phone.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('textbox', { name: 'Élément 4', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Élément 4', exact: true }).inputValue()).toBe('Récolter');
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'question-edit (remise en ordre, 375 px)');
    await shot(page, 'ordering-editor-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a student puts the items in order with the keyboard alone, at 1280 and 375 px, and reads the order on the result', async () => {
    expect(questionId).toBeGreaterThan(0);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Remise en ordre`,
        description: 'Une question de remise en ordre.',
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
    const questionsSeen = page.waitForResponse((r) => r.url().includes(`/api/student/exams/${examId}/questions`));
    await page.goto(url(`/student/exams/${examId}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    // What the browser received: the items by keys, never the order nor the rows' keys as the staff see them.
    const sent = await (await questionsSeen).text();
    expect(sent).not.toMatch(/expected_output|possible_solutions|choice_ids/);

    // The four items, shuffled (never already in order), nothing answered yet.
    const first = await shownOrder(page);
    expect([...first].sort()).toEqual([...ITEMS].sort());
    expect(first).not.toEqual(ITEMS);
    expect(await page.getByRole('button', { name: 'Soumettre' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'exam question (remise en ordre)');
    await shot(page, 'ordering-exam-1280');

    // The order shown kept as it is: graded by its longest run in order.
    await page.getByRole('button', { name: 'Garder cet ordre' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Soumettre' }).focus();
    await page.keyboard.press('Enter');
    const verdict = page.getByTestId('answer-verdict');
    await verdict.filter({ hasText: 'Non validé' }).getByText(`Éléments dans le bon ordre : ${inOrder(first)} sur 4.`).waitFor();

    // At 375 px: nothing wider than the screen, axe clean; the keyboard puts the items in order.
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await orderWithKeyboard(page);
    await expectAccessible(page, 'exam question (remise en ordre, 375 px)');
    await shot(page, 'ordering-exam-375');
    await page.getByRole('button', { name: 'Soumettre' }).focus();
    await page.keyboard.press('Enter');
    await verdict.filter({ hasText: 'Validé' }).getByText('Éléments dans le bon ordre : 4 sur 4.').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = page.getByTestId('exam-summary');
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    await page.getByTestId('score-points').waitFor();
    expect(await page.getByTestId('score-points').textContent()).toBe('3 / 3');
    const view = page.getByTestId('ordering-view').first();
    await view.waitFor();
    expect(await view.locator('li').allTextContents()).toEqual(ITEMS);
    await expectAccessible(page, 'exam result (remise en ordre)');
    await shot(page, 'ordering-result-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam result (remise en ordre, 375 px)');
    await shot(page, 'ordering-result-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('staff read the student’s order in the copy, each item at its place or not, with the order expected', async () => {
    expect(examId).toBeGreaterThan(0);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/show`));
    await page.getByRole('button', { name: /^Voir les soumissions de N.Diaye Aïssatou/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Soumissions de N.Diaye Aïssatou/ });
    await drawer.getByRole('button', { name: /^Q1 ·/ }).click();
    const first = drawer.getByRole('article', { name: 'Soumission 1 sur 2' });
    await first.getByTestId('ordering-view').waitFor();
    expect(await first.getByText('Ordre attendu').count()).toBe(1);
    expect(await first.getByText('pas à sa place', { exact: true }).count()).toBeGreaterThan(0);
    const second = drawer.getByRole('article', { name: 'Soumission 2 sur 2' });
    expect(await second.getByText('à sa place', { exact: true }).count()).toBe(4);
    expect(await second.getByText('Ordre attendu').count()).toBe(0);
    await expectAccessible(page, 'exam-results-show (drawer, remise en ordre)');
    await shot(page, 'ordering-drawer-1280');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
