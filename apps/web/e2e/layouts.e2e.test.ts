// The two signed-in layouts: menus per role, avatar, welcome page and live connected count, mobile menu,
// profile update, every route of the specification, and the JavaScript weight of the login page.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiCall, apiLogin, launchBrowser, MOBILE, newPage, openAs, overflowsHorizontally, signIn, toast, url } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' }).first();

async function menuLabels(page: Page): Promise<string[]> {
  const texts = await nav(page).locator('a, button').allTextContents();
  return texts.map((t) => t.trim()).filter(Boolean);
}

describe('menus', () => {
  it('admin: every staff menu with Configurations, the avatar initials and its popup', async () => {
    const { context, page } = await openAs(browser, accounts.admin, '/dashboard');
    expect(await menuLabels(page)).toEqual(['Accueil', 'Configurations', 'Étudiants', 'Enseignement', 'Résultats', 'Pratique']);
    await nav(page).getByRole('button', { name: 'Configurations' }).click();
    for (const item of ['Années', 'Mentions', 'Parcours', 'Utilisateurs']) await page.getByRole('menuitem', { name: item }).waitFor();
    await page.getByRole('menuitem', { name: 'Parcours' }).click();
    await page.waitForURL(url('/dashboard/specializations'));
    await page.getByRole('heading', { name: 'Parcours', level: 1 }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profile = await apiCall<{ data: { last_name: string } }>('/api/admin/users/profile', token!);
    const initials = profile.body.data.last_name.slice(0, 2).toUpperCase();
    const account = page.getByRole('button', { name: /Menu du compte/ });
    expect((await account.locator('.mantine-Avatar-root').textContent())?.trim()).toBe(initials);
    await account.click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await page.waitForURL(url('/profile'));
    // Breadcrumb "Accueil" leads to /dashboard.
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Accueil' }).click();
    await page.waitForURL(url('/dashboard'));
    await context.close();
  });

  it('works with the keyboard: skip link, then a dropdown opened and followed with Enter and the arrows', async () => {
    const { context, page } = await openAs(browser, accounts.admin, '/dashboard');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Aller au contenu');
    await nav(page).getByRole('button', { name: 'Enseignement' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Cours' }).waitFor();
    // Enter opens the menu on its first item (WAI-ARIA menu button), the arrows move on.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cours');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Examens');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/dashboard/exams'));
    await context.close();
  });

  it('admin menubar fits beside the avatar from 960 px on', async () => {
    const { context, page } = await openAs(browser, accounts.admin, '/dashboard', { width: 960, height: 700 });
    const last = await nav(page).getByRole('button', { name: 'Pratique' }).boundingBox();
    const avatar = await page.getByRole('button', { name: /Menu du compte/ }).boundingBox();
    expect(last!.x + last!.width).toBeLessThan(avatar!.x);
    await page.setViewportSize({ width: 959, height: 700 });
    await page.getByRole('button', { name: 'Ouvrir le menu' }).waitFor();
    expect(await nav(page).isVisible()).toBe(false);
    await context.close();
  });

  it('teacher: the staff menus without Configurations, and no connected count', async () => {
    const { context, page } = await openAs(browser, accounts.teacher, '/dashboard');
    expect(await menuLabels(page)).toEqual(['Accueil', 'Étudiants', 'Enseignement', 'Résultats', 'Pratique']);
    await nav(page).getByRole('button', { name: 'Enseignement' }).click();
    for (const item of ['Cours', 'Examens', 'Questions']) await page.getByRole('menuitem', { name: item }).waitFor();
    await page.keyboard.press('Escape');
    await nav(page).getByRole('button', { name: 'Pratique' }).click();
    for (const item of ['Python', 'R', 'Expression']) await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('BIENVENUE !!').waitFor();
    expect(await page.getByTestId('connected-count').count()).toBe(0);
    await context.close();
  });

  it('student: Examens, Cours, Pratique and the avatar menu to the student profile', async () => {
    const { context, page } = await openAs(browser, accounts.student, '/student/courses');
    expect(await menuLabels(page)).toEqual(['Examens', 'Cours', 'Pratique']);
    await nav(page).getByRole('button', { name: 'Pratique' }).click();
    for (const item of ['Python', 'R', 'Expression']) await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Menu du compte/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).waitFor();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await page.waitForURL(url('/profile/student'));
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    await context.close();
  });

  it('shows a skeleton while the profile loads', async () => {
    const { context, page } = await openAs(browser, accounts.teacher, '/dashboard');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/admin/users/profile', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('avatar-skeleton').waitFor();
    expect(await page.getByText('BIENVENUE !!').count()).toBe(0);
    release();
    await page.getByText('BIENVENUE !!').waitFor();
    expect(await page.getByTestId('avatar-skeleton').count()).toBe(0);
    await context.close();
  });
});

describe('errors', () => {
  it('a 503 outage at start-up: a French message instead of an endless skeleton, tried again after Retry-After', async () => {
    const { context, page, errors } = await openAs(browser, accounts.teacher, '/dashboard');
    const message = 'La base de données est momentanément indisponible. Réessayez dans quelques instants : rien de ce qui a été enregistré n’est perdu.';
    // Two tries answer 503 (the database down, not the access window); the third waits for the test, then goes through.
    let calls = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let third!: () => void;
    const thirdCall = new Promise<void>((r) => (third = r));
    await page.route('**/api/admin/users/profile', async (route) => {
      calls += 1;
      if (calls <= 2) {
        await route.fulfill({ status: 503, contentType: 'application/json', headers: { 'retry-after': '1' }, body: JSON.stringify({ status: 'error', message }) });
        return;
      }
      third();
      await held;
      await route.continue();
    });
    await page.reload();
    const unavailable = page.getByTestId('service-unavailable');
    await unavailable.getByRole('heading', { name: 'Service momentanément indisponible' }).waitFor();
    await unavailable.getByText(message).waitFor();
    await unavailable.getByText('Nouvel essai automatique dans 1 seconde…').waitFor();
    expect(await page.getByTestId('avatar-skeleton').count()).toBe(1);
    // Tried again on its own, the message kept meanwhile, the session kept, no toast at each try.
    await thirdCall;
    expect(calls).toBe(3);
    expect(await unavailable.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    release();
    await page.getByText('BIENVENUE !!').waitFor();
    expect(await unavailable.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the layout when a screen cannot be loaded, with a French message', async () => {
    const { context, page } = await openAs(browser, accounts.teacher, '/dashboard');
    await page.route(/\/assets\/welcome-[^/]*\.js$/, (route) => route.abort());
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Une erreur est survenue' }).waitFor();
    await page.getByRole('button', { name: /Menu du compte/ }).waitFor();
    expect(await menuLabels(page)).toContain('Enseignement');
    await context.close();
  });
});

describe('welcome page', () => {
  const countOf = async (page: Page) => Number(/ : (\d+)$/.exec((await page.getByTestId('connected-count').textContent()) ?? '')?.[1]);

  it('admin: BIENVENUE !!, the home view, and the connected count changing live', async () => {
    // The other user starts signed out everywhere (an earlier test file on this server may have left a session of
    // theirs open; signing out of every session removes them from the online users).
    const other = accounts.premium;
    const stale = await apiLogin(other);
    await apiCall('/api/admin/users/logout-all', stale, { method: 'POST' });

    const admin = await newPage(browser);
    await signIn(admin.page, accounts.admin);
    await admin.page.getByText('BIENVENUE !!').waitFor();
    await admin.page.getByRole('heading', { name: 'Informations' }).waitFor();
    await admin.page.getByTestId('connected-count').filter({ hasText: / : \d+$/ }).waitFor();
    const before = await countOf(admin.page);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await admin.page.getByTestId('connected-count').textContent()).toBe(`Nombre d’utilisateurs connectés : ${before}`);

    // The page follows the server's count without a reload. Other test files sign users in and out on this server
    // meanwhile, so the figure awaited is the server's own, read alongside (not « before + 1 »).
    const adminToken = await apiLogin(accounts.admin);
    const serverCount = async () => (await apiCall<{ data: { count: number } }>('/api/admin/users/connected-count', adminToken)).body.data.count;
    const followsServer = async (changedFrom: number) => {
      const shown = await countOf(admin.page);
      return shown !== changedFrom && shown === (await serverCount());
    };
    const second = await newPage(browser);
    await signIn(second.page, other);
    await expect.poll(() => followsServer(before), { timeout: 60_000, interval: 200 }).toBe(true);
    const withOther = await countOf(admin.page);

    await second.page.getByRole('button', { name: /Menu du compte/ }).click();
    await second.page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect.poll(() => followsServer(withOther), { timeout: 60_000, interval: 200 }).toBe(true);
    await second.context.close();

    // The home title switches size at a window width of 1000 px.
    const title = admin.page.getByTestId('home-title');
    expect(await title.getAttribute('data-size')).toBe('large');
    await admin.page.setViewportSize({ width: 999, height: 800 });
    await title.and(admin.page.locator('[data-size="small"]')).waitFor();
    await admin.page.setViewportSize({ width: 1000, height: 800 });
    await title.and(admin.page.locator('[data-size="large"]')).waitFor();
    await admin.context.close();
  });
});

describe('profile', () => {
  it('updates the names, reloads the profile, and requires the right current password', async () => {
    const { context, page } = await openAs(browser, accounts.teacher, '/profile');
    const firstName = page.getByLabel('Prénom');
    const original = await firstName.inputValue();
    await firstName.fill('Camille');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Mis à jour profil').waitFor();
    await page.getByRole('button', { name: /Menu du compte : Camille/ }).waitFor();

    // A new password needs the current one, and the right one.
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('NouveauMotDePasse1!');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le mot de passe actuel est obligatoire pour le changer.').waitFor();
    await page.getByLabel('Mot de passe actuel').fill('mauvais-mot-de-passe');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Erreur', 'Le mot de passe actuel est incorrect.').waitFor();
    await page.locator('.mantine-InputWrapper-error').filter({ hasText: 'Le mot de passe actuel est incorrect.' }).waitFor();

    // Every shared field speaks plain French, never a raw validator text such as « Trop grand ».
    await page.getByLabel('Mot de passe actuel').fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .locator('.mantine-InputWrapper-error')
      .filter({ hasText: 'Le mot de passe actuel ne doit pas dépasser 200 caractères.' })
      .waitFor();

    // Put the name back for the other tests.
    await page.getByLabel('Mot de passe actuel').fill('');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('');
    await firstName.fill(original);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: new RegExp(`Menu du compte : ${original}`) }).waitFor();
    await context.close();
  });
});

describe('360 px wide', () => {
  it('collapses the staff menu into a drawer and never scrolls sideways', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    for (const path of ['/', '/auth/login', '/static/not-access-date', '/static/no-premium', '/nulle-part']) {
      await page.goto(url(path));
      await page.locator('h1').first().waitFor();
      expect(await overflowsHorizontally(page), path).toBe(false);
    }
    await signIn(page, accounts.admin);
    expect(await nav(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Configurations').click();
    await drawer.getByRole('link', { name: 'Années' }).click();
    await page.waitForURL(url('/dashboard/years'));
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    for (const path of ['/dashboard', '/profile', '/dashboard/courses']) {
      await page.goto(url(path));
      await page.locator('h1').first().waitFor();
      expect(await overflowsHorizontally(page), path).toBe(false);
    }
    await context.close();
  });

  it('student layout at 360 px', async () => {
    const { context, page } = await openAs(browser, accounts.student, '/student/courses', MOBILE);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog');
    for (const item of ['Examens', 'Cours', 'Pratique']) await drawer.getByText(item, { exact: true }).waitFor();
    await page.goto(url('/profile/student'));
    await page.locator('h1').first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();
  });
});

describe('routes', () => {
  const staffPaths = [
    '/dashboard', '/profile', '/dashboard/years', '/dashboard/years/1/edit', '/dashboard/mentions', '/dashboard/mentions/1/edit',
    '/dashboard/specializations', '/dashboard/specializations/1/edit', '/dashboard/practice/python', '/dashboard/practice/r',
    '/dashboard/practice/math', '/dashboard/exam-results', '/dashboard/exam-results/1/show', '/dashboard/exams', '/dashboard/exams/create',
    '/dashboard/exams/1/edit', '/dashboard/courses', '/dashboard/courses/create', '/dashboard/courses/1/edit', '/dashboard/questions',
    '/dashboard/questions/create', '/dashboard/questions/1/edit', '/dashboard/users', '/dashboard/users/create', '/dashboard/users/1/edit',
    '/dashboard/users/students', '/dashboard/users/students/create', '/dashboard/users/students/1/edit',
  ];
  const studentPaths = [
    '/profile/student', '/student', '/student/practice/python', '/student/practice/r', '/student/practice/math', '/student/practice/1/exercise',
    '/student/courses', '/student/courses/1/show', '/student/exams', '/student/exams/1/show', '/student/exams/1/handle',
  ];

  it('every route of the specification answers a screen inside its layout', async () => {
    for (const [account, list] of [[accounts.admin, staffPaths], [accounts.student, studentPaths]] as const) {
      const { context, page, errors } = await openAs(browser, account, list[0]);
      for (const path of list) {
        await page.goto(url(path));
        await page.getByRole('button', { name: /Menu du compte/ }).waitFor();
        if (!/\/\d+\//.test(path)) {
          // Parameterized screens may answer "not found" for id 1 in their own way; the others show their title.
          await page.locator('main h1, main [data-testid="welcome"]').first().waitFor();
          expect(new URL(page.url()).pathname, path).toBe(path);
        }
        expect(await page.getByText('Page introuvable').count(), path).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    // 39 full page loads: one to three seconds each on a loaded 2-core machine.
  }, 240_000);
});

describe('bundle', () => {
  it('the login page needs less than 250 KB of gzipped JavaScript', async () => {
    const { context, page } = await newPage(browser);
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') {
        const body = await res.body().catch(() => Buffer.alloc(0));
        scripts.set(res.url(), gzipSync(body).length);
      }
    });
    await page.goto(url('/auth/login'), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`login page: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(250 * 1024);
    // None of the heavy libraries is loaded before sign-in.
    expect([...scripts.keys()].filter((u) => /(tiptap|codemirror|mathlive|katex|charts|datatable)-/.test(u))).toEqual([]);
    await context.close();
  });
});
