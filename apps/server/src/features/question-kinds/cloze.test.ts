// CLOZE (texte à trous) end to end on the real database: the rules of its gaps and markers, the student shape (the
// text, each gap's kind and a list's choices, never a right choice nor an accepted answer: two questions that differ
// only by their answers look the same to a student), grading per gap kind (a list, a short answer with or without
// case, a number with tolerance and a French comma) weighted by gap, an exam (start, submit, the correction once
// shown, regrade, statistics), Moodle multianswer, gapselect and ddwtos read from files written here, and Moodle
// XML out and back in (GIFT leaves it out, saying so).
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
  courseId = (await t.ctx.db.insertInto('courses').values({ title: 'Physique', academic_year_id: s.yearId }).returning('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

/** Gap 1: a list (Paris right); gap 2: a short answer (Seine or Sequana, case ignored); gap 3: a number (3.14 ± 0.01,
 *  weight 2); gap 4: a short answer that respects case (NaCl). */
const GAPS = [
  { stdin: 'CHOICE', expected_output: 'Paris', content: 'Lyon\nMarseille', weight: 1 },
  { stdin: 'SHORT', expected_output: 'Seine\nSequana', content: '', weight: 1 },
  { stdin: 'NUMBER', expected_output: '3,14', content: '0,01', weight: 2 },
  { stdin: 'SHORT', expected_output: 'NaCl', content: '', is_correct: 1, weight: 1 },
];
const STATEMENT = '<p>La capitale est {1}, traversée par la {2}. π vaut environ {3}. Le sel se note {4}.</p>';

const cloze = (extra: Record<string, unknown> = {}) => ({
  type: 'CLOZE',
  statement: STATEMENT,
  points: 5,
  course_id: courseId,
  possible_solutions: GAPS,
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<Question> {
  const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

const RIGHT = ['Paris', 'seine', '3.14', 'NaCl'];

describe('CLOZE questions', () => {
  it('keeps its gaps, and refuses a marker without its gap, a gap without its marker, a list without a right choice, a number that is not one', async () => {
    const q = await create(cloze());
    expect(q.type).toBe('CLOZE');
    expect(q.possible_solutions.map((p) => [p.stdin, p.expected_output, p.content, p.is_correct, p.weight])).toEqual([
      ['CHOICE', 'Paris', 'Lyon\nMarseille', 0, 1],
      ['SHORT', 'Seine\nSequana', '', 0, 1],
      ['NUMBER', '3,14', '0,01', 0, 2],
      ['SHORT', 'NaCl', '', 1, 1],
    ]);

    const refused = async (body: Record<string, unknown>) => {
      const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect((await refused(cloze({ statement: `${STATEMENT}<p>Et {5}.</p>` }))).statement).toEqual([
      'Le repère {5} de l’énoncé ne correspond à aucun trou : ajoutez le trou 5 ou retirez le repère.',
    ]);
    expect((await refused(cloze({ statement: '<p>La capitale est {1}, traversée par la {2}. π vaut {3}.</p>' })))['possible_solutions.3.stdin']).toEqual([
      'Le trou 4 n’a pas d’emplacement : écrivez {4} dans l’énoncé.',
    ]);
    expect((await refused(cloze({ statement: `${STATEMENT}<p>{1}</p>` }))).statement![0]).toMatch(/écrit deux fois/);
    const noRight = await refused(cloze({ possible_solutions: [{ ...GAPS[0], expected_output: '' }, ...GAPS.slice(1)] }));
    expect(noRight['possible_solutions.0.expected_output']).toEqual(['Le trou 1 n’a pas de bon choix.']);
    const lonely = await refused(cloze({ possible_solutions: [{ ...GAPS[0], content: '' }, ...GAPS.slice(1)] }));
    expect(lonely['possible_solutions.0.content']).toEqual(['Le trou 1 doit proposer au moins deux choix.']);
    const notNumber = await refused(cloze({ possible_solutions: [...GAPS.slice(0, 2), { ...GAPS[2], expected_output: 'pi' }, GAPS[3]] }));
    expect(notNumber['possible_solutions.2.expected_output']).toEqual(['Dans le trou 3, « pi » n’est pas un nombre (écrivez par exemple 3,14).']);
    const badTolerance = await refused(cloze({ possible_solutions: [...GAPS.slice(0, 2), { ...GAPS[2], content: 'peu' }, GAPS[3]] }));
    expect(badTolerance['possible_solutions.2.content']![0]).toMatch(/^La tolérance du trou 3/);
    const none = await refused(cloze({ statement: '<p>Rien à compléter.</p>', possible_solutions: [] }));
    expect(none.possible_solutions![0]).toMatch(/au moins un trou/);
  });

  it('shows a student the text, each gap’s kind and a list’s choices, never which is right: two questions that differ only by their answers look the same', async () => {
    const q = await create(cloze());
    const preview = await call(teacher, 'GET', `/api/admin/questions/${q.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const shown = studentQuestionSchema.strict().parse(preview.json().data.question);
    expect(shown.statement).toBe(STATEMENT);
    expect(shown.gaps!.map((g) => g.kind)).toEqual(['CHOICE', 'SHORT', 'NUMBER', 'SHORT']);
    expect([...shown.gaps![0]!.choices].sort()).toEqual(['Lyon', 'Marseille', 'Paris']);
    expect(shown.gaps!.slice(1).every((g) => g.choices.length === 0)).toBe(true);
    expect(JSON.stringify(preview.json().data.question)).not.toMatch(/Seine|Sequana|3,14|NaCl|expected_output|is_correct|0,01/);

    // Another right choice and other accepted answers: whatever the seed, the student sees the same thing.
    const other: Question = {
      ...q,
      possible_solutions: q.possible_solutions.map((p, i) =>
        i === 0 ? { ...p, expected_output: 'Lyon', content: 'Paris\nMarseille' } : i === 1 ? { ...p, expected_output: 'Loire' } : i === 2 ? { ...p, expected_output: '2,71', content: '' } : p,
      ),
    };
    for (const seed of [1, 2, 3, 'x', 12345]) expect(toStudentQuestion(other, seed)).toEqual(toStudentQuestion(q, seed));
  });

  it('grades each gap by its kind and weight, forgiving case, accents and the French comma as EXACT does, and refuses a choice outside its list', async () => {
    const q = await create(cloze());
    const grade = async (answer: unknown) => call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer });
    const result = async (answer: unknown) => {
      const res = await grade(answer);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.result;
    };

    const all = await result(RIGHT);
    expect(all).toMatchObject({ is_valid: true, score: 1, details: { type: 'CLOZE', correct: 4, total: 4 } });
    expect(gradeDetailsSchema.parse(all.details)).toEqual({ type: 'CLOZE', correct: 4, total: 4 });
    // Spaces, case and accents forgiven in a short answer; 3,145 is within 0,01 of 3,14; another accepted answer.
    expect(await result(['Paris', '  SÉQUANA ', '3,145', 'NaCl'])).toMatchObject({ is_valid: true, score: 1 });
    // Gap 4 respects case: nacl is wrong (1 of 5 weights lost); the number too far (2 more lost).
    expect(await result(['Paris', 'Seine', '3,16', 'nacl'])).toMatchObject({ is_valid: false, score: 0.4, details: { correct: 2, total: 4 } });
    // A wrong choice, gaps left blank or not sent: only the number counts (2 of 5).
    expect(await result(['Lyon', '', '3.14'])).toMatchObject({ is_valid: false, score: 0.4, details: { correct: 1, total: 4 } });
    expect(await result([])).toMatchObject({ is_valid: false, score: 0, details: { correct: 0, total: 4 } });

    const outside = await grade(['Berlin']);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe('La réponse « Berlin » du trou 1 n’est pas dans sa liste de choix.');
    const tooMany = await grade([...RIGHT, 'de trop']);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('Ce texte a 4 trous : 5 réponses reçues.');
    expect((await grade('Paris')).statusCode).toBe(422);
  });
});

describe('CLOZE in an exam', () => {
  it('is drawn without its answers, graded on submit, corrected once shown, regraded and counted in the statistics', async () => {
    const q = await create(cloze());
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Texte à trous', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED', show_solutions_after_close: 1 })
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
    expect(drawn.gaps!.map((g) => g.kind)).toEqual(['CHOICE', 'SHORT', 'NUMBER', 'SHORT']);
    expect(JSON.stringify(questions.json())).not.toMatch(/Seine|Sequana|3,14|NaCl|"pairs"/);

    // The number wrong: 3 of 5 weights, 3 of 5 points.
    const sent = await call(st, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: ['Paris', 'Seine', '2', 'NaCl'] }] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.stringify(sent.json())).not.toMatch(/Sequana|3,14/);
    expect((await call(st, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED', end_at: new Date(Date.now() - 1000) }).where('id', '=', e.id).execute();

    const shown = await call(st, 'GET', `/api/student/exams/${e.id}/show`);
    expect(shown.statusCode, shown.body).toBe(200);
    const result = examShowResultSchema.parse(shown.json().data);
    expect(result.score).toBe(3);
    expect(result.questions[0]!.solution!.pairs).toEqual([
      { item_id: 1, answer: 'Paris' },
      { item_id: 2, answer: 'Seine ou Sequana' },
      { item_id: 3, answer: '3,14 (à 0,01 près)' },
      { item_id: 4, answer: 'NaCl' },
    ]);

    // The teacher widens the number's tolerance and regrades: the copy gets all 5 points.
    const body = cloze({ possible_solutions: q.possible_solutions.map((p, i) => ({ id: p.id, stdin: p.stdin, expected_output: p.expected_output, content: i === 2 ? '2' : p.content, is_correct: p.is_correct, weight: p.weight })) });
    const updated = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, body);
    expect(updated.statusCode, updated.body).toBe(200);
    const regrade = await call(teacher, 'POST', `/api/admin/exam-results/${e.id}/regrade`, { dry_run: false });
    expect(regrade.statusCode, regrade.body).toBe(200);
    expect(examShowResultSchema.parse((await call(st, 'GET', `/api/student/exams/${e.id}/show`)).json().data).score).toBe(5);
    const stats = await call(teacher, 'GET', `/api/admin/exam-results/${e.id}/statistics`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(JSON.stringify(stats.json().data)).toMatch(/"type":"CLOZE"/);
  });
});

/** Sends a file to the import (confirmed or not) and gives back the report. */
async function importFile(content: string | Buffer, name: string, confirm: boolean) {
  const boundary = `----cloze${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject(
    authed(teacher, { method: 'POST', url: `/api/admin/questions/import${confirm ? '?confirm=1' : ''}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Array<{ outcome: string; type: string | null; source_type: string; notes: string[] }>; question_ids: number[] };
}
const show = async (id: number) => (await call(teacher, 'GET', `/api/admin/questions/${id}/show`)).json().data as Question;

const QUIZ = (questions: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions}\n</quiz>\n`;
const MULTIANSWER = `  <question type="multianswer">
    <name><text>Capitale</text></name>
    <questiontext format="html"><text><![CDATA[<p>Capitale : {1:MULTICHOICE:=Paris~Lyon~%50%Marseille}. Fleuve : {1:SHORTANSWER_C:=Seine#Bien~%0%Loire}. Pi : {2:NUMERICAL:=3.14:0.01}. Couleur : {1:MCV:=Bleu~Rouge}.</p>]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>6</defaultgrade>
  </question>`;
const GAPSELECT = `  <question type="gapselect">
    <name><text>Menus</text></name>
    <questiontext format="html"><text><![CDATA[<p>Le [[1]] renard [[2]] saute.</p>]]></text></questiontext>
    <defaultgrade>2</defaultgrade>
    <selectoption><text>rapide</text><group>1</group></selectoption>
    <selectoption><text>brun</text><group>2</group></selectoption>
    <selectoption><text>lent</text><group>1</group></selectoption>
    <selectoption><text>gris</text><group>2</group></selectoption>
  </question>`;
const DDWTOS = `  <question type="ddwtos">
    <name><text>Glisser</text></name>
    <questiontext format="html"><text><![CDATA[<p>La [[2]] est la valeur centrale ; la [[1]] la plus fréquente.</p>]]></text></questiontext>
    <defaultgrade>1</defaultgrade>
    <dragbox><text>mode</text><group>1</group></dragbox>
    <dragbox><text>médiane</text><group>1</group></dragbox>
    <dragbox><text>moyenne</text><group>1</group></dragbox>
  </question>`;
const MULTIRESPONSE = `  <question type="multianswer">
    <name><text>Cases</text></name>
    <questiontext format="html"><text><![CDATA[<p>Nombres pairs : {1:MULTIRESPONSE:=2~=4~3}</p>]]></text></questiontext>
  </question>`;

describe('CLOZE read from Moodle', () => {
  it('reads multianswer (lists, short answers with case, numbers with tolerance, MC variants), gapselect and ddwtos, and skips a multiple-response gap', async () => {
    const report = await importFile(QUIZ([MULTIANSWER, GAPSELECT, DDWTOS, MULTIRESPONSE].join('\n')), 'cloze.xml', true);
    expect(report.items.map((i) => [i.source_type, i.outcome, i.type])).toEqual([
      ['multianswer', 'approximated', 'CLOZE'],
      ['gapselect', 'imported', 'CLOZE'],
      ['ddwtos', 'approximated', 'CLOZE'],
      ['multianswer', 'skipped', null],
    ]);
    expect(report.items[0]!.notes.join(' ')).toMatch(/crédit partiel/);
    expect(report.items[0]!.notes.join(' ')).toMatch(/commentaires/);
    expect(report.items[0]!.notes.join(' ')).toMatch(/liste déroulante/);
    expect(report.items[3]!.notes[0]).toMatch(/plusieurs réponses cochées/);

    const [multi, select, drag] = await Promise.all(report.question_ids.map(show));
    expect(multi!.statement).toBe('<p>Capitale : {1}. Fleuve : {2}. Pi : {3}. Couleur : {4}.</p>');
    expect(multi!.points).toBe(6);
    expect(multi!.possible_solutions.map((p) => [p.stdin, p.expected_output, p.content, p.is_correct, p.weight])).toEqual([
      ['CHOICE', 'Paris', 'Lyon\nMarseille', 0, 1],
      ['SHORT', 'Seine', '', 1, 1],
      ['NUMBER', '3.14', '0,01', 0, 2],
      ['CHOICE', 'Bleu', 'Rouge', 0, 1],
    ]);
    expect(select!.statement).toBe('<p>Le {1} renard {2} saute.</p>');
    expect(select!.possible_solutions.map((p) => [p.expected_output, p.content])).toEqual([
      ['rapide', 'lent'],
      ['brun', 'gris'],
    ]);
    expect(drag!.statement).toBe('<p>La {1} est la valeur centrale ; la {2} la plus fréquente.</p>');
    expect(drag!.possible_solutions.map((p) => [p.expected_output, p.content])).toEqual([
      ['médiane', 'mode\nmoyenne'],
      ['mode', 'médiane\nmoyenne'],
    ]);
    // The imported question grades as Moodle would: Fleuve respects case.
    const graded = await call(teacher, 'POST', `/api/admin/questions/${multi!.id}/preview`, { answer: ['Paris', 'seine', '3,141', 'Bleu'] });
    expect(graded.json().data.result).toMatchObject({ is_valid: false, score: 0.8, details: { correct: 3, total: 4 } });
  });
});

describe('CLOZE out and back in', () => {
  it('writes Moodle multianswer and reads it back the same; GIFT leaves it out and says so', async () => {
    const q = await create(cloze({ tags: ['trous'], statement: '<p>La capitale est {1}, traversée par la {2}. π vaut environ {3}. Le sel se note {4} ; a/b {5}.</p>', possible_solutions: [...GAPS, { stdin: 'SHORT', expected_output: 'x~y}#"z', content: '' }] }));
    const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=moodle&ids=${q.id}` }));
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.body).toContain('<question type="multianswer">');
    expect(exp.body).toContain('{1:MULTICHOICE:=Paris~%0%Lyon~%0%Marseille}');
    expect(exp.body).toContain('{1:SHORTANSWER:=Seine~=Sequana}');
    expect(exp.body).toContain('{2:NUMERICAL:=3.14:0.01}');
    expect(exp.body).toContain('{1:SHORTANSWER_C:=NaCl}');
    const report = await importFile(exp.rawPayload, 'export.xml', true);
    expect(report.items[0]).toMatchObject({ source_type: 'multianswer', outcome: 'imported', type: 'CLOZE' });
    const back = await show(report.question_ids[0]!);
    expect(back.statement).toBe(q.statement);
    expect(back.points).toBe(q.points);
    expect(back.tags).toEqual(['trous']);
    expect(back.possible_solutions.map((p) => [p.stdin, p.expected_output, p.content, p.is_correct, p.weight])).toEqual(
      q.possible_solutions.map((p) => [p.stdin, p.stdin === 'NUMBER' ? '3.14' : p.expected_output, p.content, p.is_correct, p.weight]),
    );

    const gift = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=gift&ids=${q.id}` }));
    expect(gift.statusCode, gift.body).toBe(200);
    expect(gift.headers['x-omitted-questions']).toBe(String(q.id));
    expect(gift.body).toContain('ce type (Texte à trous) n’existe pas en GIFT');
  });
});
