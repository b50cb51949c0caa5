// Who read which copy: staff openings of a student's copy, journal and appeal file are logged by the routes' own
// declaration (`config.studentRead`), not by each handler; administrators read the log; the appeal file lists the
// readings; `accessesOfStudent` gives them to the student's data archive. A new staff route naming a student that
// forgets the declaration fails here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { accessesOfStudent } from '.';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
const routes: RouteOptions[] = [];
const MIN = 60_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-log-'));
let admin = '';
let teacher = '';
let teacherName = '';

beforeAll(async () => {
  t = await createTestApp({ onRoute: (r) => routes.push(r as RouteOptions) });
  s = await seedStructure(t.ctx);
  admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  const tu = await seedUser(t.ctx, 'TEACHER');
  teacher = await loginAs(t.app, tu);
  const row = await t.ctx.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', tu.id).executeTakeFirstOrThrow();
  teacherName = `${row.first_name} ${row.last_name}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (token: string, url: string) => t.app.inject(authed(token, { method: 'GET', url }));

async function sitting() {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel lu', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  const token = await loginAs(t.app, u);
  expect((await t.app.inject(authed(token, { method: 'POST', url: `/api/student/exams/${e.id}/start`, payload: {} }))).statusCode).toBe(200);
  return { examId: e.id, student: u, token };
}

describe('who read which copy', () => {
  it('every staff reading of a student’s data is declared on its route (a new one that forgets fails here)', () => {
    const naming = routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/') && r.url.includes(':userId'));
    expect(naming.length).toBeGreaterThanOrEqual(3);
    expect(naming.filter((r) => !r.config?.studentRead).map((r) => r.url)).toEqual([]);
    const declared = Object.fromEntries(routes.filter((r) => r.config?.studentRead && r.method === 'GET').map((r) => [r.url, r.config!.studentRead!.what]));
    expect(declared).toMatchObject({
      '/api/admin/exam-results/:examId/students/:userId': 'COPY',
      '/api/admin/exams/:id/attempts/:userId/journal': 'JOURNAL',
      '/api/admin/exam-results/:examId/students/:userId/appeal': 'APPEAL_PDF',
    });
  });

  it('logs each opening by staff (who, when, what), not a refused one; admins read the log; the appeal file lists it', async () => {
    const { examId, student, token } = await sitting();
    const before = Date.now();
    expect((await get(teacher, `/api/admin/exam-results/${examId}/students/${student.id}`)).statusCode).toBe(200);
    expect((await get(teacher, `/api/admin/exams/${examId}/attempts/${student.id}/journal`)).statusCode).toBe(200);
    // Refused or not found: nothing was read, nothing is logged.
    expect((await get(token, `/api/admin/exam-results/${examId}/students/${student.id}`)).statusCode).toBe(403);
    expect((await get(teacher, `/api/admin/exam-results/${examId + 1000}/students/${student.id}`)).statusCode).toBe(404);

    const log = await get(admin, `/api/admin/users/${student.id}/accesses`);
    expect(log.statusCode, log.body).toBe(200);
    const rows = log.json().data as Array<{ what: string; staff_name: string; exam_id: number; exam_title: string; at: string }>;
    expect(rows.map((r) => r.what)).toEqual(['JOURNAL', 'COPY']);
    expect(rows.every((r) => r.staff_name === teacherName && r.exam_id === examId && r.exam_title === 'Partiel lu')).toBe(true);
    expect(Date.parse(rows[1]!.at)).toBeGreaterThanOrEqual(before - 1000);
    const attempt = await t.ctx.db.selectFrom('copy_accesses').select('attempt_id').where('student_id', '=', student.id).execute();
    expect(attempt.every((a) => a.attempt_id !== null)).toBe(true);

    // Teachers read copies, but the log of who read them is the administrators'.
    expect((await get(teacher, `/api/admin/users/${student.id}/accesses`)).statusCode).toBe(403);
    expect((await get(admin, `/api/admin/users/999999/accesses`)).statusCode).toBe(404);

    const pdf = await get(teacher, `/api/admin/exam-results/${examId}/students/${student.id}/appeal`);
    expect(pdf.statusCode).toBe(200);
    const file = path.join(dir, 'appeal.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Consultations de la copie par le personnel');
    expect(text).toContain(`Copie, par ${teacherName}`);
    expect(text).toContain(`Journal de la composition, par ${teacherName}`);

    // The appeal file's own opening is logged too, and the data archive gets the same list.
    const all = await accessesOfStudent(t.ctx.db, student.id);
    expect(all.map((a) => a.what)).toEqual(['APPEAL_PDF', 'JOURNAL', 'COPY']);
  });

  it('the log goes with the attempt it concerns and with the student’s account', async () => {
    const { examId, student } = await sitting();
    expect((await get(teacher, `/api/admin/exam-results/${examId}/students/${student.id}`)).statusCode).toBe(200);
    expect(await accessesOfStudent(t.ctx.db, student.id)).toHaveLength(1);
    await t.ctx.db.deleteFrom('exam_attempts').where('exam_id', '=', examId).where('user_id', '=', student.id).execute();
    expect(await accessesOfStudent(t.ctx.db, student.id)).toEqual([]);
  });
});
