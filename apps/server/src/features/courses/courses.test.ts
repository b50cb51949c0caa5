// Courses and chapters through the API: staff CRUD, ordering, deletion with chapters, and what a
// student may read (published, own year and parcours, premium).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let teacher: string;
let s: Awaited<ReturnType<typeof seedStructure>>;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  s = await seedStructure(t.ctx);
});
afterAll(async () => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

async function makeCourse(over: Record<string, unknown> = {}) {
  const res = await call(teacher, 'POST', '/api/admin/courses/create', {
    title: 'Statistique descriptive',
    description: 'Moyennes, variances',
    academic_year_id: s.yearId,
    specialization_ids: [s.specializationId],
    is_premium: 0,
    is_published: 1,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; title: string };
}

async function makeChapter(courseId: number, title: string, extra: Record<string, unknown> = {}) {
  const res = await call(teacher, 'POST', '/api/admin/chapters/store', { course_id: courseId, title, content: `<p>${title}</p>`, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; position: number; content: string };
}

describe('staff courses', () => {
  it('creates, shows, updates and lists a course with its parcours and year', async () => {
    const c = await makeCourse({ title: 'Probabilités', is_premium: true, is_published: '0' });
    const show = await call(teacher, 'GET', `/api/admin/courses/${c.id}/show`);
    expect(show.statusCode).toBe(200);
    expect(show.json().data).toMatchObject({ title: 'Probabilités', is_premium: 1, is_published: 0, specialization_ids: [s.specializationId], chapters_count: 0 });
    expect(show.json().data.author_name).toMatch(/^Prénom\d+ Nom\d+$/);

    const upd = await call(teacher, 'PUT', `/api/admin/courses/${c.id}/update`, {
      title: 'Probabilités (révisé)',
      description: '',
      academic_year_id: s.yearId,
      specialization_ids: [s.specializationId],
      is_premium: 0,
      is_published: 1,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ status: 'success', message: 'Cours mis à jour.', data: { title: 'Probabilités (révisé)', is_published: 1 } });

    const list = await call(teacher, 'GET', `/api/admin/courses?search=r%C3%A9vis&academic_year_id=${s.yearId}&is_published=1&per_page=5`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(list.json().meta).toEqual({ page: 1, per_page: 5, total: 1, last_page: 1 });

    const other = await seedStructure(t.ctx);
    const none = await call(teacher, 'GET', `/api/admin/courses?specialization_id=${other.specializationId}`);
    expect(none.json().data).toEqual([]);
  });

  it('paginates and sorts, and refuses an unknown sort', async () => {
    const y = await seedStructure(t.ctx);
    for (const title of ['B cours', 'A cours', 'C cours']) await makeCourse({ title, academic_year_id: y.yearId, specialization_ids: [y.specializationId] });
    const p2 = await call(teacher, 'GET', `/api/admin/courses?academic_year_id=${y.yearId}&sort=title&per_page=2&page=2`);
    expect(p2.json().data.map((x: { title: string }) => x.title)).toEqual(['C cours']);
    expect(p2.json().meta).toMatchObject({ total: 3, last_page: 2 });
    const bad = await call(teacher, 'GET', '/api/admin/courses?sort=password');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort[0]).toMatch(/n’est pas disponible/);
  });

  it('validates the body in French, and unknown year or parcours', async () => {
    const empty = await call(teacher, 'POST', '/api/admin/courses/create', { title: ' ', specialization_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title[0]).toBe('Le titre est obligatoire.');
    expect(empty.json().errors.specialization_ids[0]).toBe('Choisissez au moins un parcours.');
    expect(empty.json().errors.academic_year_id[0]).toMatch(/obligatoire/);
    const ghost = await call(teacher, 'POST', '/api/admin/courses/create', { title: 'x', academic_year_id: 999999, specialization_ids: [999998] });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().errors.academic_year_id[0]).toBe("Cette année universitaire n’existe pas.");
    expect(ghost.json().errors.specialization_ids[0]).toBe('Parcours introuvable : 999998.');
    expect((await call(teacher, 'GET', '/api/admin/courses/999999/show')).statusCode).toBe(404);
    expect((await call(teacher, 'GET', '/api/admin/courses/abc/show')).statusCode).toBe(422);
  });

  it('is closed to students and anonymous callers', async () => {
    const student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId }));
    expect((await call(student, 'GET', '/api/admin/courses')).statusCode).toBe(403);
    expect((await call(student, 'POST', '/api/admin/chapters/store', { course_id: 1, title: 'x' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/courses' })).statusCode).toBe(401);
  });

  it('deletes a course with its chapters', async () => {
    const c = await makeCourse();
    await makeChapter(c.id, 'Un');
    await makeChapter(c.id, 'Deux');
    const del = await call(teacher, 'DELETE', `/api/admin/courses/${c.id}/delete`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ message: 'Cours supprimé avec ses 2 chapitres.', data: { chapters_deleted: 2 } });
    const left = await t.ctx.db.selectFrom('chapters').select('id').where('course_id', '=', c.id).execute();
    expect(left).toEqual([]);
    expect((await call(teacher, 'DELETE', `/api/admin/courses/${c.id}/delete`)).statusCode).toBe(404);
  });
});

describe('chapters', () => {
  it('stores chapters at the end or at a position, sanitises content, and lists them in order', async () => {
    const c = await makeCourse();
    const a = await makeChapter(c.id, 'A');
    const b = await makeChapter(c.id, 'B');
    const z = await makeChapter(c.id, 'Z', { position: 1, content: '<h2 onclick="x()">Titre</h2><script>alert(1)</script><p>ok</p>' });
    expect([a.position, b.position, z.position]).toEqual([1, 2, 1]);
    expect(z.content).toBe('<h2>Titre</h2><p>ok</p>');
    const all = await call(teacher, 'GET', `/api/admin/chapters/${c.id}/all`);
    expect(all.json().data.map((x: { title: string; position: number }) => `${x.position}:${x.title}`)).toEqual(['1:Z', '2:A', '3:B']);

    const list = await call(teacher, 'GET', `/api/admin/chapters?course_id=${c.id}&search=a`);
    expect(list.json().data.map((x: { title: string }) => x.title)).toEqual(['A']);
    expect(list.json().meta.total).toBe(1);

    const show = await call(teacher, 'GET', `/api/admin/chapters/${a.id}/show`);
    expect(show.json().data).toMatchObject({ id: a.id, course_id: c.id, title: 'A', files: [] });
  });

  it('moves a chapter on update and renumbers after a delete', async () => {
    const c = await makeCourse();
    const [x, y, z] = [await makeChapter(c.id, 'X'), await makeChapter(c.id, 'Y'), await makeChapter(c.id, 'Z')];
    const moved = await call(teacher, 'PUT', `/api/admin/chapters/${x.id}/update`, { course_id: c.id, title: 'X bis', content: '<p>x</p>', position: 3 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ title: 'X bis', position: 3 });
    const order = async () => (await call(teacher, 'GET', `/api/admin/chapters/${c.id}/all`)).json().data.map((r: { id: number; position: number }) => [r.id, r.position]);
    expect(await order()).toEqual([[y.id, 1], [z.id, 2], [x.id, 3]]);
    expect((await call(teacher, 'DELETE', `/api/admin/chapters/${y.id}/delete`)).statusCode).toBe(200);
    expect(await order()).toEqual([[z.id, 1], [x.id, 2]]);
    const other = await makeCourse();
    const cross = await call(teacher, 'PUT', `/api/admin/chapters/${x.id}/update`, { course_id: other.id, title: 'X', content: '' });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors.course_id[0]).toBe('Un chapitre ne peut pas changer de cours.');
  });

  it('reorders all chapters of a course in one call, refusing an incomplete list', async () => {
    const c = await makeCourse();
    const ids = [(await makeChapter(c.id, '1')).id, (await makeChapter(c.id, '2')).id, (await makeChapter(c.id, '3')).id];
    const res = await call(teacher, 'PUT', `/api/admin/chapters/${c.id}/reorder`, { ids: [ids[2], ids[0], ids[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[0], ids[1]]);
    const partial = await call(teacher, 'PUT', `/api/admin/chapters/${c.id}/reorder`, { ids: [ids[0], ids[1]] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.ids[0]).toMatch(/chaque chapitre du cours/);
    const dup = await call(teacher, 'PUT', `/api/admin/chapters/${c.id}/reorder`, { ids: [ids[0], ids[0], ids[1]] });
    expect(dup.statusCode).toBe(422);
    // Nothing changed after the refused calls.
    const after = await call(teacher, 'GET', `/api/admin/chapters/${c.id}/all`);
    expect(after.json().data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[0], ids[1]]);
  });

  it('keeps positions 1..n when chapters are stored concurrently', async () => {
    const c = await makeCourse();
    await Promise.all(Array.from({ length: 6 }, (_, i) => makeChapter(c.id, `P${i}`)));
    const rows = await t.ctx.db.selectFrom('chapters').select('position').where('course_id', '=', c.id).orderBy('position').execute();
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses unknown course and files', async () => {
    const r1 = await call(teacher, 'POST', '/api/admin/chapters/store', { course_id: 999999, title: 'x' });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors.course_id[0]).toBe('Ce cours est introuvable.');
    const c = await makeCourse();
    const r2 = await call(teacher, 'POST', '/api/admin/chapters/store', { course_id: c.id, title: 'x', file_ids: [999999] });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors.file_ids[0]).toMatch(/Fichier introuvable : 999999/);
    expect((await call(teacher, 'GET', '/api/admin/chapters/999999/all')).statusCode).toBe(404);
  });
});

describe('student courses', () => {
  it('lists only published courses of the student’s year and parcours', async () => {
    const mine = await seedStructure(t.ctx);
    const other = await seedStructure(t.ctx);
    const pub = await makeCourse({ title: 'Publié', academic_year_id: mine.yearId, specialization_ids: [mine.specializationId] });
    await makeCourse({ title: 'Brouillon', academic_year_id: mine.yearId, specialization_ids: [mine.specializationId], is_published: 0 });
    await makeCourse({ title: 'Autre parcours', academic_year_id: mine.yearId, specialization_ids: [other.specializationId] });
    await makeCourse({ title: 'Autre année', academic_year_id: other.yearId, specialization_ids: [mine.specializationId] });
    const premium = await makeCourse({ title: 'Premium', academic_year_id: mine.yearId, specialization_ids: [mine.specializationId, other.specializationId], is_premium: 1 });
    const student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: mine.yearId, specialization_id: mine.specializationId }));
    const res = await call(student, 'GET', '/api/student/courses');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { id: number }) => c.id).sort()).toEqual([pub.id, premium.id].sort());
    expect(res.json().data.find((c: { id: number }) => c.id === premium.id).is_premium).toBe(1);
    // Staff cannot use the student routes.
    expect((await call(teacher, 'GET', '/api/student/courses')).statusCode).toBe(403);
  });

  it('shows a course with chapters and files; 404 unpublished, 403 other parcours, 402 premium', async () => {
    const mine = await seedStructure(t.ctx);
    const other = await seedStructure(t.ctx);
    const c = await makeCourse({ academic_year_id: mine.yearId, specialization_ids: [mine.specializationId] });
    await makeChapter(c.id, 'Intro', { content: '<p>Bonjour <span data-type="math-inline" data-latex="x^2">x^2</span></p>' });
    const draft = await makeCourse({ academic_year_id: mine.yearId, specialization_ids: [mine.specializationId], is_published: 0 });
    const foreign = await makeCourse({ academic_year_id: mine.yearId, specialization_ids: [other.specializationId] });
    const prem = await makeCourse({ academic_year_id: mine.yearId, specialization_ids: [mine.specializationId], is_premium: 1 });
    const basic = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: mine.yearId, specialization_id: mine.specializationId }));
    const rich = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: mine.yearId, specialization_id: mine.specializationId, is_premium: 1 }));

    const ok = await call(basic, 'GET', `/api/student/courses/${c.id}/show`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.chapters).toHaveLength(1);
    expect(ok.json().data.chapters[0].content).toContain('data-latex="x^2"');

    const d = await call(basic, 'GET', `/api/student/courses/${draft.id}/show`);
    expect(d.statusCode).toBe(404);
    expect(d.json().message).toMatch(/introuvable/);
    expect((await call(basic, 'GET', '/api/student/courses/999999/show')).statusCode).toBe(404);
    const f = await call(basic, 'GET', `/api/student/courses/${foreign.id}/show`);
    expect(f.statusCode).toBe(403);
    expect(f.json().message).toBe("Ce cours n’est pas proposé à votre parcours.");
    const p = await call(basic, 'GET', `/api/student/courses/${prem.id}/show`);
    expect(p.statusCode).toBe(402);
    expect(p.json().message).toBe('Ce contenu est réservé aux étudiants premium.');
    expect((await call(rich, 'GET', `/api/student/courses/${prem.id}/show`)).statusCode).toBe(200);
  });
});
