// The exam editor keeps what the teacher typed: « Publier » with access rules typed and not saved saves them first
// (or, when they are wrong, refuses with a message and publishes nothing), and the opening and closing hours are
// the ones typed on the keyboard (a day picked in the calendar, then « 1430 » typed), stored in UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { accounts, apiCall, apiLogin, launchBrowser, newPage, screenReady, signInWithToken, toast, url } from './helpers';

let browser: Browser;
let teacher: string;
let demo: { academic_year_id: number; specialization_ids: number[] };
let questionId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiLogin(accounts.teacher);
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; specialization_ids: number[]; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const found = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  if (!found) throw new Error('demo exam missing');
  demo = found;
  const questions = await apiCall<{ data: Array<{ id: number; type: string }> }>('/api/admin/questions?per_page=100', teacher);
  questionId = questions.body.data.find((q) => q.type === 'QCM')!.id;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A draft exam (Paris winter time: UTC+1), with one question. */
async function draftExam(title: string, start = '2026-12-10T08:00:00.000Z', end = '2026-12-10T10:00:00.000Z'): Promise<number> {
  const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
    method: 'POST',
    body: JSON.stringify({
      title: `${title} ${Date.now().toString(36)}`,
      academic_year_id: demo.academic_year_id,
      specialization_ids: demo.specialization_ids,
      start_at: start,
      end_at: end,
      duration_minutes: 30,
      questions: [{ question_id: questionId, points: 1 }],
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}

/** Waits until `field` has the keyboard focus (the calendar gives it back to its field once a day is picked). */
const focused = (field: Locator) => expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

const statusOf = async (id: number) => (await apiCall<{ data: { status: string } }>(`/api/admin/exams/${id}/show`, teacher)).body.data.status;
const rulesOf = async (id: number) => (await apiCall<{ data: Record<string, unknown> }>(`/api/admin/exams/${id}/access-rules`, teacher)).body.data;

describe('publishing with access rules not saved', () => {
  it('saves the rules typed in the card before publishing', async () => {
    const id = await draftExam('Publication avec règles');
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exams/${id}/edit`));
    await screenReady(page);
    const card = page.getByRole('region', { name: 'Règles d’accès et surveillance' });
    await card.getByLabel('Code d’accès').fill('AMPHI-C');
    await card.getByLabel('Réseaux autorisés').fill('10.20.0.0/16\n2001:db8:20::/48');
    await card.getByRole('switch', { name: 'Une seule session par composition' }).check();
    await card.getByRole('switch', { name: 'Masquer les verdicts jusqu’à la fin de la composition' }).check();

    // « Enregistrer les règles » is not pressed.
    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Publier' }).click();
    await toast(page, 'Statut examen').waitFor();
    expect(await statusOf(id)).toBe('PUBLISHED');
    expect(await rulesOf(id)).toMatchObject({ access_code: 'AMPHI-C', allowed_networks: ['10.20.0.0/16', '2001:db8:20::/48'], single_session: 1, hide_verdicts: 1 });
    // The card shows what is stored, with nothing left to save.
    expect(await card.getByLabel('Code d’accès').inputValue()).toBe('AMPHI-C');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses to publish when the rules typed cannot be saved, and says so', async () => {
    const id = await draftExam('Publication refusée');
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exams/${id}/edit`));
    await screenReady(page);
    const card = page.getByRole('region', { name: 'Règles d’accès et surveillance' });
    await card.getByLabel('Code d’accès').fill('AMPHI-D');
    await card.getByLabel('Réseaux autorisés').fill('salle B');

    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await toast(page, 'Règles d’accès', 'L’examen n’est pas publié').waitFor();
    await card.getByText('« salle B » n’est pas une plage d’adresses').waitFor();
    expect(await page.getByRole('dialog', { name: 'Confirmation' }).count()).toBe(0);
    expect(await statusOf(id)).toBe('DRAFT');
    expect(await rulesOf(id)).toMatchObject({ access_code: null, allowed_networks: [] });
    await context.close();
  });
});

describe('opening and closing hours', () => {
  it('stores the hours typed after picking the days, with the keyboard only', async () => {
    // Opens on Thursday 10 December 2026 at 09:00 and closes at 11:00, Paris time.
    const id = await draftExam('Horaires tapés');
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exams/${id}/edit`));
    await screenReady(page);

    // Opening: the calendar opens on the day set, → the next day, Enter, then Tab to the hour and « 1430 ».
    const calendar = page.locator('[data-dates-dropdown]');
    const opening = page.getByRole('button', { name: /^Ouverture/ });
    await opening.focus();
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    await focused(opening);
    await page.keyboard.press('Tab');
    await focused(page.getByLabel('Heure d’ouverture'));
    await page.keyboard.type('1430');

    // Closing: two days later, « 0830 » typed over the hour shown.
    const closing = page.getByRole('button', { name: /^Fermeture/ });
    await closing.focus();
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    await focused(closing);
    await page.keyboard.press('Tab');
    await focused(page.getByLabel('Heure de fermeture'));
    await page.keyboard.type('0830');
    await page.keyboard.press('Tab');
    expect(await page.getByLabel('Heure d’ouverture').inputValue()).toBe('14:30');
    expect(await page.getByLabel('Heure de fermeture').inputValue()).toBe('08:30');

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast(page, 'Mis à jour examen').waitFor();
    const stored = (await apiCall<{ data: { start_at: string; end_at: string } }>(`/api/admin/exams/${id}/show`, teacher)).body.data;
    // 11 December 14:30 and 12 December 08:30 in Paris (UTC+1 in winter).
    expect(new Date(stored.start_at).toISOString()).toBe('2026-12-11T13:30:00.000Z');
    expect(new Date(stored.end_at).toISOString()).toBe('2026-12-12T07:30:00.000Z');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads a summer hour in Paris summer time, and refuses an hour that is not one', async () => {
    const id = await draftExam('Horaires d’été', '2027-06-14T07:00:00.000Z', '2027-06-14T09:00:00.000Z');
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exams/${id}/edit`));
    await screenReady(page);
    const hour = page.getByLabel('Heure de fermeture');
    expect(await hour.inputValue()).toBe('11:00');
    await hour.selectText();
    await page.keyboard.type('2530');
    await page.keyboard.press('Tab');
    await page.getByText('Heure illisible : tapez-la sur 24 heures, par exemple 14:30 ou 1430.').waitFor();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect(await statusOf(id)).toBe('DRAFT');
    expect((await apiCall<{ data: { end_at: string } }>(`/api/admin/exams/${id}/show`, teacher)).body.data.end_at).toMatch(/^2027-06-14T09:00:00/);

    await hour.selectText();
    await page.keyboard.type('17h45');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast(page, 'Mis à jour examen').waitFor();
    const stored = (await apiCall<{ data: { end_at: string } }>(`/api/admin/exams/${id}/show`, teacher)).body.data;
    expect(new Date(stored.end_at).toISOString()).toBe('2027-06-14T15:45:00.000Z');
    await context.close();
  });
});
