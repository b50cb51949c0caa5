// MATCHING (appariement) end to end on the real database: the rules of its rows, the student shape (the items and
// the answer list, never which answer goes with which item: two questions that differ only by their pairing look
// the same to a student), grading with partial credit by item or all or nothing, an exam (start, submit, the
// correction once shown, regrade, statistics), and Moodle XML and GIFT out and back in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examShowResultSchema, gradeDetailsSchema, studentQuestionSchema, takingQuestionSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { toStudentQuestion } from '../questions';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let teacher: string;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  courseId = (await t.ctx.db.insertInto('courses').values({ title: 'Géographie', academic_year_id: s.yearId }).returning('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const PAIRS = [
  ['France', 'Paris'],
  ['Italie', 'Rome'],
  ['Espagne', 'Madrid'],
] as const;

const matching = (extra: Record<string, unknown> = {}) => ({
  type: 'MATCHING',
  statement: '<p>Associez chaque pays à sa capitale.</p>',
  points: 3,
  course_id: courseId,
  possible_solutions: [...PAIRS.map(([content, expected_output]) => ({ content, expected_output })), { content: '', expected_output: 'Lisbonne' }],
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<Question> {
  const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

/** The answer pairing each item with `pick(item text)`. */
const answerOf = (q: Question, pick: (item: string) => string) =>
  q.possible_solutions.filter((p) => p.content !== '').map((p) => ({ item_id: p.id, answer: pick(p.content) }));
const right = (item: string) => PAIRS.find(([c]) => c === item)![1];

describe('MATCHING questions', () => {
  it('keeps its rows and scoring, and refuses a question with too few items, an item without answer or an unknown scoring', async () => {
    const q = await create(matching());
    expect(q.type).toBe('MATCHING');
    expect(q.scoring).toBe('PARTIAL');
    expect(q.possible_solutions.map((p) => [p.content, p.expected_output])).toEqual([...PAIRS, ['', 'Lisbonne']]);

    const one = await call(teacher, 'POST', '/api/admin/questions/create', matching({ possible_solutions: [{ content: 'France', expected_output: 'Paris' }, { content: '', expected_output: 'Rome' }] }));
    expect(one.statusCode).toBe(422);
    expect(one.json().errors.possible_solutions[0]).toMatch(/entre 2 et 20 éléments/);
    const lonely = await call(teacher, 'POST', '/api/admin/questions/create', matching({ possible_solutions: [{ content: 'France', expected_output: 'Paris' }, { content: 'Italie', expected_output: ' ' }] }));
    expect(lonely.statusCode).toBe(422);
    expect(lonely.json().errors['possible_solutions.1.expected_output']).toEqual(['L’élément 2 n’a pas de réponse associée.']);
    const scoring = await call(teacher, 'POST', '/api/admin/questions/create', matching({ scoring: 'HALF' }));
    expect(scoring.statusCode).toBe(422);
    expect(scoring.json().errors.scoring).toBeDefined();
  });

  it('shows a student the items and the answer list, never the pairing: two questions that differ only by it look the same', async () => {
    const q = await create(matching());
    const preview = await call(teacher, 'GET', `/api/admin/questions/${q.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const shown = studentQuestionSchema.strict().parse(preview.json().data.question);
    expect(shown.items).toEqual(q.possible_solutions.slice(0, 3).map((p) => ({ id: p.id, content: p.content })));
    expect([...shown.options].sort()).toEqual(['Lisbonne', 'Madrid', 'Paris', 'Rome']);
    expect(JSON.stringify(preview.json().data.question)).not.toMatch(/expected_output":"(Paris|Rome|Madrid)|pairs|"answer"/);

    // The same question with its answers given to other items: whatever the seed, the student sees the same thing.
    const rotated: Question = {
      ...q,
      possible_solutions: q.possible_solutions.map((p, i) => (i < 3 ? { ...p, expected_output: PAIRS[(i + 1) % 3]![1] } : p)),
    };
    for (const seed of [1, 2, 3, 'x', 12345]) expect(toStudentQuestion(rotated, seed)).toEqual(toStudentQuestion(q, seed));
  });

  it('grades each item its share (PARTIAL, by weight) or all or nothing, and refuses an answer outside the list or an unknown item', async () => {
    const weighted = await create(matching({ possible_solutions: [{ content: 'France', expected_output: 'Paris', weight: 2 }, { content: 'Italie', expected_output: 'Rome' }, { content: 'Espagne', expected_output: 'Madrid' }] }));
    const grade = async (q: Question, answer: unknown) => call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer });

    const all = (await grade(weighted, answerOf(weighted, right))).json().data.result;
    expect(all).toMatchObject({ is_valid: true, score: 1, details: { type: 'MATCHING', correct: 3, total: 3 } });
    expect(gradeDetailsSchema.parse(all.details)).toEqual({ type: 'MATCHING', correct: 3, total: 3 });
    // France (weight 2) right, the other two swapped: 2 / 4 of the points.
    const swapped = (await grade(weighted, answerOf(weighted, (i) => (i === 'France' ? 'Paris' : i === 'Italie' ? 'Madrid' : 'Rome')))).json().data.result;
    expect(swapped).toMatchObject({ is_valid: false, score: 0.5, details: { correct: 1, total: 3 } });
    // An item left out counts wrong; a distractor chosen too.
    const partial = (await grade(weighted, answerOf(weighted, right).slice(1).concat())).json().data.result;
    expect(partial).toMatchObject({ is_valid: false, score: 0.5, details: { correct: 2, total: 3 } });

    const strict = await create(matching({ scoring: 'ALL_OR_NOTHING' }));
    expect(strict.scoring).toBe('ALL_OR_NOTHING');
    const nearly = (await grade(strict, answerOf(strict, (i) => (i === 'Espagne' ? 'Lisbonne' : right(i))))).json().data.result;
    expect(nearly).toMatchObject({ is_valid: false, score: 0, details: { correct: 2, total: 3 } });
    expect((await grade(strict, answerOf(strict, right))).json().data.result).toMatchObject({ is_valid: true, score: 1 });

    const outside = await grade(strict, [{ item_id: strict.possible_solutions[0]!.id, answer: 'Berlin' }]);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe('La réponse « Berlin » n’est pas dans la liste proposée.');
    const unknown = await grade(strict, [{ item_id: 999_999, answer: 'Paris' }]);
    expect(unknown.statusCode).toBe(422);
    expect((await grade(strict, 'Paris')).statusCode).toBe(422);
  });
});

describe('MATCHING in an exam', () => {
  it('is drawn without its pairing, graded on submit, corrected once shown, regraded and counted in the statistics', async () => {
    const q = await create(matching());
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Capitales', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED', show_solutions_after_close: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 3 }).execute();
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const st = await loginAs(t.app, u);

    expect((await call(st, 'POST', `/api/student/exams/${e.id}/start`)).statusCode).toBe(200);
    const questions = await call(st, 'GET', `/api/student/exams/${e.id}/questions`);
    expect(questions.statusCode).toBe(200);
    const drawn = takingQuestionSchema.strict().parse(questions.json().data.questions[0]);
    expect(drawn.items.map((i) => i.content)).toEqual(['France', 'Italie', 'Espagne']);
    expect([...drawn.options].sort()).toEqual(['Lisbonne', 'Madrid', 'Paris', 'Rome']);
    expect(JSON.stringify(questions.json())).not.toMatch(/"expected_output":"(Paris|Rome|Madrid)"|"pairs"/);

    // Italy given Lisbon: two items of three.
    const answer = answerOf(q, (i) => (i === 'Italie' ? 'Lisbonne' : right(i)));
    const sent = await call(st, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer }] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.stringify(sent.json())).not.toMatch(/"pairs"|Rome/);
    expect((await call(st, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED', end_at: new Date(Date.now() - 1000) }).where('id', '=', e.id).execute();

    const shown = await call(st, 'GET', `/api/student/exams/${e.id}/show`);
    expect(shown.statusCode, shown.body).toBe(200);
    const result = examShowResultSchema.parse(shown.json().data);
    expect(result.score).toBe(2);
    expect(result.questions[0]!.solution!.pairs).toEqual(q.possible_solutions.slice(0, 3).map((p) => ({ item_id: p.id, answer: p.expected_output })));

    // The teacher makes it all or nothing and regrades: the copy falls to 0.
    const body = matching({ scoring: 'ALL_OR_NOTHING', possible_solutions: q.possible_solutions.map((p) => ({ id: p.id, content: p.content, expected_output: p.expected_output })) });
    const updated = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, body);
    expect(updated.statusCode, updated.body).toBe(200);
    const regrade = await call(teacher, 'POST', `/api/admin/exam-results/${e.id}/regrade`, { dry_run: false });
    expect(regrade.statusCode, regrade.body).toBe(200);
    expect(examShowResultSchema.parse((await call(st, 'GET', `/api/student/exams/${e.id}/show`)).json().data).score).toBe(0);
    const stats = await call(teacher, 'GET', `/api/admin/exam-results/${e.id}/statistics`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(JSON.stringify(stats.json().data)).toMatch(/"type":"MATCHING"/);
  });
});

describe('MATCHING out and back in', () => {
  it('writes Moodle match and GIFT matching, and reads them back the same', async () => {
    const q = await create(matching({ tags: ['capitales'] }));
    for (const [format, file] of [
      ['moodle', 'export.xml'],
      ['gift', 'export.gift'],
    ] as const) {
      const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=${format}&ids=${q.id}` }));
      expect(exp.statusCode, exp.body).toBe(200);
      expect(exp.body).toContain(format === 'moodle' ? '<question type="match">' : '=France -> Paris');
      const boundary = `----matching${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        exp.rawPayload,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const imp = await t.app.inject(
        authed(teacher, { method: 'POST', url: '/api/admin/questions/import?confirm=1', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
      );
      expect(imp.statusCode, imp.body).toBe(200);
      const report = imp.json().data;
      expect(report.items[0]).toMatchObject({ source_type: 'match', type: 'MATCHING' });
      const back = (await call(teacher, 'GET', `/api/admin/questions/${report.question_ids[0]}/show`)).json().data as Question;
      expect(back.type).toBe('MATCHING');
      expect(back.possible_solutions.map((p) => [p.content, p.expected_output])).toEqual([...PAIRS, ['', 'Lisbonne']]);
    }
  });
});
