// The journal and the staff copy of a parameterised question, in Chromium: the demo student loses the server while
// their browser still says it is online (a cut beyond their own connection fires no browser event), and the
// journal has that offline period as the page saw it; then the teacher opens the student's copy and sees the values
// drawn for the student's variant, the statement the student read, and the journal naming questions by number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, screenReady, signInWithToken, url } from './helpers';

const TITLE = `Additions tirées ${Date.now().toString(36)}`;
const GENERATOR = ['import random', 'def generate(seed):', '    r = random.Random(seed)', '    a, b = r.randint(10, 99), r.randint(10, 99)', "    return {'a': a, 'b': b, 's': a + b}", ''].join('\n');

let browser: Browser;
let teacher: string;
let student: string;
let examId = 0;
let questionId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  [teacher, student] = await Promise.all([apiLogin(accounts.teacher), apiLogin(accounts.student)]);
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; specialization_ids: number[]; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  if (!demo) throw new Error('demo exam missing');
  const q = await apiCall<{ data: { id: number } }>('/api/admin/questions/create', teacher, {
    method: 'POST',
    body: JSON.stringify({ type: 'EXACT', statement: '<p>Combien font {{a}} + {{b}} ?</p>', points: 1, generator: GENERATOR, possible_solutions: [{ content: '{{s}}' }] }),
  });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  questionId = q.body.data.id;
  const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
    method: 'POST',
    body: JSON.stringify({
      title: TITLE,
      academic_year_id: demo.academic_year_id,
      specialization_ids: demo.specialization_ids,
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 60,
      questions: [{ question_id: questionId, points: 2 }],
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  examId = created.body.data.id;
  const published = await apiCall(`/api/admin/exams/${examId}/update-status/PUBLISHED`, teacher, { method: 'PUT' });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

describe('journal and staff copy', () => {
  it('journals an offline period the browser never announced, as the page saw it', async () => {
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signInWithToken(context, accounts.student);
    await page.goto(url(`/student/exams/${examId}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: /^Question 1 sur 1/ }).waitFor();
    // The server becomes unreachable; the browser still says it is online.
    await page.route('**/api/**', (r) => r.abort('internetdisconnected'));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.getByLabel('Votre réponse').fill('100');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('offline-banner').waitFor();
    await page.unroute('**/api/**');
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    const types = async () => {
      const r = await apiCall<{ data: { events: Array<{ type: string }> } }>(`/api/admin/exams/${examId}/attempts/${await studentId()}/journal`, teacher);
      return r.body.data.events.map((e) => e.type).filter((t) => t === 'OFFLINE' || t === 'ONLINE');
    };
    await expect.poll(types, { timeout: 30_000 }).toEqual(['OFFLINE', 'ONLINE']);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows staff the values drawn for the student and the statement as the student read it', async () => {
    const mine = await apiCall<{ data: { questions: Array<{ id: number; statement: string }> } }>(`/api/student/exams/${examId}/questions`, student);
    const statement = mine.body.data.questions[0]!.statement;
    const m = /Combien font (\d+) \+ (\d+) \?/.exec(statement);
    expect(m, statement).not.toBeNull();
    const answer = await apiCall(`/api/student/exams/${examId}/solutions`, student, { method: 'POST', body: JSON.stringify({ answers: [{ question_id: questionId, answer: String(Number(m![1]) + Number(m![2])) }] }) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/show`));
    await screenReady(page);
    const me = await apiCall<{ data: { last_name: string; first_name: string } }>('/api/admin/users/profile', student);
    const name = `${me.body.data.last_name} ${me.body.data.first_name}`;
    await page.getByRole('button', { name: `Voir les soumissions de ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Soumissions de ${name}` });
    await drawer.getByRole('button', { name: /^Q1 ·/ }).click();
    const values = drawer.getByTestId('drawn-values');
    await values.waitFor();
    expect(await values.textContent()).toMatch(/^Valeurs tirées \(variante \d+\) :/);
    for (const expected of [`a = ${m![1]}`, `b = ${m![2]}`, `s = ${Number(m![1]) + Number(m![2])}`]) await values.getByText(expected, { exact: true }).waitFor();
    expect(await drawer.getByTestId('drawn-statement').textContent()).toContain(`Combien font ${m![1]} + ${m![2]} ?`);
    // The journal names the question by its number in the copy, never by its id.
    const answered = drawer.getByRole('region', { name: 'Événements du journal' }).getByRole('row').filter({ hasText: 'Réponse soumise' });
    await answered.first().waitFor();
    expect(await answered.first().textContent()).toContain('question 1');
    expect(await answered.first().textContent()).not.toContain(`question ${questionId}`);
    await expectAccessible(page, 'exam-results-show (drawer with a drawn variant)');
    await context.close();
  }, 90_000);
});

async function studentId(): Promise<number> {
  const me = await apiCall<{ data: { id: number } }>('/api/admin/users/profile', student);
  return me.body.data.id;
}
