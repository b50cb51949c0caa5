import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type SeededUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let adminUser: SeededUser;
let admin: string;
let teacher: string;
let s: Awaited<ReturnType<typeof seedStructure>>;
beforeAll(async () => {
  t = await createTestApp();
  adminUser = await seedUser(t.ctx, 'ADMIN');
  admin = await loginAs(t.app, adminUser);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  s = await seedStructure(t.ctx);
});
afterAll(async () => t.close());

let n = 0;
const student = (extra: Record<string, unknown> = {}) => {
  n += 1;
  return {
    last_name: "N'Guessan",
    first_name: 'Zoé',
    email: ` Etudiant${n}@Univ.Example `,
    role: 'STUDENT',
    student_number: `S-${n}-${Date.now()}`,
    academic_year_id: s.yearId,
    specialization_ids: [s.specializationId],
    ...extra,
  };
};

describe('students', () => {
  it('creates a student with a generated first password that must be changed, and shows it', async () => {
    const r = await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/users/create', payload: student() }));
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.message).toBe("L’étudiant Zoé N'Guessan a été créé.");
    expect(body.data).toMatchObject({ role: 'STUDENT', email: `etudiant${n}@univ.example`, must_change_password: 1, academic_year_id: s.yearId, is_premium: 0 });
    expect(body.data.specializations.map((x: { id: number }) => x.id)).toEqual([s.specializationId]);
    expect(body.data.generated_password).toMatch(/^[A-Za-z2-9]{14}$/);
    expect(body.data.password_hash).toBeUndefined();
    // The generated password signs in, and the profile says it must be changed.
    const token = await loginAs(t.app, { id: body.data.id, email: body.data.email, password: body.data.generated_password });
    const profile = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }));
    expect(profile.json().data.must_change_password).toBe(1);
    const show = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/${body.data.id}/show` }));
    expect(show.json().data.generated_password).toBeUndefined();
  });

  it('requires a number, a year and parcours for a student (422 on their fields)', async () => {
    const r = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student({ student_number: '', academic_year_id: null, specialization_ids: [] }) }));
    expect(r.statusCode).toBe(422);
    const e = r.json().errors;
    expect(e.student_number[0]).toBe("Le numéro d’étudiant est obligatoire.");
    expect(e.academic_year_id[0]).toBe("L’année universitaire est obligatoire.");
    expect(e.specialization_ids[0]).toBe('Choisissez au moins un parcours.');
    const unknown = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student({ specialization_ids: [987654] }) }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.specialization_ids[0]).toBe("Un des parcours choisis n’existe pas.");
  });

  it('refuses a duplicate email (case and spaces ignored) or student number (409)', async () => {
    const first = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student() }))).json().data;
    const dupEmail = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student({ email: `  ${first.email.toUpperCase()}` }) }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().errors.email[0]).toBe('Cette adresse e-mail est déjà utilisée.');
    const dupNumber = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student({ student_number: first.student_number }) }));
    expect(dupNumber.statusCode).toBe(409);
    expect(dupNumber.json().errors.student_number[0]).toMatch(/déjà attribué/);
    expect(dupNumber.json().errors.email).toBeUndefined();
    expect(dupEmail.json().errors.student_number).toBeUndefined();
  });

  it('reports a duplicate email and a duplicate student number together in one 409, on create and update', async () => {
    const first = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student() }))).json().data;
    const both = { email: first.email, student_number: first.student_number };
    const created = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student(both) }));
    expect(created.statusCode).toBe(409);
    expect(created.json().errors).toEqual({
      email: ['Cette adresse e-mail est déjà utilisée.'],
      student_number: [`Le numéro d’étudiant ${first.student_number} est déjà attribué.`],
    });
    const second = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student() }))).json().data;
    const updated = await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/users/${second.id}/update`, payload: student(both) }));
    expect(updated.statusCode).toBe(409);
    expect(Object.keys(updated.json().errors).sort()).toEqual(['email', 'student_number']);
    // Its own email and number are no conflict.
    const same = await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/users/${second.id}/update`, payload: student({ email: second.email, student_number: second.student_number }) }));
    expect(same.statusCode).toBe(200);
  });

  it('lists students with search, filters, sort and pagination', async () => {
    const other = await seedStructure(t.ctx);
    const mk = async (last: string, first: string, extra: Record<string, unknown> = {}) =>
      (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student({ last_name: last, first_name: first, ...extra }) }))).json().data;
    const a = await mk('Ébrard', 'Anaïs', { is_premium: 1 });
    const b = await mk('Lefèvre', 'Bruno', { academic_year_id: other.yearId, specialization_ids: [other.specializationId] });
    const bySearch = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/students?search=ebrard' }));
    // Accents, case and typographic apostrophes are ignored; every word must match.
    const exact = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/students?search=%C3%89brard%20ana' }));
    expect(bySearch.statusCode).toBe(200);
    expect(bySearch.json().data.map((u: { id: number }) => u.id)).toEqual([a.id]);
    expect(exact.json().data.map((u: { id: number }) => u.id)).toEqual([a.id]);
    const apostrophe = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/students?search=${encodeURIComponent('n’GUESS zoe')}&per_page=100` }));
    expect(apostrophe.json().data.length).toBeGreaterThan(0);
    expect(apostrophe.json().data.every((u: { last_name: string }) => u.last_name === "N'Guessan")).toBe(true);
    const wildcard = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/students?search=%25_%25' }));
    expect(wildcard.json().data).toEqual([]);
    const premium = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/students?is_premium=1&academic_year_id=${s.yearId}` }));
    expect(premium.json().data.map((u: { id: number }) => u.id)).toContain(a.id);
    expect(premium.json().data.every((u: { is_premium: number }) => u.is_premium === 1)).toBe(true);
    const byYear = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/students?academic_year_id=${other.yearId}` }));
    expect(byYear.json().data.map((u: { id: number }) => u.id)).toEqual([b.id]);
    // The year asked for comes back as the row's year: a number, as in every other list.
    expect(byYear.json().data[0]).toMatchObject({ academic_year_id: other.yearId, academic_year_label: expect.any(String) });
    const byMention = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/students?mention_id=${other.mentionId}` }));
    expect(byMention.json().data.map((u: { id: number }) => u.id)).toEqual([b.id]);
    const bySpec = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/students?specialization_id=${other.specializationId}` }));
    expect(bySpec.json().meta.total).toBe(1);
    const paged = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/students?per_page=2&page=2&sort=-last_name' }));
    expect(paged.json().data).toHaveLength(2);
    expect(paged.json().meta).toMatchObject({ page: 2, per_page: 2 });
    const beyond = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/students?per_page=2&page=999' }));
    expect(beyond.json().data).toEqual([]);
    expect(beyond.json().meta.total).toBe(paged.json().meta.total);
    const all = (await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/students?per_page=100&sort=-last_name' }))).json().data;
    const names = all.map((u: { last_name: string }) => u.last_name);
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0)));
    expect(all.every((u: { role: string }) => u.role === 'STUDENT')).toBe(true);
    const bad = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/students?per_page=1000&is_premium=2' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.per_page[0]).toBe('Le nombre par page ne doit pas dépasser 100.');
  });

  it('updates a student, replacing the parcours of the year', async () => {
    const created = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student() }))).json().data;
    const other = await seedStructure(t.ctx);
    const r = await t.app.inject(
      authed(teacher, {
        method: 'PUT',
        url: `/api/admin/users/${created.id}/update`,
        payload: student({ email: created.email, student_number: created.student_number, first_name: 'Zoë', specialization_ids: [other.specializationId] }),
      }),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe("L’étudiant Zoë N'Guessan a été mis à jour.");
    expect(r.json().data.specializations.map((x: { id: number }) => x.id)).toEqual([other.specializationId]);
  });

  it('flips premium with a PUT without body and answers in French', async () => {
    const created = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student({ first_name: 'Léa', last_name: 'Martin' }) }))).json().data;
    const on = await t.app.inject(authed(teacher, { method: 'PUT', url: `/api/admin/users/${created.id}/premium/update` }));
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ status: 'success', message: "L’étudiant Léa Martin est maintenant premium.", data: { is_premium: 1 } });
    const off = await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/users/${created.id}/premium/update` }));
    expect(off.json().message).toBe("L’étudiant Léa Martin n’est plus premium.");
    expect(off.json().data.is_premium).toBe(0);
    const staffTarget = await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/users/${adminUser.id}/premium/update` }));
    expect(staffTarget.statusCode).toBe(422);
    expect((await t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/users/999999/premium/update' }))).statusCode).toBe(404);
  });

  it('gates premium content (402) on the flag this toggle flips', async () => {
    const created = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student({ password: 'MotDePasse1!' }) }))).json().data;
    const { findSessionUserById, requirePremium } = await import('../auth');
    expect(() => requirePremium(null)).not.toThrow();
    const before = await findSessionUserById(t.ctx.db, created.id);
    expect(() => requirePremium(before!)).toThrow(/premium/);
    await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/users/${created.id}/premium/update` }));
    expect(() => requirePremium(null)).not.toThrow();
    const after = await findSessionUserById(t.ctx.db, created.id);
    expect(() => requirePremium(after!)).not.toThrow();
  });

  it('deletes a student (teacher) and answers 404 afterwards', async () => {
    const created = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student() }))).json().data;
    const d = await t.app.inject(authed(teacher, { method: 'DELETE', url: `/api/admin/users/${created.id}/delete` }));
    expect(d.statusCode).toBe(200);
    expect(d.json().message).toBe("L’étudiant Zoé N'Guessan a été supprimé.");
    expect((await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/${created.id}/show` }))).statusCode).toBe(404);
  });
});

describe('tiers-temps (extra_time_factor)', () => {
  it('is 1 by default, accepted from 1 to 3 with two decimals ("1,33" too), kept when absent, refused in French otherwise', async () => {
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => t.app.inject(authed(teacher, { method, url, ...(payload ? { payload } : {}) }));
    const plain = (await call('POST', '/api/admin/users/create', student())).json().data;
    expect(plain.extra_time_factor).toBe(1);
    const body: Record<string, unknown> = student({ extra_time_factor: 1.33 });
    const created = (await call('POST', '/api/admin/users/create', body)).json().data;
    expect(created.extra_time_factor).toBe(1.33);
    expect((await call('GET', `/api/admin/users/${created.id}/show`)).json().data.extra_time_factor).toBe(1.33);
    // An update without the field keeps it; a French decimal comma is read.
    const { extra_time_factor: _drop, ...without } = body;
    void _drop;
    expect((await call('PUT', `/api/admin/users/${created.id}/update`, without)).json().data.extra_time_factor).toBe(1.33);
    expect((await call('PUT', `/api/admin/users/${created.id}/update`, { ...without, extra_time_factor: '1,5' })).json().data.extra_time_factor).toBe(1.5);
    for (const bad of [0.9, 3.01, 1.333, 'beaucoup']) {
      const r = await call('PUT', `/api/admin/users/${created.id}/update`, { ...without, extra_time_factor: bad });
      expect(r.statusCode, String(bad)).toBe(422);
      expect(r.json().errors.extra_time_factor[0]).toBe('Le tiers-temps doit être un coefficient entre 1 et 3, avec au plus deux décimales (par exemple 1,33).');
    }
    expect((await call('GET', `/api/admin/users/${created.id}/show`)).json().data.extra_time_factor).toBe(1.5);
  });
});

describe('staff accounts and roles', () => {
  const staffBody = (role: string, extra: Record<string, unknown> = {}) => {
    n += 1;
    return { last_name: 'Durand', first_name: 'Paul', email: `staff${n}-${Date.now()}@univ.example`, role, password: 'MotDePasse1!', ...extra };
  };

  it('lets an admin create a teacher with a chosen password, who then signs in', async () => {
    const body = staffBody('TEACHER');
    const r = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: body }));
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe("L’utilisateur Paul Durand a été créé.");
    expect(r.json().data).toMatchObject({ role: 'TEACHER', must_change_password: 0, student_number: null });
    expect(r.json().data.generated_password).toBeUndefined();
    await loginAs(t.app, { id: r.json().data.id, email: body.email, password: body.password });
  });

  it('holds an account with a generated password to the profile until it is changed', async () => {
    const body = staffBody('TEACHER', { password: '' });
    const created = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: body }))).json().data;
    expect(created.must_change_password).toBe(1);
    const token = await loginAs(t.app, { id: created.id, email: body.email, password: created.generated_password });
    const blocked = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/students' }));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toMatch(/mot de passe est provisoire/);
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }))).statusCode).toBe(200);
    const changed = await t.app.inject(
      authed(token, {
        method: 'PUT',
        url: '/api/admin/users/update-profil',
        payload: { last_name: 'Durand', first_name: 'Paul', email: body.email, current_password: created.generated_password, password: 'NouveauMdp1!' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.must_change_password).toBe(0);
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/students' }))).statusCode).toBe(200);
  });

  it('never lets a teacher create, promote, read, change or delete an admin or a teacher (403)', async () => {
    for (const role of ['ADMIN', 'TEACHER']) {
      const r = await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/users/create', payload: staffBody(role) }));
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe('Un enseignant ne peut gérer que des comptes étudiants.');
    }
    const st = (await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/users/create', payload: student() }))).json().data;
    const promote = await t.app.inject(
      authed(teacher, { method: 'PUT', url: `/api/admin/users/${st.id}/update`, payload: { last_name: 'A', first_name: 'B', email: st.email, role: 'ADMIN' } }),
    );
    expect(promote.statusCode).toBe(403);
    expect((await t.ctx.db.selectFrom('users').select('role').where('id', '=', st.id).executeTakeFirstOrThrow()).role).toBe('STUDENT');
    const other = await seedUser(t.ctx, 'TEACHER');
    expect((await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/users/${other.id}/show` }))).statusCode).toBe(403);
    expect((await t.app.inject(authed(teacher, { method: 'DELETE', url: `/api/admin/users/${adminUser.id}/delete` }))).statusCode).toBe(403);
    expect(
      (await t.app.inject(authed(teacher, { method: 'PUT', url: `/api/admin/users/${other.id}/update`, payload: staffBody('TEACHER', { email: other.email }) }))).statusCode,
    ).toBe(403);
  });

  it('shows admins every role and teachers only students in /api/admin/users', async () => {
    const all = (await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/users?per_page=100' }))).json().data;
    expect(new Set(all.map((u: { role: string }) => u.role))).toEqual(new Set(['ADMIN', 'TEACHER', 'STUDENT']));
    const teachers = (await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/users?role=TEACHER&per_page=100' }))).json().data;
    expect(teachers.every((u: { role: string }) => u.role === 'TEACHER')).toBe(true);
    const seenByTeacher = (await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users?role=ADMIN&per_page=100' }))).json().data;
    expect(seenByTeacher.length).toBeGreaterThan(0);
    expect(seenByTeacher.every((u: { role: string }) => u.role === 'STUDENT')).toBe(true);
  });

  it('keeps students out (403) and anonymous callers out (401)', async () => {
    const st = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, st);
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/students' }))).statusCode).toBe(403);
    expect((await t.app.inject(authed(token, { method: 'PUT', url: `/api/admin/users/${st.id}/premium/update` }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/students' })).statusCode).toBe(401);
  });

  it('refuses to delete oneself or demote the last admin', async () => {
    const self = await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/users/${adminUser.id}/delete` }));
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Vous ne pouvez pas supprimer votre propre compte.');
    const demote = await t.app.inject(
      authed(admin, { method: 'PUT', url: `/api/admin/users/${adminUser.id}/update`, payload: staffBody('TEACHER', { email: adminUser.email, password: '' }) }),
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errors.role[0]).toBe('Vous ne pouvez pas changer votre propre rôle.');
  });

  it('turns a student into a teacher: number and parcours are dropped', async () => {
    const st = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/create', payload: student() }))).json().data;
    const r = await t.app.inject(
      authed(admin, { method: 'PUT', url: `/api/admin/users/${st.id}/update`, payload: { last_name: 'A', first_name: 'B', email: st.email, role: 'TEACHER' } }),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ role: 'TEACHER', student_number: null, specializations: [] });
  });
});
