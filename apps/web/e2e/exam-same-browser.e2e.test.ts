// A student signs out during an exam and back in on the same browser: a draft typed just before « Déconnexion » is
// sent to the server first (or, the server out of reach, kept here with a warning and sent at the next sign-in), and
// under « une seule session par composition » the same browser keeps its attempt while another one is refused
// with a message that claims nothing it cannot know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EXAM_ACCESS_TEXTS } from '@exam/shared';
import { accounts, apiCall, apiLogin, launchBrowser, newPage, openAs, reloadsAfter, signIn, url } from './helpers';

let browser: Browser;
let teacher: string;
let createExam: (title: string) => Promise<number>;

interface TakingQ {
  id: number;
  type: string;
  draft: unknown;
}

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiLogin(accounts.teacher);
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; specialization_ids: number[]; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  if (!demo) throw new Error('demo exam missing');
  // A question of its own: another file's questions (a parametrised one whose variants fail, say) would make this
  // exam's publication depend on which file ran first.
  const exact = await apiCall<{ data: { id: number } }>('/api/admin/questions/create', teacher, {
    method: 'POST',
    body: JSON.stringify({ type: 'EXACT', statement: '<p>Combien font 6 × 7 ?</p>', points: 1, possible_solutions: [{ content: '42' }] }),
  });
  expect(exact.status, JSON.stringify(exact.body)).toBe(200);
  createExam = async (title: string) => {
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${title} ${Date.now().toString(36)}`,
        academic_year_id: demo.academic_year_id,
        specialization_ids: demo.specialization_ids,
        start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
        duration_minutes: 60,
        questions: [{ question_id: exact.body.data.id, points: 2 }],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const published = await apiCall(`/api/admin/exams/${id}/update-status/PUBLISHED`, teacher, { method: 'PUT' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return id;
  };
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** The student's draft of the exam's question, as the server has it (a session of its own, through the API). */
async function serverDraft(examId: number): Promise<unknown> {
  const r = await apiCall<{ data: { questions: TakingQ[] } }>(`/api/student/exams/${examId}/questions`, await apiLogin(accounts.student));
  expect(r.status).toBe(200);
  return r.body.data.questions[0]!.draft;
}

async function startExam(page: Page, examId: number) {
  await page.goto(url(`/student/exams/${examId}/handle`));
  await page.getByRole('button', { name: 'Commencer l’examen' }).click();
  await page.getByRole('heading', { name: /^Question 1 sur 1/ }).waitFor();
}

async function logout(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
}

describe('a draft typed just before « Déconnexion »', () => {
  it('is sent to the server before the session ends, and is there at the next sign-in', async () => {
    const id = await createExam('Brouillon à la déconnexion');
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signIn(page, accounts.student);
    await startExam(page, id);

    // The page's own save (every 3 s) does not get through before the student leaves, as when they leave at once.
    const drafts = '**/api/student/exams/*/draft';
    await page.route(drafts, (r) => r.abort('internetdisconnected'));
    await page.getByLabel('Votre réponse').fill('Paris');
    await page.getByTestId('draft-status').filter({ hasText: 'Brouillon gardé dans ce navigateur' }).waitFor();
    await page.unroute(drafts);

    await reloadsAfter(page, () => logout(page));
    await page.waitForURL((u) => u.pathname.startsWith('/auth/login'));
    expect(await serverDraft(id)).toBe('Paris');
    // Sent, so nothing of it is left here.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(':draft:')))).toEqual([]);

    await signIn(page, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('heading', { name: /^Question 1 sur 1/ }).waitFor();
    expect(await page.getByLabel('Votre réponse').inputValue()).toBe('Paris');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('is kept in this browser with a warning when the server is out of reach, and leaves at the next sign-in', async () => {
    const id = await createExam('Brouillon gardé à la déconnexion');
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signIn(page, accounts.student);
    await startExam(page, id);

    const unreachable = '**/api/student/exams/**';
    await page.route(unreachable, (r) => r.abort('internetdisconnected'));
    await page.getByLabel('Votre réponse').fill('Lyon');
    await page.getByTestId('draft-status').filter({ hasText: 'Brouillon gardé dans ce navigateur' }).waitFor();
    await logout(page);
    const dialog = page.getByRole('dialog', { name: 'Réponses pas encore envoyées' });
    await dialog.getByText('Une réponse n’a pas pu être envoyée').waitFor();
    await reloadsAfter(page, () => dialog.getByRole('button', { name: 'Se déconnecter quand même' }).click());
    await page.waitForURL((u) => u.pathname.startsWith('/auth/login'));
    const kept = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.includes(':draft:')).map(([, v]) => (JSON.parse(v) as { value: unknown }).value));
    expect(kept).toEqual(['Lyon']);
    expect(await serverDraft(id)).not.toBe('Lyon');

    // Next sign-in here, the server reachable: the page shows the draft and saves it.
    await page.unroute(unreachable);
    await signIn(page, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('heading', { name: /^Question 1 sur 1/ }).waitFor();
    expect(await page.getByLabel('Votre réponse').inputValue()).toBe('Lyon');
    await expect.poll(() => serverDraft(id), { timeout: 30_000 }).toBe('Lyon');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('one session per attempt and the same browser', () => {
  it('keeps the attempt for the browser that signs out and in again; another browser is refused without naming a device', async () => {
    const id = await createExam('Une seule session');
    expect((await apiCall(`/api/admin/exams/${id}/access-rules`, teacher, { method: 'PUT', body: JSON.stringify({ single_session: 1 }) })).status).toBe(200);
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signIn(page, accounts.student);
    await startExam(page, id);
    await page.getByLabel('Votre réponse').fill('Marseille');
    await page.getByTestId('draft-status').filter({ hasText: /enregistré/i }).waitFor();

    await reloadsAfter(page, () => logout(page));
    await page.waitForURL((u) => u.pathname.startsWith('/auth/login'));
    await signIn(page, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('heading', { name: /^Question 1 sur 1/ }).waitFor();
    expect(await page.getByLabel('Votre réponse').inputValue()).toBe('Marseille');
    expect(await page.getByText(EXAM_ACCESS_TEXTS.otherSession).count()).toBe(0);

    // Another browser (its own storage): refused, and told so without a claim about devices.
    const other = await openAs(browser, accounts.student, `/student/exams/${id}/handle`);
    await other.page.getByText(EXAM_ACCESS_TEXTS.otherSession).first().waitFor();
    expect(EXAM_ACCESS_TEXTS.otherSession).not.toMatch(/appareil/);
    await other.context.close();

    // The first browser still goes on.
    await page.reload();
    await page.getByRole('heading', { name: /^Question 1 sur 1/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
