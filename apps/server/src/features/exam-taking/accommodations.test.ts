// Accommodations: an attempt keeps the extra-time factor it started with (the exam list, the results, the live page
// and a later grant of extra minutes never rewrite its time with the student's factor of today); larger text reaches
// the exam page and a separate room the live page; the migration's backfill reads an old attempt's factor from its times.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { backfillAttemptFactors } from '../../db/migrations/028-accommodations';

let t: TestApp;
let admin: string;
let s: Awaited<ReturnType<typeof seedStructure>>;
const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  s = await seedStructure(t.ctx);
  await t.ctx.db.updateTable('academic_years').set({ is_current: 1 }).where('id', '=', s.yearId).execute();
});
afterAll(async () => t.close());

async function exam(duration: number | null, end = at(300 * MIN)) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel aménagé', academic_year_id: s.yearId, start_at: at(-MIN), end_at: end, duration_minutes: duration, status: 'PUBLISHED', show_solutions_after_close: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  return e.id;
}

async function student() {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  return { ...u, token: await loginAs(t.app, u) };
}

const get = (token: string, url: string) => t.app.inject(authed(token, { method: 'GET', url }));
const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject(authed(token, { method, url, payload }));

/** Staff change the student's accommodations through the student form (as the screen does). */
async function setAccommodations(id: number, a: { extra_time_factor: number; accommodation_reason?: 'TIERS_TEMPS' | 'AUTRE' | null; separate_room?: 0 | 1; large_text?: 0 | 1 }) {
  const shown = (await get(admin, `/api/admin/users/${id}/show`)).json().data;
  const body = {
    last_name: shown.last_name,
    first_name: shown.first_name,
    email: shown.email,
    role: 'STUDENT',
    student_number: shown.student_number,
    academic_year_id: s.yearId,
    specialization_ids: [s.specializationId],
    ...a,
  };
  const res = await send(admin, 'PUT', `/api/admin/users/${id}/update`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('an attempt keeps the factor it started with', () => {
  it('the exam list, the results, the live page and a later grant of minutes keep 1.33 after the factor became 1.38', async () => {
    const id = await exam(42);
    const u = await student();
    const waiting = await student();
    await setAccommodations(u.id, { extra_time_factor: 1.33 });
    await setAccommodations(waiting.id, { extra_time_factor: 1.33 });
    const started = (await send(u.token, 'POST', `/api/student/exams/${id}/start`, {})).json().data;
    expect(Date.parse(started.deadline) - Date.parse(started.started_at)).toBe(Math.round(42 * 1.33 * MIN));
    const mine = async (token: string) => (await get(token, '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
    expect((await mine(u.token)).allowed_minutes).toBe(55.86);

    // The service d'accueil raises the factor: today's 58 min for the ones who have not started, 56 for the attempt.
    const updated = await setAccommodations(u.id, { extra_time_factor: 1.38 });
    expect(updated).toMatchObject({ extra_time_factor: 1.38, accommodation_reason: 'TIERS_TEMPS' });
    await setAccommodations(waiting.id, { extra_time_factor: 1.38 });
    expect((await mine(u.token)).allowed_minutes).toBe(55.86);
    expect((await mine(waiting.token)).allowed_minutes).toBe(57.96);

    const rows = (await get(admin, `/api/admin/exam-results/${id}/show`)).json().data.rows as Array<{ user_id: number; extra_time_factor: number }>;
    expect(rows.find((r) => r.user_id === u.id)?.extra_time_factor).toBe(1.33);
    expect(rows.find((r) => r.user_id === waiting.id)?.extra_time_factor).toBe(1.38);
    const live = (await get(admin, `/api/admin/exam-results/${id}/live`)).json().data.rows as Array<{ user_id: number; extra_time_factor: number }>;
    expect(live.find((r) => r.user_id === u.id)?.extra_time_factor).toBe(1.33);
    const copy = (await get(admin, `/api/admin/exam-results/${id}/students/${u.id}`)).json().data;
    expect(copy.student.extra_time_factor).toBe(1.33);

    // Five more minutes: the deadline is computed again with the attempt's factor, not today's.
    const granted = await send(admin, 'POST', `/api/admin/exams/${id}/extra-time`, { user_id: u.id, minutes: 5 });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(Date.parse(granted.json().data.deadline) - Date.parse(started.started_at)).toBe(Math.round((42 * 1.33 + 5) * MIN));
    expect((await mine(u.token)).allowed_minutes).toBe(60.86);
    const stored = await t.ctx.db.selectFrom('exam_attempts').select('extra_time_factor').where('exam_id', '=', id).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(Number(stored.extra_time_factor)).toBe(1.33);
  });

  it('the backfill reads an old attempt’s factor from its times, or takes the student’s when its deadline was the closing', async () => {
    const timed = await exam(42);
    const capped = await exam(120, at(30 * MIN));
    const u = await student();
    await t.ctx.db.updateTable('users').set({ extra_time_factor: 1.38 }).where('id', '=', u.id).execute();
    const start = at(-10 * MIN);
    const rows = await t.ctx.db
      .insertInto('exam_attempts')
      .values([
        { exam_id: timed, user_id: u.id, started_at: start, deadline: new Date(start.getTime() + Math.round(42 * 1.33 * MIN)), score: 0, extra_time_factor: 1 },
        { exam_id: capped, user_id: u.id, started_at: start, deadline: at(30 * MIN), score: 0, extra_time_factor: 1 },
      ])
      .returning(['id', 'exam_id'])
      .execute();
    await backfillAttemptFactors(t.ctx.db as unknown as Kysely<unknown>);
    const after = await t.ctx.db.selectFrom('exam_attempts').select(['exam_id', 'extra_time_factor']).where('id', 'in', rows.map((r) => r.id)).execute();
    expect(Number(after.find((r) => r.exam_id === timed)?.extra_time_factor)).toBe(1.33);
    expect(Number(after.find((r) => r.exam_id === capped)?.extra_time_factor)).toBe(1.38);
  });
});

describe('other arrangements take effect', () => {
  it('larger text reaches the student’s exam list, a separate room the live page; a reason outside the list is refused', async () => {
    const id = await exam(60);
    const u = await student();
    const plain = await student();
    const set = await setAccommodations(u.id, { extra_time_factor: 1, accommodation_reason: 'AUTRE', separate_room: 1, large_text: 1 });
    expect(set).toMatchObject({ accommodation_reason: 'AUTRE', separate_room: 1, large_text: 1, extra_time_factor: 1 });
    const item = (token: string) => get(token, '/api/student/exams').then((r) => r.json().data.find((e: { id: number }) => e.id === id));
    expect((await item(u.token)).large_text).toBe(true);
    expect((await item(plain.token)).large_text).toBe(false);
    const live = (await get(admin, `/api/admin/exam-results/${id}/live`)).json().data.rows as Array<{ user_id: number; separate_room: boolean }>;
    expect(live.find((r) => r.user_id === u.id)?.separate_room).toBe(true);
    expect(live.find((r) => r.user_id === plain.id)?.separate_room).toBe(false);
    const bad = await setAccommodations(u.id, { extra_time_factor: 1, accommodation_reason: null });
    expect(bad.accommodation_reason).toBeNull();
    const refused = await send(admin, 'PUT', `/api/admin/users/${u.id}/update`, { ...(await get(admin, `/api/admin/users/${u.id}/show`)).json().data, role: 'STUDENT', academic_year_id: s.yearId, specialization_ids: [s.specializationId], accommodation_reason: 'Dyslexie sévère' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Le motif de l’aménagement doit être « Tiers-temps » ou « Autre aménagement ».');
  });
});

describe('accommodations from the students’ xlsx import', () => {
  const HEADERS = ['Nom', 'Prénom', 'Adresse e-mail', 'Numéro étudiant', 'Code parcours', 'Année universitaire', 'Premium', 'Tiers-temps', 'Motif de l’aménagement', 'Salle à part', 'Grands caractères'];
  async function upload(rows: ExcelJS.CellValue[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Étudiants');
    ws.addRow(HEADERS);
    for (const r of rows) ws.addRow(r);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----boundary' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/users/import-student', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
  }
  const code = async () => (await t.ctx.db.selectFrom('specializations').select('code').where('id', '=', s.specializationId).executeTakeFirstOrThrow()).code;

  it('imports the factor, its reason (a tiers-temps when left empty) and the arrangements', async () => {
    const c = await code();
    const res = await upload([
      ['Aménagé', 'Zoé', 'zoe.amenagee@univ.example', 'AM-001', c, '', 'Non', '1,33', '', 'Oui', 'Non'],
      ['Autre', 'Léo', 'leo.autre@univ.example', 'AM-002', c, '', '', 1.5, 'Autre aménagement', '', 'oui'],
      ['Sans', 'Inès', 'ines.sans@univ.example', 'AM-003', c, '', '', '', '', '', ''],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const users = await t.ctx.db.selectFrom('users').select(['email', 'extra_time_factor', 'accommodation_reason', 'separate_room', 'large_text']).where('student_number', 'in', ['AM-001', 'AM-002', 'AM-003']).orderBy('student_number').execute();
    expect(users.map((x) => ({ ...x, extra_time_factor: Number(x.extra_time_factor) }))).toEqual([
      { email: 'zoe.amenagee@univ.example', extra_time_factor: 1.33, accommodation_reason: 'TIERS_TEMPS', separate_room: 1, large_text: 0 },
      { email: 'leo.autre@univ.example', extra_time_factor: 1.5, accommodation_reason: 'AUTRE', separate_room: 0, large_text: 1 },
      { email: 'ines.sans@univ.example', extra_time_factor: 1, accommodation_reason: null, separate_room: 0, large_text: 0 },
    ]);
  });

  it('refuses bad accommodation cells with their line and a French reason, and writes nothing', async () => {
    const c = await code();
    const res = await upload([
      ['Un', 'A', 'un.a@univ.example', 'AM-101', c, '', '', '1,5x', '', '', ''],
      ['Deux', 'B', 'deux.b@univ.example', 'AM-102', c, '', '', '4', '', '', ''],
      ['Trois', 'C', 'trois.c@univ.example', 'AM-103', c, '', '', '1,33', 'Dyslexie', '', ''],
      ['Quatre', 'D', 'quatre.d@univ.example', 'AM-104', c, '', '', '', 'Tiers-temps', '', ''],
      ['Cinq', 'E', 'cinq.e@univ.example', 'AM-105', c, '', '', '', '', 'peut-être', ''],
      ['Six', 'F', 'six.f@univ.example', 'AM-106', c, '', '', '1,333', '', '', 'Non'],
    ]);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.ligne_2?.[0]).toBe('Ligne 2 : colonne « Tiers-temps » : « 1,5x » n’est pas valide. Le tiers-temps doit être un coefficient entre 1 et 3, avec au plus deux décimales (par exemple 1,33).');
    expect(errors.ligne_3?.[0]).toContain('Ligne 3 : colonne « Tiers-temps » : « 4 »');
    expect(errors.ligne_4?.[0]).toBe('Ligne 4 : le motif de l’aménagement « Dyslexie » doit être « Tiers-temps » ou « Autre aménagement » (jamais le détail médical, qui reste au service d’accueil).');
    expect(errors.ligne_5?.[0]).toBe('Ligne 5 : le motif « Tiers-temps » demande un coefficient dans la colonne « Tiers-temps » (par exemple 1,33).');
    expect(errors.ligne_6?.[0]).toBe('Ligne 6 : la valeur « peut-être » de la colonne « Salle à part » doit être Oui ou Non.');
    expect(errors.ligne_7?.[0]).toContain('« 1,333 »');
    const n = await t.ctx.db.selectFrom('users').select('id').where('student_number', 'like', 'AM-10%').execute();
    expect(n).toEqual([]);
  });

  it('the template carries the accommodation columns and says how to fill them', async () => {
    const res = await get(admin, '/api/admin/users/template-import-student');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (wb.getWorksheet('Étudiants')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(HEADERS);
    const help = wb.getWorksheet('Instructions')!.getColumn(1).values.join('\n');
    expect(help).toContain('jamais le détail médical');
  });
});
