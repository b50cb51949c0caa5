// ORDERING (remise en ordre) end to end on the real database: the rules of its items, the keys the server draws for
// them (kept when sent back, so a reordered or edited question keeps its students' answers), the student shape (the
// items shuffled per student by keys that say nothing of the right order: two questions that differ only by their
// order look the same to a student, in an exam and in practice), grading with partial credit by the longest ordered
// run or all or nothing, an exam (start, submit, the correction once shown, regrade, statistics, the appeal file's
// answer text), and Moodle XML out and back in (GIFT has no ordering: the export leaves it out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examShowResultSchema, gradeDetailsSchema, QUESTION_KIND_MODULES, studentQuestionSchema, takingQuestionSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { htmlToText } from '../../lib/html-text';
import { toStudentQuestion } from '../questions';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let teacher: string;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  courseId = (await t.ctx.db.insertInto('courses').values({ title: 'Histoire', academic_year_id: s.yearId, is_published: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  await t.ctx.db.insertInto('course_specializations').values({ course_id: courseId, specialization_id: s.specializationId }).execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const ITEMS = ['Révolution française', 'Premier Empire', 'Restauration', 'Monarchie de Juillet', 'Deuxième République'];

const ordering = (extra: Record<string, unknown> = {}) => ({
  type: 'ORDERING',
  statement: '<p>Rangez ces régimes du plus ancien au plus récent.</p>',
  points: 5,
  course_id: courseId,
  possible_solutions: ITEMS.map((content) => ({ content })),
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<Question> {
  const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

/** Each item's key (what a student's answer names), by its text. */
const keysOf = (q: Question) => new Map(q.possible_solutions.map((p) => [p.content, Number(p.expected_output)]));
/** The answer naming the items in the order of `texts`. */
const answerOf = (q: Question, texts: readonly string[]) => texts.map((c) => keysOf(q).get(c)!);

/** What of a student shape could tell the right order: the texts in the order shown, and the numbers shown. */
function noOrderIn(shown: { items: Array<{ id: number; content: string }> }, q: Question) {
  const ids = new Set(q.possible_solutions.map((p) => p.id));
  // The rows' ids follow the order they were created in: none is shown.
  for (const it of shown.items) expect(ids.has(it.id)).toBe(false);
  // Sorting the items by the numbers shown does not give the right order either (keys are drawn at random; the
  // five items make the chance of an accident 1 in 120, and this question's keys are checked not to be one).
  const byKey = [...shown.items].sort((a, b) => a.id - b.id).map((i) => i.content);
  expect(byKey).not.toEqual(ITEMS);
}

describe('ORDERING questions', () => {
  it('keeps its items in order with a key each, keeps the keys sent back, and refuses too few, empty or repeated items', async () => {
    const q = await create(ordering());
    expect(q.type).toBe('ORDERING');
    expect(q.scoring).toBe('PARTIAL');
    expect(q.possible_solutions.map((p) => p.content)).toEqual(ITEMS);
    const keys = q.possible_solutions.map((p) => p.expected_output);
    for (const k of keys) expect(k).toMatch(/^[1-9]\d*$/);
    expect(new Set(keys).size).toBe(ITEMS.length);

    // The editor sends the rows back reordered with their keys: each row keeps its id and key.
    const reordered = [...q.possible_solutions].reverse().map((p) => ({ id: p.id, content: p.content, expected_output: p.expected_output }));
    const upd = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, ordering({ scoring: 'ALL_OR_NOTHING', possible_solutions: reordered }));
    expect(upd.statusCode, upd.body).toBe(200);
    const back = upd.json().data as Question;
    expect(back.scoring).toBe('ALL_OR_NOTHING');
    expect(back.possible_solutions.map((p) => [p.id, p.content, p.expected_output])).toEqual(reordered.map((p) => [p.id, p.content, p.expected_output]));

    const one = await call(teacher, 'POST', '/api/admin/questions/create', ordering({ possible_solutions: [{ content: 'Seul' }] }));
    expect(one.statusCode).toBe(422);
    expect(one.json().errors.possible_solutions[0]).toBe('Une remise en ordre doit avoir entre 2 et 20 éléments.');
    const empty = await call(teacher, 'POST', '/api/admin/questions/create', ordering({ possible_solutions: [{ content: 'Un' }, { content: ' ' }] }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors['possible_solutions.1.content']).toEqual(['L’élément 2 est vide.']);
    const twice = await call(teacher, 'POST', '/api/admin/questions/create', ordering({ possible_solutions: [{ content: 'Un' }, { content: 'un' }] }));
    expect(twice.json().errors['possible_solutions.1.content']).toEqual(['L’élément 2 est écrit deux fois.']);
    const scoring = await call(teacher, 'POST', '/api/admin/questions/create', ordering({ scoring: 'HALF' }));
    expect(scoring.statusCode).toBe(422);
  });

  it('shows a student the items by keys, shuffled, never the order: two questions that differ only by it look the same', async () => {
    let q = await create(ordering());
    // Keys that happen to sort in the right order (1 chance in 120): draw them again.
    while ([...q.possible_solutions].sort((a, b) => Number(a.expected_output) - Number(b.expected_output)).every((p, i) => p.content === ITEMS[i])) q = await create(ordering());
    const preview = await call(teacher, 'GET', `/api/admin/questions/${q.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const shown = studentQuestionSchema.strict().parse(preview.json().data.question);
    expect([...shown.items].map((i) => i.content).sort()).toEqual([...ITEMS].sort());
    expect(shown.choices).toEqual([]);
    expect(JSON.stringify(preview.json().data.question)).not.toMatch(/expected_output|possible_solutions|"position"|"rank"/);
    noOrderIn(shown, q);

    // The same items (same keys) in another right order: whatever the seed, the student sees the same thing, unless
    // the draw is one of the two right orders (then it is turned by one place, never shown as it is).
    const reversed: Question = { ...q, possible_solutions: [...q.possible_solutions].reverse() };
    let same = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const a = toStudentQuestion(q, seed);
      const b = toStudentQuestion(reversed, seed);
      expect(a.items.map((i) => i.content)).not.toEqual(ITEMS);
      expect(b.items.map((i) => i.content)).not.toEqual([...ITEMS].reverse());
      if (JSON.stringify(a) === JSON.stringify(b)) same += 1;
    }
    expect(same).toBeGreaterThanOrEqual(36);
    // Two students most often get different orders.
    const orders = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(toStudentQuestion(q, 1000 + i).items)));
    expect(orders.size).toBeGreaterThan(5);
  });

  it('grades by the longest ordered run (PARTIAL) or all or nothing, and refuses unknown or repeated items', async () => {
    const q = await create(ordering());
    const grade = async (question: Question, answer: unknown) => call(teacher, 'POST', `/api/admin/questions/${question.id}/preview`, { answer });

    const all = (await grade(q, answerOf(q, ITEMS))).json().data.result;
    expect(all).toMatchObject({ is_valid: true, score: 1, details: { type: 'ORDERING', in_order: 5, total: 5 } });
    expect(gradeDetailsSchema.parse(all.details)).toEqual({ type: 'ORDERING', in_order: 5, total: 5 });
    // The last put first: four of five still in order.
    const moved = (await grade(q, answerOf(q, [ITEMS[4]!, ...ITEMS.slice(0, 4)]))).json().data.result;
    expect(moved).toMatchObject({ is_valid: false, score: 0.8, details: { in_order: 4, total: 5 } });
    // Reversed: no two in order.
    const reversed = (await grade(q, answerOf(q, [...ITEMS].reverse()))).json().data.result;
    expect(reversed).toMatchObject({ is_valid: false, score: 0, details: { in_order: 0 } });

    const strict = await create(ordering({ scoring: 'ALL_OR_NOTHING' }));
    expect((await grade(strict, answerOf(strict, [ITEMS[4]!, ...ITEMS.slice(0, 4)]))).json().data.result).toMatchObject({ is_valid: false, score: 0, details: { in_order: 4 } });
    expect((await grade(strict, answerOf(strict, ITEMS))).json().data.result).toMatchObject({ is_valid: true, score: 1 });

    const unknown = await grade(strict, [999_999, ...answerOf(strict, ITEMS.slice(1))]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('L’élément 999999 n’appartient pas à cette question.');
    const k = answerOf(strict, ITEMS)[0]!;
    const twice = await grade(strict, [k, k]);
    expect(twice.json().message).toBe(`L’élément ${k} est placé deux fois.`);
    // Row ids are not what an answer names.
    expect((await grade(strict, strict.possible_solutions.map((p) => p.id))).statusCode).toBe(422);
    expect((await grade(strict, 'Révolution française')).statusCode).toBe(422);
  });
});

describe('ORDERING in an exam and in practice', () => {
  it('is drawn without its order, graded on submit, corrected once shown, regraded and counted in the statistics', async () => {
    const q = await create(ordering());
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Régimes', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED', show_solutions_after_close: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 5 }).execute();
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const st = await loginAs(t.app, u);

    expect((await call(st, 'POST', `/api/student/exams/${e.id}/start`)).statusCode).toBe(200);
    const questions = await call(st, 'GET', `/api/student/exams/${e.id}/questions`);
    expect(questions.statusCode).toBe(200);
    const drawn = takingQuestionSchema.strict().parse(questions.json().data.questions[0]);
    expect(drawn.items.map((i) => i.content).sort()).toEqual([...ITEMS].sort());
    expect(drawn.items.map((i) => i.content)).not.toEqual(ITEMS);
    expect(JSON.stringify(questions.json())).not.toMatch(/expected_output|possible_solutions/);
    expect(drawn.items).toEqual(toStudentQuestion(q, u.id).items);

    // The first two swapped: four of five in order.
    const answer = answerOf(q, [ITEMS[1]!, ITEMS[0]!, ...ITEMS.slice(2)]);
    const sent = await call(st, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer }] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.stringify(sent.json())).not.toMatch(/choice_ids|expected_output/);
    expect((await call(st, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED', end_at: new Date(Date.now() - 1000) }).where('id', '=', e.id).execute();

    const shown = await call(st, 'GET', `/api/student/exams/${e.id}/show`);
    expect(shown.statusCode, shown.body).toBe(200);
    const result = examShowResultSchema.parse(shown.json().data);
    expect(result.score).toBe(4);
    // Once shown, the correction gives the keys in the right order.
    expect(result.questions[0]!.solution!.choice_ids).toEqual(answerOf(q, ITEMS));

    // The appeal file writes the answer as the numbered items.
    expect(QUESTION_KIND_MODULES.ORDERING.answerText(answer, q, htmlToText)).toBe(
      [ITEMS[1], ITEMS[0], ...ITEMS.slice(2)].map((c, i) => `${i + 1}. ${c}`).join('\n'),
    );

    // The teacher makes it all or nothing, its items sent back with their keys, and regrades: the copy falls to 0.
    const body = ordering({ scoring: 'ALL_OR_NOTHING', possible_solutions: q.possible_solutions.map((p) => ({ id: p.id, content: p.content, expected_output: p.expected_output })) });
    const updated = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, body);
    expect(updated.statusCode, updated.body).toBe(200);
    const regrade = await call(teacher, 'POST', `/api/admin/exam-results/${e.id}/regrade`, { dry_run: false });
    expect(regrade.statusCode, regrade.body).toBe(200);
    expect(examShowResultSchema.parse((await call(st, 'GET', `/api/student/exams/${e.id}/show`)).json().data).score).toBe(0);
    const stats = await call(teacher, 'GET', `/api/admin/exam-results/${e.id}/statistics`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(JSON.stringify(stats.json().data)).toMatch(/"type":"ORDERING"/);
  });

  it('is given in practice without its order, and graded there', async () => {
    const q = await create(ordering({ is_practice: 1 }));
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const st = await loginAs(t.app, u);
    const res = await call(st, 'GET', `/api/student/practices/question?course_id=${courseId}&question_id=${q.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/expected_output|possible_solutions/);
    const shown = res.json().data.question as { items: Array<{ id: number; content: string }> };
    expect(shown.items).toEqual(toStudentQuestion(q, u.id).items);
    expect(shown.items.map((i) => i.content)).not.toEqual(ITEMS);
    const graded = await call(st, 'POST', '/api/student/practices/evaluate-solution', { question_id: q.id, answer: answerOf(q, ITEMS) });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().data).toMatchObject({ is_valid: true });
  });
});

describe('ORDERING out and back in', () => {
  it('writes Moodle ordering and reads it back the same; GIFT leaves it out', async () => {
    const q = await create(ordering({ tags: ['histoire'], scoring: 'ALL_OR_NOTHING' }));
    const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=moodle&ids=${q.id}` }));
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.body).toContain('<question type="ordering">');
    expect(exp.body).toContain('<gradingtype>ALL_OR_NOTHING</gradingtype>');
    expect(exp.body).toContain('<layouttype>VERTICAL</layouttype>');
    expect(exp.body).toContain('<selecttype>ALL</selecttype>');
    const back = await importFile(exp.rawPayload, 'export.xml');
    expect(back.report.items[0]).toMatchObject({ source_type: 'ordering', type: 'ORDERING', outcome: 'imported' });
    expect(back.question.type).toBe('ORDERING');
    expect(back.question.scoring).toBe('ALL_OR_NOTHING');
    expect(back.question.possible_solutions.map((p) => p.content)).toEqual(ITEMS);
    // Fresh keys for the new rows.
    expect(back.question.possible_solutions.every((p) => /^[1-9]\d*$/.test(p.expected_output))).toBe(true);

    const gift = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=gift&ids=${q.id}` }));
    expect(gift.statusCode, gift.body).toBe(200);
    expect(gift.headers['x-omitted-questions']).toBe(String(q.id));
    // The export report says why, naming the kind.
    const report = JSON.parse(decodeURIComponent(String(gift.headers['x-export-report']))) as Array<{ id: number; outcome: string; notes: string[] }>;
    expect(report).toEqual([{ id: q.id, outcome: 'omitted', notes: ['Question omise : ce type (Remise en ordre) n’existe pas en GIFT ; exportez-la en Moodle XML.'] }]);
  });

  it('reads a Moodle ordering by its answers’ fractions, and says what it approximates', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="ordering">
    <name><text>Mots</text></name>
    <questiontext format="html"><text>Remettez les mots en ordre.</text></questiontext>
    <defaultgrade>2</defaultgrade>
    <layouttype>HORIZONTAL</layouttype>
    <selecttype>RANDOM</selecttype>
    <selectcount>3</selectcount>
    <gradingtype>RELATIVE_NEXT_EXCLUDE_LAST</gradingtype>
    <answer fraction="3.0000000" format="moodle_auto_format"><text>Orienté</text></answer>
    <answer fraction="1.0000000" format="moodle_auto_format"><text>Modulaire</text></answer>
    <answer fraction="2.0000000" format="html"><text><![CDATA[<p>Objet</p>]]></text></answer>
    <answer fraction="4.0000000" format="moodle_auto_format"><text>Dynamique</text></answer>
  </question>
  <question type="ordering">
    <name><text>Un seul</text></name>
    <questiontext format="html"><text>x</text></questiontext>
    <answer fraction="1"><text>Seul</text></answer>
  </question>
</quiz>`;
    const back = await importFile(Buffer.from(xml), 'moodle.xml');
    const [first, second] = back.report.items;
    expect(first).toMatchObject({ source_type: 'ordering', type: 'ORDERING', outcome: 'approximated' });
    expect(first.notes.join(' ')).toMatch(/RELATIVE_NEXT_EXCLUDE_LAST/);
    expect(first.notes.join(' ')).toMatch(/que 3 à chaque tentative/);
    expect(second).toMatchObject({ outcome: 'skipped' });
    expect(back.question.possible_solutions.map((p) => p.content)).toEqual(['Modulaire', 'Objet', 'Orienté', 'Dynamique']);
    expect(back.question.scoring).toBe('PARTIAL');
    expect(back.question.points).toBe(2);
  });
});

async function importFile(content: Buffer, file: string) {
  const boundary = `----ordering${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const imp = await t.app.inject(
    authed(teacher, { method: 'POST', url: '/api/admin/questions/import?confirm=1', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
  );
  expect(imp.statusCode, imp.body).toBe(200);
  const report = imp.json().data as { items: Array<{ source_type: string; type: string; outcome: string; notes: string[] }>; question_ids: number[] };
  const question = (await call(teacher, 'GET', `/api/admin/questions/${report.question_ids[0]}/show`)).json().data as Question;
  return { report, question };
}
