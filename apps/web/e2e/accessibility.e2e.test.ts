// Accessibility (RGAA / WCAG 2.1 AA, automatable part): every screen of every role, checked by axe-core in Chromium
// under the server's Content-Security-Policy. Fails on any serious or critical violation, on any CSP violation and on
// React Router warnings, listing them all. A new screen is one line in SCREENS (a path, or a path built from the
// demo data's ids); a screen with a dialog or a menu to open adds an `open` step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  accessibilityFindings,
  accounts,
  openAs,
  toast,
  apiCall,
  apiLogin,
  goInApp,
  launchBrowser,
  MOBILE,
  newPage,
  screenReady,
  signInWithToken,
  url,
  watchConsole,
  type Account,
} from './helpers';

interface Ids {
  year: number;
  mention: number;
  specialization: number;
  user: number;
  student: number;
  course: number;
  studentCourse: number;
  /** Absent when the demo data has none (the screen is then left out). */
  question?: number;
  exam?: number;
}

interface Screen {
  name: string;
  /** A path, or a path built from the demo data's ids (undefined: no such row, the screen is left out). */
  path: string | ((ids: Ids) => string | undefined);
  /** Something to open before the check (a dialog, a menu). */
  open?: (page: Page) => Promise<void>;
}

const openDialog = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog').waitFor();
};

const SCREENS: Record<'public' | 'admin' | 'teacher' | 'student', Screen[]> = {
  public: [
    { name: 'landing', path: '/' },
    { name: 'auth-login', path: '/auth/login' },
    { name: 'no-premium', path: '/static/no-premium' },
    { name: 'not-access-date', path: '/static/not-access-date' },
    { name: 'not-found', path: '/page-inexistante' },
  ],
  admin: [
    { name: 'home (admin)', path: '/dashboard' },
    { name: 'profile (admin)', path: '/profile' },
    { name: 'years', path: '/dashboard/years' },
    { name: 'years (create dialog)', path: '/dashboard/years', open: openDialog('Nouvelle année') },
    { name: 'years-edit', path: (i) => `/dashboard/years/${i.year}/edit` },
    { name: 'mentions', path: '/dashboard/mentions' },
    { name: 'mentions (create dialog)', path: '/dashboard/mentions', open: openDialog('Nouvelle mention') },
    { name: 'mentions-edit', path: (i) => `/dashboard/mentions/${i.mention}/edit` },
    { name: 'specializations', path: '/dashboard/specializations' },
    { name: 'specializations (create dialog)', path: '/dashboard/specializations', open: openDialog('Nouveau parcours') },
    { name: 'specializations-edit', path: (i) => `/dashboard/specializations/${i.specialization}/edit` },
    { name: 'users', path: '/dashboard/users' },
    { name: 'users-create', path: '/dashboard/users/create' },
    { name: 'users-edit', path: (i) => `/dashboard/users/${i.user}/edit` },
    { name: 'list-students', path: '/dashboard/users/students' },
    { name: 'students-create', path: '/dashboard/users/students/create' },
    { name: 'students-edit', path: (i) => `/dashboard/users/students/${i.student}/edit` },
    { name: 'courses', path: '/dashboard/courses' },
    { name: 'courses-create', path: '/dashboard/courses/create' },
    { name: 'courses-edit', path: (i) => `/dashboard/courses/${i.course}/edit` },
    { name: 'questions', path: '/dashboard/questions' },
    { name: 'questions (import dialog)', path: '/dashboard/questions', open: openDialog('Importer') },
    { name: 'questions-create', path: '/dashboard/questions/create' },
    { name: 'questions-edit', path: (i) => (i.question ? `/dashboard/questions/${i.question}/edit` : undefined) },
    { name: 'exams', path: '/dashboard/exams' },
    { name: 'exams-create', path: '/dashboard/exams/create' },
    { name: 'exams-edit', path: (i) => (i.exam ? `/dashboard/exams/${i.exam}/edit` : undefined) },
    { name: 'exam-results', path: '/dashboard/exam-results' },
    { name: 'exam-results (averages)', path: (i) => `/dashboard/exam-results?vue=moyennes&moyennes_annee=${i.year}&moyennes_parcours=${i.specialization}` },
    { name: 'exam-results-show', path: (i) => (i.exam ? `/dashboard/exam-results/${i.exam}/show` : undefined) },
    { name: 'practice-python', path: '/dashboard/practice/python' },
    { name: 'practice-r', path: '/dashboard/practice/r' },
    { name: 'practice-math', path: '/dashboard/practice/math' },
  ],
  teacher: [
    { name: 'home (teacher)', path: '/dashboard' },
    { name: 'profile (teacher)', path: '/profile' },
    { name: 'years (teacher: reserved)', path: '/dashboard/years' },
    { name: 'courses (teacher)', path: '/dashboard/courses' },
    { name: 'account menu (teacher)', path: '/dashboard', open: async (page) => {
      await page.getByRole('button', { name: /Menu du compte/ }).click();
      await page.getByRole('menu').waitFor();
    } },
  ],
  student: [
    { name: 'student-home', path: '/student' },
    { name: 'student-profile', path: '/profile/student' },
    { name: 'student-courses', path: '/student/courses' },
    { name: 'student-courses-show', path: (i) => `/student/courses/${i.studentCourse}/show` },
    { name: 'student-exams', path: '/student/exams' },
    { name: 'student-practice-python', path: '/student/practice/python' },
    { name: 'student-practice-r', path: '/student/practice/r' },
    { name: 'student-practice-math', path: '/student/practice/math' },
  ],
};

let browser: Browser;
let ids: Ids;
/** A walk checks several screens; axe takes about a second per screen on a busy 2-core machine. */
const WALK_TIMEOUT = 90_000;

async function firstId(path: string, token: string, pick: (row: Record<string, unknown>) => boolean = () => true): Promise<number> {
  const res = await apiCall<{ data: Array<Record<string, unknown>> }>(path, token);
  const row = res.body.data.find(pick);
  if (!row) throw new Error(`No demo row at ${path}`);
  return row.id as number;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [admin, student] = await Promise.all([apiLogin(accounts.admin), apiLogin(accounts.student)]);
  const [year, mention, specialization, user, studentId, course, studentCourse] = await Promise.all([
    firstId('/api/admin/academic-years', admin),
    firstId('/api/admin/mentions', admin),
    firstId('/api/admin/specializations', admin),
    firstId('/api/admin/users', admin),
    firstId('/api/admin/users/students', admin),
    firstId('/api/admin/courses', admin),
    firstId('/api/student/courses', student, (c) => c.is_premium === 0),
  ]);
  const optional = (path: string) => apiCall<{ data?: Array<{ id: number }> }>(path, admin).then((r) => r.body?.data?.[0]?.id);
  const [question, exam] = await Promise.all([optional('/api/admin/questions'), optional('/api/admin/exams')]);
  ids = { year, mention, specialization, user, student: studentId, course, studentCourse, question, exam };
});
afterAll(async () => {
  await browser?.close();
});

/** Visits each screen in one signed-in context; returns every problem found, one line each. */
async function walk(screens: Screen[], account?: Account, viewport = { width: 1280, height: 800 }): Promise<string[]> {
  const { context, page, errors } = await newPage(browser, viewport);
  if (account) await signInWithToken(context, account);
  const consoleSeen = watchConsole(page);
  const problems: string[] = [];
  let first = true;
  for (const screen of screens) {
    const path = typeof screen.path === 'function' ? screen.path(ids) : screen.path;
    if (!path) continue;
    try {
      // A full load for the first screen (start-up, HydrateFallback), then in-app navigation as a user clicks.
      if (first) await page.goto(url(path));
      else await goInApp(page, path);
      first = false;
      await screenReady(page);
      if (screen.open) await screen.open(page);
    } catch (e) {
      throw new Error(`${screen.name} (${path}): ${(e as Error).message}`, { cause: e });
    }
    for (const f of await accessibilityFindings(page)) problems.push(`${screen.name} (${path}) — ${f.impact} ${f.id}: ${f.help}\n      ${f.targets.join('\n      ')}`);
    for (const c of consoleSeen.csp.splice(0)) problems.push(`${screen.name} (${path}) — CSP: ${c}`);
    for (const w of consoleSeen.warnings.splice(0)) problems.push(`${screen.name} (${path}) — console: ${w}`);
    for (const e of errors.splice(0)) problems.push(`${screen.name} (${path}) — page error: ${e}`);
  }
  await context.close();
  return problems;
}

describe('accessibility (axe-core, WCAG 2.1 AA) and CSP on every screen, 1280 px', () => {
  it('public pages', async () => {
    expect(await walk(SCREENS.public)).toEqual([]);
  }, WALK_TIMEOUT);
  // The admin's screens in four walks (each one signed-in page, in-app navigation), to stay within the test timeout.
  const parts = (list: Screen[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
  it.each(parts(SCREENS.admin, 8).map((part, i) => ({ part, n: i + 1 })))('admin screens, part $n', async ({ part }) => {
    expect(await walk(part, accounts.admin)).toEqual([]);
  }, WALK_TIMEOUT);
  it('teacher screens', async () => {
    expect(await walk(SCREENS.teacher, accounts.teacher)).toEqual([]);
  }, WALK_TIMEOUT);
  it('student screens', async () => {
    expect(await walk(SCREENS.student, accounts.student)).toEqual([]);
  }, WALK_TIMEOUT);
});

describe('reduced motion', () => {
  it('opens dialogs without a transition when the system asks for less motion (what the other checks rely on)', async () => {
    const { context, page } = await openAs(browser, accounts.admin, '/dashboard/years');
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.respectReducedMotion)).toBe('true');
    await page.getByRole('button', { name: 'Nouvelle année' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Shown at once in its final state: fully opaque, no transition running or to come.
    const style = await dialog.evaluate((el) => {
      const content = el.closest('.mantine-Modal-content') ?? el;
      const { opacity, transitionDuration } = getComputedStyle(content);
      return { opacity, transitionDuration, animations: document.getAnimations().filter((a) => a instanceof CSSTransition).length };
    });
    expect(style).toEqual({ opacity: '1', transitionDuration: '0s', animations: 0 });
    await context.close();
  });
});

describe('accessibility at 375 px', () => {
  it('the mobile menu (drawer) tells screen readers whether each section is open', async () => {
    const { context, page } = await newPage(browser, { ...MOBILE, width: 375 });
    await signInWithToken(context, accounts.admin);
    await page.goto(url('/dashboard/years'));
    await screenReady(page);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    // The section of the current page is open, the others closed; a click toggles the state.
    const config = drawer.getByRole('button', { name: 'Configurations' });
    const teaching = drawer.getByRole('button', { name: 'Enseignement' });
    expect(await config.getAttribute('aria-expanded')).toBe('true');
    expect(await teaching.getAttribute('aria-expanded')).toBe('false');
    await teaching.click();
    expect(await teaching.getAttribute('aria-expanded')).toBe('true');
    expect(await accessibilityFindings(page)).toEqual([]);
    await context.close();
  });

  it('a list, an edit screen and the course reader at 375 px', async () => {
    const admin = await walk(SCREENS.admin.filter((s) => ['years', 'courses-edit', 'practice-math'].includes(s.name)), accounts.admin, { width: 375, height: 740 });
    const student = await walk(SCREENS.student.filter((s) => ['student-courses', 'student-courses-show'].includes(s.name)), accounts.student, { width: 375, height: 740 });
    expect([...admin, ...student]).toEqual([]);
  }, WALK_TIMEOUT);
});

describe('icon buttons say in French what they do', () => {
  it('the eye button of password fields, and the close button of a toast', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('/login'));
    await screenReady(page);
    expect(await page.getByRole('button', { name: 'Afficher ou masquer les caractères saisis' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Toggle password visibility' }).count()).toBe(0);
    await context.close();

    // A toast: a password change refused (wrong current password), which changes nothing.
    const teacher = await openAs(browser, accounts.teacher, '/profile');
    await teacher.page.getByLabel('Nouveau mot de passe', { exact: true }).fill('NouveauMotDePasse1!');
    await teacher.page.getByLabel('Mot de passe actuel').fill('mauvais-mot-de-passe');
    await teacher.page.getByRole('button', { name: 'Enregistrer' }).click();
    const shown = toast(teacher.page, 'Erreur', 'Le mot de passe actuel est incorrect.');
    await shown.waitFor();
    expect(await shown.getByRole('button', { name: 'Fermer le message' }).count()).toBe(1);
    await teacher.context.close();
  });

  it('a list showing rows does not also say « Aucun résultat » to screen readers', async () => {
    const { context, page } = await openAs(browser, accounts.admin, '/dashboard/years');
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByText('Aucun résultat pour cette recherche ou ces filtres.').count()).toBe(0);
    await context.close();
  });
});

