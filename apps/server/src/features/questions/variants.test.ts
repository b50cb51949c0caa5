// Versions and parameterised questions on the real database and the real sandbox: every save writes a version, a
// publication pins them (an edit during the exam changes nothing), generators run in the sandbox (their errors in
// French with their line), variants are made and checked at publication (reference outputs computed in Python and
// R, a failing seed refuses it), reused when published again, and read back by questionsAt / variantSeedsOf.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { VARIANTS_PER_QUESTION, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { questionsAt, toGradable, toStudentQuestion, variantSeedsOf } from './index';

let t: TestApp;
let runner: EmbeddedRunner;
let teacher: string;
let structure: Awaited<ReturnType<typeof seedStructure>>;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  structure = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
});
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(teacher, { method, url, ...(payload !== undefined ? { payload: payload as object } : {}) }));

async function create(body: unknown): Promise<Question> {
  const res = await call('POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

async function update(q: Question, over: Record<string, unknown>): Promise<Question> {
  const res = await call('PUT', `/api/admin/questions/${q.id}/update`, { ...q, ...over, version: q.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

async function makeExam(questionIds: number[]): Promise<number> {
  const res = await call('POST', '/api/admin/exams/create', {
    title: 'Partiel paramétré',
    academic_year_id: structure.yearId,
    specialization_ids: [structure.specializationId],
    start_at: new Date(Date.now() - 3600_000).toISOString(),
    end_at: new Date(Date.now() + 48 * 3600_000).toISOString(),
    questions: questionIds.map((question_id) => ({ question_id, points: 1 })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const publish = (examId: number) => call('PUT', `/api/admin/exams/${examId}/update-status/PUBLISHED`);

async function pinnedVersion(examId: number, questionId: number): Promise<number | null> {
  const r = await t.ctx.db.selectFrom('exam_questions').select('question_version_id').where('exam_id', '=', examId).where('question_id', '=', questionId).executeTakeFirstOrThrow();
  return r.question_version_id;
}

const SUM_GENERATOR = ['import random', '', 'def generate(seed):', '    r = random.Random(seed)', '    a, b = r.randint(10, 99), r.randint(10, 99)', "    return {'a': a, 'b': b, 's': a + b}", ''].join('\n');

const exactSum = (extra: Record<string, unknown> = {}) => ({
  type: 'EXACT',
  statement: '<p>Combien font {{a}} + {{ b }} ?</p>',
  generator: SUM_GENERATOR,
  tolerance: { kind: 'absolute', value: 0.5 },
  possible_solutions: [{ content: '{{s}}' }],
  ...extra,
});

// Hidden inputs hold a sentinel: none may ever reach a student-facing shape.
const algoSum = (language: 'PYTHON' | 'R', extra: Record<string, unknown> = {}) => ({
  type: 'ALGORITHM',
  language,
  statement: '<p>Lisez deux entiers et affichez leur somme.</p>',
  generator: ['import random', 'def generate(seed):', '    r = random.Random(seed)', "    return {'x': r.randint(1, 1000), 'y': r.randint(1, 1000)}", ''].join('\n'),
  reference_solution: language === 'PYTHON' ? 'a, b = map(int, input().split())\nprint(a + b)' : 'v <- scan("stdin", quiet = TRUE)\ncat(sum(v), "\\n")',
  possible_solutions: [
    { stdin: '{{x}} {{y}}', expected_output: '', is_hidden: 0 },
    { stdin: '{{y}} {{x}}', expected_output: '', is_hidden: 1 },
    { stdin: '0 {{x}}', expected_output: '{{x}}', is_hidden: 1 },
    { stdin: '{{y}} 0', expected_output: '', is_hidden: 1 },
  ],
  ...extra,
});

describe('versions', () => {
  it('writes a version at every save, and a publication pins the current one: a later edit changes nothing for the exam', async () => {
    const q = await create({ type: 'QCM', statement: '<p>Version un</p>', possible_solutions: [{ content: 'oui', is_correct: 1 }, { content: 'non' }] });
    expect(q.version_number).toBe(1);
    const examId = await makeExam([q.id]);
    expect(await pinnedVersion(examId, q.id)).toBeNull();
    expect((await publish(examId)).statusCode).toBe(200);
    const pinned = await pinnedVersion(examId, q.id);
    expect(pinned).not.toBeNull();

    const edited = await update(q, { statement: '<p>Version deux</p>' });
    expect(edited.version_number).toBe(2);
    const versions = await t.ctx.db.selectFrom('question_versions').select(['id', 'number', 'created_by']).where('question_id', '=', q.id).orderBy('number').execute();
    expect(versions.map((v) => v.number)).toEqual([1, 2]);
    expect(versions[0]!.id).toBe(pinned);

    const [atPin, now] = [(await questionsAt(t.ctx.db, [{ question_id: q.id, version_id: pinned, seed: null }])).get(q.id)!, (await questionsAt(t.ctx.db, [{ question_id: q.id, version_id: null, seed: null }])).get(q.id)!];
    expect(atPin.statement).toBe('<p>Version un</p>');
    expect(now.statement).toBe('<p>Version deux</p>');
    // The same shape as findQuestionsByIds: the other features' helpers take it as it is.
    expect(toStudentQuestion(atPin, 1).statement).toBe('<p>Version un</p>');
    expect(toGradable(atPin)).toMatchObject({ type: 'QCM' });
    // Not parameterised: no variant made, an empty list for its version.
    expect(await variantSeedsOf(t.ctx.db, [pinned!])).toEqual(new Map([[pinned, []]]));
  });

  it('writes a version when only the possible solutions change', async () => {
    const q = await create({ type: 'EXACT', statement: '<p>Capitale ?</p>', possible_solutions: [{ content: 'Paris' }] });
    const res = await call('POST', '/api/admin/possible-solutions/create', { question_id: q.id, content: 'Lutèce' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.ctx.db.selectFrom('question_versions').select('snapshot').where('question_id', '=', q.id).orderBy('number').execute();
    expect(rows).toHaveLength(2);
    expect((rows[1]!.snapshot as Question).possible_solutions.map((p) => p.content)).toEqual(['Paris', 'Lutèce']);
  });
});

describe('generator test', () => {
  it('answers the first variants of a draft, values filled in the statement and the answers', async () => {
    const res = await call('POST', '/api/admin/questions/generator/test', { generator: SUM_GENERATOR, question: exactSum() });
    expect(res.statusCode, res.body).toBe(200);
    const variants = res.json().data.variants as Array<{ seed: number; values: Record<string, number>; statement: string; possible_solutions: Array<{ content: string }> }>;
    expect(variants.map((v) => v.seed)).toEqual([1, 2, 3]);
    for (const v of variants) {
      expect(v.statement).toBe(`<p>Combien font ${v.values.a} + ${v.values.b} ?</p>`);
      expect(v.possible_solutions[0]!.content).toBe(String(v.values.a! + v.values.b!));
    }
    // Seeded: two seeds, two different variants (random.Random(seed) is what makes them stable).
    expect(variants[0]!.values).not.toEqual(variants[1]!.values);
  });

  it('computes the expected outputs of an R program from its reference solution', async () => {
    const res = await call('POST', '/api/admin/questions/generator/test', { generator: algoSum('R').generator, question: algoSum('R') });
    expect(res.statusCode, res.body).toBe(200);
    for (const v of res.json().data.variants as Array<{ values: { x: number; y: number }; possible_solutions: Array<{ stdin: string; expected_output: string }> }>) {
      expect(v.possible_solutions[0]!.stdin).toBe(`${v.values.x} ${v.values.y}`);
      expect(v.possible_solutions[0]!.expected_output.trim()).toBe(String(v.values.x + v.values.y));
      expect(v.possible_solutions[3]!.expected_output.trim()).toBe(String(v.values.y));
    }
  });

  it.each([
    ['def generate(seed):\n    a = 1\n    return {"q": a / (seed - seed)}\n', 'division par zéro à la ligne 3 du générateur (ZeroDivisionError : division by zero)'],
    ['def generate(seed):\n    return {"q": inconnu}\n', 'nom inconnu : variable ou fonction jamais définie, ou module non importé à la ligne 2 du générateur (NameError : name'],
    ['def generate(seed)\n    return {}\n', 'erreur de syntaxe à la ligne 1 du générateur : « : » attendu'],
    ['x = 1\n', 'le générateur doit définir une fonction generate(seed)'],
    ['def generate(seed):\n    return [seed]\n', 'generate(seed) doit rendre un dictionnaire (nom → valeur), pas list'],
    ['import random\ndef generate(seed):\n    return {"a": random.randint(1, 10**9)}\n', 'random.Random(seed)'],
    ['def generate(seed):\n    return {"a": True}\n', 'la valeur de « a » doit être un texte, un entier ou un nombre fini'],
    ['def generate(seed):\n    while True:\n        pass\n', 'le générateur a dépassé le temps limite'],
    // Its own values are all a generator's code can forge: garbage written on the pipe to the harness is refused.
    ['import os\nfor fd in os.listdir("/proc/self/fd"):\n    try:\n        os.write(int(fd), b"9\\n{\\"a\\": [1]}")\n    except OSError:\n        pass\ndef generate(seed):\n    return {"a": seed}\n', 'le générateur a empêché la lecture de ses valeurs'],
  ])('refuses a broken generator with the reason in French and its line: %s', async (generator, reason) => {
    const res = await call('POST', '/api/admin/questions/generator/test', { generator, question: exactSum({ statement: '<p>{{a}}</p>', possible_solutions: [{ content: '{{a}}' }] }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toContain('La variante de graine 1 échoue');
    expect(res.json().message).toContain(reason);
    expect(res.json().errors.generator[0]).toContain(reason);
  }, 30_000);

  it('escapes the values it puts in the statement: a value never adds markup the sanitiser did not see', async () => {
    const generator = 'def generate(seed):\n    return {"x": "<img src=x onerror=alert(1)>", "y": "a & b"}\n';
    const res = await call('POST', '/api/admin/questions/generator/test', { generator, question: exactSum({ statement: '<p>{{x}} {{y}}</p>', possible_solutions: [{ content: '{{y}}' }] }) });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data.variants[0];
    expect(v.statement).toBe('<p>&lt;img src=x onerror=alert(1)&gt; a &amp; b</p>');
    // Answers are plain text, compared as typed: kept as given.
    expect(v.possible_solutions[0].content).toBe('a & b');
  });

  it('sanitises the statement once filled: a value never makes a javascript: link', async () => {
    const generator = 'def generate(seed):\n    return {"u": "javascript:alert(document.cookie)", "v": "https://exemple.fr/doc"}\n';
    const statement = '<p><a href="{{u}}">piège</a> <a href="{{v}}">sujet</a></p>';
    const res = await call('POST', '/api/admin/questions/generator/test', { generator, question: exactSum({ statement, possible_solutions: [{ content: '{{u}}' }] }) });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data.variants[0];
    expect(v.statement).not.toContain('javascript');
    expect(v.statement).toContain('<a>piège</a>');
    expect(v.statement).toContain('href="https://exemple.fr/doc"');
    // Published variants are made by the same code: the stored statement is sanitised too.
    const q = await create({ type: 'EXACT', statement, generator, possible_solutions: [{ content: '{{v}}' }] });
    expect((await publish(await makeExam([q.id]))).statusCode).toBe(200);
    const stored = await t.ctx.db.selectFrom('question_variants').select('content').execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(JSON.stringify(row.content)).not.toContain('javascript:');
  }, 60_000);

  it('keeps the harness’s result out of the generator’s reach: printing a forged result line changes nothing', async () => {
    // The generator writes a forged result line by every way it has, now and after everything else (atexit), and
    // probes what would give it the run's nonce: its stdin, the harness's stdin and memory through /proc.
    const forged = JSON.stringify({ variants: [1, 2, 3].map((seed) => ({ seed, values: { a: 999, probe: 'x' } })) });
    const broken = JSON.stringify({ variants: [{ seed: 1, values: { a: [1] } }], error: 7 });
    const generator = [
      'import atexit, os, sys',
      `LINES = [('\\n@@variants@@' + s + '\\n') for s in (${JSON.stringify(forged)}, ${JSON.stringify(broken)})]`,
      'def forge():',
      '    for line in LINES:',
      '        for way in (lambda: os.write(1, line.encode()), lambda: sys.__stdout__.write(line), lambda: sys.__stdout__.flush(), lambda: open("/proc/%d/fd/1" % os.getppid(), "w").write(line)):',
      '            try:',
      '                way()',
      '            except Exception:',
      '                pass',
      'atexit.register(forge)',
      'def probe():',
      '    out = []',
      '    for way in (lambda: os.read(0, 100), lambda: open("/proc/%d/fd/0" % os.getppid(), "rb").read(100), lambda: open("/proc/%d/mem" % os.getppid(), "rb").read(1), lambda: os.listdir("/proc/%d/fd" % os.getppid())):',
      '        try:',
      '            out.append("lu " + repr(way()))',
      '        except Exception as e:',
      '            out.append(type(e).__name__)',
      '    return " ".join(out)',
      'def generate(seed):',
      '    forge()',
      '    return {"a": seed, "probe": probe()}',
      '',
    ].join('\n');
    const res = await call('POST', '/api/admin/questions/generator/test', { generator, question: exactSum({ statement: '<p>{{a}}</p>', possible_solutions: [{ content: '{{a}}' }] }) });
    expect(res.statusCode, res.body).toBe(200);
    const variants = res.json().data.variants as Array<{ seed: number; values: Record<string, unknown> }>;
    expect(variants.map((v) => v.values.a)).toEqual([1, 2, 3]);
    expect(variants[0]!.values.probe).toBe("lu b'' PermissionError PermissionError PermissionError");
  }, 60_000);

  it('names a placeholder the generator does not give', async () => {
    const res = await call('POST', '/api/admin/questions/generator/test', { generator: SUM_GENERATOR, question: exactSum({ statement: '<p>{{a}} et {{c}}</p>' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('le paramètre {{c}} n’est pas donné par generate(seed)');
  });

  it('is for staff only', async () => {
    const student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: structure.yearId, specialization_id: structure.specializationId }));
    const res = await t.app.inject(authed(student, { method: 'POST', url: '/api/admin/questions/generator/test', payload: { generator: SUM_GENERATOR } }));
    expect(res.statusCode).toBe(403);
  });
});

describe('variants at publication', () => {
  it('makes and checks every variant once, pins them, and questionsAt gives each student shape without its answers', async () => {
    const exact = await create(exactSum());
    const program = await create(algoSum('PYTHON'));
    const examId = await makeExam([exact.id, program.id]);
    const res = await publish(examId);
    expect(res.statusCode, res.body).toBe(200);

    const versionIds = [(await pinnedVersion(examId, exact.id))!, (await pinnedVersion(examId, program.id))!];
    const seeds = await variantSeedsOf(t.ctx.db, versionIds);
    const all = Array.from({ length: VARIANTS_PER_QUESTION }, (_, i) => i + 1);
    expect(seeds.get(versionIds[0]!)).toEqual(all);
    expect(seeds.get(versionIds[1]!)).toEqual(all);

    const at = await questionsAt(t.ctx.db, [
      { question_id: exact.id, version_id: versionIds[0]!, seed: 7 },
      { question_id: program.id, version_id: versionIds[1]!, seed: 12 },
    ]);
    const e = at.get(exact.id)!;
    const [, a, b] = /Combien font (\d+) \+ (\d+)/.exec(e.statement)!;
    const gradable = toGradable(e);
    expect(gradable).toEqual({ type: 'EXACT', accepted: [String(Number(a) + Number(b))], tolerance: { kind: 'absolute', value: 0.5 } });
    const p = at.get(program.id)!;
    const [x, y] = p.possible_solutions[0]!.stdin.split(' ').map(Number);
    expect(p.possible_solutions.map((s) => s.expected_output.trim())).toEqual([x! + y!, x! + y!, x!, y!].map(String));
    // The student shape of a variant: its visible case only, never a hidden input, an accepted answer or the reference.
    const student = toStudentQuestion(p, 5);
    expect(student.tests).toEqual([{ stdin: `${x} ${y}`, expected_output: p.possible_solutions[0]!.expected_output }]);
    expect(JSON.stringify(student)).not.toContain('print(a + b)');
    expect(Object.keys(toStudentQuestion(e, 5)).sort()).toEqual(['choices', 'id', 'items', 'language', 'limits', 'multiple', 'options', 'points', 'starter_code', 'statement', 'tests', 'type']);

    // Published again (back to draft first): the variants of the same version are kept, none made again.
    const before = await t.ctx.db.selectFrom('question_variants').select(['id']).where('version_id', 'in', versionIds).orderBy('id').execute();
    expect((await call('PUT', `/api/admin/exams/${examId}/update-status/DRAFT`)).statusCode).toBe(200);
    expect((await publish(examId)).statusCode).toBe(200);
    const after = await t.ctx.db.selectFrom('question_variants').select(['id']).where('version_id', 'in', versionIds).orderBy('id').execute();
    expect(after).toEqual(before);

    // An edit during the exam: a new version, the exam keeps the variants it pinned.
    await update(await (await call('GET', `/api/admin/questions/${exact.id}/show`)).json().data, { statement: '<p>Calculez {{a}} plus {{b}}.</p>' });
    expect(await pinnedVersion(examId, exact.id)).toBe(versionIds[0]);
    const still = (await questionsAt(t.ctx.db, [{ question_id: exact.id, version_id: versionIds[0]!, seed: 7 }])).get(exact.id)!;
    expect(still.statement).toBe(e.statement);
  }, 60_000);

  it('refuses the publication when one variant fails, naming the question, the seed and the reason with its line', async () => {
    const fine = await create({ type: 'QCM', statement: '<p>Sans paramètre</p>', possible_solutions: [{ content: 'a', is_correct: 1 }, { content: 'b' }] });
    const generator = ['def generate(seed):', '    if seed == 7:', "        raise ValueError('graine interdite')", "    return {'n': seed}", ''].join('\n');
    const q = await create({ type: 'EXACT', statement: '<p>Recopiez {{n}}.</p>', generator, possible_solutions: [{ content: '{{n}}' }] });
    const examId = await makeExam([fine.id, q.id]);
    const res = await publish(examId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'La question 2 de l’examen (« Recopiez {{n}}. ») ne peut pas être publiée : sa variante de graine 7 échoue, valeur refusée par une fonction à la ligne 3 du générateur (ValueError : graine interdite).',
    );
    // The message is keyed by the question's row in the exam (the second, index 1), which the editor marks.
    expect(Object.keys(res.json().errors)).toEqual(['questions.1']);
    const exam = await (await call('GET', `/api/admin/exams/${examId}/show`)).json().data;
    expect(exam.status).toBe('DRAFT');
    expect(await pinnedVersion(examId, fine.id)).toBeNull();
  }, 30_000);

  it('refuses a variant whose reference solution fails on one of its cases', async () => {
    // Right on the cases whose output it computes, wrong on the one whose output is given: « 0 x » must print x.
    const reference = 'a, b = map(int, input().split())\nprint(a + b if a != 0 else b + 1)';
    const draft = algoSum('PYTHON', { reference_solution: reference });
    const refused = await call('POST', '/api/admin/questions/create', draft);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^La variante de graine 1 échoue : la solution de référence échoue au cas de test 3 : sortie attendue « (\d+) », obtenue « (\d+) »\. Rien n’a été enregistré\.$/);
    // Saved right, then broken by an edit of the bank's row behind the service's back: publication still checks.
    const q = await create(algoSum('PYTHON'));
    await t.ctx.db.updateTable('questions').set({ reference_solution: reference }).where('id', '=', q.id).execute();
    await t.ctx.db.insertInto('question_versions').values({ question_id: q.id, number: 2, snapshot: JSON.stringify({ ...(await questionsAt(t.ctx.db, [{ question_id: q.id, version_id: null, seed: null }])).get(q.id)!, reference_solution: reference }) }).execute();
    const res = await publish(await makeExam([q.id]));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/sa variante de graine 1 échoue, la solution de référence échoue au cas de test 3 : sortie attendue « \d+ », obtenue « \d+ »\.$/);
  }, 60_000);
});

describe('saving and previewing a parameterised question', () => {
  it('checks the first variants on save', async () => {
    const res = await call('POST', '/api/admin/questions/create', exactSum({ generator: 'def generate(seed):\n    return {"a": 1}\n' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.generator[0]).toContain('{{b}}');
    expect(res.json().message).toContain('Rien n’a été enregistré.');
  });

  it('refuses a generator on a practice exercise (practice grades the question as saved)', async () => {
    const c = await t.ctx.db.insertInto('courses').values({ title: 'Probabilités', academic_year_id: structure.yearId }).returning('id').executeTakeFirstOrThrow();
    const res = await call('POST', '/api/admin/questions/create', exactSum({ is_practice: 1, course_id: c.id }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.generator).toEqual(['Un exercice d’entraînement ne peut pas être paramétré : retirez le générateur, ou décochez l’entraînement.']);
  });

  it('previews any variant by its seed, with a verdict on it, never its answer', async () => {
    const q = await create(exactSum({ statement: '<p>Combien font {{a}} + {{b}} ? (aperçu)</p>' }));
    const listed = await call('GET', '/api/admin/questions?search=apercu&per_page=100');
    expect(listed.json().data.map((r: { id: number; is_parameterised: number }) => [r.id, r.is_parameterised])).toEqual([[q.id, 1]]);
    const shown = await call('GET', `/api/admin/questions/${q.id}/preview?seed=42`);
    expect(shown.statusCode, shown.body).toBe(200);
    const { question, variant } = shown.json().data;
    expect(variant.seed).toBe(42);
    expect(question.statement).toBe(`<p>Combien font ${variant.values.a} + ${variant.values.b} ? (aperçu)</p>`);
    expect(JSON.stringify(question)).not.toContain(String(variant.values.s));
    const right = await call('POST', `/api/admin/questions/${q.id}/preview`, { seed: 42, answer: String(variant.values.s) });
    expect(right.json().data.result.is_valid).toBe(true);
    const wrong = await call('POST', `/api/admin/questions/${q.id}/preview`, { seed: 43, answer: String(variant.values.s) });
    expect(wrong.json().data.variant.seed).toBe(43);
    expect(wrong.json().data.result.is_valid).toBe(wrong.json().data.variant.values.s === variant.values.s);
  });
});
