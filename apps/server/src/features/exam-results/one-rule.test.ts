// One score and one deadline per attempt, whatever reads them (real database, through the routes): the score is the
// exact points summed and rounded once, the same on the student's result page, the results table, the student's
// copy, the statistics, the averages, the export, the regrade's dry run and the appeal file; the deadline is the one
// rule of `attemptDeadline`, the same at the start, after extra minutes and after time added for everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDeadline, allowedMinutes } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let teacher = '';
const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

async function exactQuestion(accepted: string) {
  const q = await t.ctx.db.insertInto('questions').values({ type: 'EXACT', statement: `<p>Écrire ${accepted}</p>`, points: 1 }).returning('id').executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('possible_solutions').values({ question_id: q.id, position: 0, content: accepted }).execute();
  return q.id;
}

async function exam(over: { questions: Array<[number, number]>; penalty?: number; duration?: number | null; end?: Date }) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({
      title: `Partiel ${Math.random().toString(36).slice(2, 8)}`,
      academic_year_id: s.yearId,
      start_at: at(-MIN),
      end_at: over.end ?? at(240 * MIN),
      duration_minutes: over.duration === undefined ? 60 : over.duration,
      status: 'PUBLISHED',
      show_solutions_after_close: 0,
      max_submissions: null,
      wrong_try_penalty: over.penalty ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  for (const [i, [id, points]] of over.questions.entries()) await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: id, position: i, points }).execute();
  return e.id;
}

async function student(factor?: number) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  if (factor) await t.ctx.db.updateTable('users').set({ extra_time_factor: factor }).where('id', '=', u.id).execute();
  return { id: u.id, token: await loginAs(t.app, u) };
}

/** The text a PDF shows (its streams are compressed: each is read at its declared /Length and inflated). */
async function pdfText(payload: Buffer): Promise<string> {
  const { inflateSync } = await import('node:zlib');
  const pdf = payload.toString('latin1');
  const text = [...pdf.matchAll(/\/Length (\d+)[^>]*>>\s*stream\n/g)]
    .map((m) => {
      try {
        return inflateSync(payload.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1]))).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
  return [...text.matchAll(/<([0-9a-f]+)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('');
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('one score, one rounding', () => {
  // Three questions of 1 point answered right after one wrong try (penalty 0.333): 0.667 point each, 0.67 shown; a
  // fourth of 2 points answered wrong. Exact: 2.001 → 2 points, 8 / 20; rounded per question: 2.01 and 8.04.
  let id = 0;
  let st = { id: 0, token: '' };
  let qs: number[] = [];
  const rowOf = async () => (await call(teacher, 'GET', `/api/admin/exam-results/${id}/show`)).json().data.rows.find((r: { user_id: number }) => r.user_id === st.id);
  beforeAll(async () => {
    qs = [await exactQuestion('un'), await exactQuestion('deux'), await exactQuestion('trois'), await exactQuestion('quatre')];
    id = await exam({ questions: [[qs[0]!, 1], [qs[1]!, 1], [qs[2]!, 1], [qs[3]!, 2]], penalty: 0.333 });
    st = await student();
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/start`)).statusCode).toBe(200);
    const send = async (question_id: number, answer: string) => {
      const r = await call(st.token, 'POST', `/api/student/exams/${id}/solutions`, { answers: [{ question_id, answer, submission_id: crypto.randomUUID() }] });
      expect(r.statusCode, r.body).toBe(200);
    };
    for (const [i, right] of ['un', 'deux', 'trois'].entries()) {
      await send(qs[i]!, 'faux');
      await send(qs[i]!, right);
    }
    await send(qs[3]!, 'autre');
    expect((await call(st.token, 'POST', `/api/student/exams/${id}/finish`)).statusCode).toBe(200);
  });

  it('on the student’s result page and in the score stored with the attempt', async () => {
    const shown = (await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data;
    expect(shown.questions.map((q: { score: number }) => q.score)).toEqual([0.67, 0.67, 0.67, 0]);
    expect([shown.score, shown.max_score, shown.score_20]).toEqual([2, 5, 8]);
    expect(Number((await t.ctx.db.selectFrom('exam_attempts').select('score').where('exam_id', '=', id).executeTakeFirstOrThrow()).score)).toBe(2);
  });

  it('in the results table, the student’s copy and the statistics', async () => {
    const table = (await call(teacher, 'GET', `/api/admin/exam-results/${id}/show`)).json().data;
    const row = table.rows.find((r: { user_id: number }) => r.user_id === st.id);
    expect([row.score, row.score_20]).toEqual([2, 8]);
    expect(row.cells.map((c: { score: number }) => c.score)).toEqual([0.67, 0.67, 0.67, 0]);
    expect([table.exam.average_points, table.exam.average_20]).toEqual([2, 8]);
    const copy = (await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${st.id}`)).json().data;
    expect([copy.attempt.score, copy.attempt.score_20]).toEqual([2, 8]);
    const stats = (await call(teacher, 'GET', `/api/admin/exam-results/${id}/statistics`)).json().data;
    expect([stats.mean_points, stats.mean_20, stats.min_20, stats.max_20]).toEqual([2, 8, 8, 8]);
  });

  it('in the averages of the year and parcours and their export', async () => {
    const averages = (await call(teacher, 'GET', `/api/admin/exam-results/averages?academic_year_id=${s.yearId}&specialization_id=${s.specializationId}`)).json().data;
    const cell = averages.rows.find((r: { user_id: number }) => r.user_id === st.id).cells.find((c: { exam_id: number }) => c.exam_id === id);
    expect([cell.score, cell.score_20]).toEqual([2, 8]);
    const xlsx = await call(teacher, 'GET', `/api/admin/exam-results/${s.yearId}/${s.specializationId}/export`);
    expect(xlsx.statusCode).toBe(200);
    const { default: Excel } = await import('exceljs');
    const wb = new Excel.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const title = averages.exams.find((e: { id: number }) => e.id === id).title as string;
    const sheet = wb.worksheets.find((w) => w.name === title)!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const line = (sheet.getRows(2, sheet.rowCount - 1) ?? []).map((r) => r.values as unknown[]).find((v) => v[header.indexOf('Total (/5)')] != null)!;
    expect(line[header.indexOf('Total (/5)')]).toBe(2);
    expect(line[header.indexOf('Note /20')]).toBe(8);
    const mean = wb.getWorksheet('Moyennes')!;
    const meanHeader = (mean.getRow(1).values as unknown[]).map(String);
    const scored = (mean.getRows(2, mean.rowCount - 1) ?? []).map((r) => (r.values as unknown[])[meanHeader.indexOf(`${title} (/20)`)]);
    expect(scored).toContain(8);
    expect(scored).not.toContain(8.04);
  });

  it('in the appeal file', async () => {
    const appeal = await call(teacher, 'GET', `/api/admin/exam-results/${id}/students/${st.id}/appeal`);
    expect(appeal.statusCode).toBe(200);
    const pdf = await pdfText(appeal.rawPayload);
    expect(pdf).toMatch(/\b8 \/ 20/);
    expect(pdf).not.toMatch(/8,04|2,01/);
  });

  it('in the regrade’s dry run and once applied', async () => {
    // The fourth question now accepts « autre »: 2 points at the first try. Exact 4.001 → 4, 16 / 20 (not 4.01, 16.04).
    await t.ctx.db.updateTable('possible_solutions').set({ content: 'autre' }).where('question_id', '=', qs[3]!).execute();
    const dry = await call(teacher, 'POST', `/api/admin/exam-results/${id}/regrade`, { dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const change = dry.json().data.changes.find((c: { user_id: number }) => c.user_id === st.id);
    expect([change.old_score, change.old_score_20, change.new_score, change.new_score_20]).toEqual([2, 8, 4, 16]);
    expect((await call(teacher, 'POST', `/api/admin/exam-results/${id}/regrade`, { dry_run: false })).statusCode).toBe(200);
    const after = await rowOf();
    expect([after.score, after.score_20]).toEqual([4, 16]);
    expect((await call(st.token, 'GET', `/api/student/exams/${id}/show`)).json().data.score_20).toBe(16);
  });
});

describe('one deadline', () => {
  const start = new Date('2026-01-10T08:00:00Z');
  const end = new Date('2026-01-10T12:00:00Z');
  const deadline = (duration_minutes: number | null, extra_time_factor: number, extra_minutes: number, close = end) =>
    attemptDeadline(start, close, { duration_minutes, extra_time_factor, extra_minutes }).toISOString();

  it('is start + duration × extra-time factor + extra minutes, never after the closing time', () => {
    expect(deadline(60, 1, 0)).toBe('2026-01-10T09:00:00.000Z');
    expect(deadline(60, 1.33, 0)).toBe('2026-01-10T09:19:48.000Z');
    expect(deadline(60, 1.5, 10)).toBe('2026-01-10T09:40:00.000Z');
    expect(deadline(60, 1, 15)).toBe('2026-01-10T09:15:00.000Z');
    // The closing time bounds it; without a duration it is the closing time.
    expect(deadline(300, 1, 0)).toBe(end.toISOString());
    expect(deadline(60, 1.5, 10, new Date('2026-01-10T09:30:00Z'))).toBe('2026-01-10T09:30:00.000Z');
    expect(deadline(null, 2, 30)).toBe(end.toISOString());
    // A factor out of its bounds is brought back within them (1 to 3).
    expect(deadline(60, 0.5, 0)).toBe('2026-01-10T09:00:00.000Z');
    expect(deadline(60, 5, 0)).toBe('2026-01-10T11:00:00.000Z');
    expect(allowedMinutes({ duration_minutes: 60, extra_time_factor: 1.33, extra_minutes: 10 })).toBeCloseTo(89.8, 9);
    expect(allowedMinutes({ duration_minutes: null, extra_time_factor: 1.33, extra_minutes: 10 })).toBeNull();
  });

  it('is the same rule at the start, in the list, after extra minutes and after time added for everyone', async () => {
    const q = await exactQuestion('cinq');
    const id = await exam({ questions: [[q, 1]], duration: 60 });
    const st = await student(1.33);
    await t.ctx.db.insertInto('exam_extra_time').values({ exam_id: id, user_id: st.id, minutes: 10 }).execute();
    const endAt = new Date((await t.ctx.db.selectFrom('exams').select('end_at').where('id', '=', id).executeTakeFirstOrThrow()).end_at as unknown as string);

    const started = await call(st.token, 'POST', `/api/student/exams/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const startedAt = new Date(started.json().data.started_at);
    const expected = (duration_minutes: number, extra_minutes: number) => attemptDeadline(startedAt, endAt, { duration_minutes, extra_time_factor: 1.33, extra_minutes }).toISOString();
    // 60 × 1.33 + 10 = 89.8 minutes.
    expect(started.json().data.deadline).toBe(expected(60, 10));
    expect(new Date(started.json().data.deadline).getTime() - startedAt.getTime()).toBe(89.8 * MIN);
    const listed = (await call(st.token, 'GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === id);
    expect(listed.allowed_minutes).toBe(89.8);
    expect(listed.attempt.deadline).toBe(expected(60, 10));

    // Extra minutes granted during the attempt: 60 × 1.33 + 20.
    const extra = await call(teacher, 'POST', `/api/admin/exams/${id}/extra-time`, { user_id: st.id, minutes: 20 });
    expect(extra.statusCode, extra.body).toBe(200);
    expect(extra.json().data.deadline).toBe(expected(60, 20));
    // Time added for everyone (+10 %: 66 minutes): 66 × 1.33 + 20.
    const rules = await call(teacher, 'PUT', `/api/admin/exams/${id}/access-rules`, { time_bonus_percent: 10 });
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json().data.deadlines_recomputed).toBe(1);
    const now = (await call(st.token, 'GET', `/api/student/exams/${id}/attempt`)).json().data;
    expect(now.deadline).toBe(expected(66, 20));
    // The closing time brought before it: the deadline is the closing time, by the same rule.
    const closing = new Date(startedAt.getTime() + 30 * MIN);
    await t.ctx.db.updateTable('exams').set({ end_at: closing }).where('id', '=', id).execute();
    const later = await call(teacher, 'POST', `/api/admin/exams/${id}/extra-time`, { user_id: st.id, minutes: 25 });
    expect(later.json().data.deadline).toBe(closing.toISOString());
  });
});
