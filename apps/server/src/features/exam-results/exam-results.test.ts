// Staff results on the real database: figures computed on a small known data set and checked against values
// computed by hand (average, median, standard deviation, validated rate, facility, discrimination, weighted
// averages with absents), the rows of one exam, one student's submissions and origins, roles and 404s, the xlsx
// export opened again with exceljs, extra time moving a started attempt's deadline, and a regrade (dry run, then
// apply with its log) whose programs run in the real sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { distribution, median, pearson, stdDev } from './stats';

let t: TestApp;
let runner: EmbeddedRunner;
let s: Awaited<ReturnType<typeof seedStructure>>;
let other: Awaited<ReturnType<typeof seedStructure>>;
let admin = '';
let teacher = '';
let studentToken = '';

const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

type Kind = 'QCM' | 'EXACT' | 'ALGORITHM' | 'MATH';
async function question(type: Kind, statement: string, solutions: Array<Record<string, unknown>> = [], extra: Record<string, unknown> = {}) {
  const q = await t.ctx.db
    .insertInto('questions')
    .values({ type, statement, points: 1, language: type === 'ALGORITHM' ? 'PYTHON' : null, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, p] of solutions.entries()) {
    ids.push((await t.ctx.db.insertInto('possible_solutions').values({ question_id: q.id, position: i, ...p }).returning('id').executeTakeFirstOrThrow()).id);
  }
  return { id: q.id, ids };
}

async function exam(title: string, questions: Array<[number, number]>, over: { status?: 'DRAFT' | 'PUBLISHED' | 'CLOSED'; start?: Date; end?: Date; duration?: number | null; spec?: typeof s } = {}) {
  const spec = over.spec ?? s;
  const e = await t.ctx.db
    .insertInto('exams')
    .values({
      title,
      academic_year_id: spec.yearId,
      start_at: over.start ?? at(-120 * MIN),
      end_at: over.end ?? at(180 * MIN),
      duration_minutes: over.duration === undefined ? 60 : over.duration,
      status: over.status ?? 'PUBLISHED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: spec.specializationId }).execute();
  for (const [i, [qid, points]] of questions.entries()) {
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: qid, position: i, points }).execute();
  }
  return e.id;
}

async function student(spec = s) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: spec.yearId, specialization_id: spec.specializationId });
  const row = await t.ctx.db.selectFrom('users').select(['last_name', 'first_name', 'student_number']).where('id', '=', u.id).executeTakeFirstOrThrow();
  return { ...u, ...row };
}

/** An attempt as exam taking would have stored it. */
async function attempt(examId: number, userId: number, o: { finished?: boolean; deadline?: Date; ip?: string; ua?: string } = {}) {
  const started = at(-60 * MIN);
  const r = await t.ctx.db
    .insertInto('exam_attempts')
    .values({
      exam_id: examId,
      user_id: userId,
      started_at: started,
      deadline: o.deadline ?? at(30 * MIN),
      finished_at: o.finished ? at(-10 * MIN) : null,
      score: 0,
      ip: o.ip ?? '10.0.0.1',
      user_agent: o.ua ?? 'Firefox',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

let subSeq = 0;
async function submit(attemptId: number, questionId: number, score: number, o: { answer?: unknown; valid?: boolean; ip?: string; ua?: string; details?: unknown } = {}) {
  subSeq += 1;
  await t.ctx.db
    .insertInto('exam_submissions')
    .values({
      attempt_id: attemptId,
      question_id: questionId,
      submission_id: crypto.randomUUID(),
      answer: JSON.stringify(o.answer ?? `r${subSeq}`),
      is_valid: (o.valid ?? score === 1) ? 1 : 0,
      score,
      details: JSON.stringify(o.details ?? { type: 'EXACT' }),
      created_at: at(-50 * MIN + subSeq * 1000),
      ip: o.ip ?? '10.0.0.1',
      user_agent: o.ua ?? 'Firefox',
    })
    .execute();
}

const get = (token: string, url: string) => t.app.inject(authed(token, { method: 'GET', url }));
const post = (token: string, url: string, payload: object) => t.app.inject(authed(token, { method: 'POST', url, payload }));

// The known data set: exam E1 (10 points: Q1 QCM 2, Q2 EXACT 2, Q3 ALGORITHM 4, Q4 EXACT 2), students A..E of the
// parcours (E never starts), F of another parcours; exam E2 (closed, one question of 5 points); a draft E3.
const ids = { e1: 0, e2: 0, e3: 0, q1: 0, q2: 0, q3: 0, q4: 0, q5: 0 };
const st: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', Awaited<ReturnType<typeof student>>> = {} as never;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  s = await seedStructure(t.ctx);
  other = await seedStructure(t.ctx);
  admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  for (const k of ['A', 'B', 'C', 'D', 'E'] as const) st[k] = await student();
  st.F = await student(other);
  studentToken = await loginAs(t.app, st.A);

  ids.q1 = (await question('QCM', '<p>Combien font <strong>2 + 2</strong> ?</p>')).id;
  ids.q2 = (await question('EXACT', '<p>Capitale de la France</p>')).id;
  ids.q3 = (await question('ALGORITHM', '<p>Doubler un entier</p>')).id;
  ids.q4 = (await question('EXACT', '<p>Quatrième question</p>')).id;
  ids.q5 = (await question('EXACT', '<p>Question du second examen</p>')).id;
  ids.e1 = await exam('Partiel 1', [
    [ids.q1, 2],
    [ids.q2, 2],
    [ids.q3, 4],
    [ids.q4, 2],
  ]);
  ids.e2 = await exam('Partiel 2', [[ids.q5, 5]], { status: 'CLOSED', start: at(-3000 * MIN), end: at(-2000 * MIN) });
  ids.e3 = await exam('Brouillon', [[ids.q5, 5]], { status: 'DRAFT' });

  const a = await attempt(ids.e1, st.A.id, { finished: true });
  await submit(a, ids.q1, 1);
  await submit(a, ids.q2, 1);
  await submit(a, ids.q3, 1);
  await submit(a, ids.q4, 1);
  const b = await attempt(ids.e1, st.B.id, { finished: true });
  await submit(b, ids.q1, 1);
  await submit(b, ids.q2, 0);
  await submit(b, ids.q3, 0.5, { valid: false });
  await submit(b, ids.q4, 1);
  const c = await attempt(ids.e1, st.C.id, { deadline: at(-5 * MIN) }); // time up: finished
  await submit(c, ids.q1, 0);
  await submit(c, ids.q2, 1);
  await submit(c, ids.q3, 0);
  const d = await attempt(ids.e1, st.D.id, { ip: '10.0.0.4', ua: 'Chrome' }); // still running
  await submit(d, ids.q1, 1, { ip: '10.0.0.4', ua: 'Chrome' });
  await submit(d, ids.q2, 0, { ip: '192.168.1.9', ua: 'Safari' });
  await submit(d, ids.q2, 1, { ip: '192.168.1.9', ua: 'Safari' }); // best result counts
  await submit(d, ids.q4, 0, { ip: '10.0.0.4', ua: 'Chrome' });

  const a2 = await attempt(ids.e2, st.A.id, { finished: true });
  await submit(a2, ids.q5, 1);
  const b2 = await attempt(ids.e2, st.B.id, { finished: true });
  await submit(b2, ids.q5, 0);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('figures', () => {
  it('pure functions match values computed by hand', () => {
    expect(median([20, 12, 4, 8])).toBe(10);
    expect(median([3, 1, 2])).toBe(2);
    expect(stdDev([20, 12, 4, 8])).toBeCloseTo(Math.sqrt(35), 10);
    expect(pearson([2, 2, 0, 2], [8, 4, 2, 2])).toBeCloseTo(4 / Math.sqrt(72), 10);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
    const bins = distribution([20, 0, 19.99, 10]);
    expect(bins).toHaveLength(20);
    expect(bins[19].count).toBe(2);
    expect(bins[0]).toEqual({ from: 0, to: 1, label: '0–1', count: 1 });
    expect(bins[10].count).toBe(1);
  });
});

describe('GET /exam-results', () => {
  it('per exam: expected, started, finished, average, median, validated rate', async () => {
    const r = await get(teacher, `/api/admin/exam-results?academic_year_id=${s.yearId}&per_page=50`);
    expect(r.statusCode).toBe(200);
    const rows = r.json().data as Array<Record<string, unknown>>;
    expect(rows.map((x) => x.id).sort()).toEqual([ids.e1, ids.e2, ids.e3].sort());
    const e1 = rows.find((x) => x.id === ids.e1)!;
    expect(e1).toMatchObject({
      expected_count: 5,
      started_count: 4,
      finished_count: 3,
      question_count: 4,
      total_points: 10,
      average_20: 11,
      average_points: 5.5,
      median_20: 10,
      validated_rate: 0.563, // 9 validated of 4 participants × 4 questions
    });
    const e3 = rows.find((x) => x.id === ids.e3)!;
    expect(e3).toMatchObject({ started_count: 0, average_20: null, median_20: null, validated_rate: null });
    // Filters: status and search.
    const closed = (await get(admin, `/api/admin/exam-results?academic_year_id=${s.yearId}&status=CLOSED`)).json();
    expect(closed.data.map((x: { id: number }) => x.id)).toEqual([ids.e2]);
    expect(closed.meta).toMatchObject({ total: 1, page: 1 });
    const search = (await get(admin, `/api/admin/exam-results?specialization_id=${s.specializationId}&search=Brouil`)).json();
    expect(search.data.map((x: { id: number }) => x.id)).toEqual([ids.e3]);
    expect((await get(admin, `/api/admin/exam-results?specialization_id=${other.specializationId}`)).json().data).toEqual([]);
  });
});

describe('GET /exam-results/{id}/show', () => {
  it('one row per expected student, absent ones included, with a verdict cell per question', async () => {
    const r = await get(teacher, `/api/admin/exam-results/${ids.e1}/show`);
    expect(r.statusCode).toBe(200);
    const { exam: e, questions, rows } = r.json().data;
    expect(e.id).toBe(ids.e1);
    expect(questions.map((q: { position: number; points: number; type: string }) => [q.position, q.points, q.type])).toEqual([
      [1, 2, 'QCM'],
      [2, 2, 'EXACT'],
      [3, 4, 'ALGORITHM'],
      [4, 2, 'EXACT'],
    ]);
    expect(questions[0].title).toBe('Combien font 2 + 2 ?');
    expect(rows).toHaveLength(5);
    const by = (id: number) => rows.find((x: { user_id: number }) => x.user_id === id);
    expect(by(st.F.id)).toBeUndefined();
    expect(by(st.A.id)).toMatchObject({ status: 'FINISHED', score: 10, score_20: 20, validated_count: 4, expected: true });
    expect(by(st.B.id).cells.map((c: { state: string; score: number }) => [c.state, c.score])).toEqual([
      ['VALIDATED', 2],
      ['NOT_VALIDATED', 0],
      ['NOT_VALIDATED', 2],
      ['VALIDATED', 2],
    ]);
    expect(by(st.C.id)).toMatchObject({ status: 'FINISHED', score: 2, score_20: 4 });
    expect(by(st.C.id).cells[3].state).toBe('UNANSWERED');
    expect(by(st.D.id)).toMatchObject({ status: 'IN_PROGRESS', score: 4, score_20: 8, validated_count: 2 });
    const absent = by(st.E.id);
    expect(absent).toMatchObject({ status: 'NOT_STARTED', score: 0, started_at: null, time_spent_seconds: null });
    expect(absent.cells.every((c: { state: string }) => c.state === 'UNANSWERED')).toBe(true);
    // A finished at start + 50 min.
    expect(by(st.A.id).time_spent_seconds).toBeGreaterThanOrEqual(50 * 60 - 2);
    expect(by(st.A.id).time_spent_seconds).toBeLessThanOrEqual(50 * 60 + 2);
  });

  it('answers 404 in French for an unknown exam and 403 to a student', async () => {
    const r = await get(admin, '/api/admin/exam-results/999999/show');
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('Cet examen est introuvable.');
    for (const url of [
      '/api/admin/exam-results',
      `/api/admin/exam-results/${ids.e1}/show`,
      `/api/admin/exam-results/${ids.e1}/statistics`,
      `/api/admin/exam-results/${ids.e1}/students/${st.A.id}`,
      `/api/admin/exam-results/averages?academic_year_id=${s.yearId}&specialization_id=${s.specializationId}`,
      `/api/admin/exam-results/${s.yearId}/${s.specializationId}/export`,
    ]) {
      expect((await get(studentToken, url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await post(studentToken, `/api/admin/exam-results/${ids.e1}/regrade`, { dry_run: true })).statusCode).toBe(403);
  });
});

describe('GET /exam-results/{id}/students/{userId}', () => {
  it('lists the submissions per question and the distinct addresses and browsers', async () => {
    const r = await get(admin, `/api/admin/exam-results/${ids.e1}/students/${st.D.id}`);
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d.status).toBe('IN_PROGRESS');
    expect(d.attempt).toMatchObject({ score: 4, score_20: 8, validated_count: 2 });
    expect(d.questions[1].submissions.map((x: { is_valid: boolean; score: number }) => [x.is_valid, x.score])).toEqual([
      [false, 0],
      [true, 2],
    ]);
    expect(d.questions[1].state).toBe('VALIDATED');
    expect(d.questions[2]).toMatchObject({ state: 'UNANSWERED', submissions: [] });
    expect(d.origins.map((o: { ip: string; user_agent: string; count: number }) => [o.ip, o.user_agent, o.count])).toEqual([
      ['10.0.0.4', 'Chrome', 3],
      ['192.168.1.9', 'Safari', 2],
    ]);
    // The absent student: no attempt; a student of another parcours: 404.
    const e = (await get(admin, `/api/admin/exam-results/${ids.e1}/students/${st.E.id}`)).json().data;
    expect(e).toMatchObject({ status: 'NOT_STARTED', attempt: null, origins: [] });
    const f = await get(admin, `/api/admin/exam-results/${ids.e1}/students/${st.F.id}`);
    expect(f.statusCode).toBe(404);
    expect(f.json().message).toMatch(/n’est pas attendu/);
  });
});

describe('GET /exam-results/{id}/statistics', () => {
  it('mean, median, standard deviation, distribution, facility and discrimination by hand', async () => {
    const r = await get(teacher, `/api/admin/exam-results/${ids.e1}/statistics`);
    expect(r.statusCode).toBe(200);
    const x = r.json().data;
    expect(x).toMatchObject({ participants: 4, expected_count: 5, mean_20: 11, median_20: 10, std_dev_20: 5.92, min_20: 4, max_20: 20, mean_points: 5.5 });
    const counts = Object.fromEntries(x.distribution.filter((b: { count: number }) => b.count > 0).map((b: { label: string; count: number }) => [b.label, b.count]));
    expect(counts).toEqual({ '4–5': 1, '8–9': 1, '12–13': 1, '19–20': 1 });
    const q = x.questions;
    expect(q.map((y: { facility: number }) => y.facility)).toEqual([0.75, 0.75, 0.375, 0.5]);
    // Q1 points (A, B, C, D) = 2, 2, 0, 2 against the rest of the exam 8, 4, 2, 2: r = 4 / √72.
    expect(q[0].discrimination).toBe(0.471);
    // Q3 points 4, 2, 0, 0 against the rest 6, 4, 2, 4: r = 8 / √88.
    expect(q[2].discrimination).toBe(0.853);
    expect(q[0]).toMatchObject({ answered: 4, validated: 3 });
    expect(q[3]).toMatchObject({ answered: 3, validated: 2 });
    // Nobody started: no figure, and no division by zero.
    const empty = (await get(teacher, `/api/admin/exam-results/${ids.e3}/statistics`)).json().data;
    expect(empty).toMatchObject({ participants: 0, mean_20: null, median_20: null, std_dev_20: null });
    expect(empty.questions[0]).toMatchObject({ facility: null, discrimination: null });
  });
});

describe('averages and export', () => {
  it('weights by exam points, counts absents as 0 on closed exams, leaves open ones pending', async () => {
    const r = await get(admin, `/api/admin/exam-results/averages?academic_year_id=${s.yearId}&specialization_id=${s.specializationId}`);
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d.exams.map((e: { id: number; closed: boolean }) => [e.id, e.closed])).toEqual([
      [ids.e2, true],
      [ids.e1, false],
    ]);
    const by = (id: number) => d.rows.find((x: { user_id: number }) => x.user_id === id);
    expect(d.rows).toHaveLength(5);
    // A: (5 + 10) / 15; B: (0 + 6) / 15 × 20 = 8 (not the plain mean 6); C: (0 + 2) / 15 × 20 = 2.67.
    expect(by(st.A.id)).toMatchObject({ average_20: 20, points: 15, max_points: 15 });
    expect(by(st.B.id)).toMatchObject({ average_20: 8, points: 6, max_points: 15 });
    expect(by(st.C.id).average_20).toBe(2.67);
    expect(by(st.C.id).cells.map((c: { status: string }) => c.status)).toEqual(['ABSENT', 'SCORED']);
    // D is still composing E1 (pending), absent from E2: 0 over 5 points.
    expect(by(st.D.id)).toMatchObject({ average_20: 0, max_points: 5 });
    expect(by(st.D.id).cells[1]).toMatchObject({ status: 'PENDING', score_20: 8 });
    expect(by(st.E.id).cells[1]).toMatchObject({ status: 'PENDING', score: null, score_20: null });
    expect(d.specialization_average_20).toBe(6.13); // (20 + 8 + 2.67 + 0 + 0) / 5
    expect(d.exam_averages_20).toEqual([
      { exam_id: ids.e2, average_20: 4 },
      { exam_id: ids.e1, average_20: 12 },
    ]);
    expect((await get(admin, `/api/admin/exam-results/averages?academic_year_id=999999&specialization_id=${s.specializationId}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/admin/exam-results/averages?academic_year_id=${s.yearId}`)).statusCode).toBe(422);
  });

  it('exports an xlsx whose cells are numbers, with a sheet of averages and one per exam', async () => {
    const r = await get(teacher, `/api/admin/exam-results/${s.yearId}/${s.specializationId}/export`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const cd = String(r.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="Resultats [\x20-\x7e]+\.xlsx"; filename\*=UTF-8''R%C3%A9sultats%20/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Moyennes', 'Partiel 2', 'Partiel 1']);
    const avg = wb.getWorksheet('Moyennes')!;
    expect(avg.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((avg.getRow(1).values as unknown[]).slice(1)).toEqual(['Nom', 'Prénom', 'Numéro étudiant', 'Partiel 2 (/20)', 'Partiel 1 (/20)', 'Moyenne pondérée /20']);
    const rowOf = (ws: ExcelJS.Worksheet, number: string | null) => {
      let found: ExcelJS.Row | undefined;
      ws.eachRow((row) => {
        if (row.getCell(3).value === number) found = row;
      });
      return found!;
    };
    const b = rowOf(avg, st.B.student_number);
    expect([b.getCell(4).value, b.getCell(5).value, b.getCell(6).value]).toEqual([0, 12, 8]);
    expect(typeof b.getCell(6).value).toBe('number');
    const dRow = rowOf(avg, st.D.student_number);
    expect(dRow.getCell(5).value).toBeNull(); // pending: not counted, left empty
    const p1 = wb.getWorksheet('Partiel 1')!;
    expect((p1.getRow(1).values as unknown[]).slice(1)).toEqual(['Nom', 'Prénom', 'Numéro étudiant', 'État', 'Q1 (/2)', 'Q2 (/2)', 'Q3 (/4)', 'Q4 (/2)', 'Total (/10)', 'Note /20', 'Questions validées']);
    const bp = rowOf(p1, st.B.student_number);
    expect((bp.values as unknown[]).slice(4)).toEqual(['Terminé', 2, 0, 2, 2, 6, 12, 2]);
    expect(rowOf(p1, st.E.student_number).getCell(4).value).toBe('Non commencé');
    expect((await get(admin, `/api/admin/exam-results/${s.yearId}/999999/export`)).statusCode).toBe(404);
  });
});

describe('extra time on one exam', () => {
  it('moves the deadline of an attempt already started, never past the closing time', async () => {
    const q = await question('EXACT', '<p>Temps</p>', [{ content: 'ok' }]);
    const end = at(150 * MIN);
    const id = await exam('Minuté', [[q.id, 1]], { start: at(-MIN), end, duration: 60 });
    const u = await student();
    const token = await loginAs(t.app, u);
    const started = await post(token, `/api/student/exams/${id}/start`, {});
    expect(started.statusCode).toBe(200);
    const startAt = Date.parse(started.json().data.started_at);
    expect(Date.parse(started.json().data.deadline)).toBe(startAt + 60 * MIN);

    const give = await post(teacher, `/api/admin/exams/${id}/extra-time`, { user_id: u.id, minutes: 30 });
    expect(give.statusCode).toBe(200);
    expect(give.json().message).toMatch(/recalculée/);
    expect(Date.parse(give.json().data.deadline)).toBe(startAt + 90 * MIN);
    const seen = (await get(token, `/api/student/exams/${id}/questions`)).json().data.attempt;
    expect(Date.parse(seen.deadline)).toBe(startAt + 90 * MIN);

    const capped = await post(teacher, `/api/admin/exams/${id}/extra-time`, { user_id: u.id, minutes: 600 });
    expect(Date.parse(capped.json().data.deadline)).toBe(end.getTime());
    const removed = await post(teacher, `/api/admin/exams/${id}/extra-time`, { user_id: u.id, minutes: 0 });
    expect(Date.parse(removed.json().data.deadline)).toBe(startAt + 60 * MIN);
    const show = (await get(teacher, `/api/admin/exam-results/${id}/show`)).json().data.rows.find((x: { user_id: number }) => x.user_id === u.id);
    expect(show).toMatchObject({ extra_minutes: 0, status: 'IN_PROGRESS' });

    // A finished attempt keeps its deadline.
    await post(token, `/api/student/exams/${id}/finish`, {});
    const after = await post(teacher, `/api/admin/exams/${id}/extra-time`, { user_id: u.id, minutes: 20 });
    expect(Date.parse(after.json().data.deadline)).toBe(startAt + 60 * MIN);
    expect(after.json().message).not.toMatch(/recalculée/);
  });
});

describe('tiers-temps set through the users API', () => {
  it('multiplies the duration of a timed exam at the start', async () => {
    const q = await question('EXACT', '<p>Tiers-temps</p>', [{ content: 'ok' }]);
    const id = await exam('Tiers-temps', [[q.id, 1]], { start: at(-MIN), end: at(300 * MIN), duration: 60 });
    const u = await student();
    const shown = (await get(admin, `/api/admin/users/${u.id}/show`)).json().data;
    const body = {
      last_name: shown.last_name,
      first_name: shown.first_name,
      email: shown.email,
      role: 'STUDENT',
      student_number: shown.student_number,
      academic_year_id: s.yearId,
      specialization_ids: [s.specializationId],
      extra_time_factor: 1.5,
    };
    expect((await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/users/${u.id}/update`, payload: body }))).json().data.extra_time_factor).toBe(1.5);
    const started = (await post(await loginAs(t.app, u), `/api/student/exams/${id}/start`, {})).json().data;
    expect(Date.parse(started.deadline) - Date.parse(started.started_at)).toBe(90 * MIN);
    const row = (await get(teacher, `/api/admin/exam-results/${id}/show`)).json().data.rows.find((x: { user_id: number }) => x.user_id === u.id);
    expect(row).toMatchObject({ extra_time_factor: 1.5, extra_minutes: 0, status: 'IN_PROGRESS' });
  });
});

describe('POST /exam-results/{id}/regrade', () => {
  it('dry run lists the changes and writes nothing; apply rewrites scores and logs; one at a time', async () => {
    const qcm = await question('QCM', '<p>Choisir</p>', [
      { content: 'Bon', is_correct: 1 },
      { content: 'Mauvais', is_correct: 0 },
    ]);
    const [good, bad] = qcm.ids as [number, number];
    const algo = await question('ALGORITHM', '<p>Doubler</p>', [{ stdin: '3\n', expected_output: '6\n', is_hidden: 0 }]);
    const id = await exam('Recorrection', [
      [qcm.id, 2],
      [algo.id, 4],
    ]);
    const s1 = await student();
    const s2 = await student();
    const t1 = await loginAs(t.app, s1);
    const t2 = await loginAs(t.app, s2);
    for (const tok of [t1, t2]) expect((await post(tok, `/api/student/exams/${id}/start`, {})).statusCode).toBe(200);
    const answer = (tok: string, question_id: number, value: unknown) =>
      post(tok, `/api/student/exams/${id}/solutions`, { answers: [{ question_id, answer: value, submission_id: crypto.randomUUID() }] });
    // s1: wrong choice, a program that doubles; s2: right choice, a program that adds 3 (right on 3 only).
    expect((await answer(t1, qcm.id, [bad])).json().data[0].is_valid).toBe(false);
    expect((await answer(t1, algo.id, 'print(int(input()) * 2)')).json().data[0].is_valid).toBe(true);
    expect((await answer(t2, qcm.id, [good])).json().data[0].is_valid).toBe(true);
    expect((await answer(t2, algo.id, 'print(int(input()) + 3)')).json().data[0].is_valid).toBe(true);
    const scores = async () =>
      Object.fromEntries(
        (await t.ctx.db.selectFrom('exam_attempts').select(['user_id', 'score', 'validated_count']).where('exam_id', '=', id).execute()).map((a) => [
          a.user_id,
          [Number(a.score), a.validated_count],
        ]),
      );
    expect(await scores()).toEqual({ [s1.id]: [4, 1], [s2.id]: [6, 2] });

    // The teacher fixes the question: the other choice was the right one, and the test case was too weak.
    await t.ctx.db.updateTable('possible_solutions').set({ is_correct: 0 }).where('id', '=', good).execute();
    await t.ctx.db.updateTable('possible_solutions').set({ is_correct: 1 }).where('id', '=', bad).execute();
    await t.ctx.db.updateTable('possible_solutions').set({ stdin: '4\n', expected_output: '8\n' }).where('question_id', '=', algo.id).execute();

    const dry = await post(teacher, `/api/admin/exam-results/${id}/regrade`, { dry_run: true });
    expect(dry.statusCode).toBe(200);
    const dd = dry.json().data;
    expect(dd).toMatchObject({ dry_run: true, applied: false, attempts: 2, submissions_checked: 4, submissions_changed: 3, programs_run: 2 });
    expect(dry.json().message).toBe('Simulation terminée : 2 notes changeraient.');
    const change = (uid: number) => dd.changes.find((c: { user_id: number }) => c.user_id === uid);
    expect(change(s1.id)).toMatchObject({ old_score: 4, new_score: 6, old_score_20: 13.33, new_score_20: 20, old_validated: 1, new_validated: 2 });
    expect(change(s1.id).questions).toEqual([{ question_id: qcm.id, position: 1, old_state: 'NOT_VALIDATED', new_state: 'VALIDATED', old_score: 0, new_score: 2 }]);
    expect(change(s2.id)).toMatchObject({ old_score: 6, new_score: 0, new_validated: 0 });
    expect(change(s2.id).questions.map((q: { question_id: number }) => q.question_id)).toEqual([qcm.id, algo.id]);
    // Nothing written by the dry run.
    expect(await scores()).toEqual({ [s1.id]: [4, 1], [s2.id]: [6, 2] });
    expect(await t.ctx.db.selectFrom('regrade_log').select('id').where('exam_id', '=', id).execute()).toHaveLength(0);

    // Two at once: the second is refused with a French 409.
    const [x, y] = await Promise.all([
      post(admin, `/api/admin/exam-results/${id}/regrade`, { dry_run: false }),
      post(admin, `/api/admin/exam-results/${id}/regrade`, { dry_run: false }),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = x.statusCode === 409 ? x : y;
    expect(refused.json().message).toMatch(/déjà en cours/);
    const applied = x.statusCode === 200 ? x : y;
    expect(applied.json().data).toMatchObject({ dry_run: false, applied: true });
    expect(applied.json().data.changes).toHaveLength(2);

    expect(await scores()).toEqual({ [s1.id]: [6, 1 + 1], [s2.id]: [0, 0] });
    const logs = await t.ctx.db.selectFrom('regrade_log').selectAll().where('exam_id', '=', id).orderBy('user_id').orderBy('question_id').execute();
    expect(logs.map((l) => [l.user_id, l.question_id, l.old_state, l.new_state, Number(l.old_score), Number(l.new_score)])).toEqual(
      [
        [s1.id, qcm.id, 'NOT_VALIDATED', 'VALIDATED', 0, 2],
        [s2.id, qcm.id, 'VALIDATED', 'NOT_VALIDATED', 2, 0],
        [s2.id, algo.id, 'VALIDATED', 'NOT_VALIDATED', 4, 0],
      ].sort((p, q) => (p[0] as number) - (q[0] as number) || (p[1] as number) - (q[1] as number)),
    );
    expect(logs.every((l) => l.regraded_by !== null)).toBe(true);
    // The student sees the new verdict; the staff detail carries the new run of the program.
    const mine = (await get(t2, `/api/student/exams/${id}/show`)).json().data;
    expect(mine.score).toBe(0);
    const detail = (await get(admin, `/api/admin/exam-results/${id}/students/${s2.id}`)).json().data;
    expect(detail.questions[1].submissions[0].cases[0]).toMatchObject({ verdict: 'WRONG_ANSWER', stdout: '7\n' });

    // Once applied, a second regrade changes nothing.
    const again = await post(admin, `/api/admin/exam-results/${id}/regrade`, { dry_run: true });
    expect(again.json().data).toMatchObject({ submissions_changed: 0, changes: [] });
    expect((await post(admin, '/api/admin/exam-results/999999/regrade', { dry_run: true })).statusCode).toBe(404);
  }, 120_000);
});

describe('regrade with question versions', () => {
  it('names the version it applies in the dry run, pins nothing until applied, then pins the exam and its attempts to it', async () => {
    const put = (token: string, url: string, payload: object) => t.app.inject(authed(token, { method: 'PUT', url, payload }));
    const body = (accepted: string[]) => ({ type: 'EXACT', statement: '<p>Combien font 6 + 6 ?</p>', points: 2, possible_solutions: accepted.map((content) => ({ content })) });
    const created = await post(teacher, '/api/admin/questions/create', body(['12']));
    expect(created.statusCode, created.body).toBe(200);
    const qid = created.json().data.id;
    const e = await post(teacher, '/api/admin/exams/create', {
      title: 'Versions',
      academic_year_id: s.yearId,
      specialization_ids: [s.specializationId],
      start_at: new Date(Date.now() - 60_000).toISOString(),
      end_at: new Date(Date.now() + 3600_000).toISOString(),
      questions: [{ question_id: qid, points: 2 }],
    });
    const id = e.json().data.id;
    expect((await put(teacher, `/api/admin/exams/${id}/update-status/PUBLISHED`, {})).statusCode).toBe(200);
    const st = await student();
    const tok = await loginAs(t.app, st);
    await post(tok, `/api/student/exams/${id}/start`, {});
    const sent = await post(tok, `/api/student/exams/${id}/solutions`, { answers: [{ question_id: qid, answer: '13', submission_id: crypto.randomUUID() }] });
    expect(sent.json().data[0].is_valid).toBe(false);

    // The teacher accepts 13 too: version 2. The students inside still have version 1.
    const version = (await get(teacher, `/api/admin/questions/${qid}/show`)).json().data.version;
    const edited = await put(teacher, `/api/admin/questions/${qid}/update`, { ...body(['12', '13']), statement: '<p>Combien font 6 + 6 (ou 6 + 7) ?</p>', version });
    expect(edited.statusCode, edited.body).toBe(200);
    const pinned = async () => (await t.ctx.db.selectFrom('exam_questions as eq').innerJoin('question_versions as v', 'v.id', 'eq.question_version_id').select('v.number').where('eq.exam_id', '=', id).executeTakeFirstOrThrow()).number;
    expect(await pinned()).toBe(1);
    expect((await get(tok, `/api/student/exams/${id}/questions`)).json().data.questions[0].statement).toBe('<p>Combien font 6 + 6 ?</p>');

    const dry = (await post(teacher, `/api/admin/exam-results/${id}/regrade`, { dry_run: true })).json().data;
    expect(dry.versions).toEqual([{ question_id: qid, position: 1, from: 1, to: 2 }]);
    expect(dry.submissions_changed).toBe(1);
    expect(await pinned()).toBe(1);

    const applied = (await post(teacher, `/api/admin/exam-results/${id}/regrade`, { dry_run: false })).json().data;
    expect(applied).toMatchObject({ applied: true, versions: [{ question_id: qid, from: 1, to: 2 }] });
    expect(await pinned()).toBe(2);
    const show = (await get(tok, `/api/student/exams/${id}/show`)).json().data;
    expect(show.score).toBe(2);
    expect(show.questions[0].question.statement).toBe('<p>Combien font 6 + 6 (ou 6 + 7) ?</p>');
    // The copy's journal says so.
    const journal = (await get(teacher, `/api/admin/exams/${id}/attempts/${st.id}/journal`)).json().data;
    expect(journal.events.at(-1)).toMatchObject({ type: 'REGRADE', data: { old_score: 0, new_score: 2, versions: [{ question_id: qid, from: 1, to: 2 }] } });
    expect(journal.intact).toBe(true);
    // Applied once: nothing left to apply.
    expect((await post(teacher, `/api/admin/exam-results/${id}/regrade`, { dry_run: true })).json().data.versions).toEqual([]);
  }, 60_000);
});
