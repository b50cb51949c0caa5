// An R function question, a Python class question and an R class question, end to end in Chromium as
// function-question.e2e.test.ts does for a Python function: a teacher writes each in the editor (test code per case, a
// hidden case), a student answers them in an exam (the examples' test code shown, the hidden cases never on the page),
// finishes and reads the result; the teacher exports them to Moodle XML from the bank and imports the file back through
// the import dialog, getting the same questions (language, test code, expected outputs, hidden cases). Axe on every
// screen.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ImportReport } from '@exam/shared';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';
import { replaceCode } from './keyboard';

const stamp = `E2E${Date.now().toString(36)}`;

interface ProgramCase {
  test_code: string;
  expected: string;
  hidden?: boolean;
}
interface ProgramQuestion {
  label: string;
  language: 'Python 3' | 'R';
  statement: string;
  cases: ProgramCase[];
  reference: string;
  /** What the student writes (right). */
  answer: string;
  /** Only in a hidden case: never on a student's page. */
  hiddenMark: string;
}

const QUESTIONS: ProgramQuestion[] = [
  {
    label: 'fonction R',
    language: 'R',
    statement: `${stamp} Écrivez la fonction R moyenne(v) qui rend la moyenne des nombres de v.`,
    cases: [
      { test_code: 'cat(moyenne(c(1, 2, 6)), "\\n")', expected: '3' },
      { test_code: 'cat(moyenne(c(10, 30, 170)), "\\n")', expected: '70', hidden: true },
    ],
    reference: 'moyenne <- function(v) sum(v) / length(v)\n',
    answer: 'moyenne <- function(v) {\n  mean(v)\n}\n',
    hiddenMark: 'c(10, 30, 170)',
  },
  {
    label: 'classe Python',
    language: 'Python 3',
    statement: `${stamp} Écrivez la classe Compte : Compte(solde) ouvre un compte, deposer(montant) l’augmente, solde() le rend.`,
    cases: [
      { test_code: 'c = Compte(10)\nc.deposer(5)\nprint(c.solde())', expected: '15' },
      { test_code: 'c = Compte(0)\nfor m in (7, 8, 913):\n    c.deposer(m)\nprint(c.solde())', expected: '928', hidden: true },
    ],
    reference: 'class Compte:\n    def __init__(self, solde):\n        self.s = solde\n\n    def deposer(self, montant):\n        self.s += montant\n\n    def solde(self):\n        return self.s\n',
    answer: 'class Compte:\n    def __init__(self, solde):\n        self.total = solde\n    def deposer(self, m):\n        self.total = self.total + m\n    def solde(self):\n        return self.total\n',
    hiddenMark: '913',
  },
  {
    label: 'classe R',
    language: 'R',
    statement: `${stamp} Écrivez la classe R Compteur (setRefClass) : Compteur$new(n = 0) le crée, incrementer() ajoute 1, valeur() rend le compte.`,
    cases: [
      { test_code: 'k <- Compteur$new(n = 0)\ninvisible(k$incrementer())\ninvisible(k$incrementer())\ncat(k$valeur(), "\\n")', expected: '2' },
      { test_code: 'k <- Compteur$new(n = 4077)\nfor (i in 1:3) invisible(k$incrementer())\ncat(k$valeur(), "\\n")', expected: '4080', hidden: true },
    ],
    reference: 'Compteur <- setRefClass("Compteur", fields = list(n = "numeric"),\n  methods = list(incrementer = function() { n <<- n + 1 }, valeur = function() n))\n',
    answer: 'Compteur <- setRefClass("Compteur",\n  fields = list(n = "numeric"),\n  methods = list(\n    incrementer = function() {\n      n <<- n + 1\n      invisible(.self)\n    },\n    valeur = function() {\n      return(n)\n    }\n  )\n)\n',
    hiddenMark: '4077',
  },
];
const N = QUESTIONS.length;

let browser: Browser;
let teacher = '';
const questionIds: number[] = [];
const imported: number[] = [];
let examId = 0;

/** Types into a code editor as one input (no auto-closed brackets or auto-indent on the way). */
const setCode = (page: Page, name: string, code: string) => replaceCode(page, page.getByRole('textbox', { name }), code);

/** The stored shape the comparisons read. */
type Stored = { language: string; possible_solutions: Array<{ test_code: string; expected_output: string; is_hidden: number }> };
const casesOf = (q: Stored) => ({ language: q.language, cases: q.possible_solutions.map((p) => [p.test_code, p.expected_output, p.is_hidden]) });

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiLogin(accounts.teacher);
}, 60_000);

afterAll(async () => {
  if (examId) {
    await apiCall(`/api/admin/exams/${examId}/update-status/DRAFT`, teacher, { method: 'PUT' });
    await apiCall(`/api/admin/exams/${examId}/delete`, teacher, { method: 'DELETE' });
  }
  for (const id of [...questionIds, ...imported]) await apiCall(`/api/admin/questions/${id}/delete`, teacher, { method: 'DELETE' });
  await browser?.close();
});

describe('R function, Python class and R class questions', () => {
  it('a teacher writes each in the editor: its language, each case’s test code, a hidden case', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    for (const q of QUESTIONS) {
      await page.goto(url('/dashboard/questions/create'));
      await page.locator('label').filter({ hasText: /^Algorithme \(Python ou R\)$/ }).click();
      await page.locator('.course-editor .tiptap').click();
      await page.keyboard.type(q.statement);
      if (q.language === 'R') {
        await page.getByRole('combobox', { name: 'Langage' }).click();
        await page.getByRole('option', { name: 'R', exact: true }).click();
      }
      for (const [i, c] of q.cases.entries()) {
        if (i > 0) await page.getByRole('button', { name: 'Ajouter un cas de test' }).click();
        const region = page.getByRole('region', { name: `Cas de test ${i + 1}` });
        await setCode(page, `Code de test du cas ${i + 1} (facultatif)`, c.test_code);
        await region.getByLabel('Sortie attendue').fill(c.expected);
        if (c.hidden) await region.getByRole('switch', { name: 'Caché aux étudiants' }).check({ force: true });
      }
      await setCode(page, 'Solution de référence', q.reference);
      await expectAccessible(page, `question-create (${q.label})`);
      await page.getByRole('button', { name: 'Créer la question' }).click();
      await toast(page, 'Création question').waitFor();
      await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
      const id = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);
      questionIds.push(id);
      const stored = await apiCall<{ data: Stored }>(`/api/admin/questions/${id}/show`, teacher);
      expect(casesOf(stored.body.data)).toEqual({
        language: q.language === 'R' ? 'R' : 'PYTHON',
        cases: q.cases.map((c) => [c.test_code, c.expected, c.hidden ? 1 : 0]),
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('a student answers all three in an exam, never sees a hidden case, and reads the result', async () => {
    expect(questionIds).toHaveLength(N);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Fonction R et classes`,
        description: 'Une fonction R, une classe Python et une classe R.',
        academic_year_id: demo.academic_year_id,
        specialization_ids: specs.body.data.map((s) => s.id),
        start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
        duration_minutes: 60,
        show_solutions_after_close: 0,
        questions: questionIds.map((id) => ({ question_id: id, points: 2 })),
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
    for (const [i, q] of QUESTIONS.entries()) {
      await page.getByRole('heading', { name: `Question ${i + 1} sur ${N}` }).waitFor();
      // The example with its test code; the hidden case nowhere.
      await page.getByText(q.cases[0]!.test_code.split('\n')[0]!).first().waitFor();
      expect(await page.content()).not.toContain(q.hiddenMark);
      await expectAccessible(page, `exam question (${q.label})`);
      const editor = page.locator('.cm-content').first();
      await editor.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(q.answer);
      await page.getByRole('button', { name: 'Soumettre' }).click();
      await page.getByTestId('exam-navigator').getByRole('button', { name: `Question ${i + 1} : Validé` }).waitFor();
      expect(await page.content()).not.toContain(q.hiddenMark);
      if (i < N - 1) await page.getByTestId('exam-navigator').getByRole('button', { name: new RegExp(`^Question ${i + 2}\\b`) }).click();
    }
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = page.getByTestId('exam-summary');
    expect(await summary.getByTestId('exam-summary-counts').textContent()).toMatch(new RegExp(`^${N} validées · 0 non validée`));
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    await page.getByTestId('score-points').filter({ hasText: `${2 * N} / ${2 * N}` }).waitFor();
    const cards = page.getByTestId('show-question');
    expect(await cards.count()).toBe(N);
    for (const n of QUESTIONS.keys()) expect(await cards.nth(n).getAttribute('data-state')).toBe('VALIDATED');
    for (const q of QUESTIONS) expect(await page.content()).not.toContain(q.hiddenMark);
    await expectAccessible(page, 'exam result (fonction R, classes)');
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam result (fonction R, classes, 375 px)');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('the teacher exports all three to Moodle XML and imports the file back: the same questions', async () => {
    expect(questionIds).toHaveLength(N);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions'));
    await page.getByRole('textbox', { name: 'Rechercher une question' }).fill(stamp);
    const table = page.getByRole('table', { name: 'Questions' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(N);
    for (const n of QUESTIONS.keys()) await table.locator('tbody tr').nth(n).getByRole('checkbox').check();
    await page.getByRole('button', { name: `Exporter (${N})` }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Moodle XML (.xml)' }).click();
    const xml = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(xml).toContain('<coderunnertype>r</coderunnertype>');
    expect(xml).toContain('<coderunnertype>python3</coderunnertype>');

    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des questions de Moodle' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'export.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();
    await dialog.getByText(`${N} questions lues, ${N} importables. Rien n’est encore enregistré.`).waitFor();
    await expectAccessible(page, 'questions (import of the exported programs)');
    const confirmed = page.waitForResponse((r) => r.url().includes('/api/admin/questions/import?confirm=1'));
    await dialog.getByRole('button', { name: `Importer ${N} questions` }).click();
    const body = (await (await confirmed).json()) as { data: ImportReport };
    imported.push(...body.data.question_ids);
    expect(body.data.counts).toMatchObject({ failed: 0, skipped: 0 });
    await dialog.getByText(`${N} questions importées`).waitFor();

    const again = await Promise.all(imported.map((id) => apiCall<{ data: Stored }>(`/api/admin/questions/${id}/show`, teacher)));
    const before = await Promise.all(questionIds.map((id) => apiCall<{ data: Stored }>(`/api/admin/questions/${id}/show`, teacher)));
    // The bank lists (and so exports) the newest first: compared by language.
    const byLanguage = (rs: typeof again) => rs.map((r) => casesOf(r.body.data)).sort((a, b) => a.language.localeCompare(b.language) || JSON.stringify(a.cases).localeCompare(JSON.stringify(b.cases)));
    expect(byLanguage(again)).toEqual(byLanguage(before));
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
