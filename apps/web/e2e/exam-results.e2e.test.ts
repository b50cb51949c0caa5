// Staff results end to end: two students of the demo exam's parcours (created through the API) take it through the
// student API (one wrong then right program and right answers, the other wrong answers), then the teacher opens the
// results list, the exam's detail (rows, verdict cells, charts), a student's submissions, runs a dry-run regrade,
// gives extra time, and downloads the xlsx of the averages, which the test opens and checks. Every screen is checked
// with axe, and at 375 px the tables scroll inside their container while the page does not overflow.
// Set RESULTS_SCREENSHOTS=/some/dir to also save screenshots of each screen at 1280 and 375 px.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, overflowsHorizontally, screenReady, signInWithToken, toast, url, watchConsole } from './helpers';

const DEMO_EXAM = 'Examen de démonstration : statistique et programmation';
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PASSWORD = 'Resultats123!';
const good = { last_name: `Réussite${stamp}`, first_name: 'Alice', email: `alice.${stamp.toLowerCase()}@univ.example`, student_number: `R1${stamp}` };
const weak = { last_name: `Tâtonne${stamp}`, first_name: 'Bruno', email: `bruno.${stamp.toLowerCase()}@univ.example`, student_number: `R2${stamp}` };
const shots = process.env.RESULTS_SCREENSHOTS;

interface Envelope<T> {
  data: T;
  message: string;
}
interface StaffQuestion {
  id: number;
  type: 'QCM' | 'EXACT' | 'ALGORITHM' | 'MATH';
  reference_solution: string | null;
  possible_solutions: Array<{ id: number; content: string; is_correct: 0 | 1 }>;
}
interface ShowRow {
  user_id: number;
  last_name: string;
  score: number;
  score_20: number;
  validated_count: number;
  status: string;
}

let browser: Browser;
let teacher: string;
let exam: { id: number; academic_year_id: number; specializations: Array<{ id: number; name: string; code: string }> };
let questions: StaffQuestion[];
let goodRow: ShowRow;
let weakRow: ShowRow;

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const post = (p: string, token: string, body: unknown) => apiCall<Envelope<unknown>>(p, token, { method: 'POST', body: JSON.stringify(body) });

function rightAnswer(q: StaffQuestion): unknown {
  if (q.type === 'QCM') return q.possible_solutions.filter((c) => c.is_correct === 1).map((c) => c.id);
  if (q.type === 'ALGORITHM') return q.reference_solution ?? '';
  return q.possible_solutions[0]?.content ?? '';
}
function wrongAnswer(q: StaffQuestion): unknown {
  if (q.type === 'QCM') return [q.possible_solutions.find((c) => c.is_correct === 0)!.id];
  if (q.type === 'ALGORITHM') return 'print("rien")\n';
  if (q.type === 'MATH') return 'x^7 - 42';
  return 'réponse fausse';
}

async function takeExam(student: typeof good, answer: (q: StaffQuestion) => unknown, wrongProgramFirst: boolean): Promise<Array<{ question_id: number; is_valid: boolean }>> {
  const token = await apiLogin({ email: student.email, password: PASSWORD });
  await ok(post(`/api/student/exams/${exam.id}/start`, token, {}), 'start');
  const results: Array<{ question_id: number; is_valid: boolean }> = [];
  for (const q of questions) {
    if (wrongProgramFirst && q.type === 'ALGORITHM') {
      const first = await ok(post(`/api/student/exams/${exam.id}/solutions`, token, { answers: [{ question_id: q.id, answer: wrongAnswer(q) }] }), 'wrong program');
      expect((first.data as Array<{ is_valid: boolean }>)[0].is_valid).toBe(false);
    }
    const res = await ok(post(`/api/student/exams/${exam.id}/solutions`, token, { answers: [{ question_id: q.id, answer: answer(q) }] }), `answer ${q.type}`);
    results.push(...(res.data as Array<{ question_id: number; is_valid: boolean }>));
  }
  await ok(post(`/api/student/exams/${exam.id}/finish`, token, {}), 'finish');
  return results;
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** The page is wider than the screen (the body too: the root element may clip what the body overflows with). */
async function pageOverflows(page: Page): Promise<boolean> {
  return (await overflowsHorizontally(page)) || page.evaluate(() => document.body.scrollWidth > window.innerWidth + 1);
}

/** The table's scrolling box scrolls sideways while the page itself does not. */
async function scrollsInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (/(auto|scroll)/.test(style.overflowX) && box.scrollWidth > box.clientWidth) return true;
    }
    return false;
  }, selector);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await apiLogin(accounts.admin);
  teacher = await apiLogin(accounts.teacher);
  const list = await ok(apiCall<Envelope<Array<typeof exam & { title: string }>>>(`/api/admin/exams?search=${encodeURIComponent('Examen de démonstration')}`, teacher), 'exams');
  const found = list.data.find((e) => e.title === DEMO_EXAM);
  if (!found) throw new Error('The demo exam is missing');
  exam = found;
  const full = await ok(apiCall<Envelope<{ questions: Array<{ question_id: number }> }>>(`/api/admin/exams/${exam.id}/show`, teacher), 'exam show');
  questions = await Promise.all(full.data.questions.map((q) => ok(apiCall<Envelope<StaffQuestion>>(`/api/admin/questions/${q.question_id}/show`, teacher), 'question').then((r) => r.data)));
  for (const s of [good, weak]) {
    await ok(
      post('/api/admin/users/create', admin, { ...s, password: PASSWORD, role: 'STUDENT', academic_year_id: exam.academic_year_id, specialization_ids: [exam.specializations[0].id] }),
      `create ${s.last_name}`,
    );
  }
  const goodResults = await takeExam(good, rightAnswer, true);
  expect(goodResults.every((r) => r.is_valid)).toBe(true);
  // The weak student gets the first question right only, so that the two scores and each question's results differ.
  await takeExam(weak, (q) => (q === questions[0] ? rightAnswer(q) : wrongAnswer(q)), false);
  const show = await ok(apiCall<Envelope<{ rows: ShowRow[] }>>(`/api/admin/exam-results/${exam.id}/show`, teacher), 'results show');
  goodRow = show.data.rows.find((r) => r.last_name === good.last_name)!;
  weakRow = show.data.rows.find((r) => r.last_name === weak.last_name)!;
  expect(goodRow.status).toBe('FINISHED');
  expect(goodRow.validated_count).toBe(questions.length);
  expect(weakRow.score).toBeLessThan(goodRow.score);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

const fr = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 2 });

describe('exam results (staff)', () => {
  it('lists the exam, opens its results, a student’s submissions, a dry-run regrade and extra time', async () => {
    const { context, page, errors } = await newPage(browser);
    const seen = watchConsole(page);
    await signInWithToken(context, accounts.teacher);
    // Searched for: other tests' exams may have pushed it off the first page.
    await page.goto(url(`/dashboard/exam-results?search=${encodeURIComponent(DEMO_EXAM)}`));
    await screenReady(page);
    await page.getByRole('heading', { level: 1, name: 'Moyennes' }).waitFor();
    const examLink = page.getByRole('link', { name: `Voir les résultats de « ${DEMO_EXAM} »` });
    await examLink.waitFor();
    const examRow = page.getByRole('row').filter({ has: examLink });
    // Started by the two students of this test at least; both finished.
    const cells = await examRow.getByRole('cell').allInnerTexts();
    expect(cells.some((c) => /^\d+$/.test(c.trim()) && Number(c.trim()) >= 2)).toBe(true);
    await expectAccessible(page, 'exam-results (list)');
    await shot(page, 'list-1280');

    await examLink.click();
    await page.getByRole('heading', { level: 1, name: DEMO_EXAM }).waitFor();
    await screenReady(page);
    await page.getByRole('heading', { name: 'Répartition des notes' }).waitFor();
    await page.getByRole('heading', { name: 'Facilité' }).waitFor();
    await page.getByRole('heading', { name: 'Discrimination' }).waitFor();
    // Charts drawn (recharts' SVG), and their text alternative.
    await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('question-statistics').waitFor();
    expect(await page.getByText(/participants ; moyenne/).count()).toBe(1);

    // The good student's row: score on 20, every question validated (icon with its words).
    await page.getByRole('textbox', { name: 'Rechercher un étudiant' }).fill(good.last_name);
    const row = page.getByRole('row').filter({ hasText: good.last_name });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: weak.last_name }).count()).toBe(0);
    expect(await row.innerText()).toContain(fr(goodRow.score_20));
    expect(await row.getByText(/^Question 1 : Validé/).count()).toBe(1);
    await expectAccessible(page, 'exam-results-show');
    await page.getByRole('textbox', { name: 'Rechercher un étudiant' }).fill('');
    await shot(page, 'show-1280');

    // Sorting by score, descending: the good student comes before the weak one.
    const scoreHeader = page.getByRole('button', { name: /^Note \/20/ });
    await scoreHeader.click();
    await scoreHeader.click();
    await expect
      .poll(async () => {
        const names = await page.getByRole('row').allInnerTexts();
        return names.findIndex((n) => n.includes(good.last_name)) < names.findIndex((n) => n.includes(weak.last_name));
      })
      .toBe(true);

    // The good student's submissions: the wrong program, then the right one, read-only; addresses and browsers.
    await page.getByRole('button', { name: `Voir les soumissions de ${good.last_name} ${good.first_name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Soumissions de ${good.last_name} ${good.first_name}` });
    await drawer.waitFor();
    await drawer.getByRole('heading', { name: 'Adresses et navigateurs' }).waitFor();
    const algorithm = questions.findIndex((q) => q.type === 'ALGORITHM');
    await drawer.getByRole('button', { name: new RegExp(`Q${algorithm + 1} ·`) }).click();
    await drawer.getByRole('heading', { name: 'Soumission 1 sur 2' }).waitFor();
    await drawer.getByRole('heading', { name: 'Soumission 2 sur 2' }).waitFor();
    expect(await drawer.locator('.cm-content').first().innerText()).toContain('print("rien")');
    expect(await drawer.getByText('Non validée').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'exam-results-show (submissions drawer)');
    await shot(page, 'drawer-1280');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Regrade, dry run: nothing written, the result shown.
    await page.getByRole('button', { name: 'Recorriger' }).click();
    const regrade = page.getByRole('dialog', { name: 'Recorriger l’examen' });
    await regrade.getByRole('button', { name: 'Lancer la simulation' }).click();
    await regrade.getByText('Simulation : rien n’a été enregistré.').waitFor({ timeout: 60_000 });
    expect(await regrade.getByText(/soumissions? vérifiées?/).count()).toBe(1);
    await regrade.getByRole('button', { name: 'Appliquer' }).waitFor();
    await expectAccessible(page, 'exam-results-show (regrade dialog)');
    await shot(page, 'regrade-1280');
    await regrade.getByRole('button', { name: 'Fermer', exact: true }).click();
    await regrade.waitFor({ state: 'detached' });

    // Extra time for the weak student: confirmed, then shown on the row.
    await page.getByRole('button', { name: `Temps supplémentaire pour ${weak.last_name} ${weak.first_name}` }).click();
    const extra = page.getByRole('dialog', { name: `Temps supplémentaire pour ${weak.last_name} ${weak.first_name}` });
    // A student who has none: nothing to remove, nothing to confirm yet.
    await extra.getByText('Cet étudiant n’a pas de temps supplémentaire : saisissez les minutes à accorder.').waitFor();
    expect(await extra.getByText(/Retirer/).count()).toBe(0);
    expect(await extra.getByRole('button', { name: 'Confirmer' }).isDisabled()).toBe(true);
    await extra.getByLabel('Minutes supplémentaires sur cet examen').fill('15');
    await extra.getByText(`Accorder 15 minutes supplémentaires à ${weak.last_name} ${weak.first_name}`).waitFor();
    await expectAccessible(page, 'exam-results-show (extra time dialog)');
    await extra.getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Temps supplémentaire').waitFor();
    await page.getByRole('row').filter({ hasText: weak.last_name }).getByText('+15 min').waitFor();

    expect(errors).toEqual([]);
    expect(seen.csp).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the averages of the year and parcours and downloads them as xlsx with numbers in the right cells', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    const spec = exam.specializations[0];
    await page.goto(url(`/dashboard/exam-results?vue=moyennes&moyennes_annee=${exam.academic_year_id}&moyennes_parcours=${spec.id}`));
    await screenReady(page);
    await page.getByRole('tab', { name: 'Moyennes par parcours', selected: true }).waitFor();
    const table = page.getByTestId('averages-table');
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: good.last_name });
    expect(await row.innerText()).toContain(fr(goodRow.score_20));
    await page.getByText(/Moyenne du parcours :/).waitFor();
    await expectAccessible(page, 'exam-results (averages)');
    await shot(page, 'averages-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Télécharger les moyennes/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(download.suggestedFilename()).toContain(spec.name);
    const file = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.getWorksheet('Moyennes');
    expect(sheet).toBeTruthy();
    const headers = Array.from(sheet!.getRow(1).values as unknown[], (v) => String(v ?? ''));
    const examCol = headers.findIndex((h) => h.startsWith(DEMO_EXAM));
    expect(examCol).toBeGreaterThan(0);
    let found = false;
    sheet!.eachRow((r) => {
      if (r.getCell(1).value !== good.last_name) return;
      found = true;
      const value = r.getCell(examCol).value;
      expect(typeof value).toBe('number');
      expect(value).toBeCloseTo(goodRow.score_20, 2);
    });
    expect(found).toBe(true);
    // The exam's own sheet: the weak student's total in points is a number too.
    const examSheet = wb.worksheets.find((w) => w.name.startsWith('Examen de démonstration'));
    expect(examSheet).toBeTruthy();
    const examHeaders = Array.from(examSheet!.getRow(1).values as unknown[], (v) => String(v ?? ''));
    const totalCol = examHeaders.findIndex((h) => h.startsWith('Total'));
    let weakTotal: unknown;
    examSheet!.eachRow((r) => {
      if (r.getCell(1).value === weak.last_name) weakTotal = r.getCell(totalCol).value;
    });
    expect(weakTotal).toBeCloseTo(weakRow.score, 2);

    await toast(page, 'Téléchargement').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows every row’s actions on screen at 1280 px, without scrolling sideways', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${exam.id}/show`));
    await screenReady(page);
    const table = page.getByRole('table', { name: /^Résultats des étudiants/ });
    await table.getByRole('row').filter({ hasText: good.last_name }).waitFor();
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    // The demo student who never started, and the two of this file who finished (start and end dates shown).
    expect(count).toBeGreaterThanOrEqual(3);
    await shot(page, 'show-actions-1280');
    for (let i = 0; i < count; i++) {
      const buttons = rows.nth(i).getByRole('button', { name: /^(Voir les soumissions de|Temps supplémentaire pour) / });
      expect(await buttons.count(), `row ${i + 1}`).toBe(2);
      for (const button of await buttons.all()) {
        // Vertical scrolling only (the page's), as a user reads down the table; never sideways.
        const seen = await button.evaluate((el) => {
          const top = el.getBoundingClientRect().top + window.scrollY;
          window.scrollTo(0, top - window.innerHeight / 2);
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          let sideways = 0;
          for (let box = el.parentElement; box; box = box.parentElement) sideways += box.scrollLeft;
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: window.innerWidth, height: window.innerHeight, onTop: !!hit && el.contains(hit), sideways };
        });
        const name = await button.getAttribute('aria-label');
        expect(seen.sideways, name!).toBe(0);
        expect(seen.left, name!).toBeGreaterThanOrEqual(0);
        expect(seen.right, name!).toBeLessThanOrEqual(seen.width);
        expect(seen.top, name!).toBeGreaterThanOrEqual(0);
        expect(seen.bottom, name!).toBeLessThanOrEqual(seen.height);
        // Not covered by another cell of the table.
        expect(seen.onTop, name!).toBe(true);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('the live page gives time to everyone; an attempt the deadline ended shows that end and never « Débloquer »', async () => {
    const student = await apiLogin(accounts.student);
    const created = await ok(
      post('/api/admin/exams/create', teacher, {
        title: `Fin à l’échéance ${Date.now().toString(36)}`,
        description: 'Une question, une fermeture dans quelques secondes.',
        academic_year_id: exam.academic_year_id,
        specialization_ids: exam.specializations.map((s) => s.id),
        start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 8_000).toISOString(),
        duration_minutes: 60,
        questions: [{ question_id: questions[0]!.id, points: 2 }],
      }),
      'create',
    );
    const id = (created.data as { id: number }).id;
    const rules = await apiCall(`/api/admin/exams/${id}/access-rules`, teacher, { method: 'PUT', body: JSON.stringify({ single_session: 1 }) });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    await ok(apiCall(`/api/admin/exams/${id}/update-status/PUBLISHED`, teacher, { method: 'PUT' }), 'publish');
    await ok(post(`/api/student/exams/${id}/start`, student, {}), 'start');

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    // While the attempt runs: « Débloquer » for it (one session), and « Temps ajouté pour tous » at hand.
    await page.goto(url(`/dashboard/exam-results/${id}/live`));
    await page.getByRole('button', { name: 'Débloquer la composition de Dupont Claire (une seule session)' }).waitFor();
    await page.getByRole('button', { name: 'Temps ajouté pour tous' }).click();
    const dialog = page.getByRole('dialog', { name: 'Temps ajouté pour tous' });
    await dialog.getByText('Actuellement : aucun temps ajouté pour tous.').waitFor();
    await dialog.getByLabel('Temps ajouté pour tous (%)').fill('10');
    await dialog.getByText('Ajouter 10 % de la durée à chaque étudiant', { exact: false }).waitFor();
    await expectAccessible(page, 'live page, time for everyone');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Temps supplémentaire').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const saved = await ok(apiCall<Envelope<{ time_bonus_percent: number; single_session: number }>>(`/api/admin/exams/${id}/access-rules`, teacher), 'rules');
    expect(saved.data).toMatchObject({ time_bonus_percent: 10, single_session: 1 });

    // The exam closes (the deadline is its closing time) and the grace passes: the attempt is over, never finished by the student.
    await expect
      .poll(
        async () => {
          const show = await ok(apiCall<Envelope<{ rows: Array<ShowRow & { email: string; finished_at: string | null }> }>>(`/api/admin/exam-results/${id}/show`, teacher), 'show');
          return show.data.rows.find((r) => r.email === accounts.student.email)?.status;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe('FINISHED');
    await page.goto(url(`/dashboard/exam-results/${id}/live`));
    await page.getByTestId('live-row').filter({ hasText: 'Dupont Claire' }).getByText('Terminé').waitFor();
    expect(await page.getByRole('button', { name: /^Débloquer/ }).count()).toBe(0);

    await page.goto(url(`/dashboard/exam-results/${id}/show`));
    await screenReady(page);
    const row = page.getByRole('row').filter({ hasText: 'Dupont Claire' });
    await row.getByText('à l’échéance').waitFor();
    await page.getByRole('button', { name: 'Voir les soumissions de Dupont Claire' }).click();
    const drawer = page.getByRole('dialog', { name: 'Soumissions de Dupont Claire' });
    await drawer.getByText(/\(à l’échéance\)$/).waitFor();
    await drawer.getByRole('heading', { name: 'Journal de la composition' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Débloquer la composition' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('works at 375 px: the tables scroll inside their container, the page does not overflow', async () => {
    const { context, page, errors } = await newPage(browser, { width: 375, height: 740 });
    await signInWithToken(context, accounts.teacher);
    const spec = exam.specializations[0];

    // Searched for: other tests' exams may have pushed it off the first page.
    await page.goto(url(`/dashboard/exam-results?search=${encodeURIComponent(DEMO_EXAM)}`));
    await screenReady(page);
    await page.getByRole('link', { name: `Voir les résultats de « ${DEMO_EXAM} »` }).waitFor();
    expect(await pageOverflows(page)).toBe(false);
    await expectAccessible(page, 'exam-results (list, 375 px)');
    await shot(page, 'list-375');

    await page.goto(url(`/dashboard/exam-results?vue=moyennes&moyennes_annee=${exam.academic_year_id}&moyennes_parcours=${spec.id}`));
    await screenReady(page);
    await page.getByTestId('averages-table').waitFor();
    expect(await pageOverflows(page)).toBe(false);
    expect(await scrollsInside(page, '[data-testid="averages-table"]')).toBe(true);
    await expectAccessible(page, 'exam-results (averages, 375 px)');
    await shot(page, 'averages-375');

    await page.goto(url(`/dashboard/exam-results/${exam.id}/show`));
    await screenReady(page);
    await page.getByRole('row').filter({ hasText: good.last_name }).waitFor();
    await page.getByRole('heading', { name: 'Répartition des notes' }).waitFor();
    expect(await pageOverflows(page)).toBe(false);
    expect(await scrollsInside(page, 'table[aria-label^="Résultats des étudiants"]')).toBe(true);
    // The area the table scrolls in is reached by Tab (a keyboard can scroll it) and named.
    expect(await page.getByRole('region', { name: 'Résultats des étudiants, une colonne par question' }).getAttribute('tabindex')).toBe('0');
    await expectAccessible(page, 'exam-results-show (375 px)');
    await shot(page, 'show-375');

    await page.getByRole('button', { name: `Voir les soumissions de ${good.last_name} ${good.first_name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Soumissions de ${good.last_name} ${good.first_name}` });
    await drawer.getByRole('heading', { name: 'Adresses et navigateurs' }).waitFor();
    expect(await pageOverflows(page)).toBe(false);
    await expectAccessible(page, 'exam-results-show (submissions drawer, 375 px)');
    await shot(page, 'drawer-375');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
