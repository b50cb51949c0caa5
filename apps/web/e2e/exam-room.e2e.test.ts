// The exam room in Chromium: the demo teacher sets an exam's access rules in the editor's card (a wrong range is
// refused in place, then an access code, the local networks and hidden verdicts are saved), and the demo student
// is asked for the code in a dialog at start (a wrong code refused under the field, the right one starts), then
// sees « Réponse enregistrée » instead of a verdict. Accessibility (axe) on the card and the dialog, at 1280 and
// 375 px.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, MOBILE, newPage, overflowsHorizontally, screenReady, signInWithToken, toast, url } from './helpers';

let browser: Browser;
let teacher: string;
let examId: number;
const CODE = 'SALLE-7B';

interface Q {
  id: number;
  type: string;
  excerpt: string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiLogin(accounts.teacher);
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; specialization_ids: number[]; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  if (!demo) throw new Error('demo exam missing');
  const questions = await apiCall<{ data: Q[] }>('/api/admin/questions?per_page=100', teacher);
  const qcm = questions.body.data.find((q) => q.type === 'QCM' && q.excerpt.includes('moyenne'));
  if (!qcm) throw new Error('demo question missing');
  const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
    method: 'POST',
    body: JSON.stringify({
      title: `Partiel en amphithéâtre ${Date.now().toString(36)}`,
      academic_year_id: demo.academic_year_id,
      specialization_ids: demo.specialization_ids,
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 30,
      questions: [{ question_id: qcm.id, points: 2 }],
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  examId = created.body.data.id;
  expect((await apiCall(`/api/admin/exams/${examId}/update-status/PUBLISHED`, teacher, { method: 'PUT' })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

it('staff set the access rules in the editor card', async () => {
  const { context, page } = await newPage(browser);
  await signInWithToken(context, accounts.teacher);
  await page.goto(url(`/dashboard/exams/${examId}/edit`));
  await screenReady(page);
  const card = page.getByRole('region', { name: 'Règles d’accès et surveillance' });
  await card.waitFor();
  await expectAccessible(page, 'exams-edit (règles d’accès)');

  const networks = card.getByLabel('Réseaux autorisés');
  await networks.fill('salle B');
  await card.getByRole('button', { name: 'Enregistrer les règles' }).click();
  await card.getByText('« salle B » n’est pas une plage d’adresses').waitFor();

  // The browser reaches the test server from the loopback (IPv4 or IPv6): the rule lets it in.
  await networks.fill('127.0.0.0/8\n::1/128');
  await card.getByLabel('Code d’accès').fill(CODE);
  await card.getByRole('switch', { name: 'Masquer les verdicts jusqu’à la fin de la composition' }).check();
  await card.getByRole('button', { name: 'Enregistrer les règles' }).click();
  await toast(page, 'Règles d’accès', 'Règles d’accès enregistrées.').waitFor();
  const saved = await apiCall<{ data: Record<string, unknown> }>(`/api/admin/exams/${examId}/access-rules`, teacher);
  expect(saved.body.data).toMatchObject({ access_code: CODE, allowed_networks: ['127.0.0.0/8', '::1/128'], hide_verdicts: 1, seb_required: 0 });
  await context.close();

  const mobile = await newPage(browser, MOBILE);
  await signInWithToken(mobile.context, accounts.teacher);
  await mobile.page.goto(url(`/dashboard/exams/${examId}/edit`));
  await screenReady(mobile.page);
  await mobile.page.getByRole('region', { name: 'Règles d’accès et surveillance' }).getByLabel('Code d’accès').waitFor();
  expect(await overflowsHorizontally(mobile.page)).toBe(false);
  await expectAccessible(mobile.page, 'exams-edit (règles d’accès, 375 px)');
  await mobile.context.close();
});

it('the student is asked for the code at start, then sees answers recorded without verdict', async () => {
  const { context, page } = await newPage(browser, MOBILE);
  await signInWithToken(context, accounts.student);
  await page.goto(url(`/student/exams/${examId}/handle`));
  await screenReady(page);
  await page.getByText('Un code d’accès, affiché par le surveillant dans la salle, est demandé pour commencer.').waitFor();
  await page.getByRole('button', { name: 'Commencer l’examen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Code d’accès' });
  await dialog.waitFor();
  expect(await overflowsHorizontally(page)).toBe(false);
  await expectAccessible(page, 'exams-handle (code d’accès, 375 px)');
  const field = dialog.getByLabel('Code d’accès');
  await field.fill('SALLE-0');
  await dialog.getByRole('button', { name: 'Commencer l’examen' }).click();
  await dialog.getByText('Code d’accès incorrect').waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');

  await field.fill(CODE.toLowerCase());
  await dialog.getByRole('button', { name: 'Commencer l’examen' }).click();
  await page.getByRole('heading', { name: /^Question 1 sur 1/ }).waitFor();
  await page.getByRole('radio', { name: 'mean()' }).check();
  await page.getByRole('button', { name: 'Soumettre' }).click();
  await page.getByTestId('answer-recorded').waitFor();
  expect(await page.getByTestId('answer-verdict').count()).toBe(0);
  await expectAccessible(page, 'exams-handle (réponse enregistrée, 375 px)');
  await context.close();
});
