// Signing in and out: each role's landing route, wrong password, closed access window (503), logout, guards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, apiCall, apiLogin, launchBrowser, newPage, reloadsAfter, signIn, toast, url } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('landing and login', () => {
  it('shows the landing page in French with a way to sign in', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(url('/'));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('landing-cta').click();
    await page.waitForURL(url('/auth/login'));
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    // The alias /login shows the same form.
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    { role: 'admin', account: accounts.admin, landing: '/dashboard' },
    { role: 'teacher', account: accounts.teacher, landing: '/dashboard' },
    { role: 'student', account: accounts.student, landing: '/student/courses' },
  ])('signs the $role in and lands on $landing', async ({ account, landing }) => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, account);
    expect(new URL(page.url()).pathname).toBe(landing);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // Start-up on a fresh load: the profile, then the helper data; the user stays on the same route.
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/admin/users/profile' || path === '/api/helper') calls.push(path);
    });
    await page.reload();
    await page.getByRole('button', { name: /Menu du compte/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(landing);
    expect(calls).toEqual(['/api/admin/users/profile', '/api/helper']);
    // Signed in, the public entry pages send to the landing route too.
    for (const entry of ['/', '/auth/login', '/login']) {
      await page.goto(url(entry));
      await page.waitForURL(url(landing));
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a wrong password with the toast "Erreur" and the server message', async () => {
    const wrong = { email: accounts.teacher.email, password: 'pas-le-bon-mot-de-passe' };
    const server = await apiCall<{ message: string }>('/api/users/login', undefined, { method: 'POST', body: JSON.stringify(wrong) });
    expect(server.status).toBe(401);
    const { context, page } = await newPage(browser);
    await page.goto(url('/auth/login'));
    await page.getByLabel('Adresse e-mail').fill(wrong.email);
    await page.getByLabel('Mot de passe').fill(wrong.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await toast(page, 'Erreur', server.body.message).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('shows French validation messages before calling the server', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('/auth/login'));
    await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText("L’adresse e-mail n’est pas valide.").waitFor();
    await page.getByText('Le mot de passe est obligatoire.').waitFor();
    await context.close();
  });

  it('sends a student outside the access window to static/not-access-date with the server message', async () => {
    const server = await apiCall<{ message: string }>('/api/users/login', undefined, { method: 'POST', body: JSON.stringify(accounts.former) });
    expect(server.status).toBe(503);
    const { context, page } = await newPage(browser);
    await page.goto(url('/auth/login'));
    await page.getByLabel('Adresse e-mail').fill(accounts.former.email);
    await page.getByLabel('Mot de passe').fill(accounts.former.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(url('/static/not-access-date'));
    expect((await page.getByTestId('access-message').textContent())?.trim()).toBe(server.body.message);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // A way back to the login page.
    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await page.waitForURL(url('/auth/login'));
    await context.close();
  });
});

describe('logout and guards', () => {
  it('logs out: storage cleared, back on login, the old token no longer works', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, accounts.student);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: /Menu du compte/ }).click();
    await reloadsAfter(page, () => page.getByRole('menuitem', { name: 'Déconnexion' }).click());
    await page.waitForURL(url('/auth/login'));
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect((await apiCall('/api/admin/users/profile', token!)).status).toBe(401);
    // Signed-in screens now send to login.
    await page.goto(url('/student/courses'));
    await page.waitForURL(url('/auth/login'));
    await context.close();
  });

  it('sends a non-premium student opening premium content to static/no-premium with the server message', async () => {
    const token = await apiLogin(accounts.student);
    const list = await apiCall<{ data: Array<{ id: number; is_premium: 0 | 1 }> }>('/api/student/courses', token);
    const premium = list.body.data.find((c) => c.is_premium === 1);
    expect(premium, 'the demo data has a premium course').toBeTruthy();
    const server = await apiCall<{ message: string }>(`/api/student/courses/${premium!.id}/show`, token);
    expect(server.status).toBe(402);

    const { context, page } = await newPage(browser);
    await signIn(page, accounts.student);
    await page.goto(url(`/student/courses/${premium!.id}/show`));
    await page.waitForURL(url('/static/no-premium'));
    expect((await page.getByTestId('premium-message').textContent())?.trim()).toBe(server.body.message);
    // The session is kept: the way back leads to the student's space.
    await page.getByRole('link', { name: 'Retour à mon espace' }).click();
    await page.waitForURL(url('/student/courses'));
    await context.close();
  });

  it('sends an anonymous visitor of a signed-in screen to login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('/dashboard/courses'));
    await page.waitForURL(url('/auth/login'));
    await context.close();
  });

  it('keeps each role in its own group and the configuration screens for admins', async () => {
    const student = await newPage(browser);
    await signIn(student.page, accounts.student);
    await student.page.goto(url('/dashboard'));
    await student.page.waitForURL(url('/student/courses'));
    await student.page.goto(url('/profile'));
    await student.page.waitForURL(url('/student/courses'));
    await student.context.close();

    const teacher = await newPage(browser);
    await signIn(teacher.page, accounts.teacher);
    await teacher.page.goto(url('/student/exams'));
    await teacher.page.waitForURL(url('/dashboard'));
    await teacher.page.goto(url('/dashboard/years'));
    await teacher.page.getByRole('heading', { name: 'Accès réservé', level: 1 }).waitFor();
    await teacher.context.close();
  });

  it('clears a session whose token the server no longer accepts and goes to login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('/'));
    await page.evaluate(() => localStorage.setItem('token', 'jeton-invalide'));
    await page.goto(url('/dashboard'));
    await page.waitForURL(url('/auth/login'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('shows a real 404 page for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto(url('/cette-page-n-existe-pas'));
    expect(res?.status()).toBe(200); // history fallback; the app itself shows the 404
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    await page.getByRole('link', { name: 'Retour à l’accueil' }).waitFor();
    await context.close();
  });
});
