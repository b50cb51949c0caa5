// Program questions whose cases call the student's code (CodeRunner's testcode), on the real database and the real
// sandbox: a function and a class in Python and in R graded through the API (right, wrong, a syntax error said once
// with the student's own line), all or nothing against marks per case, the display of each case, the input echo, a
// hidden case's test code never sent to a student (exam, practice, preview), the snapshot of a version, and CodeRunner
// questions read from Moodle XML, written back and read again the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { syntaxErrorText, type ImportReport, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { findQuestionsByIds } from '../questions';

let t: TestApp;
let runner: EmbeddedRunner;
let s: Awaited<ReturnType<typeof seedStructure>>;
let teacher = '';
let courseId = 0;

/** Written only in hidden cases' test code: a student must never receive it. */
const SECRET = 'CAS_CACHE_7319';

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

async function create(body: Record<string, unknown>): Promise<Question> {
  const res = await call(teacher, 'POST', '/api/admin/questions/create', { statement: '<p>Écrivez le code demandé.</p>', points: 2, course_id: courseId, is_practice: 1, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

/** The grade a student would get (staff preview: score included). */
async function grade(id: number, answer: string) {
  const res = await call(teacher, 'POST', `/api/admin/questions/${id}/preview`, { answer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result as { is_valid: boolean; score: number; details: Record<string, unknown> & { visible: Array<Record<string, unknown>>; hidden: { passed: number; total: number }; passed: number; total: number } };
}

async function student() {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  return { id: u.id, token: await loginAs(t.app, u) };
}

const SQR = 'def sqr(x):\n    return x * x\n';
let sqr: Question;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  s = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  const c = await t.ctx.db.insertInto('courses').values({ title: 'Fonctions', description: '', academic_year_id: s.yearId, is_premium: 0, is_published: 1 }).returning('id').executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('course_specializations').values({ course_id: c.id, specialization_id: s.specializationId }).execute();
  courseId = c.id;
  sqr = await create({
    type: 'ALGORITHM',
    language: 'PYTHON',
    reference_solution: SQR,
    grading: 'ALL_OR_NOTHING',
    possible_solutions: [
      // An example: shown before answering, with its test code.
      { test_code: 'print(sqr(3))', stdin: '', expected_output: '9\n', is_hidden: 0, weight: 1 },
      // Hidden, never shown.
      { test_code: `print(sqr(-7))  # ${SECRET}`, stdin: '', expected_output: '49\n', is_hidden: 1, weight: 2 },
      // Without test code: the student's code alone prints nothing.
      { stdin: '', expected_output: '', is_hidden: 1, weight: 1 },
      // Hidden, shown once passed.
      { test_code: 'print(sqr(2.5))', stdin: '', expected_output: '6.25\n', is_hidden: 1, display: 'HIDE_IF_FAIL', weight: 1 },
    ],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('a Python function', () => {
  it('keeps each case’s test code and display, the grading, and checks the reference with the test code', async () => {
    expect(sqr).toMatchObject({ grading: 'ALL_OR_NOTHING', echo_input: 0 });
    expect(sqr.possible_solutions.map((p) => [p.test_code, p.display])).toEqual([
      ['print(sqr(3))', 'SHOW'],
      [`print(sqr(-7))  # ${SECRET}`, 'HIDE'],
      ['', 'HIDE'],
      ['print(sqr(2.5))', 'HIDE_IF_FAIL'],
    ]);
    // A reference that fails a case's test code is refused, naming the case.
    const bad = await call(teacher, 'POST', '/api/admin/questions/create', {
      type: 'ALGORITHM',
      language: 'PYTHON',
      statement: '<p>x</p>',
      reference_solution: 'def sqr(x):\n    return x + x\n',
      possible_solutions: [{ test_code: 'print(sqr(3))', expected_output: '9' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/cas de test 1 : sortie attendue « 9 », obtenue « 6 »/);
    // A reference that stops: its error's lines are the reference's own and the test code's.
    const stops = await call(teacher, 'POST', '/api/admin/questions/create', {
      type: 'ALGORITHM',
      language: 'PYTHON',
      statement: '<p>x</p>',
      reference_solution: 'def sqr(x):\n    return x * y\n',
      possible_solutions: [{ test_code: 'print(sqr(3))', expected_output: '9' }],
    });
    expect(stops.statusCode).toBe(422);
    expect(stops.json().message).toContain('File "votre code", line 2, in sqr');
    expect(stops.json().message).toContain('File "code de test", line 1');
    // The version keeps them.
    const v = await t.ctx.db.selectFrom('question_versions').select('snapshot').where('question_id', '=', sqr.id).executeTakeFirstOrThrow();
    const snap = v.snapshot as { grading: string; possible_solutions: Array<{ test_code: string }> };
    expect(snap.grading).toBe('ALL_OR_NOTHING');
    expect(snap.possible_solutions[0]!.test_code).toBe('print(sqr(3))');
  }, 60_000);

  it('grades right, wrong and all or nothing; shows each case as its display says', async () => {
    const right = await grade(sqr.id, SQR);
    expect(right).toMatchObject({ is_valid: true, score: 1, details: { passed: 4, total: 4, verdict: 'OK' } });
    // The example and the case shown once passed; the two others only counted.
    expect(right.details.visible.map((c) => [c.index, c.test_code])).toEqual([
      [0, 'print(sqr(3))'],
      [3, 'print(sqr(2.5))'],
    ]);
    expect(right.details.hidden).toEqual({ passed: 2, total: 2 });
    // The hidden case shown is said to be one (« Cas de test 4 », not « Exemple 4 »).
    expect(right.details.visible.map((c) => c.hidden ?? false)).toEqual([false, true]);

    // Right on integers only: all or nothing gives nothing.
    const partly = 'def sqr(x):\n    return int(x) * int(x)\n';
    const wrong = await grade(sqr.id, partly);
    expect(wrong).toMatchObject({ is_valid: false, score: 0, details: { passed: 3, total: 4, verdict: 'WRONG_ANSWER' } });
    // The failing HIDE_IF_FAIL case is not shown.
    expect(wrong.details.visible.map((c) => c.index)).toEqual([0]);
    expect(wrong.details.hidden).toEqual({ passed: 2, total: 3 });

    // Marks per case: the weights of the cases passed (1 + 2 + 1 of 5).
    const update = await call(teacher, 'PUT', `/api/admin/questions/${sqr.id}/update`, { ...body(sqr), grading: 'PER_CASE' });
    expect(update.statusCode, update.body).toBe(200);
    const perCase = await grade(sqr.id, partly);
    expect(perCase.score).toBeCloseTo(4 / 5);
    expect(perCase.is_valid).toBe(false);
    const restore = await call(teacher, 'PUT', `/api/admin/questions/${sqr.id}/update`, { ...body(sqr), grading: 'ALL_OR_NOTHING' });
    expect(restore.statusCode, restore.body).toBe(200);
  }, 60_000);

  it('says a syntax error once, at the student’s own line, never as failed cases', async () => {
    const res = await grade(sqr.id, '# carré\ndef sqr(x)\n    return x * x\n');
    expect(res).toMatchObject({ is_valid: false, score: 0, details: { passed: 0, total: 4, verdict: 'RUNTIME_ERROR', visible: [], hidden: { passed: 0, total: 4 } } });
    const syntax = res.details.syntax_error as { line: number; message: string };
    expect(syntax.line).toBe(2);
    expect(syntaxErrorText(syntax)).toMatch(/^Erreur de syntaxe dans votre code, ligne 2 : /);
    // An unclosed bracket would be read on the test code's line in the whole program: the student's line is given.
    const open = await grade(sqr.id, 'def sqr(x):\n    return (x * x\n');
    expect((open.details.syntax_error as { line: number }).line).toBe(2);
  }, 60_000);

  it('names the lines of an error in the student’s code and in the test code apart', async () => {
    const res = await grade(sqr.id, '\ndef sqr(x):\n    return x * y\n');
    const example = res.details.visible.find((c) => c.index === 0)!;
    expect(example.verdict).toBe('RUNTIME_ERROR');
    expect(example.stderr).toContain('File "votre code", line 3, in sqr');
    expect(example.stderr).toContain('File "code de test", line 1');
    expect(example.stderr).not.toContain('/tmp/main.py');
    expect(res.details.syntax_error ?? null).toBeNull();
  }, 60_000);

  it('never sends a hidden case’s test code to a student: practice, exam, precheck on the examples only', async () => {
    const st = await student();
    const practice = await call(st.token, 'GET', `/api/student/practices/question?course_id=${courseId}&question_id=${sqr.id}`);
    expect(practice.statusCode, practice.body).toBe(200);
    expect(practice.json().data.question.tests).toEqual([{ stdin: '', expected_output: '9\n', test_code: 'print(sqr(3))' }]);
    expect(practice.body).not.toContain(SECRET);
    expect(practice.body).not.toContain('sqr(2.5)');
    const evaluated = await call(st.token, 'POST', '/api/student/practices/evaluate-solution', { question_id: sqr.id, answer: SQR });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    expect(evaluated.json().data).toMatchObject({ is_valid: true });
    expect(evaluated.body).not.toContain(SECRET);

    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Fonctions', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED', show_solutions_after_close: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: sqr.id, position: 0, points: 2 }).execute();
    const url = `/api/student/exams/${e.id}`;
    expect((await call(st.token, 'POST', `${url}/start`)).statusCode).toBe(200);
    const qs = await call(st.token, 'GET', `${url}/questions`);
    expect(qs.statusCode, qs.body).toBe(200);
    expect(qs.json().data.questions[0].tests).toEqual([{ stdin: '', expected_output: '9\n', test_code: 'print(sqr(3))' }]);
    expect(qs.body).not.toContain(SECRET);
    // « Tester sur les exemples »: the example alone.
    const pre = await call(st.token, 'POST', `${url}/run-examples`, { question_id: sqr.id, answer: SQR });
    expect(pre.statusCode, pre.body).toBe(200);
    expect(pre.json().data.details).toMatchObject({ total: 1, passed: 1, hidden: { total: 0 } });
    const syntax = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: sqr.id, answer: 'def sqr(x)\n    return x * x\n', submission_id: crypto.randomUUID() }] });
    expect(syntax.statusCode, syntax.body).toBe(200);
    expect(syntax.json().data[0].details).toMatchObject({ passed: 0, visible: [], syntax_error: { line: 1 } });
    const right = await call(st.token, 'POST', `${url}/solutions`, { answers: [{ question_id: sqr.id, answer: SQR, submission_id: crypto.randomUUID() }] });
    expect(right.json().data[0]).toMatchObject({ is_valid: true });
    for (const b of [qs.body, pre.body, syntax.body, right.body]) expect(b).not.toContain(SECRET);
  }, 90_000);
});

/** The body of a stored question, as the editor sends it back. */
function body(q: Question) {
  return {
    type: q.type,
    statement: q.statement,
    language: q.language,
    points: q.points,
    course_id: q.course_id,
    is_practice: q.is_practice,
    reference_solution: q.reference_solution,
    echo_input: q.echo_input,
    possible_solutions: q.possible_solutions.map(({ id, stdin, expected_output, is_hidden, weight, test_code, display }) => ({ id, stdin, expected_output, is_hidden, weight, test_code, display })),
  };
}

describe('a Python class', () => {
  it('builds the student’s class in each case’s test code, with the case’s own input', async () => {
    const account = 'class Compte:\n    def __init__(self, solde=0):\n        self.solde = solde\n\n    def deposer(self, x):\n        self.solde += x\n\n    def __str__(self):\n        return f"Compte({self.solde})"\n';
    const q = await create({
      type: 'ALGORITHM',
      language: 'PYTHON',
      reference_solution: account,
      grading: 'PER_CASE',
      possible_solutions: [
        { test_code: 'c = Compte(10)\nc.deposer(5)\nprint(c)', expected_output: 'Compte(15)', is_hidden: 0 },
        { test_code: 'c = Compte(int(input()))\nc.deposer(1)\nprint(c.solde)', stdin: '41\n', expected_output: '42', is_hidden: 1, display: 'SHOW' },
      ],
    });
    const right = await grade(q.id, account);
    expect(right).toMatchObject({ is_valid: true, score: 1 });
    // SHOW: a hidden case shown after grading, its input and test code with it.
    expect(right.details.visible.map((c) => [c.index, c.stdin])).toEqual([
      [0, ''],
      [1, '41\n'],
    ]);
    const wrong = await grade(q.id, account.replace('self.solde += x', 'self.solde -= x'));
    expect(wrong).toMatchObject({ is_valid: false, score: 0, details: { passed: 0 } });
    expect(wrong.details.visible[0]).toMatchObject({ stdout: 'Compte(5)\n', verdict: 'WRONG_ANSWER' });
  }, 60_000);
});

describe('R', () => {
  it('a function: right, wrong, and a syntax error said once at the student’s line', async () => {
    const q = await create({
      type: 'ALGORITHM',
      language: 'R',
      reference_solution: 'carre <- function(x) {\n  x * x\n}\n',
      grading: 'ALL_OR_NOTHING',
      possible_solutions: [
        { test_code: 'cat(carre(3), "\\n")', expected_output: '9', is_hidden: 0 },
        { test_code: `cat(carre(-4), "\\n")  # ${SECRET}`, expected_output: '16', is_hidden: 1 },
      ],
    });
    expect(await grade(q.id, 'carre <- function(x) x^2\n')).toMatchObject({ is_valid: true, score: 1 });
    expect(await grade(q.id, 'carre <- function(x) 2 * x\n')).toMatchObject({ is_valid: false, score: 0, details: { passed: 0 } });
    const syntax = await grade(q.id, 'carre <- function(x) {\n  x *\n}\n');
    expect(syntax.details).toMatchObject({ passed: 0, visible: [], syntax_error: { line: 3 } });
    expect((syntax.details.syntax_error as { message: string }).message).toMatch(/unexpected '}'/);
    const st = await student();
    const shown = await call(st.token, 'GET', `/api/student/practices/question?course_id=${courseId}&question_id=${q.id}`);
    expect(shown.json().data.question.tests).toEqual([{ stdin: '', expected_output: '9', test_code: 'cat(carre(3), "\\n")' }]);
    expect(shown.body).not.toContain(SECRET);
  }, 60_000);

  it('a class (S3): its constructor and method called by the test code', async () => {
    const rect = 'rectangle <- function(l, h) structure(list(l = l, h = h), class = "rectangle")\naire <- function(x) UseMethod("aire")\naire.rectangle <- function(x) x$l * x$h\n';
    const q = await create({
      type: 'ALGORITHM',
      language: 'R',
      reference_solution: rect,
      possible_solutions: [
        { test_code: 'cat(aire(rectangle(3, 4)), "\\n")', expected_output: '12', is_hidden: 0 },
        { test_code: 'v <- scan(file("stdin"), quiet = TRUE)\ncat(aire(rectangle(v[1], v[2])), "\\n")', stdin: '2 5\n', expected_output: '10', is_hidden: 1 },
      ],
    });
    expect(q.grading).toBe('PER_CASE');
    expect(await grade(q.id, rect)).toMatchObject({ is_valid: true, score: 1 });
    const half = await grade(q.id, rect.replace('x$l * x$h', 'if (x$l == 3) 12 else 0'));
    expect(half).toMatchObject({ is_valid: false, score: 0.5 });
  }, 60_000);
});

describe('the input echo', () => {
  it('makes input() write what it reads, as CodeRunner’s python3_w_input; R refuses it', async () => {
    const hello = 'nom = input("Nom : ")\nprint("Bonjour", nom)\n';
    const q = await create({
      type: 'ALGORITHM',
      language: 'PYTHON',
      echo_input: 1,
      reference_solution: hello,
      possible_solutions: [{ stdin: 'Ada\n', expected_output: 'Nom : Ada\nBonjour Ada\n', is_hidden: 0 }],
    });
    expect(q.echo_input).toBe(1);
    expect(await grade(q.id, hello)).toMatchObject({ is_valid: true });
    // Without the echo the same program misses the line.
    const off = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, { ...body(q), echo_input: 0 });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toMatch(/solution de référence échoue au cas de test 1/);
    // A runtime error's line is the student's, not shifted by the echo.
    const err = await grade(q.id, 'nom = input()\nprint(1 / 0)\n');
    expect(err.details.visible[0]!.stderr).toContain('File "votre code", line 2');
    const r = await call(teacher, 'POST', '/api/admin/questions/create', { type: 'ALGORITHM', language: 'R', statement: '<p>x</p>', echo_input: 1, possible_solutions: [{ expected_output: '1' }] });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.echo_input[0]).toBe('L’écho des entrées lues n’existe qu’en Python.');
  }, 60_000);

  it('keeps is_hidden alone working: a hidden case without display is never shown', async () => {
    const q = await create({
      type: 'ALGORITHM',
      language: 'PYTHON',
      reference_solution: 'print(int(input()) + 1)\n',
      possible_solutions: [
        { stdin: '1\n', expected_output: '2\n', is_hidden: 0 },
        { stdin: '41\n', expected_output: '42\n', is_hidden: 1 },
      ],
    });
    expect(q.possible_solutions.map((p) => [p.display, p.test_code])).toEqual([
      ['SHOW', ''],
      ['HIDE', ''],
    ]);
    expect(q.grading).toBe('PER_CASE');
    const res = await grade(q.id, 'print(int(input()) + 1)\n');
    expect(res.details.visible.map((c) => c.index)).toEqual([0]);
    expect(res.details.visible[0]).not.toHaveProperty('test_code');
  }, 60_000);
});

// --- Moodle XML: CodeRunner questions as CodeRunner writes them -------------------------------------------------

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function testcase(c: { code?: string; stdin?: string; expected: string; example?: boolean; mark?: string; display?: string }) {
  return `      <testcase testtype="0" useasexample="${c.example ? 1 : 0}" hiderestiffail="0" mark="${c.mark ?? '1.0000000'}" >
      <testcode>
                <text>${esc(c.code ?? '')}</text>
      </testcode>
      <stdin>
                <text>${esc(c.stdin ?? '')}</text>
      </stdin>
      <expected>
                <text>${esc(c.expected)}</text>
      </expected>
      <extra>
                <text></text>
      </extra>
      <display>
                <text>${c.display ?? 'SHOW'}</text>
      </display>
    </testcase>`;
}

function coderunner(o: { name: string; type: string; answer: string; allornothing?: string; params?: string; text?: string; cases: string[] }) {
  return `<!-- question: 0  -->
  <question type="coderunner">
    <name>
      <text>${o.name}</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[${o.text ?? `<p>${o.name}</p>`}]]></text>
    </questiontext>
    <generalfeedback format="html">
      <text></text>
    </generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <penalty>0.0000000</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <coderunnertype>${o.type}</coderunnertype>
    <prototypetype>0</prototypetype>
    <allornothing>${o.allornothing ?? '1'}</allornothing>
    <penaltyregime>10, 20, ...</penaltyregime>
    <precheck>2</precheck>
    <hidecheck>0</hidecheck>
    <showsource>0</showsource>
    <answerboxlines>18</answerboxlines>
    <answerboxcolumns>100</answerboxcolumns>
    <answerpreload></answerpreload>
    <globalextra></globalextra>
    <useace>1</useace>
    <resultcolumns></resultcolumns>
    <template></template>
    <iscombinatortemplate></iscombinatortemplate>
    <allowmultiplestdins></allowmultiplestdins>
    <answer>${esc(o.answer)}</answer>
    <validateonsave>1</validateonsave>
    <testsplitterre></testsplitterre>
    <language></language>
    <acelang></acelang>
    <sandbox></sandbox>
    <grader></grader>
    <cputimelimitsecs></cputimelimitsecs>
    <memlimitmb></memlimitmb>
    <sandboxparams></sandboxparams>
    <templateparams>${esc(o.params ?? '')}</templateparams>
    <hoisttemplateparams>1</hoisttemplateparams>
    <extractcodefromjson>1</extractcodefromjson>
    <templateparamslang>twig</templateparamslang>
    <templateparamsevalpertry>0</templateparamsevalpertry>
    <templateparamsevald>{}</templateparamsevald>
    <twigall>0</twigall>
    <uiplugin></uiplugin>
    <uiparameters></uiparameters>
    <attachments>0</attachments>
    <attachmentsrequired>0</attachmentsrequired>
    <maxfilesize>10240</maxfilesize>
    <filenamesregex></filenamesregex>
    <filenamesexplain></filenamesexplain>
    <displayfeedback>1</displayfeedback>
    <giveupallowed>0</giveupallowed>
    <prototypeextra></prototypeextra>
    <testcases>
${o.cases.join('\n')}
    </testcases>
  </question>`;
}

const BANK = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
${coderunner({
  name: 'sqr function',
  type: 'python3',
  answer: SQR,
  cases: [
    testcase({ code: 'print(sqr(-3))', expected: '9', example: true }),
    testcase({ code: 'print(sqr(11))', expected: '121', mark: '2.0000000' }),
    testcase({ code: 'print(sqr(0.5))', expected: '0.25', display: 'HIDE_IF_FAIL' }),
  ],
})}
${coderunner({
  name: 'Point class',
  type: 'python3',
  allornothing: '0',
  answer: 'class Point:\n    def __init__(self, x, y):\n        self.x, self.y = x, y\n\n    def __str__(self):\n        return f"({self.x}, {self.y})"\n',
  cases: [
    testcase({ code: 'print(Point(1, 2))', expected: '(1, 2)', example: true }),
    testcase({ code: 'p = Point(-1, 0)\nprint(p.x + p.y)', expected: '-1', display: 'HIDE' }),
  ],
})}
${coderunner({
  name: 'Process name',
  type: 'python3_w_input',
  answer: 'name = input("Name? ")\nprint(name.upper())\n',
  cases: [testcase({ stdin: 'ada', expected: 'Name? ada\nADA', example: true })],
})}
${coderunner({
  name: 'carre en R',
  type: 'r',
  answer: 'carre <- function(x) x * x\n',
  cases: [testcase({ code: 'cat(carre(4), "\\n")', expected: '16', example: true })],
})}
${coderunner({
  name: 'Animal aléatoire',
  type: 'python3',
  params: '{ "animal": "{{ random([\\"chat\\", \\"chien\\"]) }}" }',
  text: '<p>Affichez {{ animal }}.</p>',
  answer: 'print("{{ animal }}")\n',
  cases: [testcase({ expected: '{{ animal }}', example: true })],
})}
</quiz>
`;

function multipart(buf: Buffer, filename: string) {
  const boundary = `----coderunner${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, buf, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const importFile = (buf: Buffer | string, name: string, confirm: boolean) =>
  t.app.inject(authed(teacher, { method: 'POST', url: `/api/admin/questions/import${confirm ? '?confirm=1' : ''}`, ...multipart(Buffer.from(buf), name) }));

/** What an import must give back of a program question. */
const comparable = (q: Question) => ({
  language: q.language,
  reference_solution: q.reference_solution,
  grading: q.grading,
  echo_input: q.echo_input,
  cases: q.possible_solutions.map((p) => [p.test_code, p.stdin, p.expected_output, p.is_hidden, p.display, p.weight]),
});

describe('CodeRunner in Moodle XML', () => {
  let imported: Question[] = [];

  it('reads test code, display, marks, all or nothing and the input echo; runs each answer with its test code', async () => {
    const res = await importFile(BANK, 'coderunner.xml', true);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as ImportReport;
    expect(report.items.map((i) => [i.name, i.outcome])).toEqual([
      ['sqr function', 'approximated'],
      ['Point class', 'approximated'],
      ['Process name', 'approximated'],
      ['carre en R', 'approximated'],
      ['Animal aléatoire', 'skipped'],
    ]);
    // CodeRunner's default penalty regime is named, never dropped without a word: the only note of these four.
    for (const i of report.items.slice(0, 4)) expect(i.notes).toEqual([expect.stringMatching(/^Pénalités de CodeRunner « 10, 20, \.\.\. » non reprises/)]);
    expect(report.items[0]!.checked_cases).toBe(3);
    // Twig in its texts that CodeRunner itself leaves as written (no « twigall »): a student would see the braces.
    expect(report.items[4]!.notes[0]).toMatch(/\{\{ … \}\} que CodeRunner laisse tels quels/);
    imported = await findQuestionsByIds(t.ctx.db, report.question_ids);
    const [fn, point, name, r] = imported;
    expect(comparable(fn!)).toEqual({
      language: 'PYTHON',
      reference_solution: SQR,
      grading: 'ALL_OR_NOTHING',
      echo_input: 0,
      cases: [
        ['print(sqr(-3))', '', '9', 0, 'SHOW', 1],
        ['print(sqr(11))', '', '121', 1, 'SHOW', 2],
        ['print(sqr(0.5))', '', '0.25', 1, 'HIDE_IF_FAIL', 1],
      ],
    });
    expect(point).toMatchObject({ grading: 'PER_CASE' });
    expect(point!.possible_solutions[1]).toMatchObject({ test_code: 'p = Point(-1, 0)\nprint(p.x + p.y)', display: 'HIDE', is_hidden: 1 });
    expect(name).toMatchObject({ echo_input: 1, grading: 'ALL_OR_NOTHING' });
    expect(r).toMatchObject({ language: 'R' });
    expect(r!.possible_solutions[0]!.test_code).toBe('cat(carre(4), "\\n")');
    expect((await grade(fn!.id, SQR)).is_valid).toBe(true);
    expect(await grade(name!.id, 'print(input("Name? ").upper())\n')).toMatchObject({ is_valid: true });
  }, 90_000);

  it('writes them back; a round trip through our import gives the same questions', async () => {
    const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=moodle&ids=${imported.map((q) => q.id).join(',')}` }));
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.body).toContain('<coderunnertype>python3_w_input</coderunnertype>');
    expect(exp.body).toContain('<display><text>HIDE_IF_FAIL</text></display>');
    expect(exp.body).toMatch(/<testcode><text><!\[CDATA\[print\(sqr\(-3\)\)\]\]><\/text><\/testcode>/);
    expect(exp.body).toMatch(/<allornothing>0<\/allornothing>/);
    const again = await importFile(exp.rawPayload, 'export.xml', true);
    expect(again.statusCode, again.body).toBe(200);
    const report = again.json().data as ImportReport;
    expect(report.counts).toMatchObject({ failed: 0, skipped: 0 });
    const back = await findQuestionsByIds(t.ctx.db, report.question_ids);
    expect(back.map(comparable)).toEqual(imported.map(comparable));
  }, 90_000);
});
