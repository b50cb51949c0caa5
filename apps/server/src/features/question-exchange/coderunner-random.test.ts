// Randomised CodeRunner questions (template parameters and Twig) imported as parameterised questions, on the real
// database and the real sandbox: what translates becomes a generator whose variants a student sees without any
// {{ … }}, what does not is skipped with its reason; CodeRunner's penalty regime is named in the report.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { type ImportReport, type Question, type StudentQuestion } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { findQuestionsByIds } from '../questions';

let t: TestApp;
let runner: EmbeddedRunner;
let teacher: string;

const fixture = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/question-exchange/coderunner-random.xml'), 'utf8');

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

function multipart(text: string, filename: string) {
  const boundary = `----random${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(text), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importText(text: string, confirm = false): Promise<ImportReport> {
  const res = await t.app.inject(authed(teacher, { method: 'POST', url: `/api/admin/questions/import${confirm ? '?confirm=1' : ''}`, ...multipart(text, 'aleatoires.xml') }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportReport;
}

async function preview(id: number, seed: number) {
  const res = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/${id}/preview?seed=${seed}` }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { question: StudentQuestion; variant: { seed: number; values: Record<string, string | number> } | null };
}

async function tryAnswer(id: number, seed: number, answer: string) {
  const res = await t.app.inject(authed(teacher, { method: 'POST', url: `/api/admin/questions/${id}/preview`, payload: { answer, seed } }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result as { is_valid: boolean; score: number };
}

const TWIG = /\{\{|\{%|\}\}|%\}/;

describe('randomised CodeRunner questions', () => {
  let report: ImportReport;
  let questions: Map<string, Question>;

  beforeAll(async () => {
    report = await importText(fixture, true);
    const found = await findQuestionsByIds(t.ctx.db, report.question_ids);
    questions = new Map(found.map((q) => [q.name ?? '', q]));
  }, 120_000);

  const item = (name: string) => report.items.find((i) => i.name === name)!;

  it('turns template parameters into a generator (fixed JSON, random lists, ranges and numbers, {% set %}, Python) and skips what does not translate, with its reason', () => {
    expect(Object.fromEntries(report.items.map((i) => [i.name, i.outcome]))).toEqual({
      'Animal fixe': 'approximated',
      'Ajouter n ans': 'approximated',
      'Moyenne en R': 'approximated',
      'Paramètres en Python': 'approximated',
      'Liste aléatoire': 'skipped',
      'Accolades sans Twig partout': 'skipped',
      'Liste dans le texte': 'failed',
    });
    // A generator whose values cannot fill a text (a list) fails at import, even without a reference solution to run.
    expect(item('Liste dans le texte').notes.join(' ')).toMatch(/Le générateur tiré des paramètres ne donne pas de variante : .*une liste ou un dictionnaire ne peut pas remplir un texte/);
    expect(item('Liste aléatoire').notes.join(' ')).toContain('l’instruction Twig « {% for i in 1..3 %} »');
    expect(item('Liste aléatoire').notes.join(' ')).toContain('pour qu’aucun étudiant ne voie de {{ … }}');
    expect(item('Accolades sans Twig partout').notes.join(' ')).toContain('« Twig partout » n’est pas coché');
    for (const name of ['Animal fixe', 'Ajouter n ans', 'Moyenne en R', 'Paramètres en Python']) {
      expect(item(name).notes.join(' ')).toContain('deviennent le générateur de la question');
      const q = questions.get(name)!;
      expect(q.generator).toMatch(/def generate\(seed\):/);
      // Our placeholders only: `{{nom}}` without Twig's spaces or expressions.
      const texts = [q.statement, q.reference_solution ?? '', ...q.possible_solutions.flatMap((p) => [p.stdin, p.expected_output, p.test_code ?? ''])];
      for (const text of texts) for (const m of text.matchAll(/\{\{[^}]*\}\}/g)) expect(m[0]).toMatch(/^\{\{[A-Za-z_][A-Za-z0-9_]*\}\}$/);
    }
    expect(questions.get('Ajouter n ans')!.possible_solutions.map((p) => p.expected_output)).toEqual(['{{calcul1}}', '{{calcul2}}']);
    expect(questions.get('Ajouter n ans')!.possible_solutions[1]!.test_code).toBe('print(vieillir_{{unite}}(3))');
    expect(questions.get('Moyenne en R')!.language).toBe('R');
  });

  it('previews a randomised question as its first variant, never with its placeholders', () => {
    for (const name of ['Animal fixe', 'Ajouter n ans', 'Moyenne en R', 'Paramètres en Python']) {
      const shown = item(name).preview;
      expect(shown, name).not.toBeNull();
      expect(JSON.stringify(shown)).not.toMatch(TWIG);
    }
    expect(item('Animal fixe').preview!.statement).toContain('Le chat fait miaou');
    expect(item('Ajouter n ans').preview!.tests[0]!.test_code).toMatch(/^print\(vieillir_(ans|annees)\(17\)\)$/);
  });

  it('gives each student a variant without any placeholder, graded against its own values', async () => {
    for (const q of questions.values()) {
      const seen = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5]) {
        const { question, variant } = await preview(q.id, seed);
        expect(variant?.seed).toBe(seed);
        expect(JSON.stringify(question)).not.toMatch(TWIG);
        seen.add(JSON.stringify(variant!.values));
      }
      if (q.name === 'Animal fixe') expect(seen.size).toBe(1);
      else expect(seen.size, q.name ?? '').toBeGreaterThan(1);
    }
    const fixed = await preview(questions.get('Animal fixe')!.id, 1);
    expect(fixed.question.statement).toContain('Le chat fait miaou');
    expect(fixed.variant!.values).toEqual({ animal: 'chat', sound: 'miaou' });

    const ages = questions.get('Ajouter n ans')!;
    for (const seed of [1, 2, 3]) {
      const { question, variant } = await preview(ages.id, seed);
      const { n, unite } = variant!.values as { n: number; unite: string };
      expect(n).toBeGreaterThanOrEqual(10);
      expect(n).toBeLessThanOrEqual(34);
      expect(['ans', 'annees']).toContain(unite);
      expect(variant!.values.calcul1).toBe(17 + n);
      expect(question.statement).toContain(`vieillir_${unite}(age)`);
      expect(question.tests).toEqual([{ stdin: '', expected_output: String(17 + n), test_code: `print(vieillir_${unite}(17))` }]);
      expect(await tryAnswer(ages.id, seed, `def vieillir_${unite}(age):\n    return age + ${n}\n`)).toMatchObject({ is_valid: true, score: 1 });
      expect(await tryAnswer(ages.id, seed, `def vieillir_${unite}(age):\n    return age + ${n + 1}\n`)).toMatchObject({ is_valid: false });
    }

    const r = questions.get('Moyenne en R')!;
    const { variant } = await preview(r.id, 2);
    const { f, d } = variant!.values as { f: string; d: number };
    expect(await tryAnswer(r.id, 2, `${f} <- function(v) round(mean(v), ${d})\n`)).toMatchObject({ is_valid: true });

    const py = questions.get('Paramètres en Python')!;
    const made = await preview(py.id, 3);
    expect(made.question.statement).toContain(`Affichez ${made.variant!.values.mot} puis ${made.variant!.values.fois}`);
  }, 120_000);

  it('publishes in an exam: each student answers their own variant, never seeing a placeholder', async () => {
    const ages = questions.get('Ajouter n ans')!;
    const s = await seedStructure(t.ctx);
    const created = await t.app.inject(
      authed(teacher, {
        method: 'POST',
        url: '/api/admin/exams/create',
        payload: {
          title: 'Aléatoire importé',
          academic_year_id: s.yearId,
          specialization_ids: [s.specializationId],
          start_at: new Date(Date.now() - 60_000).toISOString(),
          end_at: new Date(Date.now() + 3600_000).toISOString(),
          duration_minutes: 30,
          questions: [{ question_id: ages.id, points: 2 }],
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const examId = created.json().data.id as number;
    // Publication makes and checks every variant, the reference solution run with each one's values.
    const published = await t.app.inject(authed(teacher, { method: 'PUT', url: `/api/admin/exams/${examId}/update-status/PUBLISHED` }));
    expect(published.statusCode, published.body).toBe(200);
    for (let k = 0; k < 3; k++) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      const token = await loginAs(t.app, u);
      const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
      expect((await call('POST', `/api/student/exams/${examId}/start`)).statusCode).toBe(200);
      const shown = (await call('GET', `/api/student/exams/${examId}/questions`)).json().data.questions[0];
      expect(JSON.stringify(shown)).not.toMatch(TWIG);
      const m = /vieillir_(ans|annees)\(age\)<\/code> qui rend l’âge dans (\d+) /.exec(shown.statement);
      expect(m, shown.statement).not.toBeNull();
      const [, unite, n] = m!;
      const answer = (add: number) => ({ answers: [{ question_id: shown.id, answer: `def vieillir_${unite}(age):\n    return age + ${Number(n) + add}\n`, submission_id: crypto.randomUUID() }] });
      expect((await call('POST', `/api/student/exams/${examId}/solutions`, answer(1))).json().data[0].is_valid).toBe(false);
      expect((await call('POST', `/api/student/exams/${examId}/solutions`, answer(0))).json().data[0].is_valid).toBe(true);
    }
  }, 180_000);

  it('names CodeRunner’s penalty regime in the report, with the exam’s penalty that gives the same marks', () => {
    expect(item('Ajouter n ans').notes).toContain(
      'Pénalités de CodeRunner « 10, 20, ... » non reprises avec la question : ici, la pénalité se règle dans l’examen (« Pénalité pour chaque essai incorrect », ou par question de l’examen) ; ce barème y correspond à 10 %.',
    );
    expect(item('Paramètres en Python').notes.join(' ')).toContain('« 33.3, 66.7, 100 » non reprises');
    expect(item('Paramètres en Python').notes.join(' ')).toContain('ce barème y correspond à 33,3 %.');
    expect(item('Animal fixe').notes.join(' ')).not.toContain('Pénalités');
  });
});
