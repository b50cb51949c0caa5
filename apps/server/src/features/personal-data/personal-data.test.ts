// A student's data: the student downloads one archive (ZIP) holding their account, enrolments, every attempt with its
// answers, times and verdicts, the journal, practice, and the appeal file of each closed exam, in JSON and in a
// readable PDF, with no staff-only data; staff download it on request. A deletion request is refused while a hold
// keeps the student's data, can be refused with a reason the student sees, and once granted erases the account.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { unzip } from '../../lib/zip';
import { closeExam, seedExam, sit } from '../../../test/exam-sitting';

let t: TestApp;
let teacher = '';
let s: Awaited<ReturnType<typeof seedStructure>>;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  s = await seedStructure(t.ctx);
}, 180_000);
afterAll(async () => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));

describe('a student’s data', () => {
  it('the student downloads one archive holding their attempts, answers with times and verdicts, journal and appeal files', async () => {
    const closed = await seedExam(t, s.yearId, s.specializationId, 'Partiel de géographie');
    const student = await sit(t, closed, s.yearId, s.specializationId);
    await closeExam(t, closed.examId);
    const q = (await t.ctx.db.selectFrom('questions').select('id').where('is_practice', '=', 0).executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('practice_attempts').values({ user_id: student.id, question_id: q, is_valid: 1, answer: JSON.stringify('Paris'), details: JSON.stringify({ type: 'EXACT' }) }).execute();

    const res = await call(student.token, 'GET', '/api/student/my-data/archive');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.zip"/);
    const files = unzip(res.rawPayload);
    expect([...files.keys()].slice(0, 3)).toEqual(['LISEZ-MOI.txt', 'mes-donnees.json', 'mes-donnees.pdf']);
    expect([...files.keys()].filter((n) => n.startsWith('copies/') && n.endsWith('.pdf'))).toHaveLength(1);

    const data = JSON.parse(files.get('mes-donnees.json')!.toString('utf8'));
    expect(data.account).toMatchObject({ id: student.id, email: student.email, role: 'STUDENT' });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.enrolments).toHaveLength(1);
    expect(data.attempts).toHaveLength(1);
    const a = data.attempts[0];
    expect(a.exam).toMatchObject({ id: closed.examId, title: 'Partiel de géographie', closed: true });
    expect(a.attempt.score).toBe(1);
    expect(a.answers).toEqual([
      expect.objectContaining({ question: expect.any(Number), answer: [closed.good], validated: true, submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
      expect.objectContaining({ answer: 'Lyon', validated: false }),
    ]);
    expect(a.journal.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['START', 'FINISH']));
    expect(data.practice).toEqual([expect.objectContaining({ question_id: q, validated: true, answer: 'Paris' })]);
    // Nothing staff-only: no hidden outputs, no correct flags, no reference solution.
    const text = files.get('mes-donnees.json')!.toString('utf8');
    expect(text).not.toMatch(/"internal"|"is_correct"|"reference_solution"|"password/);

    // The readable PDF and the appeal file are real PDFs a reader can read.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mes-donnees-'));
    try {
      fs.writeFileSync(path.join(dir, 'd.pdf'), files.get('mes-donnees.pdf')!);
      const pdf = execFileSync('pdftotext', [path.join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
      expect(pdf).toMatch(/Vos données personnelles/);
      expect(pdf).toMatch(/Partiel de géographie/);
      expect(pdf).toMatch(/Lyon/);
      expect(execFileSync('pdfinfo', [path.join(dir, 'd.pdf')], { encoding: 'utf8' })).toMatch(/Tagged:\s+yes/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Staff download the same archive on the student's request; another student has no way to it.
    const staff = await call(teacher, 'GET', `/api/admin/personal-data/students/${student.id}/archive`);
    expect(staff.statusCode).toBe(200);
    expect(JSON.parse(unzip(staff.rawPayload).get('mes-donnees.json')!.toString()).attempts).toHaveLength(1);
    expect((await call(student.token, 'GET', `/api/admin/personal-data/students/${student.id}/archive`)).statusCode).toBe(403);
    // That reading by staff is logged, and the student's next archive lists it.
    const again = JSON.parse(unzip((await call(student.token, 'GET', '/api/student/my-data/archive')).rawPayload).get('mes-donnees.json')!.toString());
    expect(again.copy_accesses).toEqual([expect.objectContaining({ what: 'ARCHIVE', staff_name: expect.stringMatching(/^Prénom\d+ Nom\d+$/) })]);
  }, 180_000);

  it('leaves out the verdicts and journal of an exam still open', async () => {
    const open = await seedExam(t, s.yearId, s.specializationId, 'Examen ouvert');
    const student = await sit(t, open, s.yearId, s.specializationId);
    const data = JSON.parse(unzip((await call(student.token, 'GET', '/api/student/my-data/archive')).rawPayload).get('mes-donnees.json')!.toString());
    const a = data.attempts[0];
    expect(a.exam.closed).toBe(false);
    expect(a.answers[0]).not.toHaveProperty('validated');
    expect(a.attempt).not.toHaveProperty('score');
    expect(a.journal).toBeNull();
  }, 180_000);

  it('carries the last contact of the exam page, the similarity cases naming the copy and the learning platform’s link and grades', async () => {
    const exam = await seedExam(t, s.yearId, s.specializationId, 'Partiel de programmation');
    const student = await sit(t, exam, s.yearId, s.specializationId);
    const other = await sit(t, exam, s.yearId, s.specializationId);
    await closeExam(t, exam.examId);
    const db = t.ctx.db;
    const attempt = await db.selectFrom('exam_attempts').select(['id', 'checked_at']).where('user_id', '=', student.id).executeTakeFirstOrThrow();
    const otherAttempt = (await db.selectFrom('exam_attempts').select('id').where('user_id', '=', other.id).executeTakeFirstOrThrow()).id;
    const q = (await db.selectFrom('exam_questions').select('question_id').where('exam_id', '=', exam.examId).executeTakeFirstOrThrow()).question_id;
    const c = await db.insertInto('similarity_cases').values({ exam_id: exam.examId, question_id: q, status: 'OPEN' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('similarity_case_members').values([{ case_id: c.id, attempt_id: attempt.id }, { case_id: c.id, attempt_id: otherAttempt }]).execute();
    await db
      .insertInto('similarity_case_steps')
      .values([
        { case_id: c.id, type: 'FLAG', text: 'Programmes presque identiques.', author: 'Enseignant' },
        { case_id: c.id, type: 'NOTE', text: 'Note interne de l’enquête.', author: 'Enseignant' },
        { case_id: c.id, type: 'MESSAGE', text: 'Expliquez votre démarche.', attempt_id: attempt.id, author: 'Enseignant' },
        { case_id: c.id, type: 'MESSAGE', text: 'Message à un autre étudiant.', attempt_id: otherAttempt, author: 'Enseignant' },
      ])
      .execute();
    const p = await db
      .insertInto('lti_platforms')
      .values({ name: 'Moodle de l’université', issuer: 'https://moodle.univ.example', client_id: 'c1', jwks_url: 'https://moodle.univ.example/jwks', auth_login_url: 'https://moodle.univ.example/auth', token_url: 'https://moodle.univ.example/token', registered_by: 'MANUAL' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('lti_user_links').values({ platform_id: p.id, subject: 'moodle-user-42', user_id: student.id }).execute();
    const link = await db.insertInto('lti_resource_links').values({ platform_id: p.id, resource_link_id: 'rl-1', deployment_id: 'd1', title: 'Partiel en ligne', exam_id: exam.examId }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('lti_grades').values({ resource_link_pk: link.id, user_id: student.id, score_given: 12.5, score_maximum: 20, state: 'SENT', sent_score: 12.5, sent_maximum: 20, sent_at: new Date() }).execute();

    const archive = async () => unzip((await call(student.token, 'GET', '/api/student/my-data/archive')).rawPayload);
    let files = await archive();
    let data = JSON.parse(files.get('mes-donnees.json')!.toString('utf8'));
    let a = data.attempts.find((x: { exam: { id: number } }) => x.exam.id === exam.examId);
    expect(a.attempt).toHaveProperty('checked_at', attempt.checked_at ? new Date(attempt.checked_at).toISOString() : null);
    // An open case: its status and what was said to this student, never the inquiry's notes nor another student's messages.
    expect(a.similarity_cases).toEqual([expect.objectContaining({ case: c.id, status: 'OPEN', decision: null, steps: [expect.objectContaining({ type: 'MESSAGE', text: 'Expliquez votre démarche.' })] })]);
    expect(data.lti.links).toEqual([expect.objectContaining({ platform: 'Moodle de l’université', subject: 'moodle-user-42' })]);
    expect(data.lti.grades).toEqual([expect.objectContaining({ activity: 'Partiel en ligne', score_given: 12.5, score_maximum: 20, state: 'SENT' })]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mes-donnees-'));
    try {
      fs.writeFileSync(path.join(dir, 'd.pdf'), files.get('mes-donnees.pdf')!);
      const pdf = execFileSync('pdftotext', [path.join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
      expect(pdf).toMatch(/Dossier de programmes similaires n° \d+/);
      expect(pdf).toMatch(/Moodle de l’université : identifiant moodle-user-42/);
      expect(pdf).toMatch(/Note de « Partiel en ligne » pour Moodle de l’université : 12\.5 sur 20, envoyée le/);
      expect(pdf).not.toMatch(/Note interne/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // While the case is open, the student's data is kept: an erasure is refused and says why.
    const id = (await call(student.token, 'POST', '/api/student/my-data/deletion-request', {})).json().data.id;
    expect((await call(teacher, 'GET', '/api/admin/personal-data/deletion-requests')).json().data.find((r: { id: number }) => r.id === id)).toMatchObject({ on_hold: true });
    const grant = await call(teacher, 'PUT', `/api/admin/personal-data/deletion-requests/${id}/decide`, { decision: 'GRANTED', reason: 'Accordé' });
    expect(grant.statusCode).toBe(409);
    expect(grant.json().message).toMatch(/un dossier de programmes similaires en cours/);

    // Once decided, the whole case (its notes too) comes with the archive, and the erasure may be granted.
    await db.updateTable('similarity_cases').set({ status: 'DECIDED', decision: 'NO_ACTION' }).where('id', '=', c.id).execute();
    files = await archive();
    data = JSON.parse(files.get('mes-donnees.json')!.toString('utf8'));
    a = data.attempts.find((x: { exam: { id: number } }) => x.exam.id === exam.examId);
    expect(a.similarity_cases[0].steps.map((x: { type: string }) => x.type)).toEqual(['FLAG', 'NOTE', 'MESSAGE']);
    const granted = await call(teacher, 'PUT', `/api/admin/personal-data/deletion-requests/${id}/decide`, { decision: 'GRANTED', reason: 'Dossier clos.' });
    expect(granted.statusCode, granted.body).toBe(200);
  }, 180_000);

  it('refuses to grant a deletion while a hold stands; staff refuse it with a reason the student sees', async () => {
    const exam = await seedExam(t, s.yearId, s.specializationId, 'Examen contesté');
    const student = await sit(t, exam, s.yearId, s.specializationId);
    const asked = await call(student.token, 'POST', '/api/student/my-data/deletion-request', { message: 'Je quitte l’université.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id;
    expect((await call(student.token, 'POST', '/api/student/my-data/deletion-request', {})).statusCode).toBe(409);

    expect((await call(teacher, 'POST', '/api/admin/retention/holds/create', { user_id: student.id, kind: 'DISCIPLINARY', reason: 'Section disciplinaire saisie' })).statusCode).toBe(200);
    const pending = (await call(teacher, 'GET', '/api/admin/personal-data/deletion-requests')).json().data.find((r: { id: number }) => r.id === id);
    expect(pending).toMatchObject({ status: 'PENDING', on_hold: true, message: 'Je quitte l’université.' });

    const grant = await call(teacher, 'PUT', `/api/admin/personal-data/deletion-requests/${id}/decide`, { decision: 'GRANTED', reason: 'Accordé' });
    expect(grant.statusCode).toBe(409);
    expect(grant.json().message).toMatch(/^Effacement impossible : les données de cet étudiant sont gelées \(Section disciplinaire saisie\)/);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', student.id).executeTakeFirst()).toBeDefined();
    expect(await t.ctx.db.selectFrom('exam_attempts').select('id').where('user_id', '=', student.id).executeTakeFirst()).toBeDefined();

    const refuse = await call(teacher, 'PUT', `/api/admin/personal-data/deletion-requests/${id}/decide`, { decision: 'REFUSED', reason: 'Procédure disciplinaire en cours.' });
    expect(refuse.statusCode, refuse.body).toBe(200);
    const mine = (await call(student.token, 'GET', '/api/student/my-data')).json().data.requests;
    expect(mine).toEqual([expect.objectContaining({ id, status: 'REFUSED', decision_reason: 'Procédure disciplinaire en cours.' })]);
    expect((await call(teacher, 'PUT', `/api/admin/personal-data/deletion-requests/${id}/decide`, { decision: 'GRANTED', reason: 'x' })).statusCode).toBe(409);
  }, 180_000);

  it('erases the account and everything of it once a request is granted', async () => {
    const exam = await seedExam(t, s.yearId, s.specializationId, 'Examen effacé');
    const student = await sit(t, exam, s.yearId, s.specializationId);
    const id = (await call(student.token, 'POST', '/api/student/my-data/deletion-request', {})).json().data.id;
    const attempt = (await t.ctx.db.selectFrom('exam_attempts').select('id').where('user_id', '=', student.id).executeTakeFirstOrThrow()).id;
    const r = await call(teacher, 'PUT', `/api/admin/personal-data/deletion-requests/${id}/decide`, { decision: 'GRANTED', reason: 'Aucun motif de conservation.' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'GRANTED', user_id: null, student: null, decision_reason: 'Aucun motif de conservation.' });
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', student.id).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('exam_journal').select('id').where('attempt_id', '=', attempt).executeTakeFirst()).toBeUndefined();
    expect((await call(student.token, 'GET', '/api/student/my-data')).statusCode).toBe(401);
  }, 180_000);
});
