// A file answer (réponse par fichier) end to end in Chromium: a teacher writes a FILE question in the editor (accepted
// types, most files, information for the graders) and puts it in an exam; a student on a phone (375 px) adds a photo
// and a PDF, sees a renamed executable refused in French, removes a file with « Retirer », sends the answer and reads
// « En attente de correction »; the teacher opens the copy in « Correction » (the image inline, the PDF's page rendered),
// adds an annotation by the keyboard form (page, x %, y %, comment) and marks the copy; published, the student reads the
// mark with the annotation. Axe on every screen at 1280 and 375 px. FILE_SCREENSHOTS=/some/dir saves screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibleAtBothWidths, accounts, apiCall, apiLogin, launchBrowser, newPage, overflowsHorizontally, signInWithToken, toast, url } from './helpers';

const PHONE = { width: 375, height: 740 };
const DESK = { width: 1280, height: 800 };
const stamp = `E2E${Date.now().toString(36)}`;
const shots = process.env.FILE_SCREENSHOTS;
const SECRET = 'Attendu : la figure et le calcul de l’aire.';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAQ0lEQVR42u3PQQkAAAgEsOufzBB20Qp+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQErhZ9cqXSn+fcHwAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0)]);
let browser: Browser;
let teacher = '';
let questionId = 0;
let examId = 0;

/** Axe clean at 1280 and 375 px, nothing wider than the phone (helpers.ts), screenshots with the env variable above; ends at `end`. */
const bothWidths = (page: Page, name: string, end = DESK) => accessibleAtBothWidths(page, name, { shots, end });

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiLogin(accounts.teacher);
}, 60_000);

afterAll(async () => {
  if (examId) {
    await apiCall(`/api/admin/exams/${examId}/update-status/DRAFT`, teacher, { method: 'PUT' });
    await apiCall(`/api/admin/exams/${examId}/delete`, teacher, { method: 'DELETE' });
  }
  if (questionId) await apiCall(`/api/admin/questions/${questionId}/delete`, teacher, { method: 'DELETE' });
  await browser?.close();
});

describe('file answer graded and annotated by a person', () => {
  it('a teacher writes one: accepted types, most files, information for the graders', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/questions/create'));
    await page.locator('label').filter({ hasText: /^Réponse par fichier$/ }).click();
    await page.locator('.course-editor .tiptap').click();
    await page.keyboard.type(`${stamp} Tracez la figure et calculez son aire.`);
    await page.getByRole('checkbox', { name: 'Image WebP' }).uncheck();
    await page.getByRole('spinbutton', { name: 'Nombre maximal de fichiers' }).fill('2');
    await page.getByRole('spinbutton', { name: 'Taille maximale d’un fichier (Mo)' }).fill('5');
    await page.getByRole('textbox', { name: 'Information pour les correcteurs (facultative)' }).fill(SECRET);
    await page.getByRole('textbox', { name: /^Points/ }).fill('4');
    await bothWidths(page, 'question-create (réponse par fichier)');
    await page.getByRole('button', { name: 'Créer la question' }).click();
    await toast(page, 'Création question').waitFor();
    await page.waitForURL(/\/dashboard\/questions\/\d+\/edit$/);
    questionId = Number(/questions\/(\d+)\/edit/.exec(page.url())![1]);
    const stored = await apiCall<{ data: { type: string; file_answer: unknown } }>(`/api/admin/questions/${questionId}/show`, teacher);
    expect(stored.body.data).toMatchObject({ type: 'FILE', file_answer: { accepted: ['PDF', 'JPEG', 'PNG'], max_files: 2, max_size_mb: 5, grader_info: SECRET } });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a student on a phone adds a photo and a PDF, removes one, sends them and reads « En attente de correction »', async () => {
    expect(questionId).toBeGreaterThan(0);
    const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', teacher);
    const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
    const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', teacher);
    if (!demo) throw new Error('demo exam missing');
    const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', teacher, {
      method: 'POST',
      body: JSON.stringify({
        title: `${stamp} Figure`,
        description: 'Une réponse par fichier.',
        academic_year_id: demo.academic_year_id,
        specialization_ids: specs.body.data.map((s) => s.id),
        start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
        duration_minutes: 60,
        questions: [{ question_id: questionId, points: 4 }],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    examId = created.body.data.id;
    expect((await apiCall(`/api/admin/exams/${examId}/update-status/PUBLISHED`, teacher, { method: 'PUT' })).status).toBe(200);

    const { context, page, errors } = await newPage(browser, PHONE);
    await signInWithToken(context, accounts.premium);
    await page.goto(url(`/student/exams/${examId}/handle`));
    await page.getByRole('button', { name: 'Commencer l’examen' }).click();
    await page.getByRole('heading', { name: 'Question 1 sur 1' }).waitFor();
    const input = page.locator('input[type=file]');
    expect(await input.getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png');

    // A renamed executable is refused by its content, in French.
    await input.setInputFiles({ name: 'copie.pdf', mimeType: 'application/pdf', buffer: EXE });
    await page.getByTestId('file-answer-error').filter({ hasText: 'Le contenu du fichier ne correspond pas à son extension .pdf.' }).waitFor();
    // A photo, a second one, then « Retirer » the second and add the PDF.
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Fichier 1 : photo.png').waitFor();
    await input.setInputFiles({ name: 'autre.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Fichier 2 : autre.png').waitFor();
    await page.getByText('Nombre maximal de fichiers atteint (2)').waitFor();
    await page.getByRole('button', { name: 'Retirer autre.png' }).click();
    await page.getByText('Fichier 2 : autre.png').waitFor({ state: 'detached' });
    await input.setInputFiles({ name: 'calcul.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Fichier 2 : calcul.pdf').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await bothWidths(page, 'exam question (réponse par fichier)', PHONE);

    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByTestId('answer-verdict').filter({ hasText: 'En attente de correction' }).waitFor();
    await page.getByRole('button', { name: 'Terminer l’examen' }).first().click();
    await page.getByTestId('exam-summary').getByRole('button', { name: 'Terminer l’examen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/student/exams/${examId}/show`);
    const card = page.getByTestId('show-question').first();
    expect(await card.getAttribute('data-state')).toBe('PENDING');
    // What was handed in, drawn for its owner: the photo and the PDF's page.
    await expect.poll(() => card.locator('[data-testid=answer-file-page] img').count()).toBe(2);
    expect(await page.content()).not.toContain('calcul de l’aire');
    await bothWidths(page, 'exam result (fichiers en attente)');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the teacher annotates the copy by the keyboard form and marks it; the student reads the annotation', async () => {
    expect(examId).toBeGreaterThan(0);
    const { context, page, errors } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url(`/dashboard/exam-results/${examId}/grading`));
    const files = page.getByTestId('grading-files');
    await files.waitFor();
    // The photo inline and the PDF's page rendered by the server, each with its text alternative.
    await page.getByRole('img', { name: 'Image remise : photo.png' }).waitFor();
    await page.getByRole('img', { name: 'calcul.pdf, page 1 sur 1' }).waitFor();
    await page.getByTestId('grader-info').getByText(SECRET).waitFor();

    // « Ajouter une annotation »: the file chosen, its page, x %, y %, a comment; Entrée in a field sends the form.
    await page.getByTestId('file-annotation-x').fill('30');
    await page.getByTestId('file-annotation-y').fill('40');
    await page.getByTestId('file-annotation-comment').fill('Le rayon est mal reporté ici.');
    await page.getByTestId('file-annotation-y').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('grading-file-annotations').getByText('Le rayon est mal reporté ici.').waitFor();
    await bothWidths(page, 'grading queue (fichiers annotés)');

    await page.getByRole('textbox', { name: 'Points (sur 4)' }).fill('3');
    await page.getByRole('textbox', { name: 'Points (sur 4)' }).press('Enter');
    await page.getByTestId('grading-done').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    expect([200, 404]).toContain((await apiCall(`/api/admin/exams/${examId}/grading/publish`, teacher, { method: 'POST' })).status);
    const student = await newPage(browser, PHONE);
    await signInWithToken(student.context, accounts.premium);
    await student.page.goto(url(`/student/exams/${examId}/show`));
    await student.page.getByTestId('score-points').filter({ hasText: '3 / 4' }).waitFor();
    const notes = student.page.getByTestId('file-annotations');
    await notes.getByText('Le rayon est mal reporté ici.').waitFor();
    expect(await notes.textContent()).toContain('photo.png, page 1, point à 30 % de la largeur et 40 % de la hauteur');
    await bothWidths(student.page, 'exam result (fichiers annotés)');
    expect(student.errors).toEqual([]);
    await student.context.close();
  }, 180_000);
});
