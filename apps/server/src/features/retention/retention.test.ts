// Retention: a year whose retention has passed is purged (copies, answers, journals, enrolments, former students'
// accounts) with what a hold keeps left in place, an elimination record made (a tagged PDF) and the exams'
// statistics kept; the preview lists exactly what goes; a year not yet due, a wrong confirmation and a teacher are
// refused; the server's periodic purge takes what a released hold let go.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { unzip } from '../../lib/zip';
import { purgeDueYears } from './service';
import { closeExam, seedExam, sit } from '../../../test/exam-sitting';

let t: TestApp;
let admin = '';
let teacher = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 180_000);
afterAll(async () => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
const daysAgo = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);
const count = async (table: 'exam_attempts' | 'exam_submissions' | 'exam_journal' | 'student_enrolments' | 'users', col: string, ids: number[]) =>
  ids.length ? Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(col as never, 'in', ids as never).executeTakeFirstOrThrow()).n) : 0;

describe('retention of a year', () => {
  it('purges a due year: what a hold keeps stays, everything else goes, an elimination record is made', async () => {
    const s = await seedStructure(t.ctx);
    const other = await seedStructure(t.ctx);
    const exam = await seedExam(t, s.yearId, s.specializationId, 'Partiel d’algèbre');
    const held = await sit(t, exam, s.yearId, s.specializationId);
    const gone = await sit(t, exam, s.yearId, s.specializationId);
    const stays = await sit(t, exam, s.yearId, s.specializationId);
    // Enrolled in another year too: their account stays, their enrolment of the purged year goes.
    await t.ctx.db.insertInto('student_enrolments').values({ user_id: stays.id, academic_year_id: other.yearId, specialization_id: other.specializationId }).execute();
    await closeExam(t, exam.examId);
    const attemptOf = async (userId: number) => (await t.ctx.db.selectFrom('exam_attempts').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
    const [heldA, goneA, staysA] = [await attemptOf(held.id), await attemptOf(gone.id), await attemptOf(stays.id)];
    expect(await count('exam_journal', 'attempt_id', [goneA])).toBeGreaterThan(0);

    // A teacher sets the hold (an appeal), with its reason.
    const hold = await call(teacher, 'POST', '/api/admin/retention/holds/create', { user_id: held.id, academic_year_id: s.yearId, kind: 'APPEAL', reason: 'Recours gracieux déposé' });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json().data).toMatchObject({ kind: 'APPEAL', reason: 'Recours gracieux déposé', released_at: null });

    // Not due yet: no jury date, then a jury too recent.
    expect((await call(admin, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: 'x' })).statusCode).toBe(422);
    const label = (await t.ctx.db.selectFrom('academic_years').select('label').where('id', '=', s.yearId).executeTakeFirstOrThrow()).label;
    const early = await call(admin, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: label });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/pas de date de jury/);
    expect((await call(admin, 'PUT', `/api/admin/retention/years/${s.yearId}/settings`, { jury_date: daysAgo(30), retention_months: 12 })).json().data).toMatchObject({ due: false });
    expect((await call(admin, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: label })).statusCode).toBe(409);
    // The jury was 13 months ago: the default year of retention has passed.
    const set = await call(admin, 'PUT', `/api/admin/retention/years/${s.yearId}/settings`, { jury_date: daysAgo(400) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ jury_date: daysAgo(400), retention_months: 12, due: true, active_holds: 1 });

    // The preview lists what goes and what stays, and removes nothing.
    const preview = await call(admin, 'GET', `/api/admin/retention/years/${s.yearId}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p.counts).toMatchObject({ attempts: 2, submissions: 4, enrolments: 2, accounts: 1 });
    expect(p.counts.journal_events).toBeGreaterThan(0);
    expect(p.exams).toEqual([{ id: exam.examId, title: 'Partiel d’algèbre', attempts: 3, kept: 1 }]);
    expect(p.kept).toEqual([expect.objectContaining({ user_id: held.id, reason: 'Réclamation en cours : Recours gracieux déposé' })]);
    expect(await count('exam_attempts', 'id', [heldA, goneA, staysA])).toBe(3);

    // A sample for the archives first: the appeal files of two copies drawn at random, noted on the year.
    const sample = await call(admin, 'GET', `/api/admin/retention/years/${s.yearId}/archive-sample?size=2`);
    expect(sample.statusCode, sample.body).toBe(200);
    const sampled = unzip(sample.rawPayload);
    expect([...sampled.keys()].filter((n) => n.endsWith('.pdf'))).toHaveLength(2);
    expect(sampled.get('LISEZ-MOI.txt')!.toString()).toMatch(new RegExp(`Échantillon de l’année ${label}`));
    expect((await call(admin, 'GET', '/api/admin/retention/years')).json().data.find((y: { id: number }) => y.id === s.yearId)).toMatchObject({ archive_sample_count: 2 });

    // Only an administrator purges, and only with the year's label typed.
    expect((await call(teacher, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: label })).statusCode).toBe(403);
    const wrong = await call(admin, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: 'oui' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.confirm[0]).toBe(`Tapez le libellé de l’année (${label}) pour confirmer la purge.`);

    const purged = await call(admin, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: label });
    expect(purged.statusCode, purged.body).toBe(200);
    const record = purged.json().data;
    expect(record.counts).toEqual(p.counts);
    expect(record.kept).toBe(1);
    expect(record.run_by_name).toMatch(/^Prénom\d+ Nom\d+$/);
    // The statistics survive: three marks on 20 (one right QCM of 1 point out of 3: 6,67).
    expect(record.stats).toEqual([
      expect.objectContaining({ exam_id: exam.examId, attempts: 3, mean_20: 6.67, median_20: 6.67, min_20: 6.67, max_20: 6.67, questions: expect.arrayContaining([expect.objectContaining({ given: 3, validated: 3 })]) }),
    ]);
    expect(record.stats[0].histogram[6]).toBe(3);

    // The held copy, its answers and journal stay; the others are gone, and so is the account of the former student.
    expect(await count('exam_attempts', 'id', [heldA])).toBe(1);
    expect(await count('exam_journal', 'attempt_id', [heldA])).toBeGreaterThan(0);
    expect(await count('exam_attempts', 'id', [goneA, staysA])).toBe(0);
    expect(await count('exam_submissions', 'attempt_id', [goneA, staysA])).toBe(0);
    expect(await count('exam_journal', 'attempt_id', [goneA, staysA])).toBe(0);
    expect(await count('users', 'id', [gone.id])).toBe(0);
    expect(await count('users', 'id', [held.id, stays.id])).toBe(2);
    expect(await t.ctx.db.selectFrom('student_enrolments').select('academic_year_id').where('user_id', '=', stays.id).execute()).toEqual([{ academic_year_id: other.yearId }]);
    // The exam itself (no student in it) stays.
    expect(await t.ctx.db.selectFrom('exams').select('id').where('id', '=', exam.examId).executeTakeFirst()).toBeDefined();

    // The elimination record: listed, downloaded as a tagged PDF in French that names no student.
    const list = await call(admin, 'GET', '/api/admin/retention/records');
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(record.id);
    const pdf = await call(admin, 'GET', record.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bordereau-'));
    try {
      const file = path.join(dir, 'b.pdf');
      fs.writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Bordereau d.élimination/);
      expect(text).toMatch(/Copies \(compositions\) : 2/);
      expect(text).toMatch(/Réclamation en cours : 1 gel/);
      expect(text).toMatch(/2 copies exportées le/);
      expect(text).not.toMatch(new RegExp(`Nom${gone.email.match(/\d+/)![0]}|${held.email}`));
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Tagged:\s+yes/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Nothing left but the held copy: a second purge has nothing to remove.
    const again = await call(admin, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: label });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Il ne reste rien à éliminer pour l’année ${label}.`);

    // The hold released (with a reason), the server's periodic purge takes the held copy and writes its record.
    const released = await call(teacher, 'PUT', `/api/admin/retention/holds/${hold.json().data.id}/release`, { reason: 'Recours jugé' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.released_at).not.toBeNull();
    expect(await purgeDueYears(t.ctx)).toBe(1);
    expect(await count('exam_attempts', 'id', [heldA])).toBe(0);
    expect(await count('users', 'id', [held.id])).toBe(0);
    const records = (await call(admin, 'GET', '/api/admin/retention/records')).json().data.filter((r: { academic_year_id: number }) => r.academic_year_id === s.yearId);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ run_by_name: null, counts: expect.objectContaining({ attempts: 1, accounts: 1 }), stats: [] });
  }, 180_000);

  it('keeps a copy that carries a report not handled yet, and lists it in the preview', async () => {
    const s = await seedStructure(t.ctx);
    const exam = await seedExam(t, s.yearId, s.specializationId, 'Examen signalé');
    const u = await sit(t, exam, s.yearId, s.specializationId);
    const attempt = (await t.ctx.db.selectFrom('exam_attempts').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('exam_problem_reports').values({ attempt_id: attempt, question_id: null, message: 'Coupure réseau' }).execute();
    await closeExam(t, exam.examId);
    await call(admin, 'PUT', `/api/admin/retention/years/${s.yearId}/settings`, { jury_date: daysAgo(800), retention_months: 24 });
    const p = (await call(admin, 'GET', `/api/admin/retention/years/${s.yearId}/preview`)).json().data;
    expect(p.counts.attempts).toBe(0);
    expect(p.kept).toEqual([expect.objectContaining({ user_id: u.id, exam_title: 'Examen signalé', reason: 'Signalement non traité pendant l’examen' })]);
  }, 180_000);

  it('keeps the copies an open similarity case names until the case is decided, and says so in the preview and the record', async () => {
    const s = await seedStructure(t.ctx);
    const exam = await seedExam(t, s.yearId, s.specializationId, 'Examen comparé');
    const named = await sit(t, exam, s.yearId, s.specializationId);
    const free = await sit(t, exam, s.yearId, s.specializationId);
    const attempt = (await t.ctx.db.selectFrom('exam_attempts').select('id').where('user_id', '=', named.id).executeTakeFirstOrThrow()).id;
    const q = (await t.ctx.db.selectFrom('exam_questions').select('question_id').where('exam_id', '=', exam.examId).executeTakeFirstOrThrow()).question_id;
    const c = await t.ctx.db.insertInto('similarity_cases').values({ exam_id: exam.examId, question_id: q, status: 'OPEN' }).returning('id').executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('similarity_case_members').values({ case_id: c.id, attempt_id: attempt }).execute();
    await closeExam(t, exam.examId);
    await call(admin, 'PUT', `/api/admin/retention/years/${s.yearId}/settings`, { jury_date: daysAgo(800), retention_months: 24 });
    const p = (await call(admin, 'GET', `/api/admin/retention/years/${s.yearId}/preview`)).json().data;
    expect(p.counts.attempts).toBe(1);
    expect(p.kept).toEqual([expect.objectContaining({ user_id: named.id, exam_title: 'Examen comparé', reason: 'Dossier de programmes similaires en cours' })]);

    const label = (await t.ctx.db.selectFrom('academic_years').select('label').where('id', '=', s.yearId).executeTakeFirstOrThrow()).label;
    const purge = () => call(admin, 'POST', `/api/admin/retention/years/${s.yearId}/purge`, { confirm: label });
    const purged = await purge();
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json().data.kept).toBe(1);
    expect(await count('exam_attempts', 'id', [attempt])).toBe(1);
    expect(await count('users', 'id', [free.id])).toBe(0);
    const pdf = await call(admin, 'GET', purged.json().data.url);
    expect(pdf.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bordereau-'));
    try {
      fs.writeFileSync(path.join(dir, 'b.pdf'), pdf.rawPayload);
      expect(execFileSync('pdftotext', [path.join(dir, 'b.pdf'), '-'], { encoding: 'utf8' })).toMatch(/Dossier de programmes similaires en cours : 1 étudiant/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Decided, the case lets the copy go at the next purge.
    await t.ctx.db.updateTable('similarity_cases').set({ status: 'DECIDED', decision: 'NO_ACTION' }).where('id', '=', c.id).execute();
    expect((await purge()).statusCode).toBe(200);
    expect(await count('exam_attempts', 'id', [attempt])).toBe(0);
  }, 180_000);

  it('refuses a hold without a reason or on a member of staff (422), and a teacher the years’ settings (403)', async () => {
    const u = await seedUser(t.ctx, 'TEACHER');
    const r = await call(teacher, 'POST', '/api/admin/retention/holds/create', { user_id: u.id, kind: 'DISCIPLINARY', reason: ' ' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.reason[0]).toBe('La raison est obligatoire.');
    const staffHold = await call(teacher, 'POST', '/api/admin/retention/holds/create', { user_id: u.id, kind: 'DISCIPLINARY', reason: 'Enquête' });
    expect(staffHold.statusCode).toBe(422);
    expect((await call(teacher, 'GET', '/api/admin/retention/years')).statusCode).toBe(403);
  }, 180_000);
});
