// What a new user tripped on (issue 8, items 11 and 13 to 17), each checked at 1280 and 375 px: a closed access
// window met at start and mid-session, no toast on a page that explains itself, the maths screen's incomplete input,
// a program stopped at its time limit, long titles at 375 px, consistent delete flows and labels, the forced password
// change, toasts below the header, avatar initials, and "Se déconnecter partout".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, DESKTOP, launchBrowser, newPage, reloadsAfter, signIn, signInWithToken, url, watchApi, type Account } from './helpers';

const PHONE = { width: 375, height: 740 };
const VIEWPORTS = [
  { name: '1280 px', viewport: DESKTOP },
  { name: '375 px', viewport: PHONE },
];

const stamp = Date.now().toString(36);
const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const LONG_CHAPTER = 'Chapitre 3 : méthodes numériques pour les équations différentielles ordinaires';
const LONG_FILE = 'Énoncé du projet de fin de semestre, version détaillée.pdf';

let browser: Browser;
let admin: string;
let currentYearId: number;
const ids = { closingYear: 0, glL3: 0, statL2: 0, course: 0, otherCourse: 0 };
let closing: Account;
let forced: Account;

interface Envelope<T> {
  data: T;
  message: string;
}

async function post<T>(path: string, body: unknown, token = admin): Promise<T> {
  const res = await apiCall<Envelope<T>>(path, token, { method: 'POST', body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function uploadPdf(name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const res = await fetch(url('/api/files/save'), { method: 'POST', headers: { authorization: `Bearer ${admin}`, accept: 'application/json' }, body: form });
  const body = (await res.json()) as Envelope<{ id: number }>;
  if (!res.ok) throw new Error(`upload: ${res.status} ${body.message}`);
  return body.data.id;
}

const errorToasts = (page: Page) => page.locator('.mantine-Notification-root').filter({ hasText: 'Erreur' });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(accounts.admin);
  const years = await apiCall<Envelope<Array<{ id: number; is_current: number }>>>('/api/admin/academic-years?per_page=100', admin);
  currentYearId = years.body.data.find((y) => y.is_current === 1)!.id;
  const specs = await apiCall<Envelope<Array<{ id: number; code: string }>>>('/api/admin/specializations?per_page=100', admin);
  ids.glL3 = specs.body.data.find((s) => s.code === 'GL-L3')!.id;
  ids.statL2 = specs.body.data.find((s) => s.code === 'STAT-L2')!.id;

  // A year of our own whose access window the test closes, and a student enrolled in it.
  const first = 2200 + Math.floor(Math.random() * 700);
  ids.closingYear = (
    await post<{ id: number }>('/api/admin/academic-years/create', {
      label: `${first}-${first + 1}`,
      start_date: day(-100),
      end_date: day(200),
      access_start: day(-10),
      access_end: day(30),
      is_current: 0,
    })
  ).id;
  closing = { email: `fermeture.${stamp}@univ.example`, password: 'Etudiant123!' };
  await post('/api/admin/users/create', {
    last_name: 'Fermeture',
    first_name: 'Lina',
    email: closing.email,
    password: closing.password,
    role: 'STUDENT',
    student_number: `F${stamp}`,
    academic_year_id: ids.closingYear,
    specialization_ids: [ids.statL2],
  });
  // A student with a generated first password (to change before anything else), whose name starts with N'.
  const created = await post<{ generated_password: string }>('/api/admin/users/create', {
    last_name: "N'Diaye",
    first_name: 'Awa',
    email: `ndiaye.${stamp}@univ.example`,
    role: 'STUDENT',
    student_number: `N${stamp}`,
    academic_year_id: currentYearId,
    specialization_ids: [ids.glL3],
  });
  forced = { email: `ndiaye.${stamp}@univ.example`, password: created.generated_password };

  // A published course of the demo student's parcours with a long chapter title and a long file name, and one
  // offered to another parcours only.
  ids.course = (
    await post<{ id: number }>('/api/admin/courses/create', {
      title: `Analyse numérique ${stamp}`,
      academic_year_id: currentYearId,
      specialization_ids: [ids.glL3],
      is_published: 1,
    })
  ).id;
  const file = await uploadPdf(LONG_FILE);
  await post('/api/admin/chapters/store', { course_id: ids.course, title: LONG_CHAPTER, content: '<p>Schémas d’Euler.</p>', file_ids: [file] });
  await post('/api/admin/chapters/store', { course_id: ids.course, title: 'Exercices', content: '<p>À rendre.</p>' });
  ids.otherCourse = (
    await post<{ id: number }>('/api/admin/courses/create', {
      title: `Statistique inférentielle ${stamp}`,
      academic_year_id: currentYearId,
      specialization_ids: [ids.statL2],
      is_published: 1,
    })
  ).id;
});

afterAll(async () => {
  for (const id of [ids.course, ids.otherCourse]) if (id) await apiCall(`/api/admin/courses/${id}/delete`, admin, { method: 'DELETE' });
  await browser?.close();
});

describe('item 11: a closed access window met during a session', () => {
  it('lands on static/not-access-date with the server message, mid-session and at start (1280 and 375 px)', async () => {
    // Two sessions opened while the window is open.
    const [desktopToken, phoneToken] = [await apiLogin(closing), await apiLogin(closing)];
    const desktop = await newPage(browser, DESKTOP);
    await desktop.context.addInitScript((t) => {
      if (!window.localStorage.getItem('token') && !window.localStorage.getItem('access_message')) window.localStorage.setItem('token', t);
    }, desktopToken);
    await desktop.page.goto(url('/student/courses'));
    await desktop.page.getByRole('heading', { name: 'Mes cours' }).waitFor();

    // The window closes while the student works.
    const year = (await apiCall<Envelope<Record<string, unknown>>>(`/api/admin/academic-years/${ids.closingYear}/show`, admin)).body.data;
    const closed = await apiCall(`/api/admin/academic-years/${ids.closingYear}/update`, admin, {
      method: 'PUT',
      body: JSON.stringify({ ...year, access_start: day(-10), access_end: day(-1), id: undefined, students_count: undefined, courses_count: undefined }),
    });
    expect(closed.status).toBe(200);
    const server = await apiCall<{ message: string }>('/api/users/login', undefined, { method: 'POST', body: JSON.stringify(closing) });
    expect(server.status).toBe(503);

    // Mid-session: the next call (a search) answers 503 → not-access-date with the message, never the login page.
    const visited: string[] = [];
    desktop.page.on('framenavigated', (f) => f === desktop.page.mainFrame() && visited.push(new URL(f.url()).pathname));
    await desktop.page.getByRole('searchbox', { name: /Rechercher/ }).fill('statistique');
    await desktop.page.waitForURL(url('/static/not-access-date'));
    expect((await desktop.page.getByTestId('access-message').textContent())?.trim()).toBe(server.body.message);
    expect(await desktop.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await errorToasts(desktop.page).count()).toBe(0);
    await desktop.context.close();

    // At start: a page load with a stored token of that student.
    const phone = await newPage(browser, PHONE);
    await phone.context.addInitScript((t) => {
      if (!window.localStorage.getItem('token') && !window.localStorage.getItem('access_message')) window.localStorage.setItem('token', t);
    }, phoneToken);
    const phoneVisited: string[] = [];
    phone.page.on('framenavigated', (f) => f === phone.page.mainFrame() && phoneVisited.push(new URL(f.url()).pathname));
    const phoneApi = watchApi(phone.page);
    await phone.page.goto(url('/student/courses'));
    await phone.page.waitForURL(url('/static/not-access-date'));
    expect((await phone.page.getByTestId('access-message').textContent())?.trim()).toBe(server.body.message);
    // Every call of the start-up has been answered and handled: none sent the page elsewhere.
    await phoneApi.settled();
    expect(new URL(phone.page.url()).pathname).toBe('/static/not-access-date');
    expect([...visited, ...phoneVisited]).not.toContain('/auth/login');
    await phone.context.close();
  });
});

describe.each(VIEWPORTS)('at $name', ({ viewport }) => {
  it('item 13: a page that explains the situation shows no "Erreur" toast on top', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signInWithToken(context, accounts.student);
    const list = await apiCall<Envelope<Array<{ id: number; is_premium: number }>>>('/api/student/courses', await apiLogin(accounts.student));
    const premium = list.body.data.find((c) => c.is_premium === 1)!;
    const api = watchApi(page);
    await page.goto(url(`/student/courses/${premium.id}/show`));
    await page.waitForURL(url('/static/no-premium'));
    await page.getByTestId('premium-message').waitFor();
    // The refusals have been answered and handled: a toast they raised would be there.
    await api.settled();
    expect(await errorToasts(page).count()).toBe(0);

    await page.goto(url(`/student/courses/${ids.otherCourse}/show`));
    await page.getByText("Ce cours n’est pas proposé à votre parcours.").waitFor();
    await api.settled();
    expect(await errorToasts(page).count()).toBe(0);
    await context.close();
  });

  it('item 14: incomplete maths input is named plainly, previewed without a red error', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/practice/math'));
    const fields = page.locator('math-field');
    await fields.first().waitFor();
    // Typing "/" in MathLive opens a fraction with empty boxes (\placeholder).
    await fields.first().evaluate((mf) => (mf as HTMLElement).focus());
    await page.keyboard.type('x+/', { delay: 100 });
    await expect.poll(() => fields.first().evaluate((mf) => (mf as unknown as { value: string }).value)).toContain('\\placeholder');
    await fields.nth(1).evaluate((mf) => {
      (mf as HTMLElement).focus();
      (mf as unknown as { executeCommand: (c: unknown) => void }).executeCommand(['typedText', 'x']);
    });
    const compared: string[] = [];
    page.on('request', (r) => r.url().includes('compare-math-expression') && compared.push(r.url()));
    await page.getByRole('button', { name: 'Comparer' }).click();
    await page.getByText('L’expression est incomplète : complétez les cases vides.').first().waitFor();
    // The preview draws empty boxes, never the red "\placeholder" of an unknown command; the server's English-ish
    // "commande LaTeX « \placeholder »" message never shows.
    const preview = page.getByLabel('Aperçu : Votre réponse');
    await preview.locator('.katex').first().waitFor();
    expect(await preview.textContent()).not.toContain('placeholder');
    expect(await page.locator('.katex-error').count()).toBe(0);
    expect(await page.getByText('n’est pas reconnue').count() + (await page.getByText("n'est pas reconnue").count())).toBe(0);
    expect(compared).toEqual([]);
    await context.close();
  });

  it('item 16: long chapter titles and the file button stay readable', async () => {
    const staff = await newPage(browser, viewport);
    await signInWithToken(staff.context, accounts.admin);
    await staff.page.goto(url(`/dashboard/courses/${ids.course}/edit`));
    const row = staff.page.getByTestId('chapter-row').filter({ hasText: LONG_CHAPTER });
    await row.waitFor();
    // The whole title is shown (wrapped, not cut) and names the buttons that move it.
    const title = row.getByText(LONG_CHAPTER, { exact: true });
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    await row.getByRole('button', { name: `Descendre « ${LONG_CHAPTER} »` }).waitFor();
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await staff.context.close();

    const student = await newPage(browser, viewport);
    await signInWithToken(student.context, accounts.student);
    await student.page.goto(url(`/student/courses/${ids.course}/show`));
    const button = student.page.getByRole('button', { name: `Télécharger « ${LONG_FILE} »` });
    await button.waitFor();
    expect((await button.innerText()).trim()).toBe('Télécharger');
    expect(await button.evaluate((el) => [...el.querySelectorAll('*')].every((c) => c.scrollWidth <= c.clientWidth + 1))).toBe(true);
    await student.page.getByText(LONG_FILE).waitFor();
    await student.context.close();
  });

  it('item 17: a year or a parcours in use is refused up front, with the reason', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signInWithToken(context, accounts.admin);
    await page.goto(url('/dashboard/years'));
    const years = await apiCall<Envelope<Array<{ label: string; students_count: number; courses_count: number }>>>('/api/admin/academic-years?per_page=100', admin);
    const used = years.body.data.find((y) => y.students_count > 0)!;
    await page.getByRole('button', { name: `Supprimer ${used.label}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Suppression impossible' });
    await dialog.getByText(`L’année ${used.label} est encore utilisée : ${used.students_count} étudiant`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirmer' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(url('/dashboard/specializations'));
    await page.getByRole('button', { name: 'Supprimer Génie logiciel' }).click();
    await page.getByRole('dialog', { name: 'Suppression impossible' }).getByText(/Le parcours Génie logiciel est encore utilisé : \d+ étudiants? .* et \d+ cours/).waitFor();
    await context.close();
  });

  it('item 17: a parcours reads the same in every form', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signInWithToken(context, accounts.admin);
    for (const path of ['/dashboard/courses/create', '/dashboard/users/students/create']) {
      await page.goto(url(path));
      await page.getByRole('combobox', { name: /^Parcours/ }).first().click();
      await page.getByRole('option', { name: 'Génie logiciel (GL-L3)' }).waitFor();
      await page.keyboard.press('Escape');
    }
    await context.close();
  });
});

describe('item 17: forced password change, toasts, avatar initials', () => {
  it.each(VIEWPORTS)('says why a menu click is refused, asks for the temporary password, toasts below the header ($name)', async ({ viewport }) => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, forced);
    await page.waitForURL(url('/profile/student'));
    await page.getByText('Saisissez le mot de passe provisoire reçu, puis votre nouveau mot de passe deux fois.').waitFor();
    expect(await page.getByText('Laissez ces champs vides').count()).toBe(0);
    // Initials are the first two letters of the last name: N'Diaye → ND.
    const avatar = page.getByTestId('account-menu');
    expect((await avatar.locator('.mantine-Avatar-root').innerText()).trim()).toBe('ND');

    // A menu click elsewhere is refused, and the user is told why.
    if (viewport.width < 960) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Cours' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Cours' }).click();
    }
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Mot de passe provisoire' });
    await toast.waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/student');
    // The toast sits below the header and never covers the avatar.
    const [toastBox, avatarBox] = [await toast.boundingBox(), await avatar.boundingBox()];
    expect(toastBox!.y).toBeGreaterThanOrEqual(60);
    expect(toastBox!.y).toBeGreaterThanOrEqual(avatarBox!.y + avatarBox!.height);
    await context.close();
  });
});

describe('item 15: a program stopped at its time limit', () => {
  it('shows the verdict and the limit it hit, not a raw exit code (1280 and 375 px)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/practice/python'));
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('while True:\n    pass');
    await page.getByRole('button', { name: 'Exécuter' }).click();
    // One run (5 s of CPU) for both widths: the same result, laid out again at 375 px.
    for (const { viewport } of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.getByText('Temps limite dépassé (5 s de calcul)').waitFor({ timeout: 30_000 });
      expect(await page.getByText(/Code de sortie/).count()).toBe(0);
    }
    await context.close();
  }, 60_000);
});

describe('item 6: sign out everywhere', () => {
  it('closes every session of the user after a confirmation, then shows the login page', async () => {
    const account = { email: `partout.${stamp}@univ.example`, password: 'Enseignant123!' };
    await post('/api/admin/users/create', { last_name: 'Partout', first_name: 'Jo', email: account.email, password: account.password, role: 'TEACHER' });
    const other = await apiLogin(account);
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, account);
    await page.goto(url('/profile'));
    await page.getByRole('button', { name: 'Se déconnecter partout' }).click();
    await reloadsAfter(page, () => page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter partout' }).click());
    await page.waitForURL(url('/auth/login'));
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect((await apiCall('/api/admin/users/profile', other)).status).toBe(401);
    await context.close();
  });
});
