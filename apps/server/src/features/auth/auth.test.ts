import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { authed, createTestApp, loginAs, seedStructure, seedUser, withContext, type TestApp } from '../../../test/helper';
import { loginDelayMs } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('login', () => {
  it('signs a teacher in and returns a token with the user fields', async () => {
    const teacher = await seedUser(t.ctx, 'TEACHER');
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: ` ${teacher.email.toUpperCase()} `, password: teacher.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({ id: teacher.id, role: 'TEACHER', email: teacher.email, is_premium: 0 });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.password_hash).toBeUndefined();
  });

  it('answers 401 with a French message for a wrong password or unknown email', async () => {
    const u = await seedUser(t.ctx, 'ADMIN');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: u.email, password: 'mauvais' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 'error', message: 'Adresse e-mail ou mot de passe incorrect.' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'personne@nulle.part', password: 'x' } });
    expect(unknown.statusCode).toBe(401);
  });

  it('validates the body with French messages (422)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'pas-un-email' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.email[0]).toBe("L’adresse e-mail n’est pas valide.");
    expect(body.errors.password[0]).toBe('Le mot de passe est obligatoire.');
  });

  it('rate limits repeated failures for one email from one address (429)', async () => {
    const u = await seedUser(t.ctx, 'TEACHER');
    const max = t.ctx.config.LOGIN_MAX_FAILURES;
    for (let i = 0; i < max; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: u.email, password: 'mauvais' } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: u.email, password: u.password } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Trop de tentatives/);
    expect(blocked.headers['retry-after']).toBe(String(t.ctx.config.LOGIN_WINDOW_SECONDS));
  });

  it('slows guessing: past three failures, 0.2 s more per failure, at most 3 s (the production schedule)', () => {
    const prod = loadConfig({});
    const waits = Array.from({ length: 22 }, (_, failures) => loginDelayMs(failures, prod));
    expect(waits).toEqual([0, 0, 0, 0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800, 3000, 3000, 3000, 3000]);
  });

  it('makes each sign-in after repeated failures wait its back-off, right password included', async () => {
    // A short step, so that the waits are measurable without making the suite wait: 4 failures → 100 ms, 6 → 300 ms.
    await withContext(t, { config: { LOGIN_BACKOFF_STEP_MS: 100, LOGIN_BACKOFF_MAX_MS: 300 } }, async () => {
      const u = await seedUser(t.ctx, 'TEACHER');
      const attempt = async (password: string) => {
        const started = performance.now();
        const res = await t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: '192.0.2.40', payload: { email: u.email, password } });
        return { status: res.statusCode, ms: performance.now() - started };
      };
      const waited: number[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await attempt('mauvais');
        expect(r.status).toBe(401);
        waited.push(r.ms);
      }
      // The 5th, 6th and 7th tries came after 4, 5 and 6 failures.
      expect(waited[4]).toBeGreaterThanOrEqual(95);
      expect(waited[5]).toBeGreaterThanOrEqual(195);
      expect(waited[6]).toBeGreaterThanOrEqual(295);
      const right = await attempt(u.password);
      expect(right.status).toBe(200);
      expect(right.ms).toBeGreaterThanOrEqual(295);
    });
  });

  it('slows failures per client address, which a forged X-Forwarded-For cannot change, and never refuses for them', async () => {
    // A short step, so that the waits are measurable: past 2 failures from the address, 100 ms more each, at most 300 ms.
    await withContext(t, { config: { LOGIN_MAX_FAILURES: 2, LOGIN_BACKOFF_STEP_MS: 100, LOGIN_BACKOFF_MAX_MS: 300 } }, async () => {
      const attempt = async (i: number) => {
        const started = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: '192.0.2.50',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { email: `inconnu${i}@test.example`, password: 'faux' },
        });
        return { status: res.statusCode, ms: performance.now() - started };
      };
      const tries = [];
      for (let i = 0; i < 12; i++) tries.push(await attempt(i));
      // Different e-mails each time: no account is under attack, so no refusal, only longer waits for the address.
      expect(tries.map((r) => r.status)).toEqual(Array(12).fill(401));
      expect(tries[2]!.ms).toBeGreaterThanOrEqual(95);
      expect(tries[4]!.ms).toBeGreaterThanOrEqual(295);
      expect(tries[11]!.ms).toBeGreaterThanOrEqual(295);
    });
  });

  it('lets the right password of every account of a room in after 55 failures with made-up e-mails from its address, at once', async () => {
    const room = '192.0.2.77';
    const [a, b] = [await seedUser(t.ctx, 'STUDENT'), await seedUser(t.ctx, 'STUDENT')];
    for (let i = 0; i < 55; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: room, payload: { email: `invente${i}@salle.example`, password: 'faux' } });
      expect(r.statusCode).toBe(401);
    }
    const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: room, payload: { email, password } });
    expect((await login(a.email, a.password)).statusCode).toBe(200);
    // A typo of a real student there is a plain 401, and the right password after it still passes.
    expect((await login(b.email, 'faute')).statusCode).toBe(401);
    expect((await login(b.email, b.password)).statusCode).toBe(200);

    // The address's slowdown delays wrong passwords only: with a long wait, a right password asked after a wrong one
    // is answered first.
    await withContext(t, { config: { LOGIN_BACKOFF_STEP_MS: 4000, LOGIN_BACKOFF_MAX_MS: 4000 } }, async () => {
      const order: string[] = [];
      const wrong = login(`invente-encore@salle.example`, 'faux').then((r) => order.push(`faux ${r.statusCode}`));
      const right = login(a.email, a.password).then((r) => order.push(`juste ${r.statusCode}`));
      await Promise.all([wrong, right]);
      expect(order).toEqual(['juste 200', 'faux 401']);
    });
  }, 60_000);

  it('refuses an account failed five times the limit from several addresses, right password included', async () => {
    await withContext(t, { config: { LOGIN_MAX_FAILURES: 2 } }, async () => {
      const u = await seedUser(t.ctx, 'STUDENT');
      for (let i = 0; i < 10; i++) {
        const r = await t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: `198.51.100.${100 + i}`, payload: { email: u.email.toUpperCase(), password: 'faux' } });
        expect(r.statusCode).toBe(401);
      }
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: '198.51.100.200', payload: { email: u.email, password: u.password } });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/Trop de tentatives de connexion échouées pour ce compte/);
    });
  });

  it('refuses a student outside the access window with 503, at login and on every call', async () => {
    const open = await seedStructure(t.ctx, { fromDays: -10, toDays: 10 });
    const student = await seedUser(t.ctx, 'STUDENT', { academic_year_id: open.yearId, specialization_id: open.specializationId });
    const token = await loginAs(t.app, student);
    const profile = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.specializations).toHaveLength(1);

    // The window closes: the same token now gets 503 on every call.
    await t.ctx.db.updateTable('academic_years').set({ access_end: '2000-01-01', access_start: '1999-01-01' }).where('id', '=', open.yearId).execute();
    const after = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }));
    expect(after.statusCode).toBe(503);
    expect(after.json().message).toMatch(/fermé depuis le 01\/01\/2000/);
    // The header that tells the web app this 503 from an outage.
    expect(after.headers['x-access-window']).toBe('closed');
    const relogin = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: student.email, password: student.password } });
    expect(relogin.statusCode).toBe(503);
    expect(relogin.headers['x-access-window']).toBe('closed');

    const closedLater = await seedStructure(t.ctx, { fromDays: 5, toDays: 50 });
    const early = await seedUser(t.ctx, 'STUDENT', { academic_year_id: closedLater.yearId, specialization_id: closedLater.specializationId });
    const r = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: early.email, password: early.password } });
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toMatch(/ouvre le/);
  });

  it('never locks staff out by the access window', async () => {
    const teacher = await seedUser(t.ctx, 'TEACHER');
    const token = await loginAs(t.app, teacher);
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }))).statusCode).toBe(200);
  });
});

describe('tokens and roles', () => {
  it('revokes the token at logout', async () => {
    const u = await seedUser(t.ctx, 'TEACHER');
    const token = await loginAs(t.app, u);
    const out = await t.app.inject(authed(token, { method: 'POST', url: '/api/admin/users/logout' }));
    expect(out.statusCode).toBe(200);
    const again = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }));
    expect(again.statusCode).toBe(401);
  });

  it('answers 401 without a token and for a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/profile' })).statusCode).toBe(401);
    const forged = await t.app.inject(authed('A'.repeat(43), { method: 'GET', url: '/api/admin/users/profile' }));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/session a expiré/);
  });

  it('keeps expired tokens out', async () => {
    const u = await seedUser(t.ctx, 'TEACHER');
    const token = await loginAs(t.app, u);
    await t.ctx.db.updateTable('tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.id).execute();
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }))).statusCode).toBe(401);
  });

  it('lets only admins read the connected count, and counts sign-ins and sign-outs', async () => {
    const admin = await seedUser(t.ctx, 'ADMIN');
    const teacher = await seedUser(t.ctx, 'TEACHER');
    const adminToken = await loginAs(t.app, admin);
    const count = async () => (await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/users/connected-count' }))).json().data.count as number;
    const before = await count();
    const teacherToken = await loginAs(t.app, teacher);
    expect(await count()).toBe(before + 1);
    expect((await t.app.inject(authed(teacherToken, { method: 'GET', url: '/api/admin/users/connected-count' }))).statusCode).toBe(403);
    await t.app.inject(authed(teacherToken, { method: 'POST', url: '/api/admin/users/logout' }));
    expect(await count()).toBe(before);
  });

  it('keeps students out of staff routes (403)', async () => {
    const s = await seedStructure(t.ctx);
    const student = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, student);
    const res = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/connected-count' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/droits/);
  });
});

describe('profile update', () => {
  it('updates names and email, and requires the current password to change the password', async () => {
    const u = await seedUser(t.ctx, 'TEACHER');
    const token = await loginAs(t.app, u);
    const email = `nouveau-${u.id}@test.example`;
    const res = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/users/update-profil', payload: { last_name: "D'Artagnan", first_name: 'Élodie', email } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ last_name: "D'Artagnan", first_name: 'Élodie', email });

    const noCurrent = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/users/update-profil', payload: { last_name: 'A', first_name: 'B', email, password: 'NouveauMdp1!' } }));
    expect(noCurrent.statusCode).toBe(422);
    expect(noCurrent.json().errors.current_password[0]).toMatch(/actuel est obligatoire/);

    const badCurrent = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/users/update-profil', payload: { last_name: 'A', first_name: 'B', email, current_password: 'faux', password: 'NouveauMdp1!' } }));
    expect(badCurrent.statusCode).toBe(422);
    expect(badCurrent.json().errors.current_password[0]).toBe('Le mot de passe actuel est incorrect.');

    const good = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/users/update-profil', payload: { last_name: 'A', first_name: 'B', email, current_password: u.password, password: 'NouveauMdp1!' } }));
    expect(good.statusCode).toBe(200);
    await loginAs(t.app, { ...u, email, password: 'NouveauMdp1!' });
  });

  it('refuses an email already taken (409)', async () => {
    const a = await seedUser(t.ctx, 'TEACHER');
    const b = await seedUser(t.ctx, 'TEACHER');
    const token = await loginAs(t.app, a);
    const res = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/users/update-profil', payload: { last_name: 'A', first_name: 'B', email: b.email } }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email[0]).toMatch(/déjà utilisée/);
  });
});

describe('sessions and lockout', () => {
  it('lets the right password in from another address after 10 failures from one address', async () => {
    const u = await seedUser(t.ctx, 'STUDENT');
    const max = t.ctx.config.LOGIN_MAX_FAILURES;
    for (let i = 0; i < max; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: '203.0.113.66', payload: { email: u.email, password: 'mauvais' } });
      expect(r.statusCode).toBe(401);
    }
    const fromA = await t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: '203.0.113.66', payload: { email: u.email, password: u.password } });
    expect(fromA.statusCode).toBe(429);
    const fromB = await t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: '198.51.100.20', payload: { email: u.email, password: u.password } });
    expect(fromB.statusCode).toBe(200);
  }, 60_000);

  it('ends the other sessions on a password change, and all of them on "sign out everywhere"', async () => {
    const u = await seedUser(t.ctx, 'TEACHER');
    const current = await loginAs(t.app, u);
    const other = await loginAs(t.app, u);
    const profile = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }));
    const changed = await t.app.inject(
      authed(current, {
        method: 'PUT',
        url: '/api/admin/users/update-profil',
        payload: { last_name: 'A', first_name: 'B', email: u.email, current_password: u.password, password: 'NouveauMdp1!' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await profile(current)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);

    const third = await loginAs(t.app, { ...u, password: 'NouveauMdp1!' });
    const all = await t.app.inject(authed(current, { method: 'POST', url: '/api/admin/users/logout-all' }));
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ status: 'success', message: 'Vous êtes déconnecté de tous vos appareils.' });
    expect((await profile(current)).statusCode).toBe(401);
    expect((await profile(third)).statusCode).toBe(401);
  });

  it("ends a user's sessions when an admin resets the password", async () => {
    const admin = await seedUser(t.ctx, 'ADMIN');
    const adminToken = await loginAs(t.app, admin);
    const u = await seedUser(t.ctx, 'TEACHER');
    const token = await loginAs(t.app, u);
    const show = await t.app.inject(authed(adminToken, { method: 'GET', url: `/api/admin/users/${u.id}/show` }));
    const d = show.json().data;
    const res = await t.app.inject(
      authed(adminToken, {
        method: 'PUT',
        url: `/api/admin/users/${u.id}/update`,
        payload: { last_name: d.last_name, first_name: d.first_name, email: d.email, role: 'TEACHER', password: 'Reinitialise1!' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }))).statusCode).toBe(401);
    expect((await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/users/profile' }))).statusCode).toBe(200);
  });

  it('purges expired and long-revoked tokens at start', async () => {
    const u = await seedUser(t.ctx, 'TEACHER');
    await loginAs(t.app, u);
    await t.ctx.db.updateTable('tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.id).execute();
    const { purgeOldTokens } = await import('./repository');
    await purgeOldTokens(t.ctx.db);
    const left = await t.ctx.db.selectFrom('tokens').select('id').where('user_id', '=', u.id).execute();
    expect(left).toHaveLength(0);
  });
});

