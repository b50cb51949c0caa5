// Parameterised questions end to end: a teacher writes a question with {{nom}} in its statement and answer, tests a
// broken generator (the French reason names its line), fixes it and sees three variants, saves, then previews the
// variant of a seed as a student would see it and tries an answer on it; the bank marks it « Paramétrée ». Checked
// by axe at 1280 and 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const stamp = `E2E${Date.now().toString(36)}`;
let browser: Browser;
let token = '';
let questionId = 0;

const BROKEN = ['def generate(seed):', '    a = seed * 2', '    b = 7', '    return {"a": a, "b": b, "s": a + b / 0}', ''].join('\n');
const GOOD = ['import random', '', 'def generate(seed):', '    r = random.Random(seed)', '    a, b = r.randint(10, 99), r.randint(10, 99)', '    return {"a": a, "b": b, "s": a + b}', ''].join('\n');

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(accounts.teacher);
});
afterAll(async () => {
  if (questionId) await apiCall(`/api/admin/questions/${questionId}/delete`, token, { method: 'DELETE' });
  await browser?.close();
});

/** Replaces the generator editor's text (typed as one insertion: the editor's auto-indent would change it). */
async function setGenerator(page: Page, source: string) {
  await page.getByRole('textbox', { name: 'Générateur (Python)' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(source);
}

describe('parameterised questions', () => {
  it('tests a generator (its error with its line, then three variants), saves, and previews a variant by its seed', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Réponse exacte$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Combien font {{a}} + {{b}} ?`);
    await page.getByRole('textbox', { name: 'Réponse acceptée 1' }).fill('{{s}}');
    const card = page.getByRole('region', { name: 'Paramètres (générateur)' });
    await card.getByText('random.Random(seed)').waitFor();

    await setGenerator(page, BROKEN);
    await card.getByRole('button', { name: 'Tester le générateur' }).click();
    const refusal = card.getByRole('alert');
    await refusal.getByText('division par zéro à la ligne 4 du générateur (ZeroDivisionError').waitFor();
    expect(await refusal.textContent()).toContain('La variante de graine 1 échoue');
    await expectAccessible(page, 'question-create (generator refused)');

    await setGenerator(page, GOOD);
    await card.getByRole('button', { name: 'Tester le générateur' }).click();
    await card.getByText('3 variantes fabriquées et vérifiées').waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);
    for (const seed of [1, 2, 3]) {
      const variant = card.getByRole('region', { name: `Graine ${seed}` });
      const values = await variant.getByRole('group', { name: 'Valeurs' }).textContent();
      const [, a, b, s] = /a = (\d+)b = (\d+)s = (\d+)/.exec(values ?? '')!;
      await variant.getByText(`${stamp} Combien font ${a} + ${b} ?`).waitFor();
      expect(Number(s)).toBe(Number(a) + Number(b));
      await variant.getByRole('listitem').filter({ hasText: new RegExp(`^${s}$`) }).waitFor();
    }
    await expectAccessible(page, 'question-create (three variants)');

    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question', 'premières variantes ont été fabriquées et vérifiées').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);

    // The preview of seed 5: the statement filled with its values, and a verdict on the right sum.
    await page.getByRole('button', { name: 'Aperçu étudiant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aperçu étudiant' });
    await dialog.getByTestId('variant-values').waitFor();
    await dialog.getByRole('textbox', { name: 'Graine de la variante' }).fill('5');
    await dialog.getByRole('button', { name: 'Afficher cette variante' }).click();
    const preview = await apiCall<{ data: { variant: { values: { a: number; b: number; s: number } } } }>(`/api/admin/questions/${questionId}/preview?seed=5`, token);
    const v = preview.body.data.variant.values;
    await dialog.getByText(`${stamp} Combien font ${v.a} + ${v.b} ?`).waitFor();
    await dialog.getByText(`a = ${v.a}, b = ${v.b}, s = ${v.s}`).waitFor();
    await dialog.getByRole('textbox', { name: 'Votre réponse' }).fill(String(v.s));
    await dialog.getByRole('button', { name: 'Essayer' }).click();
    await dialog.getByTestId('preview-verdict').getByText('Validé', { exact: true }).waitFor();
    await expectAccessible(page, 'question-edit (variant preview)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone: the generator, its variants and the preview of a seed', async () => {
    expect(questionId).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, PHONE);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/questions/${questionId}/edit`));
    const card = page.getByRole('region', { name: 'Paramètres (générateur)' });
    await card.getByRole('button', { name: 'Tester le générateur' }).click();
    await card.getByText('3 variantes fabriquées et vérifiées').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'question-edit (variants, 375 px)');
    // The bank says which questions are parameterised.
    await page.goto(url(`/dashboard/questions?search=${stamp}`));
    await page.getByText('Paramétrée', { exact: true }).waitFor();
    await expectAccessible(page, 'questions (parameterised badge, 375 px)');
    await page.goto(url(`/dashboard/questions/${questionId}/edit`));
    await page.getByRole('button', { name: 'Aperçu étudiant' }).click();
    await page.getByRole('dialog', { name: 'Aperçu étudiant' }).getByTestId('variant-values').waitFor();
    await expectAccessible(page, 'question-edit (variant preview, 375 px)');
    await context.close();
  });
});

describe('the exam editor and the question editor say what a rule or an edit does', () => {
  it('marks the question row a generator refuses at publication; flags hidden verdicts with tries and a penalty; tells what an edit of a started exam’s question changes', async () => {
    const student = await apiLogin(accounts.student);
    const exams = await apiCall<{ data: Array<{ title: string; academic_year_id: number; specialization_ids: number[] }> }>('/api/admin/exams?per_page=100', token);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'))!;
    const question = async (body: Record<string, unknown>) => {
      const r = await apiCall<{ data: { id: number } }>('/api/admin/questions/create', token, { method: 'POST', body: JSON.stringify({ points: 1, ...body }) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id;
    };
    const exam = async (title: string, questionIds: number[]) => {
      const r = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', token, {
        method: 'POST',
        body: JSON.stringify({
          title,
          academic_year_id: demo.academic_year_id,
          specialization_ids: demo.specialization_ids,
          start_at: new Date(Date.now() - 3600_000).toISOString(),
          end_at: new Date(Date.now() + 48 * 3600_000).toISOString(),
          max_submissions: 3,
          wrong_try_penalty: 0.25,
          questions: questionIds.map((question_id) => ({ question_id, points: 1 })),
        }),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id;
    };
    // Right for the seeds a save checks, wrong for seed 7, which only a publication makes.
    const generator = ['def generate(seed):', '    if seed == 7:', "        raise ValueError('graine interdite')", "    return {'n': seed}", ''].join('\n');
    const plain = await question({ type: 'EXACT', statement: `<p>${stamp} Sans paramètre</p>`, possible_solutions: [{ content: '4' }] });
    const failing = await question({ type: 'EXACT', statement: `<p>${stamp} Recopiez {{n}}.</p>`, generator, possible_solutions: [{ content: '{{n}}' }] });
    const refused = await exam(`${stamp} Publication refusée`, [plain, failing]);
    const hidden = await apiCall(`/api/admin/exams/${refused}/access-rules`, token, { method: 'PUT', body: JSON.stringify({ hide_verdicts: 1 }) });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exams/${refused}/edit`));
    // Three tries with a penalty, verdicts hidden: the student would retry blind; the editor says so.
    await page.getByTestId('blind-retries').getByText('Verdicts masqués, plusieurs essais et une pénalité').waitFor();
    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Publier' }).click();
    await toast(page, 'Erreur', 'sa variante de graine 7 échoue').waitFor();
    // The refusal is also on the question's own row, the second, and only there.
    const rows = page.getByTestId('exam-question');
    await rows.nth(1).getByTestId('exam-question-error').getByText('La question 2 de l’examen', { exact: false }).waitFor();
    expect(await rows.nth(1).getAttribute('data-error')).toBe('true');
    expect(await rows.nth(0).getByTestId('exam-question-error').count()).toBe(0);
    await expectAccessible(page, 'exam-edit (publication refused by a generator)');

    // A question of an exam some student started: its editor says that copies keep their version and how to regrade.
    const started = await exam(`${stamp} Commencé`, [plain]);
    expect((await apiCall(`/api/admin/exams/${started}/update-status/PUBLISHED`, token, { method: 'PUT' })).status).toBe(200);
    await page.goto(url(`/dashboard/questions/${failing}/edit`));
    await page.getByRole('heading', { name: 'Modifier une question', level: 1 }).waitFor();
    expect(await page.getByTestId('started-exams-notice').count()).toBe(0);
    expect((await apiCall(`/api/student/exams/${started}/start`, student, { method: 'POST', body: '{}' })).status).toBe(200);
    await page.goto(url(`/dashboard/questions/${plain}/edit`));
    const notice = page.getByTestId('started-exams-notice');
    await notice.getByText('Cette question est dans un examen déjà commencé').waitFor();
    expect(await notice.textContent()).toContain('« Recorriger l’examen »');
    await expectAccessible(page, 'question-edit (question of a started exam)');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
