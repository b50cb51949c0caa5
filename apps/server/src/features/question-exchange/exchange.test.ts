// The question exchange on the real database and the real sandbox: the report of a Moodle XML and of a GIFT file
// (each question mapped, approximated or skipped, programs run on every case), the confirmed import in one
// transaction, the refusals of untrusted files (XXE, entity expansion, binary, malformed with its line, size and
// count), and a round trip: export → import gives back the same questions.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { studentQuestionSchema, type ImportReport, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, withContext, type TestApp } from '../../../test/helper';
import { findQuestionsByIds } from '../questions';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/question-exchange');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let runner: EmbeddedRunner;
let teacher: string;
let student: string;
let structure: Awaited<ReturnType<typeof seedStructure>>;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  const s = await seedStructure(t.ctx);
  structure = s;
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

function multipart(buf: Buffer, filename: string) {
  const boundary = `----exchange${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, buf, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (token: string, buf: Buffer, filename: string, confirm = false) =>
  t.app.inject(authed(token, { method: 'POST', url: `/api/admin/questions/import${confirm ? '?confirm=1' : ''}`, ...multipart(buf, filename) }));

const countQuestions = async () => Number((await t.ctx.db.selectFrom('questions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const countFiles = async () => Number((await t.ctx.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const byIndex = (r: ImportReport) => Object.fromEntries(r.items.map((i) => [i.index, i]));

describe('Moodle XML', () => {
  let imported: Question[] = [];

  it('reports what each question becomes, runs every program on every case, and writes nothing', async () => {
    const before = await countQuestions();
    const res = await send(teacher, fixture('moodle-bank.xml'), 'moodle-bank.xml');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as ImportReport;
    expect(res.json().message).toBe('14 questions lues : 10 peuvent être importées. Rien n’a encore été enregistré.');
    expect(report).toMatchObject({ format: 'moodle', total: 14, importable: 10, counts: { imported: 7, approximated: 3, skipped: 2, failed: 2 }, question_ids: [] });
    const items = byIndex(report);
    expect(items[1]).toMatchObject({ name: 'Moyenne d’une série', source_type: 'multichoice', outcome: 'imported', type: 'QCM', line: 15 });
    expect(items[2]).toMatchObject({ outcome: 'approximated', type: 'QCM' });
    expect(items[2]!.notes.join(' ')).toMatch(/tout ou rien/);
    expect(items[3]).toMatchObject({ source_type: 'truefalse', outcome: 'imported', type: 'QCM' });
    expect(items[4]).toMatchObject({ source_type: 'shortanswer', outcome: 'approximated', type: 'EXACT' });
    expect(items[4]!.notes.join(' ')).toMatch(/casse/);
    expect(items[5]).toMatchObject({ source_type: 'numerical', outcome: 'imported', type: 'EXACT' });
    // A Moodle essay is a written answer graded by a person (ESSAY), with its grader information and template.
    expect(items[6]).toMatchObject({ source_type: 'essay', outcome: 'imported', type: 'ESSAY' });
    // A Cloze text is a CLOZE; a drag-and-drop text whose only gap offers a single word is refused by its rule.
    expect(items[7]).toMatchObject({ source_type: 'multianswer', outcome: 'imported', type: 'CLOZE' });
    expect(items[9]).toMatchObject({ source_type: 'ddwtos', outcome: 'failed', type: 'CLOZE' });
    expect(items[9]!.notes.join(' ')).toMatch(/Le trou 1 doit proposer au moins deux choix/);
    for (const i of [8, 14]) {
      expect(items[i]!.outcome, String(i)).toBe('skipped');
      expect(items[i]!.notes.length, String(i)).toBeGreaterThan(0);
    }
    // Its tests call the student's function (testcode): a program question whose cases hold test code.
    expect(items[13]).toMatchObject({ source_type: 'coderunner python3', outcome: 'imported', type: 'ALGORITHM', checked_cases: 1 });
    expect(items[14]!.notes[0]).toMatch(/c_program/);
    expect(items[10]).toMatchObject({ source_type: 'coderunner python3', outcome: 'approximated', type: 'ALGORITHM', language: 'PYTHON', checked_cases: 2 });
    // Its penalty regime is a rule of the exam here: named, with the exam's value that gives the same marks.
    expect(items[10]!.notes).toEqual([expect.stringMatching(/^Pénalités de CodeRunner « 10, 20, \.\.\. » non reprises .* ce barème y correspond à 10 %\.$/)]);
    expect(items[11]).toMatchObject({ source_type: 'coderunner r', outcome: 'imported', type: 'ALGORITHM', language: 'R', checked_cases: 2 });
    // Its answer prints 8 where 15 is expected: reported, never imported as valid.
    expect(items[12]).toMatchObject({ outcome: 'failed', type: 'ALGORITHM' });
    expect(items[12]!.notes.join(' ')).toMatch(/cas de test 2 : sortie attendue « 15 », obtenue « 8 »/);
    expect(await countQuestions()).toBe(before);
  }, 60_000);

  it('imports every importable question in one go, mapped through the question bank', async () => {
    const before = await countQuestions();
    const filesBefore = await countFiles();
    const res = await send(teacher, fixture('moodle-bank.xml'), 'moodle-bank.xml', true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('10 questions importées.');
    const ids = (res.json().data as ImportReport).question_ids;
    expect(ids).toHaveLength(10);
    expect(await countQuestions()).toBe(before + 10);
    expect(await countFiles()).toBe(filesBefore + 1);
    imported = await findQuestionsByIds(t.ctx.db, ids);
    const [mean, dispersion, median, fn, sd, essay, cloze, sum, rMean, carre] = imported;
    expect(carre!.possible_solutions.map((p) => [p.test_code, p.expected_output])).toEqual([['print(carre(3))', '9']]);
    expect(cloze).toMatchObject({ type: 'CLOZE', statement: '<p>La moyenne de 1 et 3 est {1}.</p>' });
    expect(cloze!.possible_solutions.map((p) => [p.stdin, p.expected_output])).toEqual([['NUMBER', '2']]);
    expect(essay).toMatchObject({ type: 'ESSAY', points: 5, possible_solutions: [], essay: { word_limit: null, response_template: null, grader_info: null } });

    expect(mean).toMatchObject({ type: 'QCM', points: 2 });
    expect(new Set(mean!.tags)).toEqual(new Set(['moyenne', 'Statistique descriptive']));
    expect(mean!.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual([['4', 1], ['6', 0], ['12', 0]]);
    // The embedded image became one of our files, shown from its own address and recorded as used.
    expect(mean!.statement).toMatch(/<img src="\/api\/files\/\d+\/inline\/[0-9a-f]{64}" alt="série"/);
    expect(mean!.files.map((f) => f.mime)).toEqual(['image/png']);
    const img = await t.app.inject({ method: 'GET', url: /src="([^"]+)"/.exec(mean!.statement)![1]! });
    expect(img.statusCode).toBe(200);

    expect(dispersion!.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual([['L’écart-type', 1], ['La variance', 1], ['La médiane', 0]]);
    expect(median!.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual([['Vrai', 0], ['Faux', 1]]);
    expect(fn).toMatchObject({ type: 'EXACT', tolerance: null });
    expect(fn!.possible_solutions.map((p) => p.content)).toEqual(['mean', 'mean()']);
    expect(sd).toMatchObject({ type: 'EXACT', points: 1.5, tolerance: { kind: 'absolute', value: 0.01 } });
    expect(sum).toMatchObject({
      type: 'ALGORITHM',
      language: 'PYTHON',
      points: 3,
      starter_code: '# Lisez la ligne avec input()\n',
      reference_solution: 'a, b = map(int, input().split())\nprint(a + b)\n',
      limits: { cpu_seconds: 3, memory_mb: 128 },
    });
    expect(new Set(sum!.tags)).toEqual(new Set(['entrées-sorties', 'Programmes']));
    expect(sum!.possible_solutions.map((p) => [p.stdin, p.expected_output, p.is_hidden, p.weight])).toEqual([
      ['2 3\n', '5\n', 0, 1],
      ['-10 4\n', '-6\n', 1, 2],
    ]);
    expect(rMean).toMatchObject({ type: 'ALGORITHM', language: 'R', limits: null });
    // The program whose answer fails a case was not written.
    const failing = await t.ctx.db.selectFrom('questions').select('id').where('statement', 'like', '%produit des deux entiers lus%').execute();
    expect(failing).toEqual([]);

    // What a student sees of an imported program: the example, never the hidden case nor the reference.
    const preview = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/${sum!.id}/preview` }));
    const shown = studentQuestionSchema.strict().parse(preview.json().data.question);
    expect(shown.tests).toEqual([{ stdin: '2 3\n', expected_output: '5\n' }]);
    expect(preview.body).not.toContain('-10 4');
    expect(preview.body).not.toContain('map(int');
  }, 60_000);

  it('gives back the same questions after an export to Moodle XML and an import', async () => {
    expect(imported).toHaveLength(10);
    const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=moodle&ids=${imported.map((q) => q.id).join(',')}` }));
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(exp.headers['content-disposition']).toMatch(/^attachment; filename="questions-moodle-\d{4}-\d\d-\d\d\.xml"$/);
    expect(exp.body).toContain('@@PLUGINFILE@@/serie%201.png');
    const again = await send(teacher, exp.rawPayload, 'export.xml', true);
    expect(again.statusCode, again.body).toBe(200);
    const report = again.json().data as ImportReport;
    expect(report.counts.failed + report.counts.skipped).toBe(0);
    const back = await findQuestionsByIds(t.ctx.db, report.question_ids);
    expect(back.map(comparable)).toEqual(imported.map(comparable));
  }, 60_000);

  it('exports an exam’s questions in the exam’s order', async () => {
    const [mean, , , , sd] = imported;
    const day = 24 * 3600 * 1000;
    const exam = await t.app.inject(
      authed(teacher, {
        method: 'POST',
        url: '/api/admin/exams/create',
        payload: {
          title: 'Partiel importé',
          academic_year_id: structure.yearId,
          specialization_ids: [structure.specializationId],
          start_at: new Date(Date.now() + day).toISOString(),
          end_at: new Date(Date.now() + 2 * day).toISOString(),
          questions: [
            { question_id: sd!.id, points: 1 },
            { question_id: mean!.id, points: 2 },
          ],
        },
      }),
    );
    expect(exam.statusCode, exam.body).toBe(200);
    const examId = exam.json().data.id as number;
    const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=moodle&exam_id=${examId}` }));
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.headers['content-disposition']).toMatch(new RegExp(`filename="examen-${examId}-moodle-`));
    expect([...exp.body.matchAll(/<question type="(\w+)">/g)].map((m) => m[1])).toEqual(['numerical', 'multichoice']);
    const missing = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/questions/export?format=gift&exam_id=999999' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cet examen est introuvable.');
  });

  it('exports to GIFT the types GIFT has, and reads them back the same', async () => {
    const exp = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=gift&ids=${imported.map((q) => q.id).join(',')}` }));
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.headers['content-type']).toBe('text/plain; charset=utf-8');
    // Programs and cloze texts have no GIFT form.
    const programs = imported.filter((q) => q.type === 'ALGORITHM' || q.type === 'CLOZE').map((q) => q.id);
    expect(exp.headers['x-omitted-questions']).toBe(programs.join(','));
    const again = await send(teacher, exp.rawPayload, 'export.gift', true);
    expect(again.statusCode, again.body).toBe(200);
    const back = await findQuestionsByIds(t.ctx.db, (again.json().data as ImportReport).question_ids);
    const giftable = imported.filter((q) => q.type !== 'ALGORITHM' && q.type !== 'CLOZE');
    // GIFT has no points and no files (its export leaves the images out and says so): the rest must match.
    expect(decodeURIComponent(String(exp.headers['x-export-report'] ?? ''))).toMatch(/image/i);
    const loose = (q: Question) => ({ ...comparable(q), points: undefined, files: undefined, statement: comparable(q).statement.replace(/<img[^>]*>/g, '') });
    expect(back.map(loose)).toEqual(giftable.map(loose));
  }, 60_000);
});

/** What an import must give back: everything but ids, dates, authorship and the address of stored files. */
function comparable(q: Question) {
  return {
    type: q.type,
    statement: q.statement.replace(/\/api\/files\/\d+\/inline\/[0-9a-f]{64}/g, 'FILE'),
    language: q.language,
    points: q.points,
    tags: q.tags,
    starter_code: q.starter_code,
    reference_solution: q.reference_solution,
    tolerance: q.tolerance,
    limits: q.limits,
    files: q.files.map((f) => f.mime),
    possible_solutions: q.possible_solutions.map(({ content, is_correct, stdin, expected_output, is_hidden, weight }) => ({ content, is_correct, stdin, expected_output, is_hidden, weight })),
  };
}

describe('GIFT', () => {
  it('reports each kind of question with its line', async () => {
    const res = await send(teacher, fixture('gift-bank.txt'), 'gift-bank.txt');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as ImportReport;
    expect(report).toMatchObject({ format: 'gift', total: 9, importable: 8, counts: { imported: 7, approximated: 1, skipped: 1, failed: 0 } });
    const items = byIndex(report);
    expect(items[1]).toMatchObject({ name: 'Moyenne', line: 5, source_type: 'multichoice', type: 'QCM' });
    expect(items[2]).toMatchObject({ outcome: 'approximated', type: 'QCM' });
    expect(items[3]).toMatchObject({ source_type: 'truefalse', type: 'QCM' });
    expect(items[5]).toMatchObject({ source_type: 'numerical', type: 'EXACT' });
    expect(items[7]).toMatchObject({ source_type: 'essay', outcome: 'imported', type: 'ESSAY' });
    expect(items[8]).toMatchObject({ source_type: 'match', outcome: 'imported', type: 'MATCHING' });
    expect(items[9]).toMatchObject({ source_type: 'description', outcome: 'skipped' });
    const confirmed = await send(teacher, fixture('gift-bank.txt'), 'gift-bank.txt', true);
    const [mean, , , , pi, range] = await findQuestionsByIds(t.ctx.db, (confirmed.json().data as ImportReport).question_ids);
    expect(mean).toMatchObject({ type: 'QCM' });
    expect(new Set(mean!.tags)).toEqual(new Set(['moyenne', 'Statistique GIFT']));
    expect(pi).toMatchObject({ type: 'EXACT', tolerance: { kind: 'absolute', value: 0.005 } });
    expect(pi!.possible_solutions[0]!.content).toBe('3.14');
    expect(range!.possible_solutions[0]!.content).toBe('3');
    expect(range!.tolerance).toEqual({ kind: 'absolute', value: 2 });
  }, 30_000);
});

describe('untrusted files', () => {
  const refused = async (buf: Buffer, name: string, status: number, message: RegExp) => {
    const before = await countQuestions();
    const res = await send(teacher, buf, name, true);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().status).toBe('error');
    expect(res.json().message).toMatch(message);
    expect(await countQuestions()).toBe(before);
  };

  it('never resolves an external entity (XXE)', async () => {
    await refused(fixture('xxe.xml'), 'xxe.xml', 422, /déclare une DTD .* à la ligne 4/);
  });

  it('never expands nested entities (billion laughs), quickly', async () => {
    const started = Date.now();
    await refused(fixture('billion-laughs.xml'), 'billion-laughs.xml', 422, /déclare une DTD/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await refused(fixture('undeclared-entity.xml'), 'entite.xml', 422, /ligne 5 : une entité inconnue/);
  });

  it('refuses a binary file renamed .xml', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f1cf0a0000000049454e44ae426082', 'hex');
    await refused(png, 'banque.xml', 422, /n’est pas un fichier texte : c’est une image PNG/);
    await refused(Buffer.from([0x3c, 0x71, 0x00, 0x01, 0x02]), 'banque.xml', 422, /n’est pas un fichier texte/);
  });

  it('gives the line of malformed XML and GIFT', async () => {
    await refused(fixture('malformed.xml'), 'malformed.xml', 422, /^Le fichier XML est mal formé à la ligne 6 : /);
    await refused(fixture('malformed.gift'), 'malformed.gift', 422, /^Le fichier GIFT est mal formé à la ligne 3 : l’accolade « \{ » des réponses n’est jamais fermée/);
    await refused(Buffer.from('<?xml version="1.0"?>\n<html><body/></html>\n'), 'page.xml', 422, /pas un export de questions Moodle/);
  });

  it('bounds the size and the number of questions', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => `Q${i} {=a}`).join('\n\n');
    await refused(Buffer.from(many), 'beaucoup.gift', 422, /2001 questions : 2000 au plus/);
    await withContext(t, { config: { UPLOAD_LIMIT_BYTES: 4096 } }, async () => {
      await refused(Buffer.alloc(5000, 'a'), 'gros.gift', 413, /taille maximale de 4 Ko/);
    });
  });

  it('is for staff only', async () => {
    const res = await send(student, fixture('gift-bank.txt'), 'gift-bank.txt');
    expect(res.statusCode).toBe(403);
    const exp = await t.app.inject(authed(student, { method: 'GET', url: '/api/admin/questions/export?format=gift&ids=1' }));
    expect(exp.statusCode).toBe(403);
  });

  it('names the questions an export cannot find', async () => {
    const res = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/questions/export?format=moodle&ids=999999' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Question introuvable : n° 999999.');
    const both = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/questions/export?format=moodle' }));
    expect(both.statusCode).toBe(422);
  });
});
