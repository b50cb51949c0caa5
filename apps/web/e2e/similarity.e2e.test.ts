// Similar programs end to end: four students of the demo exam's parcours (created through the API) send their
// program for its Python question (two of them the same program, identifiers renamed; two written otherwise), then
// the teacher opens « Programmes similaires » from the exam's results, runs the comparison and follows its progress,
// reads the distribution, the pairs and the cluster, moves the threshold with the keyboard, opens the pair side by
// side (fragments aligned, highlighted on both sides, reached by keyboard), opens a case file and decides it; the
// decision is in both copies' journals; a student to whom staff wrote reads the message on their result page and
// replies with the keyboard. axe on each state, and at 375 px the page does not overflow.
// Set SIMILARITY_SCREENSHOTS=/some/dir to also save screenshots at 1280 and 375 px.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, screenReady, signInWithToken, url } from './helpers';

const DEMO_EXAM = 'Examen de démonstration : statistique et programmation';
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PASSWORD = 'Similaire123!';
const shots = process.env.SIMILARITY_SCREENSHOTS;

const ORIGINAL = `n = int(input())
xs = list(map(float, input().split()))

def somme_des(valeurs):
    total = 0.0
    for v in valeurs:
        total = total + v
    return total

def moyenne_de(valeurs, taille):
    if taille <= 0:
        return 0.0
    return somme_des(valeurs) / taille

resultat = moyenne_de(xs, n)
arrondi = round(resultat * 100) / 100
print("%.2f" % arrondi)
`;
const RENAMED = `n = int(input())
xs = list(map(float, input().split()))

def addition(liste):
    acc = 0.0
    for e in liste:
        acc = acc + e
    return acc

def calcul(liste, nb):
    if nb <= 0:
        return 0.0
    return addition(liste) / nb

r = calcul(xs, n)
a = round(r * 100) / 100
print("%.2f" % a)
`;
const OTHER_1 = `import statistics
n = int(input())
xs = list(map(float, input().split()))
print(format(statistics.fmean(xs), ".2f"))
`;
const OTHER_2 = `n = int(input())
xs = list(map(float, input().split()))
i = 0
s = 0
while i < len(xs):
    s += xs[i]
    i += 1
print("{:.2f}".format(s / max(1, len(xs))))
`;

const students = [
  { last_name: `Original${stamp}`, first_name: 'Ada', program: ORIGINAL },
  { last_name: `Renomme${stamp}`, first_name: 'Basile', program: RENAMED },
  { last_name: `Autre${stamp}`, first_name: 'Chloé', program: OTHER_1 },
  { last_name: `Boucle${stamp}`, first_name: 'Denis', program: OTHER_2 },
].map((s, i) => ({ ...s, email: `sim${i}.${stamp.toLowerCase()}@univ.example`, student_number: `S${i}${stamp}`, id: 0 }));

interface Envelope<T> {
  data: T;
  message: string;
}
let browser: Browser;
let teacher: string;
let examId = 0;
let questionId = 0;

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const post = (p: string, token: string, body: unknown) => apiCall<Envelope<unknown>>(p, token, { method: 'POST', body: JSON.stringify(body) });

async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await apiLogin(accounts.admin);
  teacher = await apiLogin(accounts.teacher);
  const list = await ok(apiCall<Envelope<Array<{ id: number; title: string; academic_year_id: number; specializations: Array<{ id: number }> }>>>(`/api/admin/exams?search=${encodeURIComponent('Examen de démonstration')}`, teacher), 'exams');
  const exam = list.data.find((e) => e.title === DEMO_EXAM);
  if (!exam) throw new Error('The demo exam is missing');
  examId = exam.id;
  const questions = await ok(apiCall<Envelope<Array<{ question_id: number; language: string }>>>(`/api/admin/exam-results/${examId}/similarity`, teacher), 'program questions');
  questionId = questions.data.find((q) => q.language === 'PYTHON')!.question_id;
  for (const s of students) {
    const created = await ok(
      post('/api/admin/users/create', admin, { last_name: s.last_name, first_name: s.first_name, email: s.email, student_number: s.student_number, password: PASSWORD, role: 'STUDENT', academic_year_id: exam.academic_year_id, specialization_ids: [exam.specializations[0].id] }),
      `create ${s.last_name}`,
    );
    s.id = (created.data as { id: number }).id;
    const token = await apiLogin({ email: s.email, password: PASSWORD });
    await ok(post(`/api/student/exams/${examId}/start`, token, {}), 'start');
    await ok(post(`/api/student/exams/${examId}/solutions`, token, { answers: [{ question_id: questionId, answer: s.program }] }), 'program');
    await ok(post(`/api/student/exams/${examId}/finish`, token, {}), 'finish');
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

describe('similar programs (staff)', () => {
  it('compares, shows pairs, the cluster and the distribution, two programs side by side, and follows a case to its decision', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/show`));
    // The results page is heavy (every student's row, the charts): on a loaded machine it takes its time.
    const link = page.getByRole('link', { name: 'Programmes similaires' });
    await link.waitFor({ timeout: 60_000 });
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Programmes similaires' }).waitFor();
    await screenReady(page);
    // The exam's Python question (the demo exam has an R one too).
    await page.goto(url(`/dashboard/exam-results/${examId}/similarity?question=${questionId}`));
    await screenReady(page);
    await page.getByRole('button', { name: /^Comparer (les programmes|à nouveau)$/ }).click();
    // The comparison runs in the background; the page follows its progress until it is done.
    await page.getByText(/programmes comparés/).waitFor({ timeout: 60_000 });
    await page.getByRole('img', { name: /Répartition des paires par similarité/ }).waitFor();
    await screenReady(page);

    const [a, b, c] = students;
    const pairs = page.getByTestId('similarity-pairs');
    await pairs.waitFor();
    // The copy is listed at the default threshold (60 %); an independent solution is paired with neither.
    await pairs.locator('tbody tr', { hasText: a.last_name }).filter({ hasText: b.last_name }).waitFor();
    expect(await pairs.locator('tbody tr', { hasText: c.last_name }).filter({ hasText: a.last_name }).count()).toBe(0);
    expect(await pairs.locator('tbody tr', { hasText: c.last_name }).filter({ hasText: b.last_name }).count()).toBe(0);
    // The copy is one cluster, without the independent solutions.
    const cluster = page.getByTestId('similarity-clusters').locator('li', { hasText: a.last_name });
    await expect.poll(() => cluster.textContent()).toContain(b.last_name);
    expect(await cluster.textContent()).not.toContain(c.last_name);
    await expectAccessible(page, 'programmes similaires');
    await shot(page, 'similarity-1280');

    // The threshold moves with the keyboard: at 100 % only identical programs are listed, at 5 % as many or more.
    const rows = page.locator('[data-testid="similarity-pairs"] tbody tr');
    const thumb = page.getByRole('slider', { name: 'Seuil de similarité' });
    await thumb.focus();
    await page.keyboard.press('End');
    await page.getByText('Seuil de similarité : 100 %').waitFor();
    await expect.poll(() => page.locator('[data-testid="similarity-pairs"] tbody tr td:nth-child(2)').allTextContents()).toEqual(expect.not.arrayContaining([expect.not.stringMatching(/^100 %$/)]));
    const atTop = await rows.count();
    await page.keyboard.press('Home');
    await page.getByText('Seuil de similarité : 5 %').waitFor();
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(Math.max(1, atTop));

    // Side by side, by keyboard: the pair's button, then the fragments.
    const compare = page.getByRole('button', { name: `Comparer côte à côte les programmes de ${a.last_name} ${a.first_name} et de ${b.last_name} ${b.first_name}` });
    await compare.focus();
    await page.keyboard.press('Enter');
    const title = page.getByRole('heading', { name: new RegExp(`${a.last_name}.*et.*${b.last_name}.*côte à côte`) });
    await title.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('similarity-side-title');
    await expect.poll(() => page.locator('[data-testid="similarity-left"] [data-shared="current"]').count()).toBeGreaterThan(2);
    expect(await page.locator('[data-testid="similarity-right"] [data-shared="current"]').count()).toBeGreaterThan(2);
    // The first fragment's lines stand at the top of both programs (aligned).
    const tops = await page.evaluate(() =>
      ['left', 'right'].map((side) => {
        const pane = document.querySelector<HTMLElement>(`[data-testid="similarity-${side}"]`)!;
        const line = pane.querySelector<HTMLElement>('[data-shared="current"]')!;
        return line.getBoundingClientRect().top - pane.getBoundingClientRect().top;
      }),
    );
    expect(Math.abs(tops[0] - tops[1])).toBeLessThan(4);
    await page.getByRole('region', { name: `Programme de ${a.last_name} ${a.first_name}` }).focus();
    await expectAccessible(page, 'côte à côte');
    await shot(page, 'similarity-side-1280');

    // A case on the pair: opened, then decided; each step in both copies' journals.
    await page.getByRole('button', { name: 'Ouvrir un dossier' }).last().click();
    await page.getByLabel('Note (facultative)').fill(`Même découpage en deux fonctions, noms changés (${stamp}).`);
    await page.getByRole('button', { name: 'Ouvrir le dossier' }).click();
    const note = `Même découpage en deux fonctions, noms changés (${stamp}).`;
    const caseCard = page.getByTestId('similarity-case').filter({ hasText: note });
    await caseCard.waitFor();
    await caseCard.getByLabel('Étape').click();
    await page.getByRole('option', { name: 'Décision' }).click();
    await caseCard.getByLabel('Texte').fill('Les deux étudiants ont expliqué leur travail en commun autorisé.');
    await caseCard.getByRole('button', { name: 'Ajouter au dossier' }).click();
    await caseCard.getByText('Dossier décidé : il ne reçoit plus d’étape.').waitFor();
    await expectAccessible(page, 'dossier décidé');
    await shot(page, 'similarity-case-1280');
    for (const s of [a, b]) {
      const journal = await ok(apiCall<Envelope<{ events: Array<{ type: string; data: { step?: string; decision?: string } }> }>>(`/api/admin/exams/${examId}/attempts/${s.id}/journal`, teacher), 'journal');
      const steps = journal.data.events.filter((e) => e.type === 'SIMILARITY_CASE');
      expect(steps.map((e) => e.data.step)).toEqual(['FLAG', 'DECISION']);
      expect(steps[1].data.decision).toBe('NO_ACTION');
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a student reads, on their result page, the message staff sent about their copy and replies with the keyboard alone', async () => {
    const [a, b] = students;
    const cases = await ok(apiCall<Envelope<Array<{ members: Array<{ attempt_id: number; user_id: number }> }>>>(`/api/admin/exam-results/${examId}/similarity-cases`, teacher), 'cases');
    const attemptOf = (id: number) => cases.data.flatMap((c) => c.members).find((m) => m.user_id === id)!.attempt_id;
    const note = `Note interne, jamais montrée (${stamp}).`;
    const created = await ok(post(`/api/admin/exam-results/${examId}/similarity-cases`, teacher, { question_id: questionId, attempt_ids: [attemptOf(a.id), attemptOf(b.id)], note }), 'case');
    const caseId = (created.data as { id: number }).id;
    const message = `Pouvez-vous nous expliquer comment vous avez écrit votre programme ? (${stamp})`;
    await ok(post(`/api/admin/exam-results/${examId}/similarity-cases/${caseId}/steps`, teacher, { type: 'MESSAGE', text: message, attempt_id: attemptOf(a.id) }), 'message');

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, { email: a.email, password: PASSWORD });
    await page.goto(url(`/student/exams/${examId}/show`));
    await screenReady(page);
    const section = page.getByRole('region', { name: 'Message de l’équipe pédagogique' });
    await section.getByText(message).waitFor();
    expect(await page.getByText(note).count()).toBe(0);
    expect(await page.getByText(b.last_name).count()).toBe(0);
    // Keyboard alone: into the field, type, Tab to the button, Enter.
    await section.getByLabel('Votre réponse').focus();
    const reply = `Je l’ai écrit seul ; mes brouillons sont à votre disposition (${stamp}).`;
    await page.keyboard.type(reply);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Envoyer la réponse');
    await page.keyboard.press('Enter');
    await section.getByText(reply).waitFor();
    await section.getByText('Vous', { exact: true }).waitFor();
    expect(await section.getByLabel('Votre réponse').inputValue()).toBe('');
    await expectAccessible(page, 'message au sujet d’une copie');
    await shot(page, 'similarity-student-message-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page, 'message au sujet d’une copie à 375 px');
    // The reply is a step of the case, for staff.
    const file = await ok(apiCall<Envelope<{ steps: Array<{ type: string; text: string }> }>>(`/api/admin/exam-results/${examId}/similarity-cases/${caseId}`, teacher), 'case file');
    expect(file.data.steps.map((x) => x.type)).toEqual(['FLAG', 'MESSAGE', 'REPLY']);
    expect(file.data.steps[2].text).toBe(reply);
    expect(errors).toEqual([]);
    await context.close();

    // The other student of the case, to whom nobody wrote, sees nothing of it.
    const other = await newPage(browser);
    await signInWithToken(other.context, { email: b.email, password: PASSWORD });
    await other.page.goto(url(`/student/exams/${examId}/show`));
    await screenReady(other.page);
    await other.page.getByRole('heading', { name: 'Détail par question' }).waitFor();
    expect(await other.page.getByRole('region', { name: 'Message de l’équipe pédagogique' }).count()).toBe(0);
    await other.context.close();
  }, 120_000);

  it('fits a 375 px screen, side by side included', async () => {
    const { context, page, errors } = await newPage(browser, { width: 375, height: 740 });
    await signInWithToken(context, accounts.teacher);
    const [a, b] = students;
    const pair = await ok(apiCall<Envelope<{ pairs: Array<{ left: { attempt_id: number; last_name: string }; right: { attempt_id: number } }> }>>(`/api/admin/exam-results/${examId}/similarity/${questionId}`, teacher), 'pairs');
    const top = pair.data.pairs.find((p) => [a.last_name, b.last_name].includes(p.left.last_name))!;
    await page.goto(url(`/dashboard/exam-results/${examId}/similarity?question=${questionId}&left=${top.left.attempt_id}&right=${top.right.attempt_id}`));
    await screenReady(page);
    await page.getByRole('heading', { name: /côte à côte/ }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await page.evaluate(() => document.body.scrollWidth > window.innerWidth + 1)).toBe(false);
    await expectAccessible(page, 'programmes similaires à 375 px');
    await shot(page, 'similarity-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
