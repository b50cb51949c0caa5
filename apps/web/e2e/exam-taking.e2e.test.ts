// A demo student takes an exam in Chromium: rules and start, a QCM, a wrong then a right Python program (verdicts,
// diff, hidden cases counted only), the network cut while they type and answer (banner, queued answer sent once
// back, checked through the API), then they leave and resume in a NEW browser context (their draft and answers come
// back from the server), finish with confirmation and see their result. Accessibility (axe) on the list, the
// rules, the questions (also at 375 px) and the result.
//
// The exam is created for this test by the demo teacher (the demo questions, the demo student's year and parcours),
// so that other tests using the demo exam are not disturbed and this one starts from a fresh attempt.
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ATTEMPT_CHECK_MS } from '../src/features/student-exams/state/timing';
import { accounts, apiCall, apiLogin, DESKTOP, expectAccessible, launchBrowser, newPage, overflowsHorizontally, reloadsAfter, screenReady, signIn, signInWithToken, url } from './helpers';
import { replaceCode } from './keyboard';

let browser: Browser;
let teacher: string;
let student: string;
let examId: number;
/** A new published exam of the demo questions for the demo student (set up in beforeAll). */
let createExam: (title: string, extra?: Record<string, unknown>) => Promise<number>;
// Long on purpose: the screens must wrap it at 375 px.
const TITLE = `Contrôle continu de statistique descriptive et de programmation ${Date.now().toString(36)}`;
const DRAFT_MARK = '# brouillon repris sur un autre appareil';
const WRONG = 'print("0.00")\n';
const RIGHT = 'n = int(input())\nxs = list(map(float, input().split()))\nprint(f"{sum(xs) / n:.2f}")\n';

interface Q {
  id: number;
  type: string;
  excerpt: string;
  language: string | null;
  is_practice: number;
}
interface TakingQ {
  id: number;
  type: string;
  state: string;
  draft: unknown;
  last_answer: unknown;
}

async function questionsAsStudent(id = examId): Promise<TakingQ[]> {
  const r = await apiCall<{ data: { questions: TakingQ[] } }>(`/api/student/exams/${id}/questions`, student);
  expect(r.status).toBe(200);
  return r.body.data.questions;
}

const setCode = (page: Page, code: string) => replaceCode(page, page.locator('.cm-content').first(), code);

async function openQuestion(page: Page, n: number) {
  await page.getByTestId('exam-navigator').getByRole('button', { name: new RegExp(`^Question ${n} :`) }).click();
  await page.getByRole('heading', { name: new RegExp(`^Question ${n} sur`) }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  [teacher, student] = await Promise.all([apiLogin(accounts.teacher), apiLogin(accounts.student)]);
  // The demo exam tells the demo student's year and parcours.
  const exams = await apiCall<{ data: Array<{ id: number; academic_year_id: number; specialization_ids: number[]; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  if (!demo) throw new Error('demo exam missing');
  const questions = await apiCall<{ data: Q[] }>('/api/admin/questions?per_page=100', teacher);
  const pick = (f: (q: Q) => boolean) => {
    const q = questions.body.data.find(f);
    if (!q) throw new Error('demo question missing');
    return q.id;
  };
  const qcm = pick((q) => q.type === 'QCM' && q.excerpt.includes('moyenne'));
  const exact = pick((q) => q.type === 'EXACT' && q.excerpt.includes('12, 15, 9, 14'));
  const algo = pick((q) => q.type === 'ALGORITHM' && q.language === 'PYTHON' && q.excerpt.includes('deux décimales'));
  createExam = async (title: string, extra: Record<string, unknown> = {}) => {
  const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
    method: 'POST',
    body: JSON.stringify({
      title,
      description: 'Trois questions : choix, réponse exacte, programme.',
      academic_year_id: demo.academic_year_id,
      specialization_ids: demo.specialization_ids,
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 60,
      show_solutions_after_close: 1,
      questions: [
        { question_id: qcm, points: 2 },
        { question_id: exact, points: 2 },
        { question_id: algo, points: 4 },
      ],
      ...extra,
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const published = await apiCall(`/api/admin/exams/${id}/update-status/PUBLISHED`, teacher, { method: 'PUT' });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return id;
  };
  examId = await createExam(TITLE);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

describe('taking an exam', () => {
  it('start, answer with verdicts, go offline and come back, resume elsewhere, finish, see the result', async () => {
    // --- First device: the list, the rules, the start.
    const first = await newPage(browser);
    first.context.setDefaultTimeout(30_000);
    await signInWithToken(first.context, accounts.student);
    const page = first.page;
    await page.goto(url('/student/exams'));
    await screenReady(page);
    await page.getByRole('heading', { name: 'Ouverts' }).waitFor();
    const card = page.getByTestId('student-exam-card').filter({ hasText: TITLE });
    await expect.poll(() => card.textContent()).toContain('Non commencé');
    expect(await card.textContent()).toContain('0 question répondue, 0 validée sur 3');
    await expectAccessible(page, 'student exams list');

    await card.getByRole('link', { name: `Commencer : « ${TITLE} »` }).click();
    await page.getByRole('heading', { name: 'Avant de commencer' }).waitFor();
    expect(await page.getByTestId('exam-rules').textContent()).toContain('3 questions');
    await expectAccessible(page, 'exam rules');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    // The focus goes to the first question (keyboard and screen-reader users start there, not at the page's top).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Question 1 sur 3');
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^(59|60):\d\d$/);

    // --- QCM: one correct choice → radio buttons; verdict at once.
    await page.getByRole('radio', { name: 'mean()' }).check();
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('answer-verdict').filter({ hasText: 'Validé' }).waitFor();
    await page.getByTestId('exam-navigator').getByRole('button', { name: 'Question 1 : Validé' }).waitFor();
    // A worse answer sent after it: the best one still counts (the result page shows both, labelled).
    await page.getByRole('radio', { name: 'median()' }).check();
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('answer-verdict').filter({ hasText: 'Non validé' }).waitFor();
    await page.getByTestId('exam-navigator').getByRole('button', { name: 'Question 1 : Validé' }).waitFor();

    // --- The program: examples (not counted), a wrong one (diff, hidden cases counted), then a right one.
    await openQuestion(page, 3);
    // The student is told the program's language.
    expect(await page.getByTestId('question-panel').textContent()).toContain('Algorithme · Python');
    await setCode(page, WRONG);
    await page.getByRole('button', { name: 'Tester sur les exemples' }).click();
    await page.getByTestId('examples-result').getByText('Exemple 1').waitFor();
    expect((await questionsAsStudent()).find((q) => q.type === 'ALGORITHM')!.state).toBe('UNANSWERED');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    const verdict = page.getByTestId('answer-verdict');
    await verdict.filter({ hasText: 'Non validé' }).waitFor({ timeout: 45_000 });
    await verdict.getByTestId('output-diff').first().waitFor();
    // The examples' result of the earlier try is gone under the new verdict.
    expect(await page.getByTestId('examples-result').count()).toBe(0);
    expect(await verdict.getByTestId('hidden-cases').textContent()).toBe('Tests cachés : 0 réussi sur 2');
    expect(await verdict.textContent()).toContain('12.50');
    await setCode(page, RIGHT);
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await verdict.filter({ hasText: 'Dernière réponse : Validé' }).waitFor({ timeout: 45_000 });
    expect(await verdict.getByTestId('hidden-cases').textContent()).toBe('Tests cachés : 2 réussis sur 2');
    await expectAccessible(page, 'exam questions (program with verdicts)');

    // --- The network drops while they type and answer: banner, the answer waits in the browser.
    await first.context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await openQuestion(page, 2);
    await page.getByLabel('Votre réponse').fill('12.5');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('queued-note').waitFor();
    expect(await page.getByTestId('offline-banner').textContent()).toContain('1 réponse en attente d’envoi');
    const queued = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':queue')).map((k) => localStorage.getItem(k)));
    expect(queued.join('')).toContain('12.5');
    expect((await questionsAsStudent()).find((q) => q.type === 'EXACT')!.state).toBe('UNANSWERED');
    // Typing goes on offline: the program's draft is kept in the browser.
    await openQuestion(page, 3);
    await setCode(page, `${RIGHT}${DRAFT_MARK}\n`);
    await page.getByTestId('draft-status').filter({ hasText: 'Brouillon gardé dans ce navigateur' }).waitFor();

    // --- Back online: the queued answer goes out (once), the banner goes, the draft reaches the server.
    await first.context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await expect.poll(async () => (await questionsAsStudent()).find((q) => q.type === 'EXACT')!.state, { timeout: 30_000 }).toBe('VALIDATED');
    await expect.poll(async () => String((await questionsAsStudent()).find((q) => q.type === 'ALGORITHM')!.draft), { timeout: 30_000 }).toContain(DRAFT_MARK);
    await page.getByTestId('exam-navigator').getByRole('button', { name: 'Question 2 : Validé' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':queue')))).toEqual([]);
    // Leaving for the list and coming back in the same tab reads the states afresh.
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Mes examens' }).click();
    await page.getByTestId('student-exam-card').filter({ hasText: TITLE }).getByRole('link', { name: `Reprendre : « ${TITLE} »` }).click();
    for (const n of [1, 2, 3]) await page.getByTestId('exam-navigator').getByRole('button', { name: `Question ${n} : Validé` }).waitFor();
    expect(first.errors).toEqual([]);
    await first.context.close();

    // --- Another device (a new context, nothing in its storage): the list says Reprendre, all comes back.
    const second = await newPage(browser);
    second.context.setDefaultTimeout(30_000);
    await signInWithToken(second.context, accounts.student);
    const p2 = second.page;
    await p2.goto(url('/student/exams'));
    const card2 = p2.getByTestId('student-exam-card').filter({ hasText: TITLE });
    await card2.getByRole('link', { name: `Reprendre : « ${TITLE} »` }).click();
    await p2.getByTestId('exam-navigator').waitFor();
    for (const n of [1, 2, 3]) await p2.getByTestId('exam-navigator').getByRole('button', { name: `Question ${n} : Validé` }).waitFor();
    await openQuestion(p2, 3);
    await expect.poll(() => p2.locator('.cm-content').first().textContent()).toContain(DRAFT_MARK);
    await p2.getByTestId('answer-verdict').filter({ hasText: 'Validé' }).waitFor();
    await openQuestion(p2, 2);
    expect(await p2.getByLabel('Votre réponse').inputValue()).toBe('12.5');

    // The questions screen at 375 px: usable and accessible.
    await p2.setViewportSize({ width: 375, height: 800 });
    await openQuestion(p2, 3);
    expect(await overflowsHorizontally(p2)).toBe(false);
    await expectAccessible(p2, 'exam questions at 375 px');
    await p2.setViewportSize({ width: 1280, height: 800 });

    // --- Finish: the summary, then a confirmation (Annuler keeps the exam going), then the result.
    await p2.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = p2.getByTestId('exam-summary');
    await summary.waitFor();
    // The program was changed after its validated answer (the draft mark): a draft not submitted, graded at the end.
    expect(await summary.getByTestId('exam-summary-counts').textContent()).toBe('3 validées · 0 non validée · 0 non répondue · 1 brouillon non soumis');
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    const dialog = p2.getByRole('dialog');
    await dialog.getByText('plus aucune réponse n’est acceptée').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    await p2.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await p2.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    await p2.getByTestId('score-20').waitFor();
    expect(await p2.getByTestId('score-20').textContent()).toBe('20 / 20');
    expect(await p2.getByTestId('score-points').textContent()).toBe('8 / 8');
    expect(await p2.getByTestId('show-question').count()).toBe(3);
    expect(await p2.getByTestId('show-question').nth(2).textContent()).toContain(RIGHT.split('\n')[2]!);
    // Question 1: the answer that counted (mean(), validated) first, then the last one sent (median()), labelled.
    const q1 = p2.getByTestId('show-question').nth(0);
    // (Choices come in each student's own order.)
    const counted = (await q1.getByTestId('counted-answer').textContent())!;
    expect(counted.startsWith('Réponse retenue (celle qui compte pour la note)')).toBe(true);
    expect(counted).toContain('mean()Votre choix');
    expect(counted).not.toContain('median()Votre choix');
    const last = (await q1.getByTestId('last-answer').textContent())!;
    expect(last.startsWith('Dernière réponse envoyée (non validée, non retenue : moins bien notée)')).toBe(true);
    expect(last).toContain('median()Votre choix');
    expect(last).not.toContain('mean()Votre choix');
    // Question 3: the draft typed after the validated program was graded at the end (validated too): it is the
    // last answer and the one that counts, shown once and labelled.
    expect(await p2.getByTestId('show-question').nth(2).getByTestId('last-answer').count()).toBe(0);
    expect(await p2.getByTestId('show-question').nth(2).getByTestId('auto-sent').count()).toBe(1);
    expect(await p2.getByTestId('show-question').nth(2).textContent()).toContain(DRAFT_MARK);
    // Not closed yet: no correct answer is shown.
    expect(await p2.getByText('Bonne réponse').count()).toBe(0);
    await screenReady(p2);
    await expectAccessible(p2, 'exam result');
    await p2.setViewportSize({ width: 375, height: 800 });
    expect(await overflowsHorizontally(p2)).toBe(false);
    await p2.setViewportSize({ width: 1280, height: 800 });

    // The attempt is over: the server refuses more answers, the list files the exam under Terminés.
    const late = await apiCall<{ message: string }>(`/api/student/exams/${examId}/solutions`, student, {
      method: 'POST',
      body: JSON.stringify({ answers: [{ question_id: (await questionsAsStudent())[0]!.id, answer: [1], submission_id: crypto.randomUUID() }] }),
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('terminé cet examen');
    await p2.goto(url('/student/exams'));
    await p2.getByTestId('student-exam-card').filter({ hasText: TITLE }).getByRole('link', { name: `Voir le résultat : « ${TITLE} »` }).waitFor();
    expect(second.errors).toEqual([]);
    await second.context.close();
  }, 240_000);

  it('never drops an answer at logout: sent first, or kept for the next sign-in when the network is gone', async () => {
    const title = `Déconnexion avec une réponse en attente ${Date.now().toString(36)}`;
    const id = await createExam(title);
    const first = await newPage(browser);
    first.context.setDefaultTimeout(30_000);
    const page = first.page;
    // Signed in through the login page (a real session that the logout ends).
    await signIn(page, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();

    // The server out of reach (the exam calls fail as without network): an answer waits in the browser; the
    // student signs out.
    const unreachable = '**/api/student/exams/**';
    await page.route(unreachable, (r) => r.abort('internetdisconnected'));
    await page.getByRole('radio', { name: 'mean()' }).check();
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('queued-note').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réponses pas encore envoyées' });
    await dialog.getByText('Une réponse n’a pas pu être envoyée').waitFor();
    // Checked once the dialog has faded in (mid-transition, its colours are not yet the real ones).
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.mantine-Modal-content') ?? el).opacity)).toBe('1');
    await expect.poll(() => page.locator('.mantine-Modal-overlay').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expectAccessible(page, 'logout with an answer waiting');
    // They go anyway: the answer stays in this browser.
    await reloadsAfter(page, () => dialog.getByRole('button', { name: 'Se déconnecter quand même' }).click());
    await page.waitForURL((u) => u.pathname.startsWith('/auth/login'));
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':queue')));
    expect(kept).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await questionsAsStudent(id)).find((q) => q.type === 'QCM')!.state).toBe('UNANSWERED');

    // Next sign-in here, the server reachable again: the exam opens and the answer leaves, once.
    await page.unroute(unreachable);
    await signIn(page, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await expect.poll(async () => (await questionsAsStudent(id)).find((q) => q.type === 'QCM')!.state, { timeout: 30_000 }).toBe('VALIDATED');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':queue')).length)).toBe(0);
    expect(first.errors).toEqual([]);
    await first.context.close();
  }, 120_000);

  it('tells at logout which waiting answers the server refused (the exam was finished elsewhere)', async () => {
    const id = await createExam(`Déconnexion avec une réponse refusée ${Date.now().toString(36)}`);
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signIn(page, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    const unreachable = '**/api/student/exams/**';
    await page.route(unreachable, (r) => r.abort('internetdisconnected'));
    await page.getByRole('radio', { name: 'mean()' }).check();
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('queued-note').waitFor();
    // Meanwhile the attempt ends on another device. The student goes to their exams (the exam page, which would try
    // the answer again every few seconds, is left); the server is reachable again when they sign out.
    expect((await apiCall(`/api/student/exams/${id}/finish`, student, { method: 'POST' })).status).toBe(200);
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Mes examens' }).click();
    await page.getByRole('heading', { name: 'Ouverts' }).waitFor();
    await page.unroute(unreachable);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':queue')))).toHaveLength(1);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réponses refusées par le serveur' });
    await dialog.getByText(/^Une réponse en attente a été refusée par le serveur : .*terminé cet examen/).waitFor();
    await reloadsAfter(page, () => dialog.getByRole('button', { name: 'Déconnexion' }).click());
    await page.waitForURL((u) => u.pathname.startsWith('/auth/login'));
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':queue')))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('extra time granted during the attempt reaches the open page within seconds', async () => {
    const id = await createExam(`Temps supplémentaire pendant l’épreuve ${Date.now().toString(36)}`);
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    // The page's clock flows as usual, but the test can move it on to the page's next check.
    await page.clock.install();
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^(59|60):\d\d$/);
    // Staff grant 30 minutes while the page is open: its countdown follows, without a reload.
    const me = await apiCall<{ data: { id: number } }>('/api/admin/users/profile', student);
    const granted = await apiCall(`/api/admin/exams/${id}/extra-time`, teacher, { method: 'POST', body: JSON.stringify({ user_id: me.body.data.id, minutes: 30 }) });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    await page.clock.fastForward(ATTEMPT_CHECK_MS);
    await expect.poll(() => page.getByRole('timer').textContent(), { timeout: 20_000 }).toMatch(/^1:(29|30):\d\d$/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('grades a draft never submitted at « Terminer »; limits tries with their penalty; flags and a summary before finishing', async () => {
    const title = `Essais limités et brouillons ${Date.now().toString(36)}`;
    const id = await createExam(title, { max_submissions: 2, wrong_try_penalty: 0.25 });
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    // The rules say it before the start.
    await page.getByText('Chaque question accepte au plus 2 soumissions.').waitFor();
    await page.getByText('Chaque réponse fausse soumise avant la bonne retire 25 % des points de la question', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    const panel = page.getByTestId('question-panel');
    expect(await panel.getByTestId('question-tries').textContent()).toBe(
      'Essais : 0 sur 2 · Chaque réponse fausse soumise avant la bonne retire 25 % des points de cette question.',
    );

    // Question 1: wrong, then right at the last try; then no more tries.
    await panel.getByRole('radio', { name: 'median()' }).check();
    await panel.getByRole('button', { name: 'Soumettre' }).click();
    await panel.getByTestId('answer-verdict').filter({ hasText: 'Non validé' }).waitFor();
    await panel.getByTestId('last-try').waitFor();
    expect(await panel.getByTestId('question-tries').textContent()).toContain('Essais : 1 sur 2');
    await panel.getByRole('radio', { name: 'mean()' }).check();
    await panel.getByRole('button', { name: 'Soumettre' }).click();
    await expect.poll(() => panel.getByTestId('question-state').textContent()).toBe('Validé');
    await panel.getByTestId('no-tries-left').waitFor();
    expect(await panel.getByRole('button', { name: 'Soumettre' }).isDisabled()).toBe(true);

    // Question 2: typed, never submitted: the navigator says so once the draft is saved.
    await openQuestion(page, 2);
    // A field with the focus shows a ring (an outline), not only a border of another colour.
    await page.getByLabel('Votre réponse').focus();
    const ring = await page.getByLabel('Votre réponse').evaluate((el) => getComputedStyle(el));
    expect(ring.outlineStyle).toBe('solid');
    expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(2);
    await page.getByLabel('Votre réponse').fill('12.5');
    await page.getByTestId('draft-status').filter({ hasText: 'Brouillon enregistré' }).waitFor();
    const nav = page.getByTestId('exam-navigator');
    await nav.getByRole('button', { name: 'Question 2 : Non répondu, brouillon non soumis' }).waitFor();

    // Question 3: flagged to come back to.
    await openQuestion(page, 3);
    await page.getByRole('button', { name: 'Marquer pour y revenir' }).click();
    expect(await page.getByRole('button', { name: 'Retirer la marque' }).getAttribute('aria-pressed')).toBe('true');
    await nav.getByRole('button', { name: 'Question 3 : Non répondu, marquée pour y revenir' }).waitFor();
    await expectAccessible(page, 'exam page with tries, a draft and a flag');

    // The summary: each question, its draft and its flag; back to a question from there.
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    const summary = page.getByTestId('exam-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('exam-summary-counts').textContent()).toBe('1 validée · 0 non validée · 1 non répondue · 1 brouillon non soumis');
    const rows = summary.getByTestId('exam-summary-row');
    expect(await rows.nth(1).textContent()).toContain('brouillon non soumis');
    expect(await rows.nth(2).textContent()).toContain('marquée pour y revenir');
    await expectAccessible(page, 'attempt summary');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'attempt summary at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await summary.getByRole('button', { name: 'Revoir la question 3' }).click();
    await page.getByRole('heading', { name: 'Question 3 sur 3' }).waitFor();

    // Finish: the dialog counts the draft apart from the unanswered question.
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    await summary.getByRole('button', { name: 'Terminer l’examen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Il vous reste 1 question non répondue. Un brouillon non soumis sera corrigé et compté automatiquement.', { exact: false }).waitFor();
    // The dialog opens on its main action: Enter finishes.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Terminer');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/student/exams/${id}/show`);
    // Question 1: 2 points less a quarter for the wrong try; question 2: the draft, graded and labelled.
    await page.getByTestId('score-points').waitFor();
    expect(await page.getByTestId('score-points').textContent()).toBe('3,5 / 8');
    // After finishing, the focus is on the result's title (not lost on the page's body).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('exam-result-title');
    // « 1,5 / 2 pts » beside « Validé » is explained, in points.
    expect(await page.getByTestId('show-question').nth(0).getByTestId('penalty-note').textContent()).toBe(
      'Validée, moins une pénalité de 0,5 point : des réponses fausses avaient été soumises avant la bonne.',
    );
    const q2 = page.getByTestId('show-question').nth(1);
    expect(await q2.getByTestId('auto-sent').textContent()).toBe('Envoyée automatiquement à la fin : c’était votre brouillon non soumis.');
    expect(await q2.textContent()).toContain('Validé');
    await expectAccessible(page, 'result with an answer sent automatically');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('closing the exam ends the open page and grades what was typed', async () => {
    const title = `Clôture pendant l’épreuve ${Date.now().toString(36)}`;
    const id = await createExam(title);
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await page.clock.install();
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    await openQuestion(page, 2);
    await page.getByLabel('Votre réponse').fill('12.5');
    await page.getByTestId('draft-status').filter({ hasText: 'Brouillon enregistré' }).waitFor();
    const closed = await apiCall(`/api/admin/exams/${id}/update-status/CLOSED`, teacher, { method: 'PUT' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // The page asks for its attempt every few seconds (moved on to the next ask): it learns the end and opens the result.
    await page.clock.fastForward(ATTEMPT_CHECK_MS);
    await page.getByTestId('time-up').waitFor({ timeout: 20_000 });
    await page.waitForURL((u) => u.pathname === `/student/exams/${id}/show`, { timeout: 20_000 });
    const q2 = page.getByTestId('show-question').nth(1);
    await q2.getByTestId('auto-sent').waitFor();
    expect(await q2.textContent()).toContain('Validé');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows section titles, reaches the navigator second in the Tab order, and puts the statement first at 375 px', async () => {
    const title = `Sections et clavier ${Date.now().toString(36)}`;
    const base = await apiCall<{ data: { questions: Array<{ question_id: number; points: number }> } }>(`/api/admin/exams/${examId}/show`, teacher);
    const [first, second, third] = base.body.data.questions;
    const id = await createExam(title, {
      sections: [
        { title: 'Statistique descriptive', pick: null, shuffle: 0 },
        { title: 'Programmation', pick: null, shuffle: 0 },
      ],
      questions: [
        { question_id: first!.question_id, points: 2, section: 1 },
        { question_id: second!.question_id, points: 2, section: 1 },
        { question_id: third!.question_id, points: 4, section: 2 },
      ],
    });
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    expect(await page.getByTestId('question-section').textContent()).toBe('Partie : Statistique descriptive');
    await openQuestion(page, 3);
    expect(await page.getByTestId('question-section').textContent()).toBe('Partie : Programmation');

    // From the top of the page: « Aller au contenu », then « Aller aux questions de l’examen », which leads to the
    // navigator's first question at the next Tab.
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('heading', { name: /^Question \d sur 3$/ }).waitFor();
    // The keyboard starts from the top of the document (the page put the focus on the question's title).
    await page.evaluate(() => {
      const top = document.createElement('div');
      top.tabIndex = -1;
      document.body.prepend(top);
      top.focus();
    });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Aller au contenu');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Aller aux questions de l’examen');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focused()).toMatch(/^Question 1 : /);

    // At 375 px the statement (the question's panel) comes above the navigator.
    await page.setViewportSize({ width: 375, height: 740 });
    const top = (testId: string) => page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().top);
    expect(await top('question-panel')).toBeLessThan(await top('exam-navigator'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam page with sections at 375 px');
    // On a wide screen the navigator stays at the left of the question.
    await page.setViewportSize(DESKTOP);
    const left = (testId: string) => page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().left);
    expect(await left('exam-navigator')).toBeLessThan(await left('question-panel'));
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('keeps the timer in view on a long question, and passes axe in every state at 1280 and 375 px', async () => {
    const id = await createExam(`États de la page d’examen ${Date.now().toString(36)}`);
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    const timerInView = async () => {
      const box = await page.getByRole('timer').boundingBox();
      const height = page.viewportSize()!.height;
      return box !== null && box.y >= 0 && box.y + box.height <= height;
    };
    for (const viewport of [DESKTOP, { width: 375, height: 740 }]) {
      await page.setViewportSize(viewport);
      // Taking: the program question is longer than the screen; scrolled to its end, the timer is still shown.
      await openQuestion(page, 3);
      await page.getByRole('button', { name: 'Soumettre' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect.poll(timerInView, { message: `timer in view at ${viewport.width} px` }).toBe(true);
      expect(await overflowsHorizontally(page)).toBe(false);
      await expectAccessible(page, `exam page taking at ${viewport.width} px`);
      // Offline: the banner, still accessible.
      await context.setOffline(true);
      await page.getByText('Connexion perdue').waitFor();
      await expectAccessible(page, `exam page offline at ${viewport.width} px`);
      await context.setOffline(false);
      await page.getByText('Connexion perdue').waitFor({ state: 'detached' });
    }
    await page.setViewportSize(DESKTOP);
    // Finished: the result page, at both widths.
    await page.getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByTestId('exam-summary').getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${id}/show`);
    await page.getByTestId('score-20').waitFor();
    await screenReady(page);
    await expectAccessible(page, 'exam page finished at 1280 px');
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'exam page finished at 375 px');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('keeps an answer delivered after the end, tells the student, gives the emergency copy; staff attach it with a reason', async () => {
    const title = `Réponse arrivée après la fin ${Date.now().toString(36)}`;
    const id = await createExam(title);
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await page.clock.install();
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/exams/${id}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 3' }).waitFor();
    await openQuestion(page, 2);
    // Offline, the student submits: the answer waits in the browser.
    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await page.getByLabel('Votre réponse').fill('12.5');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('queued-note').waitFor();
    // The emergency copy can be taken while offline.
    const offlineDownload = page.waitForEvent('download');
    await page.getByTestId('offline-banner').getByRole('button', { name: 'Télécharger ma copie de secours' }).click();
    const offlineCopy = JSON.parse(fs.readFileSync((await (await offlineDownload).path())!, 'utf8'));
    expect(offlineCopy).toMatchObject({ format: 'copie-de-secours-examen', exam: { id }, answers: expect.arrayContaining([expect.objectContaining({ question_number: 2, answer: '12.5', kind: 'SUBMITTED' })]) });
    // Meanwhile the exam is closed; the network comes back after the end.
    const closed = await apiCall(`/api/admin/exams/${id}/update-status/CLOSED`, teacher, { method: 'PUT' });
    expect(closed.status).toBe(200);
    await context.setOffline(false);
    // Refused for being late: said on the exam page, kept, with its time; the result page says it too.
    await page.getByTestId('late-answers').waitFor();
    await page.getByText('L’examen a été clôturé : plus aucune réponse n’est acceptée.').first().waitFor();
    await expectAccessible(page, 'exam page with a late answer');
    await page.getByRole('link', { name: 'Voir le résultat' }).first().click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${id}/show`);
    const notice = page.getByTestId('late-answers');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Une réponse soumise avant la fin est arrivée au serveur après');
    expect(await notice.textContent()).toMatch(/Question 2, soumise le \d\d\/\d\d\/\d{4} à \d\d:\d\d:\d\d/);
    await expect.poll(() => notice.getByTestId('late-kept').textContent()).toContain('gardées sur le serveur');
    const download = page.waitForEvent('download');
    await notice.getByRole('button', { name: 'Télécharger ma copie de secours' }).click();
    // Kept past the browser context (the staff import it below).
    const file = `${fs.mkdtempSync(`${os.tmpdir()}/copie-`)}/copie.json`;
    await (await download).saveAs(file);
    const copy = JSON.parse(fs.readFileSync(file, 'utf8'));
    const given = copy.answers.find((a: { kind: string }) => a.kind === 'SUBMITTED');
    expect(given).toMatchObject({ question_number: 2, answer: '12.5' });
    expect(given.refusal).toContain('clôturé');
    await expectAccessible(page, 'result with a late answer');
    expect(errors).toEqual([]);
    await context.close();

    // Staff: the late answer is listed; attached with a reason, it counts.
    const staff = await newPage(browser);
    await signInWithToken(staff.context, accounts.teacher);
    await staff.page.goto(url(`/dashboard/exam-results/${id}/show`));
    const row = staff.page.getByTestId('late-answer-row');
    await row.waitFor();
    expect(await row.textContent()).toContain('Envoi retardé (soumise)');
    // Staff see when the attempt really ended (here, the close), beside when the answer was given.
    expect(await row.textContent()).toMatch(/Fin réelle de la composition : \d\d\/\d\d\/\d{4} à \d\d:\d\d:\d\d/);
    // The student's copy brings nothing new: its answer is already kept.
    const chooser = staff.page.waitForEvent('filechooser');
    await staff.page.getByRole('button', { name: 'Importer une copie de secours' }).click();
    await (await chooser).setFiles(file);
    await staff.page.getByText('Aucune nouvelle réponse dans cette copie de secours.').waitFor();
    await row.getByRole('button', { name: /^Décider pour la réponse de .* à la question 2$/ }).click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByText('Fin réelle de la composition', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Joindre à la copie' }).click();
    await dialog.getByText('Le motif de la décision est obligatoire', { exact: false }).waitFor();
    await dialog.getByLabel('Motif de la décision').fill('Coupure du réseau constatée par le surveillant.');
    await expectAccessible(staff.page, 'late answer decision dialog');
    await dialog.getByRole('button', { name: 'Joindre à la copie' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Jointe (validée)');
    expect(await row.textContent()).toContain('« Coupure du réseau constatée par le surveillant. »');
    await expectAccessible(staff.page, 'results with a late answer decided');
    const show = await apiCall<{ data: { score: number } }>(`/api/student/exams/${id}/show`, student);
    expect(show.body.data.score).toBe(2);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  }, 120_000);
});

describe('the exam room live', () => {
  it('a student reports a problem on a question; the invigilator sees them writing, the report, and marks it handled', async () => {
    const title = `Surveillance en direct ${Date.now().toString(36)}`;
    const id = await createExam(title);
    const s = await newPage(browser);
    await signInWithToken(s.context, accounts.student);
    await s.page.goto(url(`/student/exams/${id}/handle`));
    await s.page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await openQuestion(s.page, 2);
    await s.page.getByRole('button', { name: 'Signaler un problème' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Signaler un problème sur la question 2' });
    await dialog.getByRole('textbox', { name: 'Décrivez le problème' }).fill('a');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    // Refused in French, in the dialog; the message stays to be completed.
    await dialog.getByRole('alert').getByText('Décrivez le problème en quelques mots.').waitFor();
    await expectAccessible(s.page, 'report dialog');
    await dialog.getByRole('textbox', { name: 'Décrivez le problème' }).fill('La liste de notes de l’énoncé semble incomplète.');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await s.page.getByText('Votre signalement a été transmis aux surveillants.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const staff = await newPage(browser);
    await signInWithToken(staff.context, accounts.teacher);
    await staff.page.goto(url(`/dashboard/exam-results/${id}/show`));
    await staff.page.getByRole('link', { name: 'Surveillance en direct' }).click();
    await staff.page.waitForURL((u) => u.pathname === `/dashboard/exam-results/${id}/live`);
    const report = staff.page.getByTestId('live-report').filter({ hasText: 'La liste de notes de l’énoncé semble incomplète.' });
    await report.waitFor();
    expect(await report.textContent()).toContain('Question 2');
    await expect.poll(() => staff.page.getByTestId('live-online').textContent()).toBe('1');
    const row = staff.page.getByTestId('live-row').filter({ hasText: 'En ligne' });
    expect(await row.count()).toBe(1);
    await expectAccessible(staff.page, 'live invigilation at 1280 px');
    await report.getByRole('button', { name: /^Marquer comme traité/ }).click();
    await report.getByText(/^Traité par .* à \d\d:\d\d:\d\d$/).waitFor();
    await expect.poll(() => staff.page.getByTestId('live-reports').textContent()).toBe('0');
    await staff.page.setViewportSize({ width: 375, height: 740 });
    expect(await overflowsHorizontally(staff.page)).toBe(false);
    await expectAccessible(staff.page, 'live invigilation at 375 px');
    expect(s.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await s.context.close();
    await staff.context.close();
  }, 90_000);
});
