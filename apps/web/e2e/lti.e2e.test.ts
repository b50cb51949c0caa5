// LTI 1.3 end to end: a platform simulated beside the built server (its own keys, OIDC authorisation, deep-link return,
// token and score endpoints on a real HTTP server) registers by dynamic registration, launches a teacher who
// deep-links an exam, launches a student who takes it in Chromium, and receives the grade once.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { JSONWebKeySet } from 'jose';
import { LTI, ROLE, startPlatform, type SimulatedPlatform } from '../../server/test/lti-platform';
import { accounts, apiCall, apiLogin, baseUrl, expectAccessible, launchBrowser, newPage, openAs, overflowsHorizontally, url } from './helpers';

let browser: Browser;
let p: SimulatedPlatform;
let admin = '';
let examId = 0;
const TITLE = 'Quiz lancé depuis Moodle';
const SHOTS = process.env.LTI_SCREENSHOTS;
const shot = async (page: import('playwright-core').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(accounts.admin);
  const teacher = await apiLogin(accounts.teacher);
  p = await startPlatform(async () => (await (await fetch(url('/lti/jwks'))).json()) as JSONWebKeySet, { deploymentId: 'dep-e2e' });
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; specialization_ids: number[]; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'))!;
  const questions = await apiCall<{ data: Array<{ id: number; type: string; excerpt: string }> }>('/api/admin/questions?per_page=100', teacher);
  const qcm = questions.body.data.find((q) => q.type === 'QCM' && q.excerpt.includes('moyenne'))!;
  const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
    method: 'POST',
    body: JSON.stringify({
      title: TITLE,
      description: 'Une question à choix.',
      academic_year_id: demo.academic_year_id,
      specialization_ids: demo.specialization_ids,
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 30,
      show_solutions_after_close: 0,
      questions: [{ question_id: qcm.id, points: 2 }],
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  examId = created.body.data.id;
  expect((await apiCall(`/api/admin/exams/${examId}/update-status/PUBLISHED`, teacher, { method: 'PUT' })).status).toBe(200);
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await p?.close();
});

const startUrl = () => p.url(`/start?${new URLSearchParams({ tool_login: url('/lti/login'), target: url('/lti/launch') })}`);

describe('LTI 1.3 with a simulated platform', () => {
  it('registers by dynamic registration from the link an administrator made', async () => {
    const link = await apiCall<{ data: { url: string } }>('/api/admin/lti/registration-links', admin, { method: 'POST', body: JSON.stringify({ name: 'Moodle simulé' }) });
    expect(link.status).toBe(200);
    const { page, context } = await newPage(browser);
    const q = new URLSearchParams({ openid_configuration: p.url('/.well-known/openid-configuration'), registration_token: 'reg-token' });
    await page.goto(`${link.body.data.url}&${q}`);
    await page.getByRole('heading', { name: 'Inscription terminée' }).waitFor();
    await expectAccessible(page, 'registration done');
    await context.close();
    const platforms = await apiCall<{ data: { platforms: Array<{ issuer: string; deployment_ids: string[]; registered_by: string }> } }>('/api/admin/lti/platforms', admin);
    expect(platforms.body.data.platforms.find((x) => x.issuer === p.issuer)).toMatchObject({ deployment_ids: ['dep-e2e'], registered_by: 'DYNAMIC' });
  });

  it('launches a teacher who deep-links the exam: a signed resource link with its line item goes back', async () => {
    p.nextLaunch({
      sub: 'prof-e2e',
      given_name: 'Claire',
      family_name: 'Enseignante',
      [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: 'dep-e2e',
      [`${LTI}roles`]: [ROLE.instructor],
      [`${LTI}context`]: { id: 'cours-e2e', title: 'Statistiques' },
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': { deep_link_return_url: p.url('/deep-link-return'), accept_types: ['ltiResourceLink'] },
    });
    const { page, context, errors } = await newPage(browser);
    await page.goto(startUrl());
    await page.getByRole('heading', { name: 'Choisir l’activité à ajouter au cours' }).waitFor();
    await expectAccessible(page, 'deep-link picker');
    await shot(page, 'picker-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await shot(page, 'picker-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Keyboard only: the exam's radio, then the button.
    await page.getByRole('radio', { name: new RegExp(TITLE) }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Ajouter cette activité' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Activité reçue par la plateforme' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    expect(p.deepLinks).toHaveLength(1);
    const answer = await p.verifyToolJwt(p.deepLinks[0]);
    const items = answer['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Array<Record<string, unknown>>;
    expect(items).toEqual([expect.objectContaining({ type: 'ltiResourceLink', custom: { exam_id: String(examId) }, lineItem: expect.objectContaining({ scoreMaximum: 2 }) })]);
  });

  it('launches a student who takes the exam in Chromium; the platform receives the grade once', async () => {
    p.nextLaunch({
      sub: 'etudiant-e2e',
      given_name: 'Inès',
      family_name: 'Lancée',
      email: 'ines.lancee@moodle.example',
      [`${LTI}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: 'dep-e2e',
      [`${LTI}roles`]: [ROLE.learner],
      [`${LTI}resource_link`]: { id: 'activite-e2e', title: TITLE },
      [`${LTI}context`]: { id: 'cours-e2e', title: 'Statistiques' },
      [`${LTI}custom`]: { exam_id: String(examId) },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'], lineitem: p.url('/lineitems/1') },
    });
    const { page, context, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await page.goto(startUrl());
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/handle`);
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    await page.getByRole('radio', { name: 'mean()' }).check();
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('exam-navigator').getByRole('button', { name: 'Question 1 : Validé' }).waitFor();
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = page.getByTestId('exam-summary');
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    expect(errors).toEqual([]);
    await context.close();
    // The sweep runs every 30 seconds: the grade arrives within a minute.
    await expect.poll(() => p.scores().length, { timeout: 75_000, interval: 1000 }).toBe(1);
    expect(p.scores()[0].body).toMatchObject({ userId: 'etudiant-e2e', scoreGiven: 2, scoreMaximum: 2, gradingProgress: 'FullyGraded' });
    const grades = await apiCall<{ data: Array<{ id: number; state: string }> }>(`/api/admin/lti/grades?exam_id=${examId}`, admin);
    expect(grades.body.data).toEqual([expect.objectContaining({ state: 'SENT' })]);
    // Nothing is left to send: asking again sends nothing more.
    expect((await apiCall(`/api/admin/lti/grades/${grades.body.data[0].id}/retry`, admin, { method: 'POST' })).status).toBe(404);
    expect(p.scores()).toHaveLength(1);
  }, 150_000);

  it('shows staff the platforms, the grade sent and the class lists, at 1280 and 375 px', async () => {
    const { page, context } = await openAs(browser, accounts.admin, '/dashboard/lti');
    await page.getByRole('heading', { name: 'Plateformes inscrites' }).waitFor();
    await page.getByRole('cell', { name: 'Moodle simulé', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Examen' }).click();
    await page.getByRole('option', { name: TITLE }).click();
    await page.getByText('Envoyée', { exact: true }).waitFor();
    await expectAccessible(page, 'LTI platforms');
    await shot(page, 'platforms-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await shot(page, 'platforms-375');
    await context.close();
    // A teacher sees the grades and class lists, not the platforms.
    const t = await openAs(browser, accounts.teacher, '/dashboard/lti');
    await t.page.getByRole('heading', { name: 'Listes de classe' }).waitFor();
    expect(await t.page.getByRole('heading', { name: 'Plateformes inscrites' }).count()).toBe(0);
    await t.context.close();
    expect(baseUrl()).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});
