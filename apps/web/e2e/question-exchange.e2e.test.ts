// Importing a Moodle bank as a teacher does: the dialog of the question list reads a Moodle XML export (CodeRunner
// questions included), shows its report (filterable by outcome) and a converted question as a student will see it
// before anything is written, then « Importer N questions » writes them and they show in the list; the checked
// questions export back to a Moodle XML file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ImportReport } from '@exam/shared';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, MOBILE, newPage, overflowsHorizontally, signInWithToken, url } from './helpers';

const FIXTURE = path.resolve(import.meta.dirname, '../../server/test/fixtures/question-exchange/moodle-bank.xml');
let browser: Browser;
let token = '';
const created: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(accounts.teacher);
});
afterAll(async () => {
  for (const id of created) await apiCall(`/api/admin/questions/${id}/delete`, token, { method: 'DELETE' });
  await browser?.close();
});

it('imports a Moodle XML bank through the report, then exports the checked questions', async () => {
  const { context, page, errors } = await newPage(browser);
  await signInWithToken(context, accounts.teacher);
  await page.goto(url('/dashboard/questions'));
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des questions de Moodle' });
  await dialog.locator('input[type="file"]').setInputFiles(FIXTURE);
  await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();

  // The report: every question with what it becomes, the failing program among them; nothing written yet.
  const report = dialog.getByRole('table', { name: 'Questions du fichier' });
  await report.waitFor();
  // How many are importable follows the kinds the platform has: the report says it, the button repeats it.
  await dialog.getByText(/^14 questions lues, \d+ importables\. Rien n’est encore enregistré\.$/).waitFor();
  expect(await report.locator('tbody tr').count()).toBe(14);
  await expectAccessible(page, 'questions (import report)');

  // A converted question as the student will see it, before anything is written: its statement with its image,
  // its choices to tick, never which one is right.
  await report.getByRole('button', { name: 'Voir « Moyenne d’une série » comme un étudiant' }).click();
  const preview = dialog.getByRole('region', { name: /Aperçu de « Moyenne d’une série » \(ligne 15\)/ });
  await preview.getByText('La série 2, 4, 6 est tracée ci-dessous : quelle est sa moyenne ?').waitFor();
  expect(await preview.locator('img[alt="série"]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await preview.getByRole('radio', { name: '4' }).check();
  expect(await preview.getByRole('radio').count()).toBe(3);
  await expectAccessible(page, 'questions (import preview)');
  await preview.getByRole('button', { name: 'Fermer l’aperçu' }).click();
  await preview.waitFor({ state: 'hidden' });
  await dialog.getByText(/^En échec \(\d+\)$/).click();
  await expect.poll(() => report.locator('tbody tr').count()).toBeLessThan(14);
  await report.getByText('Produit (réponse fausse)').waitFor();
  await report.getByText(/cas de test 2 : sortie attendue « 15 », obtenue « 8 »/).waitFor();
  // Outputs keep their lines in the notes.
  expect(await report.locator('li', { hasText: 'sortie attendue' }).first().evaluate((li) => getComputedStyle(li).whiteSpace)).toBe('pre-wrap');
  await expectAccessible(page, 'questions (import report, failed only)');
  await dialog.getByText(/^Ignorée \(\d+\)$/).click();
  await report.getByText('Bonjour en C').waitFor();
  const listed = await apiCall<{ meta: { total: number } }>(`/api/admin/questions?search=${encodeURIComponent('lit deux entiers sur une ligne')}`, token);
  expect(listed.body.meta.total).toBe(0);

  const confirmed = page.waitForResponse((r) => r.url().includes('/api/admin/questions/import?confirm=1'));
  await dialog.getByRole('button', { name: /^Importer \d+ questions$/ }).click();
  const body = (await (await confirmed).json()) as { data: ImportReport };
  created.push(...body.data.question_ids);
  await dialog.getByText(`${body.data.question_ids.length} questions importées`).waitFor();
  await expectAccessible(page, 'questions (import done)');
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });

  // In the list: the program read from CodeRunner, tagged with its Moodle category.
  await page.getByRole('textbox', { name: 'Rechercher une question' }).fill('lit deux entiers sur une ligne');
  const table = page.getByRole('table', { name: 'Questions' });
  await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
  const row = table.locator('tbody tr').first();
  await row.getByText('Programmes').waitFor();
  await row.getByText('Algorithme · Python').last().waitFor();

  // Export of the checked question: a Moodle XML file with its CodeRunner fields.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Exporter (1)' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Moodle XML (.xml)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^questions-moodle-\d{4}-\d\d-\d\d\.xml$/);
  const xml = fs.readFileSync((await file.path())!, 'utf8');
  expect(xml).toContain('<coderunnertype>python3</coderunnertype>');
  expect(xml).toContain('useasexample="0"');
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

it('refuses a malformed file with its line, and fits a phone', async () => {
  const { context, page } = await newPage(browser, MOBILE);
  await signInWithToken(context, accounts.teacher);
  await page.goto(url('/dashboard/questions'));
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des questions de Moodle' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'banque.xml', mimeType: 'application/xml', buffer: Buffer.from('<?xml version="1.0"?>\n<quiz>\n<question type="truefalse">\n</quiz>\n') });
  await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();
  await dialog.getByText(/Le fichier XML est mal formé à la ligne 4/).waitFor();
  expect(await overflowsHorizontally(page)).toBe(false);
  await expectAccessible(page, 'questions (import refused, 360 px)');
  await context.close();
}, 60_000);
