// Similar programs in practice end to end: the two demo students send, as their last try at a Python exercise of
// their course, the same program with its identifiers renamed (each sends another program first, which is not
// compared); the teacher opens « Programmes similaires » beside the exercise in the course's practice panel, runs the
// comparison with the keyboard, reads the pair and the cluster, opens the pair side by side with the keyboard. axe on
// each state; at 375 px the page does not overflow. SIMILARITY_SCREENSHOTS=/some/dir also saves screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, openAs, overflowsHorizontally, screenReady } from './helpers';

const FIRST = `print(int(input()) * 2)
`;
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
const RENAMED = ORIGINAL.replaceAll('somme_des', 'addition')
  .replaceAll('moyenne_de', 'calcul')
  .replaceAll('valeurs', 'liste')
  .replaceAll('total', 'acc')
  .replaceAll('taille', 'nb')
  .replaceAll('resultat', 'r')
  .replaceAll('arrondi', 'a');

interface Exercises {
  data: { courses: Array<{ id: number; exercises: Array<{ id: number; type: string; language: string | null }> }> };
}

const shots = process.env.SIMILARITY_SCREENSHOTS;
let browser: Browser;
let courseId = 0;
let exerciseId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const student = await apiLogin(accounts.student);
  const premium = await apiLogin(accounts.premium);
  const [mine, theirs] = await Promise.all([apiCall<Exercises>('/api/student/practices/exercises', student), apiCall<Exercises>('/api/student/practices/exercises', premium)]);
  const shared = new Set(theirs.body.data.courses.flatMap((c) => c.exercises.map((e) => e.id)));
  const course = mine.body.data.courses.find((c) => c.exercises.some((e) => e.type === 'ALGORITHM' && e.language === 'PYTHON' && shared.has(e.id)))!;
  courseId = course.id;
  exerciseId = course.exercises.find((e) => e.type === 'ALGORITHM' && e.language === 'PYTHON' && shared.has(e.id))!.id;
  for (const [token, programs] of [
    [student, [FIRST, ORIGINAL]],
    [premium, [FIRST, RENAMED]],
  ] as const) {
    for (const code of programs) {
      const res = await apiCall('/api/student/practices/evaluate-solution', token, { method: 'POST', body: JSON.stringify({ question_id: exerciseId, answer: code }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('similar programs in practice', () => {
  it('runs from the course’s practice panel, shows the pair and the cluster, and the two last tries side by side', async () => {
    const { page, errors } = await openAs(browser, accounts.teacher, `/dashboard/courses/${courseId}/edit`);
    const link = page.locator(`a[href="/dashboard/practice/exercises/${exerciseId}/similarity"]`);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Programmes similaires (entraînement)' }).waitFor();
    await screenReady(page);
    await expectAccessible(page, 'entraînement, avant comparaison');

    const run = page.getByRole('button', { name: /^Comparer (les programmes|à nouveau)$/ });
    await run.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^2 derniers essais comparés, 1 paire ;/).waitFor({ timeout: 120_000 });
    const pairs = page.getByTestId('similarity-pairs');
    await pairs.waitFor();
    expect(await pairs.getByRole('row').count()).toBe(2);
    await page.getByTestId('similarity-clusters').getByText(/^Groupe 1 : 2 étudiants, 1 paire/).waitFor();
    await screenReady(page);
    await expectAccessible(page, 'entraînement, paires');

    const compare = pairs.getByRole('button', { name: /^Comparer côte à côte les programmes de / });
    await compare.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]left=\d+&right=\d+/);
    const side = page.getByRole('heading', { name: / côte à côte$/ });
    await side.waitFor();
    const codes = await page.locator('pre, code').allTextContents();
    expect(codes.some((c) => c.includes('somme_des'))).toBe(true);
    expect(codes.some((c) => c.includes('addition'))).toBe(true);
    await screenReady(page);
    await expectAccessible(page, 'entraînement, côte à côte');
    if (shots) await page.screenshot({ path: `${shots}/practice-similarity-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflowsHorizontally(page), 'entraînement à 375 px').toBe(false);
    await expectAccessible(page, 'entraînement, côte à côte (375 px)');
    if (shots) await page.screenshot({ path: `${shots}/practice-similarity-375.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 240_000);
});
