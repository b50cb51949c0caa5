// Configuration and people, end to end: an admin creates a year, a mention, a parcours and a student, downloads the
// import template, imports a file (first with bad rows, then a good one), toggles premium through the dialog;
// a teacher sees Étudiants but not Configurations.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { accounts, expectAccessible, launchBrowser, MOBILE, newPage, overflowsHorizontally, signIn, signInWithToken, toast, url } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).toUpperCase();
const yearStart = 2100 + (Math.floor(Date.now() / 1000) % 7000);
const yearLabel = `${yearStart}-${yearStart + 1}`;
const mentionCode = `PHY${stamp}`;
const specCode = `PL1${stamp}`;

async function pick(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

async function sheet(rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Étudiants');
  ws.addRow(['Nom', 'Prénom', 'Adresse e-mail', 'Numéro étudiant', 'Code parcours', 'Année universitaire', 'Premium']);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('configuration and students (admin)', () => {
  it('creates a year, a mention, a parcours and a student, imports a file and toggles premium', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, accounts.admin);

    // Academic year: the schema's French message inline, then creation with the toast.
    await page.goto(url('/dashboard/years'));
    await page.getByRole('button', { name: 'Nouvelle année' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Libellé').fill(yearLabel);
    await dialog.getByLabel('Date de début').fill(`${yearStart}-09-01`);
    await dialog.getByLabel('Date de fin').fill(`${yearStart}-08-01`);
    await dialog.getByLabel('Début de l’accès').fill(`${yearStart}-09-01`);
    await dialog.getByLabel('Fin de l’accès').fill(`${yearStart + 1}-07-31`);
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('La date de fin doit suivre la date de début.').waitFor();
    await dialog.getByLabel('Date de fin').fill(`${yearStart + 1}-08-31`);
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await toast(page, 'Création année', yearLabel).waitFor();
    await page.getByRole('cell', { name: yearLabel, exact: true }).waitFor();

    // Mention, then a parcours of it.
    await page.goto(url('/dashboard/mentions'));
    await page.getByRole('button', { name: 'Nouvelle mention' }).first().click();
    await page.getByRole('dialog').getByLabel('Nom').fill(`Physique ${stamp}`);
    await page.getByRole('dialog').getByLabel('Code').fill(mentionCode);
    await page.getByRole('dialog').getByRole('button', { name: 'Créer' }).click();
    await toast(page, 'Création mention').waitFor();

    await page.goto(url('/dashboard/specializations'));
    await page.getByRole('button', { name: 'Nouveau parcours' }).first().click();
    const specDialog = page.getByRole('dialog');
    await specDialog.getByLabel('Nom').fill(`Physique fondamentale ${stamp}`);
    await specDialog.getByLabel('Code').fill(specCode);
    await pick(page, specDialog, 'Niveau', 'Licence 1 (L1)');
    await pick(page, specDialog, 'Mention', new RegExp(mentionCode));
    await specDialog.getByRole('button', { name: 'Créer' }).click();
    await toast(page, 'Création parcours').waitFor();
    await page.getByRole('cell', { name: specCode, exact: true }).waitFor();

    // A student with a generated first password.
    await page.goto(url('/dashboard/users/students/create'));
    await page.getByLabel(/^Nom( \*)?$/).fill("D'Almeida");
    await page.getByLabel(/^Prénom( \*)?$/).fill('Inès');
    await page.getByLabel(/^Adresse e-mail( \*)?$/).fill(`ines.${stamp.toLowerCase()}@univ.example`);
    await page.getByLabel(/^Numéro étudiant( \*)?$/).fill(`E2E${stamp}`);
    await pick(page, page.locator('form'), 'Année universitaire', yearLabel);
    await page.locator('form').getByLabel(/^Parcours( \*)?$/).first().click();
    await page.getByRole('option', { name: new RegExp(specCode) }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Créer' }).click();
    await toast(page, 'Création étudiant').waitFor();
    await page.getByTestId('generated-password').waitFor();
    expect((await page.getByTestId('generated-password').textContent())?.trim()).toMatch(/^[A-Za-z2-9]{14}$/);
    await page.getByRole('button', { name: 'J’ai noté le mot de passe' }).click();
    await page.waitForURL(url('/dashboard/users/students'));

    // Premium through the confirmation dialog: Annuler changes nothing, Confirmer flips it.
    await page.getByRole('textbox', { name: /Rechercher un étudiant/ }).fill(`almeida ines E2E${stamp}`);
    const sw = page.getByRole('row', { name: new RegExp(`E2E${stamp}`) }).getByRole('switch', { name: "Premium de D'Almeida Inès" });
    await sw.waitFor();
    // The search has settled when only that student is listed (header row + one).
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await sw.isChecked()).toBe(false);
    await sw.click({ force: true });
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByText('Voulez-vous passer cet étudiant en premium ?').waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await sw.isChecked()).toBe(false);
    await sw.click({ force: true });
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Étudiant Premium', 'est maintenant premium').waitFor();
    await expect.poll(() => sw.isChecked()).toBe(true);
    await confirm.waitFor({ state: 'detached' });
    await sw.click({ force: true });
    await page.getByRole('dialog', { name: 'Confirmation' }).getByText("Voulez-vous désactiver le premium de D'Almeida Inès ?").waitFor();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Étudiant Premium', 'n’est plus premium').or(toast(page, 'Étudiant Premium', "n’est plus premium")).waitFor();
    await expect.poll(() => sw.isChecked()).toBe(false);

    // The import template.
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le modèle' }).click()]);
    expect(template.suggestedFilename()).toBe('template-import-etudiant.xlsx');

    // A file with bad rows: nothing imported, every bad row listed with its line.
    await page.getByRole('button', { name: 'Importer' }).first().click();
    const importDialog = page.getByRole('dialog', { name: 'Importer des étudiants' });
    const bad = await sheet([
      ['Rakoto', 'Hery', `hery.${stamp.toLowerCase()}@univ.example`, `I1${stamp}`, specCode, yearLabel, 'Non'],
      ['Sans', 'Mail', 'pas-une-adresse', `I2${stamp}`, specCode, yearLabel, ''],
      ['Inconnu', 'Parcours', `x.${stamp.toLowerCase()}@univ.example`, `I3${stamp}`, 'NEXISTEPAS', yearLabel, ''],
    ]);
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'etudiants.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
    // With a file chosen: the ✕ that removes it has a name, and the field's text keeps its contrast (axe).
    await importDialog.getByRole('button', { name: 'Retirer le fichier choisi' }).waitFor();
    await expectAccessible(page, 'import dialog with a file');
    await importDialog.getByRole('button', { name: 'Importer' }).click();
    const lineErrors = page.getByTestId('import-errors');
    await lineErrors.getByText('2 lignes à corriger').waitFor();
    await lineErrors.getByText("Ligne 3 : l’adresse e-mail « pas-une-adresse » n’est pas valide.").waitFor();
    await lineErrors.getByText('Ligne 4 : le parcours « NEXISTEPAS » est inconnu.').waitFor();
    await toast(page, 'Erreur', 'Aucun étudiant n').waitFor();

    // The corrected file: imported, toast, credentials offered once, the list reloads.
    const good = await sheet([
      ['Rakoto', 'Hery', `  hery.${stamp.toLowerCase()}@univ.example `, `I1${stamp}`, specCode, yearLabel, 'Non'],
      ["N'Guessan", 'Zoé', `zoe.${stamp.toLowerCase()}@univ.example`, `I2${stamp}`, specCode.toLowerCase(), yearLabel, 'Oui'],
    ]);
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'etudiants.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: good });
    await importDialog.getByRole('button', { name: 'Importer' }).click();
    await toast(page, 'Importation d’étudiants', '2 étudiants ont été importés.').waitFor();
    // « Fermer » before the one-time passwords were downloaded asks first: « Revenir » keeps the dialog open.
    await importDialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Fermer sans télécharger les identifiants ?' });
    await leave.getByText('Les 2 mots de passe provisoires ne seront plus affichés').waitFor();
    await leave.getByRole('button', { name: 'Revenir' }).click();
    await leave.waitFor({ state: 'detached' });
    await importDialog.getByRole('button', { name: /Télécharger les identifiants/ }).waitFor();
    const [credentials] = await Promise.all([page.waitForEvent('download'), importDialog.getByRole('button', { name: /Télécharger les identifiants/ }).click()]);
    expect(credentials.suggestedFilename()).toBe('identifiants-etudiants.csv');
    // Downloaded: « Fermer » closes at once.
    await importDialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await importDialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: /Rechercher un étudiant/ }).fill(stamp);
    // Inès, created above, and the two imported students (header row + three).
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
    const zoe = page.getByRole('row', { name: new RegExp(`I2${stamp}`) });
    await zoe.getByRole('cell', { name: "N'Guessan Zoé", exact: true }).waitFor();
    expect(await zoe.getByRole('switch', { name: "Premium de N'Guessan Zoé" }).isChecked()).toBe(true);

    // The list keeps its search in the address: to an edit screen and back, the same rows are shown.
    await page.waitForURL((u) => u.searchParams.get('search') === stamp);
    await zoe.getByRole('link', { name: "Modifier N'Guessan Zoé" }).click();
    await page.getByRole('heading', { name: 'Modifier un étudiant', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/users/students' && u.searchParams.get('search') === stamp);
    expect(await page.getByRole('textbox', { name: /Rechercher un étudiant/ }).inputValue()).toBe(stamp);
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
    // The menu link opens the list afresh.
    await page.getByRole('navigation', { name: 'Navigation principale' }).first().getByRole('link', { name: 'Étudiants' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /Rechercher un étudiant/ }).inputValue()).toBe('');
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(4);
    await page.getByRole('textbox', { name: /Rechercher un étudiant/ }).fill(stamp);
    await expect.poll(() => page.getByRole('row').count()).toBe(4);

    // Delete asks first.
    await page.getByRole('button', { name: 'Supprimer Rakoto Hery' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Suppression étudiant').waitFor();
    await page.getByRole('cell', { name: 'Rakoto Hery', exact: true }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('fits the lists and forms at 360 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInWithToken(context, accounts.admin);
    for (const path of ['/dashboard/years', '/dashboard/mentions', '/dashboard/specializations', '/dashboard/users', '/dashboard/users/students', '/dashboard/users/students/create']) {
      await page.goto(url(path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflowsHorizontally(page), path).toBe(false);
    }
    await context.close();
  });
});

describe('teacher', () => {
  it('sees Étudiants but not Configurations, and manages students only', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, accounts.teacher);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' }).first();
    await nav.getByRole('link', { name: 'Étudiants' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Configurations' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Étudiants' }).click();
    await page.waitForURL(url('/dashboard/users/students'));
    await page.getByRole('heading', { name: 'Étudiants', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Dupont Claire', exact: true }).waitFor();
    await page.goto(url('/dashboard/years'));
    await page.getByText('Accès réservé').first().waitFor();
    await context.close();
  });
});
