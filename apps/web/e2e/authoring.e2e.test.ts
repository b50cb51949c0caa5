// Question bank and exam authoring end to end: a teacher writes one question of each type (the ALGORITHM reference
// solution is first refused on a failing case, then accepted), previews one as a student would see it, builds an
// exam of the four, reorders them and publishes it, then splits it into sections with a draw per student. The
// screens fit a 375 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const stamp = `E2E${Date.now().toString(36)}`;
let browser: Browser;
let token = '';
const questionIds: number[] = [];
let examId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(accounts.teacher);
});
afterAll(async () => {
  if (examId) {
    await apiCall(`/api/admin/exams/${examId}/update-status/DRAFT`, token, { method: 'PUT' });
    await apiCall(`/api/admin/exams/${examId}/delete`, token, { method: 'DELETE' });
  }
  for (const id of questionIds) await apiCall(`/api/admin/questions/${id}/delete`, token, { method: 'DELETE' });
  await browser?.close();
});

async function startQuestion(page: Page, typeLabel: string, statement: string) {
  await page.goto(url('/dashboard/questions/create'));
  await page.locator('label').filter({ hasText: new RegExp(`^${typeLabel.replace(/[()]/g, '\\$&')}$`) }).click();
  await page.locator('.course-editor .tiptap').click();
  await page.keyboard.type(statement);
}

async function saveNew(page: Page) {
  await page.getByRole('button', { name: 'Créer la question' }).click();
  await toast(page, 'Création question').waitFor();
  await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
  const id = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);
  questionIds.push(id);
  return id;
}

describe('question bank and exam authoring', () => {
  it('writes a question of each type, with the reference solution refused then accepted', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);

    // QCM: two choices, one correct.
    await startQuestion(page, 'Choix multiple', `${stamp} QCM : combien font 2 + 2 ?`);
    await page.getByRole('textbox', { name: 'Choix 1', exact: true }).fill('4');
    await page.getByRole('textbox', { name: 'Choix 2', exact: true }).fill('5');
    await page.getByText('Cochez la ou les bonnes réponses.').waitFor();
    await page.getByRole('checkbox', { name: 'Choix 1 correct' }).check();
    await page.getByText('Une seule bonne réponse').waitFor();
    await page.getByRole('combobox', { name: 'Étiquettes' }).fill(stamp);
    await page.keyboard.press('Enter');
    await saveNew(page);

    // EXACT: the form's own check first (no accepted answer), then one answer.
    await startQuestion(page, 'Réponse exacte', `${stamp} EXACT : capitale de la France ?`);
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await page.getByText('Indiquez au moins une réponse acceptée.').waitFor();
    await page.getByRole('textbox', { name: 'Réponse acceptée 1' }).fill('Paris');
    await saveNew(page);

    // MATH: the expected expression through the MathLive field.
    await startQuestion(page, 'Expression mathématique', `${stamp} MATH : développez 2(x+1).`);
    await page.locator('math-field').evaluate((el: HTMLElement & { value: string }) => {
      el.value = '2x+2';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await saveNew(page);

    // ALGORITHM: two cases (one hidden); a wrong reference solution is refused on its case, the right one accepted.
    await startQuestion(page, 'Algorithme (Python ou R)', `${stamp} ALGORITHM : affichez la somme des deux entiers lus.`);
    await page.getByText('Pas de solution de référence').waitFor();
    const case1 = page.getByRole('region', { name: 'Cas de test 1' });
    await case1.getByLabel('Entrée (stdin)').fill('2 3');
    await case1.getByLabel('Sortie attendue').fill('5');
    await page.getByRole('button', { name: 'Ajouter un cas de test' }).click();
    const case2 = page.getByRole('region', { name: 'Cas de test 2' });
    await case2.getByLabel('Entrée (stdin)').fill('10 -4');
    await case2.getByLabel('Sortie attendue').fill('6');
    await case2.getByRole('switch', { name: 'Caché aux étudiants' }).check({ force: true });
    const reference = page.getByRole('textbox', { name: 'Solution de référence' });
    await reference.click();
    await page.keyboard.type('print(0)');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await page.getByText('La solution de référence échoue au cas de test 1').first().waitFor();
    await case1.getByText('Cas 1 : attendu').waitFor();
    expect(page.url()).toBe(url('/dashboard/questions/create'));
    await reference.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('a, b = map(int, input().split())\nprint(a + b');
    await saveNew(page);

    // The bank lists the four, with no exam using them yet.
    await page.goto(url(`/dashboard/questions?search=${stamp}`));
    await expect.poll(() => page.getByRole('row').count()).toBe(5);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the QCM as a student sees it and gives the verdict of a tried answer', async () => {
    expect(questionIds).toHaveLength(4);
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/questions/${questionIds[0]}/edit`));
    await page.getByRole('button', { name: 'Aperçu étudiant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aperçu étudiant' });
    await dialog.getByText('combien font 2 + 2').waitFor();
    // One correct choice: radio buttons, none checked.
    expect(await dialog.getByRole('radio').count()).toBe(2);
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    await dialog.getByRole('radio', { name: '5' }).check();
    await dialog.getByRole('button', { name: 'Essayer' }).click();
    await dialog.getByTestId('preview-verdict').getByText('Non validé').waitFor();
    await dialog.getByRole('radio', { name: '4' }).check();
    await dialog.getByRole('button', { name: 'Essayer' }).click();
    await dialog.getByTestId('preview-verdict').getByText('Validé', { exact: true }).waitFor();
    await context.close();
  });

  it('builds an exam of the four questions, reorders them and publishes it', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/exams/create'));
    await page.getByRole('textbox', { name: /^Titre/ }).fill(`Examen ${stamp}`);
    await page.getByRole('combobox', { name: 'Parcours' }).click();
    await page.getByRole('option', { name: 'Génie logiciel (GL-L3)' }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Ajouter des questions' }).click();
    const picker = page.getByRole('dialog', { name: 'Ajouter des questions de la banque' });
    await picker.getByRole('textbox', { name: 'Rechercher dans la banque' }).fill(stamp);
    await expect.poll(() => picker.getByRole('button', { name: /^Ajouter « / }).count()).toBe(4);
    for (let i = 0; i < 4; i++) await picker.getByRole('button', { name: /^Ajouter « / }).first().click();
    await picker.getByRole('button', { name: 'Terminer' }).click();
    const rows = page.getByTestId('exam-question');
    await expect.poll(() => rows.count()).toBe(4);
    const order = async () => (await rows.allInnerTexts()).map((s) => /(QCM|EXACT|MATH|ALGORITHM) :/.exec(s)?.[1]);
    const before = await order();

    // Reorder: the first question goes down with its arrow, then the last one is dragged to the top.
    await page.getByRole('button', { name: 'Descendre la question 1' }).click();
    await rows.nth(3).dragTo(rows.nth(0));
    const after = await order();
    expect(after).toEqual([before[3], before[1], before[0], before[2]]);

    await page.getByRole('button', { name: 'Créer l’examen' }).click();
    await toast(page, 'Création examen').waitFor();
    await page.waitForURL(/\/dashboard\/exams\/\d+\/edit$/);
    examId = Number(/exams\/(\d+)\/edit/.exec(page.url())![1]);
    await page.getByRole('button', { name: 'Publier' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Publier' }).click();
    await toast(page, 'Statut examen').waitFor();

    const stored = await apiCall<{ data: { status: string; questions: Array<{ statement_excerpt: string }> } }>(`/api/admin/exams/${examId}/show`, token);
    expect(stored.body.data.status).toBe('PUBLISHED');
    expect(stored.body.data.questions.map((q) => /(QCM|EXACT|MATH|ALGORITHM) :/.exec(q.statement_excerpt)?.[1])).toEqual(after);
    // A question used by an exam cannot be deleted: the server's French 409 is shown.
    await page.goto(url(`/dashboard/questions?search=${stamp}`));
    await page.getByRole('button', { name: /^Supprimer « .*QCM/ }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText(/Cette question est utilisée par un examen/).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('splits the exam into sections: a draw of one question out of two for each student, the other section shuffled', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exams/${examId}/edit`));
    await page.getByTestId('exam-question').first().waitFor();
    // Questions drawn from one section must be worth the same: every question gets 2 points.
    for (let i = 1; i <= 4; i++) await page.getByRole('textbox', { name: `Points de la question ${i}` }).fill('2');
    await page.getByRole('button', { name: 'Ajouter une section' }).click();
    await page.getByRole('button', { name: 'Ajouter une section' }).click();
    await page.getByRole('textbox', { name: 'Nom de la section 1' }).fill('Cours');
    await page.getByRole('switch', { name: 'Ordre mélangé pour chaque étudiant dans la section 1' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Nom de la section 3' }).fill('Exercice');
    for (const i of [3, 4]) {
      await page.getByRole('combobox', { name: `Section de la question ${i}` }).click();
      await page.getByRole('option', { name: '3. Exercice' }).click();
    }
    // Removing the empty section between them renumbers the one after it: its questions follow.
    await page.getByRole('button', { name: 'Supprimer la section 2' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Section de la question 3' }).inputValue()).toBe('2. Exercice');
    expect(await page.getByRole('combobox', { name: 'Section de la question 4' }).inputValue()).toBe('2. Exercice');
    // Drawing 3 out of 2 is refused on the field, in French, before anything is sent.
    await page.getByRole('textbox', { name: /^Questions tirées au sort dans la section 2/ }).fill('3');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('La section 2 tire 3 questions mais n’en contient que 2.').waitFor();
    await page.getByRole('textbox', { name: /^Questions tirées au sort dans la section 2/ }).fill('1');
    await expect.poll(() => page.getByTestId('exam-total').textContent()).toBe('Chaque étudiant : 3 questions, 6 points (4 proposées)');
    await expect.poll(() => page.getByTestId('exam-section-summary').nth(1).textContent()).toBe('1 question tirée au sort parmi 2 pour chaque étudiant.');
    await expectAccessible(page, 'éditeur d’examen à deux sections');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast(page, 'Mis à jour examen').waitFor();

    const stored = await apiCall<{ data: { question_count: number; total_points: number; sections: unknown[]; questions: Array<{ section: number }> } }>(`/api/admin/exams/${examId}/show`, token);
    expect(stored.body.data.sections).toEqual([
      { position: 1, title: 'Cours', pick: null, shuffle: 1 },
      { position: 2, title: 'Exercice', pick: 1, shuffle: 0 },
    ]);
    expect(stored.body.data.questions.map((q) => q.section)).toEqual([1, 1, 2, 2]);
    expect([stored.body.data.question_count, stored.body.data.total_points]).toEqual([3, 6]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the question and exam screens on a 375 px phone, with no serious or critical axe finding', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInWithToken(context, accounts.teacher);
    for (const path of ['/dashboard/questions', '/dashboard/questions/create', `/dashboard/questions/${questionIds[3]}/edit`, '/dashboard/exams', `/dashboard/exams/${examId}/edit`]) {
      await page.goto(url(path));
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflowsHorizontally(page), path).toBe(false);
      await expectAccessible(page, path);
    }
    await context.close();
  });
});
