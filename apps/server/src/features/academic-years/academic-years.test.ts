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

const year = (label: string, extra: Record<string, unknown> = {}) => ({
  label,
  start_date: `${label.slice(0, 4)}-09-01`,
  end_date: `${label.slice(5)}-08-31`,
  access_start: `${label.slice(0, 4)}-09-01`,
  access_end: `${label.slice(5)}-08-31`,
  is_current: 0,
  ...extra,
});

describe('academic years', () => {
  it('creates, shows, lists, updates and deletes a year (admin)', async () => {
    const c = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2030-2031') }));
    expect(c.statusCode).toBe(200);
    expect(c.json().message).toBe("L’année universitaire 2030-2031 a été créée.");
    const id = c.json().data.id;
    const show = await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/academic-years/${id}/show` }));
    expect(show.json().data).toMatchObject({ label: '2030-2031', start_date: '2030-09-01', is_current: 0, students_count: 0 });
    const list = await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/academic-years?search=2030&sort=-start_date' }));
    expect(list.json().data.map((y: { id: number }) => y.id)).toEqual([id]);
    expect(list.json().meta).toMatchObject({ total: 1, page: 1 });
    const u = await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/academic-years/${id}/update`, payload: year('2030-2031', { access_end: '2031-06-30' }) }));
    expect(u.statusCode).toBe(200);
    expect(u.json().data.access_end).toBe('2031-06-30');
    const d = await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/academic-years/${id}/delete` }));
    expect(d.statusCode).toBe(200);
    expect((await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/academic-years/${id}/show` }))).statusCode).toBe(404);
  });

  it('refuses an end before the start and a malformed label with French field errors (422)', async () => {
    const r = await t.app.inject(
      authed(admin, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2032-2033', { end_date: '2032-01-01', access_end: '2032-01-01' }) }),
    );
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.end_date[0]).toBe('La date de fin doit suivre la date de début.');
    expect(r.json().errors.access_end[0]).toBe("La fin de l’accès doit suivre son début.");
    const l = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2032-2035') }));
    expect(l.statusCode).toBe(422);
    expect(l.json().errors.label[0]).toMatch(/deux années qui se suivent/);
  });

  it('refuses a duplicate label (409)', async () => {
    await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2034-2035') }));
    const r = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2034-2035') }));
    expect(r.statusCode).toBe(409);
    expect(r.json().errors.label[0]).toBe("L’année universitaire 2034-2035 existe déjà.");
  });

  it('keeps exactly one current year: marking a new one current un-marks the previous', async () => {
    const a = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2040-2041', { is_current: 1 }) }))).json().data;
    const b = (await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2041-2042', { is_current: true }) }))).json().data;
    expect(b.is_current).toBe(1);
    const again = (await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/academic-years/${a.id}/show` }))).json().data;
    expect(again.is_current).toBe(0);
    await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/academic-years/${a.id}/update`, payload: year('2040-2041', { is_current: 1 }) }));
    const currents = await t.ctx.db.selectFrom('academic_years').select('id').where('is_current', '=', 1).execute();
    expect(currents.map((c) => c.id)).toEqual([a.id]);
  });

  it('refuses to delete a year students are enrolled in (409, French)', async () => {
    const s = await seedStructure(t.ctx);
    await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const r = await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/academic-years/${s.yearId}/delete` }));
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/^Impossible de supprimer l’année .* : 1 étudiant y est inscrit\./);
    expect(await t.ctx.db.selectFrom('academic_years').select('id').where('id', '=', s.yearId).executeTakeFirst()).toBeDefined();
  });

  it('lists how many students and courses use a year, and refuses to delete a year courses use (409, French)', async () => {
    const s = await seedStructure(t.ctx);
    await t.ctx.db.insertInto('courses').values({ title: 'Cours de test', academic_year_id: s.yearId }).execute();
    await t.ctx.db.insertInto('courses').values({ title: 'Cours de test 2', academic_year_id: s.yearId }).execute();
    const label = (await t.ctx.db.selectFrom('academic_years').select('label').where('id', '=', s.yearId).executeTakeFirstOrThrow()).label;
    const list = await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/academic-years?search=${label}` }));
    expect(list.json().data[0]).toMatchObject({ id: s.yearId, students_count: 0, courses_count: 2 });
    const r = await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/academic-years/${s.yearId}/delete` }));
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(`Impossible de supprimer l’année ${label} : 2 cours y sont rattachés. Changez d’abord l’année de ces cours.`);
  });

  it('lets teachers read years but never write them (403)', async () => {
    expect((await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/academic-years' }))).statusCode).toBe(200);
    const r = await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/academic-years/create', payload: year('2050-2051') }));
    expect(r.statusCode).toBe(403);
    const s = await seedStructure(t.ctx);
    expect((await t.app.inject(authed(teacher, { method: 'DELETE', url: `/api/admin/academic-years/${s.yearId}/delete` }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/academic-years' })).statusCode).toBe(401);
  });

  it('refuses an unknown sort with 422', async () => {
    const r = await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/academic-years?sort=password' }));
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.sort[0]).toMatch(/n’est pas disponible/);
  });
});
