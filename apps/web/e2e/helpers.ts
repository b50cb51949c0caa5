// Helpers of the end-to-end tests: Debian's Chromium through playwright-core, the demo accounts, signing in.
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export const baseUrl = (): string => inject('baseUrl');
export const url = (path: string) => `${baseUrl()}${path}`;

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 360, height: 740 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh context (own storage) and page; page errors are collected so a test can assert there were none. */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
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

/** Calls the API with a token; returns status and parsed body. */
export async function apiCall<T = unknown>(path: string, token?: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url(path), {
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
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
