import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let admin: string;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
});
afterAll(async () => t.close());

describe('mentions and parcours', () => {
  it('creates a mention and a parcours, lists them with search, filter and counts', async () => {
    const m = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/mentions/create', payload: { name: 'Sciences de l’ingénieur', code: 'SCI-ING' } }));
    expect(m.statusCode).toBe(200);
    expect(m.json().message).toBe('La mention Sciences de l’ingénieur a été créée.');
    const mentionId = m.json().data.id;
    const s = await t.app.inject(
      authed(admin, { method: 'POST', url: '/api/admin/specializations/create', payload: { name: 'Génie civil', code: 'GC-L1', level: 'L1', mention_id: String(mentionId) } }),
    );
    expect(s.statusCode).toBe(200);
    expect(s.json().data).toMatchObject({ name: 'Génie civil', mention_id: mentionId, mention_name: 'Sciences de l’ingénieur', students_count: 0 });
    const list = await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/specializations?mention_id=${mentionId}&search=civil&sort=-level` }));
    expect(list.json().data).toHaveLength(1);
    const mentions = await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/mentions?search=sci-ing' }));
    expect(mentions.json().data[0].specializations_count).toBe(1);
  });

  it('refuses to delete a mention that still has parcours (409) and deletes it once empty', async () => {
    const m = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/mentions/create', payload: { name: 'Droit', code: 'DROIT' } }))).json().data;
    const s = (
      await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/specializations/create', payload: { name: 'Droit public', code: 'DP-M1', level: 'M1', mention_id: m.id } }))
    ).json().data;
    const r = await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/mentions/${m.id}/delete` }));
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      "Impossible de supprimer la mention Droit : elle contient encore 1 parcours. Supprimez ces parcours ou rattachez-les à une autre mention d’abord.",
    );
    expect((await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/specializations/${s.id}/delete` }))).statusCode).toBe(200);
    expect((await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/mentions/${m.id}/delete` }))).statusCode).toBe(200);
  });

  it('refuses duplicate codes (case-insensitive, 409), an unknown mention and a bad level (422)', async () => {
    await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/mentions/create', payload: { name: 'Physique', code: 'PHYS' } }));
    const dup = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/mentions/create', payload: { name: 'Physique 2', code: 'phys' } }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.code[0]).toMatch(/déjà utilisé/);
    const unknown = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/specializations/create', payload: { name: 'X', code: 'X1', level: 'L1', mention_id: 999999 } }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.mention_id[0]).toBe("La mention choisie n’existe pas.");
    const level = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/specializations/create', payload: { name: 'X', code: 'X1', level: 'L9', mention_id: 1 } }));
    expect(level.statusCode).toBe(422);
    expect(level.json().errors.level[0]).toMatch(/L1, L2, L3, M1, M2 ou D/);
    const empty = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/mentions/create', payload: { name: '  ', code: 'a b' } }));
    expect(empty.json().errors.name[0]).toBe('Le nom est obligatoire.');
    expect(empty.json().errors.code[0]).toMatch(/lettres, chiffres/);
  });

  it('refuses to delete a parcours with enrolled students (409)', async () => {
    const m = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/mentions/create', payload: { name: 'Chimie', code: 'CHIM' } }))).json().data;
    const s = (
      await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/specializations/create', payload: { name: 'Chimie L1', code: 'CH-L1', level: 'L1', mention_id: m.id } }))
    ).json().data;
    const y = await t.ctx.db
      .insertInto('academic_years')
      .values({ label: '2060-2061', start_date: '2060-09-01', end_date: '2061-08-31', access_start: '2060-09-01', access_end: '2061-08-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedUser(t.ctx, 'STUDENT', { academic_year_id: y.id, specialization_id: s.id });
    const r = await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/specializations/${s.id}/delete` }));
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/1 étudiant y est inscrit/);
  });

  it('lists how many students and courses use a parcours, and refuses to delete one a course uses (409, French)', async () => {
    const st = await seedStructure(t.ctx);
    const course = await t.ctx.db.insertInto('courses').values({ title: 'Cours du parcours', academic_year_id: st.yearId }).returning('id').executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('course_specializations').values({ course_id: course.id, specialization_id: st.specializationId }).execute();
    const list = await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/specializations?mention_id=${st.mentionId}` }));
    expect(list.json().data[0]).toMatchObject({ id: st.specializationId, students_count: 0, courses_count: 1 });
    const r = await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/specializations/${st.specializationId}/delete` }));
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/^Impossible de supprimer le parcours .* : 1 cours y est proposé\. Retirez d’abord ce parcours de ces cours\.$/);
  });

  it('lets teachers read but not write mentions and parcours (403)', async () => {
    expect((await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/mentions' }))).statusCode).toBe(200);
    expect((await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/specializations' }))).statusCode).toBe(200);
    expect((await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/mentions/create', payload: { name: 'A', code: 'A' } }))).statusCode).toBe(403);
    expect(
      (await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/specializations/create', payload: { name: 'A', code: 'A', level: 'L1', mention_id: 1 } }))).statusCode,
    ).toBe(403);
  });
});
