// A written exam graded by people, the whole way, in Chromium (docs/correction-humaine.md): 30 students answer an
// essay question (graded with a rubric) and a file question (a photographed page); the teacher names two markers and
// the rule « tranchée au-delà d’un écart » of 1 point, settled by the teacher; marker A grades every copy of both
// questions with the keyboard alone (a digit per criterion, Entrée; a passage annotated with Maj + flèches), anonymous
// copies only; marker B grades blind with the mouse (levels clicked, a box drawn on a page with its comment); the one
// copy where they differ by more than a point is settled by the teacher, the mean is kept elsewhere; the teacher reads
// the agreement report, lifts anonymity and publishes; students read their marks, levels and annotated copies.
// Axe at 1280 and 375 px on every screen. WRITTEN_SCREENSHOTS=/some/dir saves a screenshot of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibleAtBothWidths, accounts, apiCall, apiLogin, launchBrowser, makeTeachers, newPage, PHONE, publishExamOf, setDoubleMarking, signInWithToken, toast, url, type Account } from './helpers';
import { annotatePassage, focusStop, inCriterion, pressUntil } from './keyboard';

const STUDENTS = 30;
const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.WRITTEN_SCREENSHOTS;
const STUDENT_PASSWORD = 'Etudiant123!';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAQ0lEQVR42u3PQQkAAAgEsOufzBB20Qp+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQErhZ9cqXSn+fcHwAAAABJRU5ErkJggg==',
  'base64',
);
const PASSAGE = 'la médiane';
/** The essay of student i: its number in the text lets a test find the copy, never the student's name. */
const essayOf = (i: number) => `Copie ${stamp}-${i} : la moyenne vaut 3 et la médiane aussi, la série est symétrique.`;
const fileOf = (i: number) => `page-${i}.png`;
/** Student 0: annotated by both markers; 1: a disagreement (0 against 6); 2: marks within a point (6 and 5). */
const ANNOTATED = 0;
const DISAGREE = 1;
const CLOSE = 2;

const rubric = {
  free_points: false,
  criteria: [
    { id: 'raisonnement', title: 'Raisonnement', description: null, levels: [{ id: 'r0', label: 'Absent', points: 0 }, { id: 'r2', label: 'Partiel', points: 2 }, { id: 'r4', label: 'Complet', points: 4 }] },
    { id: 'redaction', title: 'Rédaction', description: null, levels: [{ id: 'd0', label: 'Confuse', points: 0 }, { id: 'd1', label: 'Correcte', points: 1 }, { id: 'd2', label: 'Claire', points: 2 }] },
  ],
};

type Marker = Account & { id: number; token: string; name: string };
interface Student {
  id: number;
  account: Account;
  last_name: string;
}
let browser: Browser;
let admin = '';
let teacher = '';
let essayId = 0;
let fileId = 0;
let examId = 0;
const markers: Marker[] = [];
const students: Student[] = [];

const post = (path: string, token: string, body: unknown = {}) => apiCall<{ data: never; message: string }>(path, token, { method: 'POST', body: JSON.stringify(body) });
const atBothWidths = (page: Page, name: string, end?: { width: number; height: number }) => accessibleAtBothWidths(page, name, { shots, end });
const gradingPath = (questionId?: number) => `/dashboard/exam-results/${examId}/grading${questionId ? `?question=${questionId}` : ''}`;
const indexIn = (text: string) => Number(new RegExp(`${stamp}-(\\d+)`).exec(text)?.[1] ?? new RegExp('page-(\\d+)\\.png').exec(text)?.[1] ?? -1);

/** A student of the demo year, signed in, who answers both questions (a text, a photographed page) and finishes. */
async function studentSits(i: number, yearId: number, specializationId: number): Promise<Student> {
  const email = `candidat-${i}-${stamp.toLowerCase()}@univ.example`;
  const last_name = `Candidat${i}${stamp}`;
  const made = await post('/api/admin/users/create', admin, {
    last_name,
    first_name: 'Camille',
    email,
    password: STUDENT_PASSWORD,
    role: 'STUDENT',
    student_number: `${stamp}-${i}`,
    academic_year_id: yearId,
    specialization_ids: [specializationId],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const account = { email, password: STUDENT_PASSWORD };
  const token = await apiLogin(account);
  expect((await post(`/api/student/exams/${examId}/start`, token)).status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), fileOf(i));
  const uploaded = await fetch(url(`/api/student/exams/${examId}/questions/${fileId}/files`), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(uploaded.status).toBe(200);
  const file = ((await uploaded.json()) as { data: { id: number } }).data.id;
  const sent = await post(`/api/student/exams/${examId}/solutions`, token, {
    answers: [
      { question_id: essayId, answer: { text: essayOf(i) } },
      { question_id: fileId, answer: { files: [file] } },
    ],
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect((await post(`/api/student/exams/${examId}/finish`, token)).status).toBe(200);
  return { id: (made.body.data as { id: number }).id, account, last_name };
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(accounts.admin);
  teacher = await apiLogin(accounts.teacher);
  markers.push(...(await makeTeachers(admin, { first: 'Dominique', last: 'Marqueur' }, stamp)));
  const essay = await post('/api/admin/questions/create', teacher, {
    type: 'ESSAY',
    statement: `<p>${stamp} Commentez la série 2, 3, 4 : moyenne, médiane, symétrie.</p>`,
    points: 6,
    essay: { word_limit: 200, response_template: null, grader_info: 'Attendu : moyenne et médiane égales à 3.', rubric },
  });
  expect(essay.status, JSON.stringify(essay.body)).toBe(200);
  essayId = (essay.body.data as { id: number }).id;
  const file = await post('/api/admin/questions/create', teacher, {
    type: 'FILE',
    statement: `<p>${stamp} Photographiez votre figure.</p>`,
    points: 4,
    file_answer: { accepted: ['PDF', 'JPEG', 'PNG'], max_files: 2, max_size_mb: 5, grader_info: null },
  });
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  fileId = (file.body.data as { id: number }).id;
  examId = await publishExamOf(teacher, `${stamp} Épreuve rédigée`, [
    { question_id: essayId, points: 6 },
    { question_id: fileId, points: 4 },
  ]);
  const exams = await apiCall<{ data: Array<{ id: number; academic_year_id: number }> }>('/api/admin/exams?per_page=100', teacher);
  const yearId = exams.body.data.find((e) => e.id === examId)!.academic_year_id;
  const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
  // Five at a time: the room signing in, answering and finishing.
  for (let from = 0; from < STUDENTS; from += 5) {
    const batch = await Promise.all(Array.from({ length: Math.min(5, STUDENTS - from) }, (_, k) => studentSits(from + k, yearId, specs.body.data[0]!.id)));
    students.push(...batch);
  }
}, 300_000);

afterAll(async () => {
  if (examId) {
    await apiCall(`/api/admin/exams/${examId}/update-status/DRAFT`, teacher, { method: 'PUT' });
    await apiCall(`/api/admin/exams/${examId}/delete`, teacher, { method: 'DELETE' });
  }
  for (const id of [essayId, fileId]) if (id) await apiCall(`/api/admin/questions/${id}/delete`, teacher, { method: 'DELETE' });
  for (const m of markers) await apiCall(`/api/admin/users/${m.id}/delete`, admin, { method: 'DELETE' });
  for (const s of students) await apiCall(`/api/admin/users/${s.id}/delete`, admin, { method: 'DELETE' });
  await browser?.close();
});

const focused = (page: Page) => page.evaluate(() => ({ type: (document.activeElement as HTMLInputElement | null)?.type, testid: document.activeElement?.getAttribute('data-testid') }));
const copyNumber = (page: Page) => page.getByTestId('grading-copy').getAttribute('data-copy');
/** Waits until the copy shown is another than `before` (the queue moved on after a save). */
const movedFrom = (page: Page, before: string | null) =>
  // Polled on a timer, not on animation frames: marker A's test holds those.
  page.waitForFunction((b) => document.querySelector('[data-testid="grading-copy"]')?.getAttribute('data-copy') !== b, before, { polling: 50 });
/** The student index of the copy shown: its essay's text, or its file's name. */
const shownIndex = async (page: Page) => indexIn((await page.getByTestId('grading-copy').textContent()) ?? '');

describe('a written exam graded by two markers', () => {
  it('the teacher names the two markers and the rule before marking begins', async () => {
    expect(students).toHaveLength(STUDENTS);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(gradingPath()));
    await page.getByTestId('marking-panel').waitFor();
    await page.getByTestId('grading-counts').filter({ hasText: `0 copie corrigée sur ${STUDENTS}` }).waitFor();
    await atBothWidths(page, 'written exam: marking setup');
    await setDoubleMarking(page, markers[0]!.name, markers[1]!.name);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('marker A grades all 60 copies with the keyboard alone, anonymous, and annotates a passage', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, markers[0]!);
    // A busy machine's late frame: the page's animation frames can be held and let go at will, so that whatever the
    // last copy's keys left for the next frame runs once the next copy is shown (it must not move the grader there).
    await page.addInitScript(() => {
      const w = window as unknown as { __holdFrames: boolean; __releaseFrames: () => void };
      const held: FrameRequestCallback[] = [];
      const request = window.requestAnimationFrame.bind(window);
      w.__holdFrames = false;
      window.requestAnimationFrame = (cb) => (w.__holdFrames ? (held.push(cb), -1) : request(cb));
      w.__releaseFrames = () => {
        w.__holdFrames = false;
        for (const cb of held.splice(0)) cb(performance.now());
      };
      // Every move of the focus, with the copy shown and the code that moved it (a programmatic focus() is on the
      // stack): said when the focus is not where the grader expects it.
      // Losses of the focus too (to nothing: a blur, or the focused element taken out of the page).
      const moves: string[] = [];
      const describe = (node: EventTarget | Element | null) => {
        const el = node as HTMLInputElement | null;
        if (!el || !el.tagName) return 'rien';
        const criterion = el.closest?.('[data-criterion]');
        const inPage = el.isConnected ? '' : ' (retiré de la page)';
        return `${el.getAttribute?.('data-testid') ?? `${el.tagName.toLowerCase()}${el.type ? `[${el.type}]` : ''}${el.value && el.type === 'radio' ? ` niveau ${el.value}` : ''}`}${criterion ? ` critère ${[...document.querySelectorAll('[data-criterion]')].indexOf(criterion) + 1}` : ''}${inPage}`;
      };
      const log = (what: string) => {
        const copy = document.querySelector('[data-testid="grading-copy"]')?.getAttribute('data-copy');
        const stack = (new Error().stack ?? '').split('\n').slice(3, 8).map((l) => l.trim()).join(' | ');
        moves.push(`${Math.round(performance.now())} ms, copie ${copy} : ${what}${stack ? ` ← ${stack}` : ''}`);
        if (moves.length > 60) moves.shift();
      };
      (window as unknown as { __focusMoves: string[]; __focusNow: (label: string) => void }).__focusMoves = moves;
      (window as unknown as { __focusNow: (label: string) => void }).__focusNow = (label) => log(`${label} : ${describe(document.activeElement)}`);
      document.addEventListener('focusin', (e) => log(describe(e.target)), true);
      document.addEventListener('focusout', (e) => (e as FocusEvent).relatedTarget === null && log(`perte du focus par ${describe(e.target)}`), true);
    });
    const holdFrames = () => page.evaluate(() => ((window as unknown as { __holdFrames: boolean }).__holdFrames = true));
    const releaseFrames = () => page.evaluate(() => (window as unknown as { __releaseFrames: () => void }).__releaseFrames());
    // The essay question (the first): a digit per criterion, Entrée saves and opens the next copy.
    await page.goto(url(gradingPath(essayId)));
    await page.getByTestId('marking-role').filter({ hasText: 'vous ne voyez que vos propres notes' }).waitFor();
    const counts = page.getByTestId('grading-counts');
    await counts.filter({ hasText: `0 copie corrigée sur ${STUDENTS}` }).waitFor();
    await page.getByTestId('rubric-grading').waitFor();
    await atBothWidths(page, 'written exam: marker A, essay queue');
    // Anonymous: no student's name anywhere on the page.
    expect(await page.content()).not.toContain(stamp.slice(3) + '@');
    for (const s of students) expect(await page.content()).not.toContain(s.last_name);
    const seen = new Set<number>();
    for (let round = 0; round < STUDENTS; round += 1) {
      // The new copy's first criterion takes the focus, no level chosen yet (not the last copy's second criterion).
      await expect.poll(() => inCriterion(page, 0)).toBe(true);
      await expect.poll(() => page.locator('[data-testid="rubric-grading"] input[type=radio]:checked').count()).toBe(0);
      // On its first level (the criterion's one stop when no level is chosen), not on the level the last copy had.
      expect(await page.evaluate(() => document.activeElement === document.querySelector('[data-criterion] input[type=radio]'))).toBe(true);
      const i = await shownIndex(page);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(seen.has(i)).toBe(false);
      seen.add(i);
      if (i === ANNOTATED) {
        // Maj + Tab back to the answer (three stops here: « Annoter la sélection », the comment, the answer); the passage
        // selected with Maj + →, its comment typed, Entrée.
        await page.evaluate(() => (window as unknown as { __focusNow: (label: string) => void }).__focusNow('avant Maj + Tab'));
        const path = await pressUntil(page, 'Shift+Tab', async () => (await focusStop(page)) === 'annotation-source');
        if (path.length !== 3) {
          const moves = await page.evaluate(() => (window as unknown as { __focusMoves: string[] }).__focusMoves);
          console.log(`Maj + Tab × ${path.length} jusqu’à la réponse : ${path.join(' → ')}\nDerniers mouvements du focus :\n${moves.join('\n')}`);
        }
        await annotatePassage(page, page, essayOf(i), PASSAGE, 'Justifiez : la série est ordonnée.');
        await pressUntil(page, 'Tab', () => inCriterion(page, 0));
      }
      // Complet and Claire (6 of 6) for everyone but the disagreement (Absent and Confuse: 0).
      const [first, second] = i === DISAGREE ? ['1', '1'] : ['3', '3'];
      await page.keyboard.press(first);
      await expect.poll(() => inCriterion(page, 1)).toBe(true);
      await holdFrames();
      await page.keyboard.press(second);
      await page.getByTestId('rubric-total').filter({ hasText: i === DISAGREE ? 'Total de la grille : 0 sur 6' : 'Total de la grille : 6 sur 6' }).waitFor();
      const before = await copyNumber(page);
      await page.keyboard.press('Enter');
      if (round < STUDENTS - 1) await movedFrom(page, before);
      await releaseFrames();
    }
    await counts.filter({ hasText: `${STUDENTS} copies corrigées sur ${STUDENTS}` }).waitFor();
    await page.getByTestId('grading-done').waitFor();

    // The file question: the points typed, Entrée.
    await page.goto(url(gradingPath(fileId)));
    await counts.filter({ hasText: `0 copie corrigée sur ${STUDENTS}` }).waitFor();
    await page.getByTestId('grading-files').waitFor();
    await atBothWidths(page, 'written exam: marker A, file queue');
    for (let round = 0; round < STUDENTS; round += 1) {
      await expect.poll(async () => (await focused(page)).testid).toBe('grading-points');
      await expect.poll(() => page.getByTestId('grading-points').inputValue()).toBe('');
      await page.keyboard.type('3');
      const before = await copyNumber(page);
      await page.keyboard.press('Enter');
      if (round < STUDENTS - 1) await movedFrom(page, before);
    }
    await counts.filter({ hasText: `${STUDENTS} copies corrigées sur ${STUDENTS}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);

  it('marker B grades blind with the mouse: none of A’s marks, levels or annotations; a box drawn on a page', async () => {
    // What B's queue carries: no mark, level, comment or annotation of A's.
    for (const q of [essayId, fileId]) {
      const queue = await apiCall<{ data: { copies: Array<{ mark: unknown }> } }>(`/api/admin/exams/${examId}/grading/questions/${q}`, markers[1]!.token);
      expect(queue.status).toBe(200);
      expect(queue.body.data.copies).toHaveLength(STUDENTS);
      expect(queue.body.data.copies.every((c) => c.mark === null)).toBe(true);
      expect(JSON.stringify(queue.body.data.copies)).not.toMatch(/Justifiez|r4|d2/);
    }
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, markers[1]!);
    await page.goto(url(gradingPath(essayId)));
    const counts = page.getByTestId('grading-counts');
    await counts.filter({ hasText: `0 copie corrigée sur ${STUDENTS}` }).waitFor();
    expect(await page.getByTestId('grading-state').textContent()).toBe('Pas encore notée');
    expect(await page.getByTestId('annotation-list').count()).toBe(0);
    for (let round = 0; round < STUDENTS; round += 1) {
      await expect.poll(() => page.locator('[data-testid="rubric-grading"] input[type=radio]:checked').count()).toBe(0);
      const i = await shownIndex(page);
      // Complet and Claire everywhere (6), Complet and Correcte on the close copy (5, within a point of A's 6).
      await page.getByRole('radio', { name: /Complet/ }).check();
      await page.getByRole('radio', { name: i === CLOSE ? /Correcte/ : /Claire/ }).check();
      const before = await copyNumber(page);
      await page.getByRole('button', { name: 'Enregistrer et suivante' }).click();
      if (round < STUDENTS - 1) await movedFrom(page, before);
    }
    await counts.filter({ hasText: `${STUDENTS} copies corrigées sur ${STUDENTS}` }).waitFor();

    await page.goto(url(gradingPath(fileId)));
    await counts.filter({ hasText: `0 copie corrigée sur ${STUDENTS}` }).waitFor();
    for (let round = 0; round < STUDENTS; round += 1) {
      await page.getByTestId('grading-files').waitFor();
      const i = await shownIndex(page);
      if (i === ANNOTATED) {
        // A box drawn with the mouse on the page: the form takes its place, the comment field the focus.
        const image = page.getByRole('img', { name: `Image remise : ${fileOf(i)}` });
        // In the middle of the screen, away from the sticky header.
        await image.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        const box = (await image.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.25);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.75, { steps: 5 });
        await page.mouse.up();
        await expect.poll(async () => (await focused(page)).testid).toBe('file-annotation-comment');
        expect(Number(await page.getByTestId('file-annotation-x').inputValue())).toBeCloseTo(20, -1);
        expect(Number(await page.getByTestId('file-annotation-y').inputValue())).toBeCloseTo(25, -1);
        expect(Number(await page.getByRole('textbox', { name: 'Largeur du cadre (%)' }).inputValue())).toBeCloseTo(40, -1);
        await page.getByTestId('pending-place').waitFor();
        await page.keyboard.type('Le rayon est mal reporté.');
        await page.getByTestId('file-annotation-add').click();
        await page.getByTestId('grading-file-annotations').getByText('Le rayon est mal reporté.').waitFor();
        await atBothWidths(page, 'written exam: marker B, file annotated');
      }
      await expect.poll(() => page.getByTestId('grading-points').inputValue()).toBe('');
      await page.getByTestId('grading-points').fill('3');
      const before = await copyNumber(page);
      await page.getByRole('button', { name: 'Enregistrer et suivante' }).click();
      if (round < STUDENTS - 1) await movedFrom(page, before);
    }
    await counts.filter({ hasText: `${STUDENTS} copies corrigées sur ${STUDENTS}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);

  it('the teacher settles the one disagreement, reads the agreement report, lifts anonymity and publishes', async () => {
    // Nothing reaches a student before publication.
    const before = await apiCall<{ data: { score: number | null; score_status: string } }>(`/api/student/exams/${examId}/show`, await apiLogin(students[ANNOTATED]!.account));
    expect(before.body.data).toMatchObject({ score: null, score_status: 'PENDING' });
    expect(JSON.stringify(before.body)).not.toMatch(/Justifiez|rayon est mal/);

    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(gradingPath(essayId)));
    const row = page.getByTestId('disagreement');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(markers[0]!.name);
    expect(await page.getByTestId('marking-pending').textContent()).toBe('1 copie en attente de note finale.');
    await page.getByTestId('report-marker').first().waitFor();
    // Per marker and question (2 × 2), and per criterion of the rubric: both markers' means over the 30 pairs.
    expect(await page.getByTestId('report-marker').count()).toBe(4);
    const criteria = page.getByTestId('report-criterion');
    expect(await criteria.count()).toBe(2);
    expect(await criteria.first().textContent()).toMatch(/Raisonnement.*30/);
    expect(await criteria.first().textContent()).toContain(markers[0]!.name);
    await atBothWidths(page, 'written exam: disagreement and agreement report');
    await row.getByTestId('settle-points').fill('3');
    await row.getByTestId('settle-points').press('Enter');
    await toast(page, 'Désaccord tranché').waitFor();
    await page.getByText('Aucun désaccord à trancher.').waitFor();
    await page.getByTestId('marking-pending').filter({ hasText: 'Toutes les copies ont leur note finale.' }).waitFor();

    // Names shown only now, beside the copy numbers.
    expect(await page.content()).not.toContain(students[ANNOTATED]!.last_name);
    await page.getByTestId('lift-anonymity').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Lever l’anonymat' }).click();
    await toast(page, 'Anonymat').waitFor();
    await page.getByRole('heading', { name: new RegExp(`^Copie n° \\d+ \\(\\d+ sur 30\\) — Candidat\\d+${stamp} Camille$`) }).waitFor();

    await page.getByTestId('publish-marks').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publier les notes' }).click();
    await toast(page, 'Publication').waitFor();
    await page.getByTestId('marking-published').filter({ hasText: 'Notes publiées le' }).waitFor();
    await atBothWidths(page, 'written exam: published');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the students read their marks, the levels and their annotated copies', async () => {
    const scoreOf = async (i: number) => (await apiCall<{ data: { score: number } }>(`/api/student/exams/${examId}/show`, await apiLogin(students[i]!.account))).body.data.score;
    // 6 + 3; settled 3 + 3; mean of 6 and 5 + 3.
    expect(await scoreOf(DISAGREE)).toBe(6);
    expect(await scoreOf(CLOSE)).toBe(8.5);

    const { context, page, errors } = await newPage(browser, PHONE);
    await signInWithToken(context, students[ANNOTATED]!.account);
    await page.goto(url(`/student/exams/${examId}/show`));
    await page.getByTestId('score-points').filter({ hasText: '9 / 10' }).waitFor();
    await page.getByTestId('essay-levels').getByText('Raisonnement : Complet, 4 sur 4').waitFor();
    const annotated = page.getByTestId('essay-annotations');
    expect(await annotated.locator('mark').textContent()).toBe(PASSAGE);
    await annotated.getByText('Justifiez : la série est ordonnée.').waitFor();
    await page.getByTestId('file-annotations').getByText('Le rayon est mal reporté. (Correcteur 2)').waitFor();
    // The photo drawn once, with the box on it.
    expect(await page.getByTestId('answer-file').count()).toBe(1);
    expect(await page.getByTestId('answer-file-page').locator('span').filter({ hasText: /^1$/ }).count()).toBe(1);
    // Only the levels chosen reach the student, never the rubric's others.
    expect(await page.content()).not.toContain('Absent');
    await atBothWidths(page, 'written exam: the student’s annotated copy', PHONE);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
