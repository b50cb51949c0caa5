// The question bank API on the real database and the real sandbox: the rules of each type, the reference
// solution check, concurrent edits, deletion while an exam uses a question, file references, possible-solutions,
// preview, roles, and that the student shape never carries a correct answer, a hidden test or a reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { studentQuestionSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { findQuestionsByIds, toGradable, toStudentQuestion } from './index';

let t: TestApp;
let runner: EmbeddedRunner;
let teacher: string;
let teacher2: string;
let student: string;
let courseId: number;
let yearId: number;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  const s = await seedStructure(t.ctx);
  yearId = s.yearId;
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  teacher2 = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId }));
  const c = await t.ctx.db.insertInto('courses').values({ title: 'Algorithmique', academic_year_id: s.yearId }).returning('id').executeTakeFirstOrThrow();
  courseId = c.id;
});
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload !== undefined ? { payload: payload as object } : {}) }));

const qcm = (extra: Record<string, unknown> = {}) => ({
  type: 'QCM',
  statement: '<p>Quelle est la complexité du tri fusion ?</p>',
  points: 2,
  tags: ['complexité', 'tris'],
  possible_solutions: [
    { content: 'O(n log n)', is_correct: 1 },
    { content: 'O(n²)', is_correct: 0 },
    { content: 'O(n)', is_correct: 0 },
  ],
  ...extra,
});

// Sentinels: none of these may ever appear in a student-facing answer.
const HIDDEN_IN = '7177 1313';
const HIDDEN_OUT = '8490';
const REFERENCE = 'a, b = map(int, input().split())\nprint(a + b)  # REFERENCE-SENTINEL';
const ACCEPTED = 'Lutèce-SENTINEL';
const EXPECTED_EXPR = '\\frac{SENTINEL}{2}';

const algo = (extra: Record<string, unknown> = {}) => ({
  type: 'ALGORITHM',
  statement: '<p>Lisez deux entiers et affichez leur somme.</p>',
  language: 'PYTHON',
  points: 4,
  starter_code: 'a, b = map(int, input().split())\n',
  reference_solution: REFERENCE,
  limits: { cpu_seconds: 2, memory_mb: 256 },
  possible_solutions: [
    { stdin: '1 2', expected_output: '3', is_hidden: 0, weight: 1 },
    { stdin: '10 20', expected_output: '30', is_hidden: 0, weight: 1 },
    { stdin: HIDDEN_IN, expected_output: HIDDEN_OUT, is_hidden: 1, weight: 2 },
  ],
  ...extra,
});

async function create(body: unknown, token = teacher): Promise<Question> {
  const res = await call(token, 'POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

async function questionCount() {
  const r = await t.ctx.db.selectFrom('questions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function examUsing(questionIds: number[]) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel', academic_year_id: yearId, start_at: new Date(), end_at: new Date(Date.now() + 3600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_questions').values(questionIds.map((question_id, i) => ({ exam_id: e.id, question_id, position: i + 1, points: 1 }))).execute();
  return e.id;
}

describe('access', () => {
  it('keeps students (403) and anonymous callers (401) out of the question bank', async () => {
    expect((await call(student, 'GET', '/api/admin/questions')).statusCode).toBe(403);
    expect((await call(student, 'POST', '/api/admin/questions/create', qcm())).statusCode).toBe(403);
    expect((await call(student, 'GET', '/api/admin/possible-solutions?question_id=1')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/questions' })).statusCode).toBe(401);
  });
});

describe('create and the rules of each type', () => {
  it('creates a QCM with its choices and tags, sanitising the statement', async () => {
    const q = await create(qcm({ statement: '<p onclick="x()">Quelle <script>alert(1)</script>complexité ?</p>' }));
    expect(q.statement).toBe('<p>Quelle complexité ?</p>');
    expect(q.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual([['O(n log n)', 1], ['O(n²)', 0], ['O(n)', 0]]);
    expect(q.tags).toEqual(['complexité', 'tris']);
    expect(q.version).toBe(1);
    expect(q.points).toBe(2);
  });

  it('answers a French 422 naming the field for each broken rule, and writes nothing', async () => {
    const before = await questionCount();
    const cases: Array<[unknown, string, string]> = [
      [qcm({ possible_solutions: [{ content: 'a' }, { content: 'b' }] }), 'possible_solutions', 'Un QCM doit avoir au moins un choix correct.'],
      [qcm({ possible_solutions: [{ content: 'a', is_correct: 1 }] }), 'possible_solutions', 'Un QCM doit avoir entre 2 et 10 choix.'],
      [{ type: 'EXACT', statement: 'x', possible_solutions: [] }, 'possible_solutions', 'Indiquez au moins une réponse acceptée.'],
      [{ type: 'ALGORITHM', statement: 'x', language: 'PYTHON', possible_solutions: [] }, 'possible_solutions', 'Une question algorithmique doit avoir au moins un cas de test.'],
      [{ type: 'ALGORITHM', statement: 'x', possible_solutions: [{ expected_output: '1' }] }, 'language', 'Choisissez le langage (Python ou R) de la question.'],
      [algo({ limits: { cpu_seconds: 60, memory_mb: 256 } }), 'limits.cpu_seconds', 'Le temps CPU doit être compris entre 1 et 20 secondes.'],
      [algo({ limits: { cpu_seconds: 2, memory_mb: 8 } }), 'limits.memory_mb', 'La mémoire doit être comprise entre 64 et 1024 Mio.'],
      [{ type: 'MATH', statement: 'x', possible_solutions: [] }, 'possible_solutions', "Indiquez l’expression attendue (une seule)."],
      [qcm({ statement: '<script>x</script>' }), 'statement', "L’énoncé est obligatoire."],
      [qcm({ course_id: 999999 }), 'course_id', 'Ce cours est introuvable.'],
      [qcm({ is_practice: 1 }), 'is_practice', 'Un exercice d’entraînement doit être rattaché à un cours.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
      expect(res.statusCode, `${field} ${res.body}`).toBe(422);
      expect(res.json().errors[field], res.body).toContain(message);
    }
    expect(await questionCount()).toBe(before);
  });

  it('creates EXACT with a tolerance and MATH, keeping only the fields each type uses', async () => {
    const exact = await create({
      type: 'EXACT',
      statement: '<p>Valeur de π à 0,01 près ?</p>',
      tolerance: { kind: 'absolute', value: 0.01 },
      language: 'R',
      reference_solution: 'ignored',
      possible_solutions: [{ content: ' 3,14 ' }],
    });
    expect(exact.tolerance).toEqual({ kind: 'absolute', value: 0.01 });
    expect(exact.language).toBeNull();
    expect(exact.reference_solution).toBeNull();
    expect(exact.possible_solutions[0]!.content).toBe('3,14');
    const math = await create({ type: 'MATH', statement: '<p>Dérivée de x² ?</p>', possible_solutions: [{ content: '2x' }] });
    expect(math.possible_solutions.map((p) => p.content)).toEqual(['2x']);
  });

  it('refuses a MATH question whose expected expression cannot be read, with a French 422, and writes nothing', async () => {
    const before = await questionCount();
    const res = await call(teacher, 'POST', '/api/admin/questions/create', {
      type: 'MATH',
      statement: '<p>Développez (x + 1)².</p>',
      possible_solutions: [{ content: '^2+2' }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/^L’expression attendue « \^2\+2 » ne peut pas être lue : .+ Rien n’a été enregistré\.$/);
    expect(res.json().errors['possible_solutions.0.content'][0]).toMatch(/^Expression illisible : ./);
    expect(await questionCount()).toBe(before);
    // Grading would have failed on it: a readable expression is saved as before.
    const ok = await call(teacher, 'POST', '/api/admin/questions/create', { type: 'MATH', statement: '<p>Développez (x + 1)².</p>', possible_solutions: [{ content: 'x^2+2x+1' }] });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('reference solution', () => {
  it('refuses a failing reference with a 422 naming the case, expected vs got, and writes nothing', async () => {
    const before = await questionCount();
    const res = await call(teacher, 'POST', '/api/admin/questions/create', algo({ reference_solution: 'a, b = map(int, input().split())\nprint(a * b)' }));
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.message).toMatch(/cas de test 1/);
    expect(body.message).toMatch(/attendue « 3 », obtenue « 2 »/);
    expect(body.errors['possible_solutions.0.expected_output'][0]).toBe('Cas 1 : attendu « 3 », obtenu « 2 ».');
    expect(await questionCount()).toBe(before);
  });

  it('accepts a passing reference (every case checked), and warns when there is none', async () => {
    const res = await call(teacher, 'POST', '/api/admin/questions/create', algo());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('success');
    expect(res.json().message).toBe('Question enregistrée : la solution de référence réussit les 3 cas de test.');
    const none = await call(teacher, 'POST', '/api/admin/questions/create', algo({ reference_solution: null }));
    expect(none.statusCode).toBe(200);
    expect(none.json().status).toBe('warn');
    expect(none.json().message).toMatch(/sans solution de référence/);
  });

  it('saves or refuses the same way when the check outlasts the early write (slow reference): one question, or none', async () => {
    const slow = `import time\ntime.sleep(0.3)\n${REFERENCE}`;
    const before = await questionCount();
    const ok = await call(teacher, 'POST', '/api/admin/questions/create', algo({ reference_solution: slow }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Question enregistrée : la solution de référence réussit les 3 cas de test.');
    expect(await questionCount()).toBe(before + 1);
    const wrong = await call(teacher, 'POST', '/api/admin/questions/create', algo({ reference_solution: 'import time\ntime.sleep(0.3)\nprint(0)' }));
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(await questionCount()).toBe(before + 1);
  });

  it('checks the reference again when a test case changes through possible-solutions', async () => {
    const q = await create(algo());
    const first = q.possible_solutions[0]!;
    const res = await call(teacher, 'PUT', `/api/admin/possible-solutions/${first.id}/update`, { content: '', stdin: '1 2', expected_output: '4' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors['possible_solutions.0.expected_output'][0]).toBe('Cas 1 : attendu « 4 », obtenu « 3 ».');
    const again = await call(teacher, 'GET', `/api/admin/questions/${q.id}/show`);
    expect(again.json().data.possible_solutions[0].expected_output).toBe('3');
  });
});

describe('update, concurrent edits, delete, duplicate', () => {
  it('keeps choice ids on update and refuses another teacher’s stale save (409, French)', async () => {
    const q = await create(qcm());
    const body = {
      ...qcm(),
      version: q.version,
      possible_solutions: q.possible_solutions.map((p) => ({ id: p.id, content: `${p.content} !`, is_correct: p.is_correct })),
    };
    const first = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, body);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as Question;
    expect(saved.version).toBe(2);
    expect(saved.possible_solutions.map((p) => p.id)).toEqual(q.possible_solutions.map((p) => p.id));
    // The second teacher still holds version 1.
    const stale = await call(teacher2, 'PUT', `/api/admin/questions/${q.id}/update`, { ...qcm({ statement: '<p>Autre</p>' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/modifiée par quelqu’un d’autre/);
    const now = (await call(teacher, 'GET', `/api/admin/questions/${q.id}/show`)).json().data as Question;
    expect(now.statement).toBe(saved.statement);
    expect(now.version).toBe(2);
  });

  it('refuses to delete a question an exam uses (409 naming how many), deletes it otherwise', async () => {
    const q = await create(qcm());
    await examUsing([q.id]);
    await examUsing([q.id]);
    const refused = await call(teacher, 'DELETE', `/api/admin/questions/${q.id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cette question est utilisée par 2 examens : retirez-la de ces examens avant de la supprimer.');
    const show = (await call(teacher, 'GET', `/api/admin/questions/${q.id}/show`)).json().data as Question;
    expect(show.exam_count).toBe(2);

    const free = await create(qcm());
    expect((await call(teacher, 'DELETE', `/api/admin/questions/${free.id}/delete`)).statusCode).toBe(200);
    expect((await call(teacher, 'GET', `/api/admin/questions/${free.id}/show`)).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('possible_solutions').select('id').where('question_id', '=', free.id).execute()).toEqual([]);
  });

  it('duplicates a question with new solution ids and no exam', async () => {
    const q = await create(qcm());
    await examUsing([q.id]);
    const res = await call(teacher2, 'POST', `/api/admin/questions/${q.id}/duplicate`);
    expect(res.statusCode).toBe(200);
    const copy = res.json().data as Question;
    expect(copy.id).not.toBe(q.id);
    expect(copy.exam_count).toBe(0);
    expect(copy.statement).toBe(q.statement);
    expect(copy.tags).toEqual(q.tags);
    expect(copy.possible_solutions.map((p) => p.content)).toEqual(q.possible_solutions.map((p) => p.content));
    expect(copy.possible_solutions.some((p) => q.possible_solutions.some((o) => o.id === p.id))).toBe(false);
  });
});

describe('list and tags', () => {
  it('searches statement text and tags (accents ignored), filters, sorts and pages with exam counts', async () => {
    const a = await create({
      ...qcm(),
      statement: '<p>Le théorème de <strong>Pythagore</strong> : <span data-type="math-inline" data-latex="a^2 + b^2 = c^2"></span>.</p>',
      tags: ['géométrie'],
      course_id: courseId,
    });
    const b = await create({ type: 'EXACT', statement: '<p>Capitale antique ?</p>', tags: ['Histoire'], possible_solutions: [{ content: 'Lutèce' }] });
    await examUsing([a.id]);
    const list = async (qs: string) => {
      const res = await call(teacher, 'GET', `/api/admin/questions?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await list('search=THEOREME pythagore')).data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await list('search=geometrie')).data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await list('search=%25')).data).toEqual([]);
    expect((await list('tag=histoire')).data.map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect((await list(`course_id=${courseId}`)).data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const exact = await list('type=EXACT&per_page=100');
    expect(exact.data.every((r: { type: string }) => r.type === 'EXACT')).toBe(true);
    expect((await list('language=PYTHON&per_page=100')).data.every((r: { language: string }) => r.language === 'PYTHON')).toBe(true);
    const row = (await list('search=pythagore')).data[0];
    expect(row).toMatchObject({ exam_count: 1, solutions_count: 3, course_title: 'Algorithmique', tags: ['géométrie'] });
    // No tag, no stray space before punctuation, the formula between \( and \) for the web app to draw.
    expect(row.excerpt).toBe('Le théorème de Pythagore : \\(a^2 + b^2 = c^2\\).');
    expect((await list('search=c^2')).data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect(row).not.toHaveProperty('statement');
    const paged = await list('per_page=2&page=1&sort=-exam_count');
    expect(paged.meta.total).toBeGreaterThan(2);
    expect(paged.data[0].exam_count).toBeGreaterThanOrEqual(paged.data[1].exam_count);
    const bad = await call(teacher, 'GET', '/api/admin/questions?sort=statement');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort[0]).toMatch(/n’est pas disponible/);

    const tags = (await call(teacher, 'GET', '/api/admin/questions/tags')).json().data as Array<{ tag: string; count: number }>;
    expect(tags.find((x) => x.tag === 'Histoire')).toEqual({ tag: 'Histoire', count: 1 });
  });
});

describe('possible-solutions', () => {
  it('adds, shows, updates and deletes a choice, keeping the QCM rules', async () => {
    const q = await create(qcm());
    const added = await call(teacher, 'POST', '/api/admin/possible-solutions/create', { question_id: q.id, content: 'O(1)' });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id as number;
    expect(added.json().data).toMatchObject({ question_id: q.id, position: 4, content: 'O(1)', is_correct: 0 });
    expect((await call(teacher, 'GET', `/api/admin/possible-solutions/${id}/show`)).json().data.content).toBe('O(1)');
    const upd = await call(teacher, 'PUT', `/api/admin/possible-solutions/${id}/update`, { content: 'O(log n)', is_correct: 1 });
    expect(upd.json().data).toMatchObject({ id, content: 'O(log n)', is_correct: 1 });
    expect((await call(teacher, 'DELETE', `/api/admin/possible-solutions/${id}/delete`)).statusCode).toBe(200);

    // The last correct choice cannot go, nor can the QCM fall under two choices.
    const correct = q.possible_solutions.find((p) => p.is_correct === 1)!;
    const refused = await call(teacher, 'DELETE', `/api/admin/possible-solutions/${correct.id}/delete`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Un QCM doit avoir au moins un choix correct.');
    const unmark = await call(teacher, 'PUT', `/api/admin/possible-solutions/${correct.id}/update`, { content: 'O(n log n)', is_correct: 0 });
    expect(unmark.statusCode).toBe(422);
    const wrong = q.possible_solutions.filter((p) => p.is_correct === 0);
    expect((await call(teacher, 'DELETE', `/api/admin/possible-solutions/${wrong[0]!.id}/delete`)).statusCode).toBe(200);
    const tooFew = await call(teacher, 'DELETE', `/api/admin/possible-solutions/${wrong[1]!.id}/delete`);
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().message).toBe('Un QCM doit avoir entre 2 et 10 choix.');
    expect((await call(teacher, 'GET', `/api/admin/possible-solutions?question_id=${q.id}`)).json().data).toHaveLength(2);
    expect((await call(teacher, 'POST', '/api/admin/possible-solutions/create', { question_id: 999999, content: 'x' })).statusCode).toBe(422);
    expect((await call(teacher, 'GET', '/api/admin/possible-solutions/999999/show')).statusCode).toBe(404);
  });
});

describe('files of statements', () => {
  it('records the files a statement refers to, and never deletes a file a question still uses', async () => {
    const file = await t.ctx.db
      .insertInto('files')
      .values({ hash: 'a'.repeat(64), name: 'schema.png', size: 10, mime: 'image/png' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const q = await create(qcm({ statement: `<p>Voir <img src="/api/files/${file.id}/inline/${'a'.repeat(64)}" alt="schéma"></p>` }));
    expect(q.files.map((f) => f.id)).toEqual([file.id]);
    const refused = await call(teacher, 'DELETE', `/api/files/delete/${file.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`question n° ${q.id}`));
    // The stale-upload sweep (uploads unused for a day) spares it too, however old it is.
    const { deleteStaleUploads } = await import('../files');
    expect(await deleteStaleUploads(t.ctx.db, new Date(Date.now() + 86400_000))).not.toContain('a'.repeat(64));
    // Once no statement refers to it any more, saving the question removes it.
    const res = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, { ...qcm(), version: q.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.db.selectFrom('files').select('id').where('id', '=', file.id).execute()).toEqual([]);
    const missing = await call(teacher, 'POST', '/api/admin/questions/create', qcm({ statement: '<p><a href="/api/files/987654/download">énoncé</a></p>' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.statement[0]).toMatch(/fichier introuvable/);
  });
});

describe('preview and the student shape', () => {
  it('grades an answer as a student would see it, without the correct answer', async () => {
    const q = await create(qcm());
    const right = q.possible_solutions.find((p) => p.is_correct === 1)!.id;
    const shown = await call(teacher, 'GET', `/api/admin/questions/${q.id}/preview`);
    expect(shown.json().data.result).toBeNull();
    expect(JSON.stringify(shown.json())).not.toMatch(/is_correct/);
    const ok = await call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer: [right] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.result).toEqual({ is_valid: true, score: 1, details: { type: 'QCM' } });
    const ko = await call(teacher, 'POST', `/api/admin/questions/${q.id}/preview`, { answer: 'pas une liste' });
    expect(ko.statusCode).toBe(422);

    const a = await create(algo());
    const run = await call(teacher, 'POST', `/api/admin/questions/${a.id}/preview`, { answer: 'print(3)' });
    expect(run.statusCode, run.body).toBe(200);
    const r = run.json().data.result;
    expect(r.is_valid).toBe(false);
    expect(r.details.hidden).toEqual({ passed: 0, total: 1 });
    expect(JSON.stringify(run.json())).not.toContain(HIDDEN_IN);
    expect(JSON.stringify(run.json())).not.toContain(HIDDEN_OUT);
    expect(JSON.stringify(run.json())).not.toContain('REFERENCE-SENTINEL');
  });

  it('never carries a correct flag, an accepted answer, a hidden test, a reference solution or an expected expression', async () => {
    const made = [
      await create(qcm()),
      await create({ type: 'EXACT', statement: '<p>Nom antique de Paris ?</p>', possible_solutions: [{ content: ACCEPTED }] }),
      await create(algo()),
      await create({ type: 'MATH', statement: '<p>Moitié ?</p>', possible_solutions: [{ content: EXPECTED_EXPR }] }),
    ];
    const loaded = await findQuestionsByIds(t.ctx.db, made.map((q) => q.id));
    expect(loaded.map((q) => q.id)).toEqual(made.map((q) => q.id));
    for (const q of loaded) {
      // A full staff question (every key) serialised through the student schema (a written or a file answer's settings,
      // absent from the other kinds' student shape, are checked in essay.test.ts and file.test.ts).
      const out = studentQuestionSchema.parse({ ...q, essay: q.essay ?? undefined, file_answer: q.file_answer ?? undefined, ...toStudentQuestion(q, 42) });
      const text = JSON.stringify(out);
      for (const key of ['is_correct', 'reference_solution', 'possible_solutions', 'accepted', 'expected', 'is_hidden', 'tolerance', 'weight', 'tags', 'version']) {
        expect(Object.keys(out)).not.toContain(key);
        expect(text).not.toContain(`"${key}"`);
      }
      for (const secret of [ACCEPTED, HIDDEN_IN, HIDDEN_OUT, 'REFERENCE-SENTINEL', 'SENTINEL']) expect(text).not.toContain(secret);
    }
    const [qc, , al] = loaded;
    const sq = toStudentQuestion(qc!, 42);
    expect(sq.choices.map((c) => Object.keys(c).sort())).toEqual([['content', 'id'], ['content', 'id'], ['content', 'id']]);
    expect(sq.multiple).toBe(false);
    const sa = toStudentQuestion(al!, 42);
    expect(sa.tests).toEqual([{ stdin: '1 2', expected_output: '3' }, { stdin: '10 20', expected_output: '30' }]);
    expect(sa.starter_code).toBe('a, b = map(int, input().split())\n');
    // The gradable shape keeps everything grading needs.
    expect(toGradable(al!)).toMatchObject({ type: 'ALGORITHM', language: 'PYTHON', limits: { cpu_seconds: 2, memory_mb: 256 } });
  });

  it('shuffles QCM choices in a stable order per student', async () => {
    const q = await create(qcm({ possible_solutions: Array.from({ length: 8 }, (_, i) => ({ content: `choix ${i}`, is_correct: i === 0 ? 1 : 0 })) }));
    const order = (seed: number) => toStudentQuestion(q, seed).choices.map((c) => c.id).join(',');
    expect(order(7)).toBe(order(7));
    const orders = new Set(Array.from({ length: 10 }, (_, i) => order(i + 1)));
    expect(orders.size).toBeGreaterThan(5);
    expect(toStudentQuestion(q, 7).choices.map((c) => c.id).sort()).toEqual(q.possible_solutions.map((p) => p.id).sort());
  });
});
