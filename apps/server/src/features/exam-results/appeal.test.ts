// The appeal file as a reader gets it, read back with poppler (pdfinfo, pdftotext): no page holds only a footer,
// the journal reads as French sentences (times in Paris, question numbers of the copy, no JSON, no internal id),
// plurals agree, and the file is a tagged PDF in French (structure tree, marked content, language) that a screen
// reader can follow.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { appendEvents } from '../exam-journal';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff = '';
let qcm = 0;
let good = 0;
let exact = 0;
const MIN = 60_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appeal-'));

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  staff = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  qcm = (await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>Combien font 2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  good = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 0, content: 'Quatre', is_correct: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: qcm, position: 1, content: 'Cinq', is_correct: 0 }).execute();
  exact = (await t.ctx.db.insertInto('questions').values({ type: 'EXACT', statement: '<p>La capitale de la France ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: exact, position: 0, content: 'Paris' }).execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sitting() {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel de géographie', academic_year_id: s.yearId, start_at: new Date(Date.now() - MIN), end_at: new Date(Date.now() + 600 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qcm, position: 0, points: 1 }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: exact, position: 1, points: 2 }).execute();
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  const token = await loginAs(t.app, u);
  const base = `/api/student/exams/${e.id}`;
  const started = await call(token, 'POST', `${base}/start`);
  expect(started.statusCode, started.body).toBe(200);
  const sid = crypto.randomUUID();
  expect((await call(token, 'POST', `${base}/solutions`, { answers: [{ question_id: qcm, answer: [good], submission_id: sid }] })).statusCode).toBe(200);
  expect((await call(token, 'POST', `${base}/solutions`, { answers: [{ question_id: exact, answer: 'Lyon', submission_id: crypto.randomUUID() }] })).statusCode).toBe(200);
  expect((await call(token, 'POST', `${base}/reports`, { question_id: exact, message: 'Énoncé ambigu' })).statusCode).toBeLessThan(300);
  const offline = new Date(Date.now() - 30_000).toISOString();
  expect((await call(token, 'POST', `${base}/events`, { events: [{ type: 'OFFLINE', at: offline }, { type: 'ONLINE', at: new Date().toISOString() }] })).statusCode).toBe(200);
  expect((await call(staff, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: u.id, minutes: 1 })).statusCode).toBe(200);
  expect((await call(token, 'POST', `${base}/finish`)).statusCode).toBe(200);
  const attemptId = (await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', e.id).where('user_id', '=', u.id).executeTakeFirstOrThrow()).id;
  return { examId: e.id, userId: u.id, sid, attemptId, offline };
}

/** The file, saved, with its page count and its text, page by page, as poppler reads them. */
async function appealFile(examId: number, userId: number, name: string) {
  const res = await call(staff, 'GET', `/api/admin/exam-results/${examId}/students/${userId}/appeal`);
  expect(res.statusCode).toBe(200);
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const text = (page: number) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  return { raw: res.rawPayload.toString('latin1'), info, pages, text, all: Array.from({ length: pages }, (_, i) => text(i + 1)).join('\n') };
}

describe('the appeal file as read', () => {
  it('fits a short sitting on one page, and writes its journal as French sentences without internal ids', async () => {
    const { examId, userId, sid, offline } = await sitting();
    const pdf = await appealFile(examId, userId, 'court');
    expect(pdf.pages).toBe(1);
    // The footer is there, on the one page.
    expect(pdf.all).toContain('page 1 / 1');
    const journal = (await call(staff, 'GET', `/api/admin/exams/${examId}/attempts/${userId}/journal`)).json().data;
    expect(pdf.all).toContain(journal.last_hash);
    // Sentences: the question's number in the copy, the verdict, the browser's time in Paris.
    expect(pdf.all).toMatch(/Réponse soumise, question 1, validée, essai n° 1/);
    expect(pdf.all).toMatch(/Réponse soumise, question 2, non validée, essai n° 1/);
    expect(pdf.all).toContain('Problème signalé aux surveillants, question 2, « Énoncé ambigu »');
    const paris = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', timeStyle: 'medium' }).format(new Date(offline));
    expect(pdf.all).toContain(`Réseau perdu, à ${paris} selon le navigateur`);
    expect(pdf.all).toMatch(/Temps accordé, 1 minute de plus, nouvelle échéance le \d\d\/\d\d\/\d{4} à \d\d:\d\d:\d\d/);
    // No JSON, no internal id, no « (s) ».
    for (const raw of ['{', '}', '"', 'question_id', 'submission_id', 'answer_sha256', sid, `"by"`]) expect(pdf.all, raw).not.toContain(raw);
    expect(pdf.all).not.toContain('(s)');
    expect(pdf.all).toContain('1 question validée');
    expect(pdf.all).toMatch(/\/ 2 points, Non validé/);
    expect(pdf.all).toMatch(/1 \/ 1 point, Validé/);
  }, 120_000);

  it('puts no footer on a page of its own when the journal runs over several pages', async () => {
    const { examId, userId, attemptId } = await sitting();
    await appendEvents(
      t.ctx,
      attemptId,
      Array.from({ length: 60 }, (_, i) => ({ type: i % 2 ? ('FOCUS_BACK' as const) : ('FOCUS_LOST' as const), client_at: new Date() })),
    );
    const pdf = await appealFile(examId, userId, 'long');
    expect(pdf.pages).toBeGreaterThan(1);
    for (let page = 1; page <= pdf.pages; page++) {
      const lines = pdf
        .text(page)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      // Each page carries content and its own footer, last.
      expect(lines.at(-1), `page ${page}`).toContain(`page ${page} / ${pdf.pages}`);
      expect(lines.length, `page ${page}`).toBeGreaterThan(3);
    }
  }, 120_000);

  it('is a tagged PDF in French: structure tree, marked content, language, title shown', async () => {
    const { examId, userId } = await sitting();
    const pdf = await appealFile(examId, userId, 'balise');
    expect(pdf.raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(pdf.raw).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(pdf.raw).toMatch(/\/Marked true/);
    expect(pdf.raw).toMatch(/\/Lang \(fr-FR\)/);
    expect(pdf.raw).toMatch(/\/DisplayDocTitle true/);
    for (const type of ['Document', 'H1', 'H2', 'H3', 'P', 'L', 'LI']) expect(pdf.raw, type).toMatch(new RegExp(`/S /${type}\\b`));
    expect(pdf.raw.startsWith('%PDF-1.7')).toBe(true);
    expect(pdf.info).toMatch(/^Tagged:\s+yes/m);
  }, 120_000);
});
