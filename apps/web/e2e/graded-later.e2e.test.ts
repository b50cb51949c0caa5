// A program answered while the runner is saturated by others, in Chromium (docs/examens.md « Corrigée dès que
// possible »): the student's answer is kept at once, « en cours de correction » on the exam page (never « Non
// validé », never an error), then its verdict shows on the same page by itself once the runner has a free slot.
//
// The runner is saturated for real, as grade-later.test.ts does it, with no test-only switch: other students of
// another exam send, just before ours, programs that wait without computing (each stopped at its wall limit, 26 s),
// three per slot: one runs while two wait in turn (an exam's runs are served oldest first, each student holding one
// slot at most; the last ones wait 52 s, less than the 60 s an exam answer may wait for a slot), so that our answer
// would wait some 78 s: it is kept at 60 s, and the server's own loop grades it once the others are done.
// Accessibility (axe) on the page in both states.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, expectAccessible, launchBrowser, newPage, publishExamOf, screenReady, signInWithToken, url } from './helpers';
import { replaceCode } from './keyboard';

const stamp = Date.now().toString(36);
const TITLE = `Programme corrigé plus tard ${stamp}`;
const PASSWORD = 'Plustard123!';
const RIGHT = 'n = int(input())\nprint(n * 2)\n';
// Waits without computing: the sandbox stops it at its wall limit (2 s per CPU second: 26 s), holding its slot meanwhile.
const SLEEPER = 'import time\ntime.sleep(120)\n';
/** The runner's slots on this machine, as the server counts them (features/runner/factory.ts). */
const SLOTS = Math.max(1, Math.min(Number(process.env.RUNNER_SLOTS) || os.availableParallelism(), os.availableParallelism()));
/** Programs of others per slot, one after the other: 3 × 26 s of waiting for ours, past the 60 s an exam answer waits. */
const TIERS = 3;

let browser: Browser;
let teacher: string;
let examId: number;
let questionId: number;
let blockerExam: number;
let sleeperId: number;
/** The demo student, who takes the exam in the browser. */
let studentId: number;
/** Tokens of the other students, each one started in the blockers' exam. */
let others: string[] = [];

async function createQuestion(body: Record<string, unknown>): Promise<number> {
  const r = await apiCall<{ data: { id: number } }>('/api/admin/questions/create', teacher, { method: 'POST', body: JSON.stringify(body) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

const setCode = (page: Page, code: string) => replaceCode(page, page.locator('.cm-content').first(), code);

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await apiLogin(accounts.admin);
  teacher = await apiLogin(accounts.teacher);
  const found = await apiCall<{ data: Array<{ id: number; email: string }> }>(`/api/admin/users/students?search=${encodeURIComponent(accounts.student.email)}`, admin);
  studentId = found.body.data.find((u) => u.email === accounts.student.email)!.id;
  questionId = await createQuestion({
    type: 'ALGORITHM',
    statement: `<p>Lisez un entier et affichez son double (${stamp}).</p>`,
    language: 'PYTHON',
    points: 2,
    reference_solution: RIGHT,
    limits: { cpu_seconds: 2, memory_mb: 256 },
    possible_solutions: [
      { stdin: '3', expected_output: '6', is_hidden: 0 },
      { stdin: '21', expected_output: '42', is_hidden: 1 },
    ],
  });
  sleeperId = await createQuestion({
    type: 'ALGORITHM',
    statement: `<p>Recopiez l’entrée (${stamp}).</p>`,
    language: 'PYTHON',
    points: 1,
    reference_solution: 'print(input())\n',
    limits: { cpu_seconds: 13, memory_mb: 256 },
    possible_solutions: [{ stdin: '1', expected_output: '1', is_hidden: 0 }],
  });
  examId = await publishExamOf(teacher, TITLE, [{ question_id: questionId, points: 2 }]);
  blockerExam = await publishExamOf(teacher, `Autres étudiants ${stamp}`, [{ question_id: sleeperId, points: 1 }]);
  // Students of the demo year: three per slot (one running, two waiting before our answer).
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; specialization_ids: number[]; title: string }> }>('/api/admin/exams?per_page=100', teacher);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  if (!demo) throw new Error('demo exam missing');
  others = [];
  for (let i = 0; i < TIERS * SLOTS; i++) {
    const email = `autre${i}.${stamp}@univ.example`;
    const made = await apiCall('/api/admin/users/create', admin, {
      method: 'POST',
      body: JSON.stringify({ last_name: `Autre${i}${stamp}`, first_name: 'Camille', email, student_number: `PL${i}${stamp}`, password: PASSWORD, role: 'STUDENT', academic_year_id: demo.academic_year_id, specialization_ids: demo.specialization_ids }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const token = await apiLogin({ email, password: PASSWORD });
    const started = await apiCall(`/api/student/exams/${blockerExam}/start`, token, { method: 'POST' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    others.push(token);
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

describe('an exam answer graded later', () => {
  it('shows « en cours de correction » on the exam page while the runner is saturated, then the verdict by itself', async () => {
    const { context, page, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await signInWithToken(context, accounts.student);
    await page.goto(url('/student/exams'));
    await screenReady(page);
    await page.getByTestId('student-exam-card').filter({ hasText: TITLE }).getByRole('link', { name: `Commencer : « ${TITLE} »` }).click();
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();

    // The other students' programs, sent first: one per slot runs, two per slot wait, all before ours.
    const blockers = others.map((token) =>
      apiCall<{ data: Array<{ is_valid: boolean }> }>(`/api/student/exams/${blockerExam}/solutions`, token, {
        method: 'POST',
        body: JSON.stringify({ answers: [{ question_id: sleeperId, answer: SLEEPER, submission_id: crypto.randomUUID() }] }),
      }),
    );
    // Our student types and sends theirs (its draft saved on the server first).
    await setCode(page, RIGHT);
    await page.getByTestId('draft-status').filter({ hasText: 'Brouillon enregistré' }).waitFor();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/student/exams/${examId}/solutions`) && r.request().method() === 'POST', { timeout: 150_000 });
    await page.getByRole('button', { name: 'Soumettre' }).click();
    const response = await sent;
    expect(response.status()).toBe(200);
    expect((await response.json()).message).toBe('Réponse enregistrée : sa correction est en cours, le résultat s’affichera dès qu’il sera prêt.');

    // Kept, « en cours de correction »: no verdict, no error, nothing of the hidden case.
    const verdict = page.getByTestId('answer-verdict');
    await verdict.filter({ hasText: 'Dernière réponse : En attente de correction' }).waitFor();
    expect(await verdict.textContent()).toContain('Réponse enregistrée, en cours de correction');
    expect(await verdict.textContent()).not.toContain('Non validé');
    await page.getByTestId('exam-navigator').getByRole('button', { name: /^Question 1 : En attente de correction/ }).waitFor();
    expect(await page.getByTestId('question-panel').textContent()).not.toContain('42');
    await expectAccessible(page, 'exam page, answer en cours de correction');
    // Staff see it waiting in the student's copy (their shape, never the student's).
    type Copy = { data: { questions: Array<{ submissions: Array<{ grading_later: unknown; graded_later_at: string | null }> }> } };
    const copyOf = async () => (await apiCall<Copy>(`/api/admin/exam-results/${examId}/students/${studentId}`, teacher)).body.data.questions[0].submissions[0];
    expect((await copyOf()).grading_later).toMatchObject({ failures: expect.any(Number) });

    // The others' programs end at their wall limit (none was refused); ours is then graded by the server's loop and
    // its verdict comes to the page without any action of the student.
    for (const b of await Promise.all(blockers)) expect(b.status, JSON.stringify(b.body)).toBe(200);
    await verdict.filter({ hasText: 'Dernière réponse : Validé' }).waitFor({ timeout: 120_000 });
    await page.getByTestId('exam-navigator').getByRole('button', { name: /^Question 1 : Validé/ }).waitFor();
    expect(await verdict.textContent()).not.toContain('en cours de correction');
    await expectAccessible(page, 'exam page, verdict graded later');
    expect(await copyOf()).toMatchObject({ grading_later: null, graded_later_at: expect.any(String) });

    // The attempt's journal says both: kept, then graded later.
    const journal = await apiCall<{ data: { events: Array<{ type: string; data: Record<string, unknown> }> } }>(`/api/admin/exams/${examId}/attempts/${studentId}/journal`, teacher);
    expect(journal.status, JSON.stringify(journal.body)).toBe(200);
    const later = journal.body.data.events.filter((e) => e.type === 'ANSWER_KEPT' || e.type === 'GRADED_LATER');
    expect(later.map((e) => e.type)).toEqual(['ANSWER_KEPT', 'GRADED_LATER']);
    expect(later[1].data).toMatchObject({ question_id: questionId, is_valid: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
