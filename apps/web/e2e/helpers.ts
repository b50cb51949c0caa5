// Helpers of the end-to-end tests: Debian's Chromium through playwright-core, the demo accounts, signing in.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Account {
  email: string;
  password: string;
}

/** Demo accounts created by DEMO=1 (the first admin comes from the ADMIN_EMAIL / ADMIN_PASSWORD defaults). */
export const accounts = {
  admin: { email: 'admin@univ.example', password: 'Admin123!' },
  teacher: { email: 'enseignant@univ.example', password: 'Enseignant123!' },
  student: { email: 'etudiant@univ.example', password: 'Etudiant123!' },
  premium: { email: 'premium@univ.example', password: 'Etudiant123!' },
  /** A student whose academic year's access window is closed: 503. */
  former: { email: 'ancien@univ.example', password: 'Etudiant123!' },
} satisfies Record<string, Account>;

/** This worker's server (global-setup.ts starts one per worker). */
export const baseUrl = (): string => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};
export const url = (path: string) => `${baseUrl()}${path}`;

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 360, height: 740 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh context (own storage) and page; page errors are collected so a test can assert there were none. */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // Reduced motion: the app (theme.respectReducedMotion) then opens dialogs, menus and drawers without transitions.
  const context = await browser.newContext({ viewport, locale: 'fr-FR', reducedMotion: 'reduce' });
  // Anything a user waits for shows within seconds; a failing wait should not cost 30 s of the suite.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Signs in through the login form, as a user does; resolves once the landing route is shown. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Adresse e-mail').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/login'), { timeout: 15_000 });
  await page.getByRole('button', { name: /Menu du compte/ }).waitFor({ timeout: 15_000 });
}

/** Signs in through the API and puts the token in the context's storage (faster, for feature tests). */
export async function signInWithToken(context: BrowserContext, account: Account): Promise<string> {
  const token = await apiLogin(account);
  await context.addInitScript((t) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', t);
  }, token);
  return token;
}

/** A new page already signed in (token through the API), opened on `path` once its layout is shown. */
export async function openAs(browser: Browser, account: Account, path: string, viewport = DESKTOP) {
  const opened = await newPage(browser, viewport);
  await signInWithToken(opened.context, account);
  await opened.page.goto(url(path));
  await opened.page.getByRole('button', { name: /Menu du compte/ }).waitFor();
  return opened;
}

/** POST /api/users/login; returns the token. */
export async function apiLogin(account: Account): Promise<string> {
  const res = await fetch(url('/api/users/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  if (!res.ok || !body.data?.token) throw new Error(`Login of ${account.email} failed: ${res.status} ${body.message}`);
  return body.data.token;
}

/** Calls the API with a token, as a client written from the specification does (JSON on every call); returns status and parsed body. */
export async function apiCall<T = unknown>(path: string, token?: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url(path), {
    ...init,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The toast (Mantine notification) with this title, optionally also containing `message`. */
export function toast(page: Page, title: string, message?: string) {
  let loc = page.locator('.mantine-Notification-root').filter({ hasText: title });
  if (message) loc = loc.filter({ hasText: message });
  return loc.first();
}

/** True when the page is wider than the viewport (horizontal scrolling). */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Goes to `path` inside the app, without reloading the page (as a link click does: the router's history entry, then
 * a popstate), and waits for the new screen's heading. Much faster than `page.goto` for a walk through many screens.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  // Same screen with other query parameters: the heading would not change, so load the page instead.
  if (new URL(page.url()).pathname === new URL(path, page.url()).pathname) {
    await page.goto(url(path));
    return;
  }
  const before = await page.evaluate((to) => {
    document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-left', ''));
    const old = document.querySelector('h1')?.textContent ?? '';
    const state = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    return old;
  }, path);
  // The new screen's heading: a new element, or the same one (a component the router kept) with another text.
  await page.waitForFunction((old) => {
    const h = document.querySelector('h1');
    return !!h && (!h.hasAttribute('data-left') || h.textContent !== old);
  }, before);
}

/** Waits until the screen is drawn: a level-1 heading, and no loading placeholder (skeleton, busy region) left. */
export async function screenReady(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root[data-visible], .mantine-Loader-root'));
}

/**
 * Runs `action`, which ends in a full page load (window.location.assign), and waits for the new document's load: the
 * app may change the URL in place first, and a page.evaluate in between would run during the navigation.
 */
export async function reloadsAfter(page: Page, action: () => Promise<void>): Promise<void> {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

/**
 * Counts the page's API calls in flight (event streams aside). `settled()` resolves once none is and the page has
 * drawn two frames since: whatever the answers lead to (a redirection, a toast) has been done. Attach before `goto`.
 */
export function watchApi(page: Page): { settled: () => Promise<void> } {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const counted = (r: Request) => new URL(r.url()).pathname.startsWith('/api/') && !(r.headers().accept ?? '').includes('text/event-stream');
  page.on('request', (r) => {
    if (counted(r)) inFlight++;
  });
  const done = (r: Request) => {
    if (!counted(r)) return;
    inFlight--;
    if (inFlight === 0) waiting.splice(0).forEach((w) => w());
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      for (;;) {
        if (inFlight > 0) await new Promise<void>((r) => waiting.push(r));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        if (inFlight === 0) return;
      }
    },
  };
}

/**
 * What the browser console says that a test should fail on: Content-Security-Policy violations (the server sends a
 * strict policy) and React Router / React warnings. Attach before the first `goto`.
 */
export function watchConsole(page: Page): { csp: string[]; warnings: string[] } {
  const seen = { csp: [] as string[], warnings: [] as string[] };
  page.on('console', (m) => {
    const text = m.text();
    if (/Content[ -]Security[ -]Policy/i.test(text)) seen.csp.push(text);
    else if (m.type() === 'warning' && /HydrateFallback|React Router|Warning:/.test(text)) seen.warnings.push(text);
  });
  return seen;
}

let axeSource: string | undefined;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (the WCAG 2.1 A and AA rules, i.e. the RGAA's automatable part) on the page as it is now and returns
 * the serious and critical violations. axe is injected through the DevTools protocol, so the page's
 * Content-Security-Policy stays as strict as in production.
 */
export async function accessibilityFindings(page: Page): Promise<AxeFinding[]> {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
}

/** Fails (listing them) on any serious or critical axe-core violation of the page; `name` says which screen. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const findings = await accessibilityFindings(page);
  const lines = findings.map((f) => `${name} — ${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`);
  expect(lines, `accessibility of ${name}`).toEqual([]);
}

/**
 * Puts questions in a new exam of the demo exam's year, open to every specialization from now on for a day, and
 * publishes it (its questions' versions pinned): a student may start it at once. Returns the exam's id.
 */
export async function publishExamOf(token: string, title: string, questions: Array<{ question_id: number; points: number }>): Promise<number> {
  const exams = await apiCall<{ data: Array<{ academic_year_id: number; title: string }> }>('/api/admin/exams?per_page=100', token);
  const demo = exams.body.data.find((e) => e.title.startsWith('Examen de démonstration'));
  if (!demo) throw new Error('demo exam missing');
  const specs = await apiCall<{ data: Array<{ id: number }> }>('/api/admin/specializations?per_page=100', token);
  const created = await apiCall<{ data: { id: number } }>('/api/admin/exams/create', token, {
    method: 'POST',
    body: JSON.stringify({
      title,
      description: 'Examen créé par un test de bout en bout.',
      academic_year_id: demo.academic_year_id,
      specialization_ids: specs.body.data.map((s) => s.id),
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 60,
      questions,
    }),
  });
  if (created.status !== 200) throw new Error(`exam not created: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id;
  const published = await apiCall(`/api/admin/exams/${id}/update-status/PUBLISHED`, token, { method: 'PUT' });
  if (published.status !== 200) throw new Error(`exam not published: ${JSON.stringify(published.body)}`);
  return id;
}

export const PHONE = { width: 375, height: 740 };

/**
 * Axe clean at 1280 and at 375 px, nothing wider than the phone's screen; with `shots` (a folder), a full-page
 * screenshot at each width. Leaves the page at `end` (1280 px unless told).
 */
export async function accessibleAtBothWidths(page: Page, name: string, options: { shots?: string; end?: { width: number; height: number } } = {}): Promise<void> {
  const shot = async (suffix: string) => {
    if (options.shots) await page.screenshot({ path: `${options.shots}/${name}-${suffix}.png`, fullPage: true });
  };
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, name);
  await shot('1280');
  await page.setViewportSize(PHONE);
  expect(await overflowsHorizontally(page), `${name}: wider than 375 px`).toBe(false);
  await expectAccessible(page, `${name} (375 px)`);
  await shot('375');
  await page.setViewportSize(options.end ?? DESKTOP);
}

/**
 * Teachers made for a test (markers, graders), one per letter: « first lastA », e-mail « lasta-stamp@univ.example »,
 * each signed in through the API (token). Deleted by the caller with /api/admin/users/{id}/delete.
 */
export async function makeTeachers(
  adminToken: string,
  name: { first: string; last: string },
  stamp: string,
  letters: string[] = ['A', 'B'],
): Promise<Array<Account & { id: number; token: string; name: string }>> {
  const out: Array<Account & { id: number; token: string; name: string }> = [];
  for (const letter of letters) {
    const email = `${name.last.toLowerCase()}-${letter.toLowerCase()}-${stamp.toLowerCase()}@univ.example`;
    const password = 'Correcteur123!';
    const made = await apiCall<{ data: { id: number } }>('/api/admin/users/create', adminToken, {
      method: 'POST',
      body: JSON.stringify({ last_name: `${name.last}${letter}`, first_name: name.first, email, password, role: 'TEACHER' }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const account = { email, password };
    out.push({ ...account, id: made.body.data.id, token: await apiLogin(account), name: `${name.first} ${name.last}${letter}` });
  }
  return out;
}

/**
 * On the grading page's « Double correction » panel: `first` and `second` mark every copy, a gap of more than 1 point
 * is settled by the teacher; saved, and the panel names both markers.
 */
export async function setDoubleMarking(page: Page, first: string, second: string): Promise<void> {
  await page.getByTestId('marker-first').selectOption({ label: first });
  await page.getByTestId('marker-second').selectOption({ label: second });
  await page.getByTestId('marking-rule').selectOption('SETTLE');
  await page.getByTestId('marking-threshold').fill('1');
  await page.getByTestId('marking-settle-by').selectOption('TEACHER');
  await page.getByTestId('marking-save').click();
  await toast(page, 'Double correction').waitFor();
  await page.getByTestId('marking-scope').filter({ hasText: `${first} et ${second}` }).waitFor();
}
