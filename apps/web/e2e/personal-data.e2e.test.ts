// Retention and a student's data, end to end: an administrator sets a year's jury date, reads the preview and purges
// it after typing its label (an elimination record to download appears); a teacher sets and releases a hold; a
// student downloads their archive from « Mes données » and asks for erasure, which a teacher refuses with a reason
// the student then reads. Every screen is checked with axe at 1280 and 375 px wide.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, openAs, overflowsHorizontally, toast, url } from './helpers';

const NARROW = { width: 375, height: 800 };
const SHOTS = process.env.E2E_SHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  expect(await overflowsHorizontally(page), `${name} scrolls sideways`).toBe(false);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
}

const seed = Date.now() % 6000;
const start = 3000 + seed;
const label = `${start}-${start + 1}`;

describe('retention and personal data', () => {
  it('an administrator purges a due year after its preview and gets its elimination record', async () => {
    const admin = await apiLogin(accounts.admin);
    const year = await apiCall<{ data: { id: number } }>('/api/admin/academic-years/create', admin, {
      method: 'POST',
      body: JSON.stringify({ label, start_date: `${start}-09-01`, end_date: `${start + 1}-08-31`, access_start: `${start}-09-01`, access_end: `${start + 1}-08-31` }),
    });
    expect(year.status).toBe(200);
    const spec = (await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=1', admin)).body.data[0];
    const made = await apiCall('/api/admin/users/create', admin, {
      method: 'POST',
      body: JSON.stringify({ last_name: 'Ancien', first_name: `Élève${seed}`, email: `ancien${seed}@univ.example`, role: 'STUDENT', student_number: `A${seed}`, academic_year_id: year.body.data.id, specialization_ids: [spec.id] }),
    });
    expect(made.status).toBe(200);

    const { page, errors, context } = await openAs(browser, accounts.admin, '/dashboard/retention');
    await page.getByRole('heading', { name: 'Conservation des données', level: 1 }).waitFor();
    await page.getByRole('button', { name: `Régler la conservation de l’année ${label}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date du jury').fill('2024-07-01');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Conservation', label).waitFor();
    await page.getByRole('row', { name: new RegExp(label) }).getByText('Échue').waitFor();
    await check(page, 'retention years 1280');

    await page.getByRole('button', { name: `Aperçu de la purge de l’année ${label}` }).click();
    const preview = page.getByRole('dialog', { name: `Purge de l’année ${label}` });
    await preview.getByRole('row', { name: /Comptes étudiants supprimés 1/ }).waitFor();
    await preview.getByRole('row', { name: /Inscriptions de l’année 1/ }).waitFor();
    await check(page, 'retention preview 1280');
    await preview.getByRole('button', { name: 'Purger l’année' }).click();
    await preview.getByLabel('Libellé de l’année').fill('oui');
    await preview.getByRole('button', { name: 'Purger définitivement' }).click();
    await preview.getByText(`Tapez le libellé de l’année (${label}) pour confirmer la purge.`).waitFor();
    await check(page, 'retention purge confirmation 1280');
    await preview.getByLabel('Libellé de l’année').fill(label);
    await preview.getByRole('button', { name: 'Purger définitivement' }).click();
    await toast(page, 'Purge', 'bordereau d’élimination').waitFor();
    const record = page.getByRole('row', { name: new RegExp(`\\d+ ${label}`) });
    await record.waitFor();
    const download = page.waitForEvent('download');
    await record.getByRole('button', { name: /Télécharger le bordereau/ }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`Bordereau d.élimination \\d+ - ${label}\\.pdf`));
    expect(errors).toEqual([]);
    await context.close();

    const narrow = await openAs(browser, accounts.admin, '/dashboard/retention', NARROW);
    await narrow.page.getByRole('heading', { name: 'Conservation des données', level: 1 }).waitFor();
    await narrow.page.getByRole('heading', { name: 'Bordereaux d’élimination' }).waitFor();
    await check(narrow.page, 'retention years 375');
    await narrow.context.close();
  }, 120_000);

  it('a teacher sets a hold on a student with a reason, then releases it', async () => {
    const { page, errors, context } = await openAs(browser, accounts.teacher, '/dashboard/retention/holds');
    await page.getByRole('heading', { name: 'Gels de conservation', level: 1 }).waitFor();
    await check(page, 'holds 1280');
    await page.getByRole('button', { name: 'Poser un gel' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Poser un gel de conservation' });
    await dialog.getByLabel(/^Étudiant( \*)?$/).fill('etudiant@univ');
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Raison').fill('Recours gracieux sur la note du partiel');
    await check(page, 'hold form 1280');
    await dialog.getByRole('button', { name: 'Poser un gel' }).click();
    await toast(page, 'Gel de conservation', 'gelées').waitFor();
    const row = page.getByRole('row', { name: /Recours gracieux sur la note du partiel/ });
    await row.waitFor();
    await row.getByRole('button', { name: /^Lever le gel de/ }).click();
    const release = page.getByRole('dialog', { name: 'Lever le gel' });
    await release.getByLabel('Raison de la levée').fill('Recours jugé');
    await release.getByRole('button', { name: 'Lever' }).click();
    await toast(page, 'Gel de conservation', 'levé').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();

    const narrow = await openAs(browser, accounts.teacher, '/dashboard/retention/holds', NARROW);
    await narrow.page.getByRole('heading', { name: 'Gels de conservation', level: 1 }).waitFor();
    await narrow.page.getByText('Levés', { exact: true }).click();
    await narrow.page.getByText('Recours jugé').first().waitFor();
    await check(narrow.page, 'holds 375');
    await narrow.context.close();
  }, 120_000);

  it('a student downloads their data and asks for erasure; a teacher refuses with a reason the student reads', async () => {
    const { page, errors, context } = await openAs(browser, accounts.student, '/profile/student', NARROW);
    await page.getByRole('link', { name: 'Voir mes données' }).click();
    await page.getByRole('heading', { name: 'Mes données', level: 1 }).waitFor();
    await check(page, 'my data 375');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger mes données' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Données personnelles - .*\.zip$/);
    await page.getByLabel('Message (facultatif)').fill('Je quitte l’université.');
    await page.getByRole('button', { name: 'Demander l’effacement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Demander l’effacement' }).click();
    await page.getByText('Votre demande est en attente d’une réponse du personnel.').waitFor();
    await check(page, 'my data pending 375');

    const staff = await openAs(browser, accounts.teacher, '/dashboard/personal-data');
    await staff.page.getByRole('heading', { name: 'Données personnelles', level: 1 }).waitFor();
    const row = staff.page.getByRole('row', { name: /Je quitte l’université\./ }).first();
    await row.waitFor();
    await check(staff.page, 'personal data staff 1280');
    await row.getByRole('button', { name: /^Refuser l’effacement/ }).click();
    const decide = staff.page.getByRole('dialog', { name: 'Refuser la demande d’effacement' });
    await decide.getByLabel('Raison de la décision').fill('Vos copies sont conservées jusqu’à l’échéance légale.');
    await decide.getByRole('button', { name: 'Refuser' }).click();
    await toast(staff.page, 'Demande d’effacement', 'refusée').waitFor();
    await staff.context.close();
    const narrowStaff = await openAs(browser, accounts.teacher, '/dashboard/personal-data', NARROW);
    await narrowStaff.page.getByRole('heading', { name: 'Demandes d’effacement' }).waitFor();
    await check(narrowStaff.page, 'personal data staff 375');
    await narrowStaff.context.close();

    await page.goto(url('/profile/student/donnees'));
    await page.getByText('Vos copies sont conservées jusqu’à l’échéance légale.', { exact: false }).waitFor();
    await page.getByText('Refusée').first().waitFor();
    await check(page, 'my data refused 375');
    const wide = await newPage(browser);
    await wide.context.addInitScript((t) => window.localStorage.setItem('token', t), await apiLogin(accounts.student));
    await wide.page.goto(url('/profile/student/donnees'));
    await wide.page.getByRole('heading', { name: 'Mes données', level: 1 }).waitFor();
    await check(wide.page, 'my data 1280');
    await wide.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
