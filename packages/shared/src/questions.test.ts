// The question rules as field errors in French: each type's requirements and the run limits' bounds.
import { describe, expect, it } from 'vitest';
import { possibleSolutionInputSchema, questionInputSchema, questionListQuerySchema, studentQuestionSchema, QUESTION_LIMIT_BOUNDS } from './questions';
import './zod-fr';

const errorsOf = (body: unknown) => {
  const r = questionInputSchema.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.') || '_'] ??= []).push(i.message);
  return out;
};
const qcm = (choices: { content: string; is_correct?: number }[]) => ({ type: 'QCM', statement: '<p>Q ?</p>', points: 1, possible_solutions: choices });

describe('questionInputSchema', () => {
  it('accepts a valid question of each type', () => {
    expect(errorsOf(qcm([{ content: 'a', is_correct: 1 }, { content: 'b' }]))).toEqual({});
    expect(errorsOf({ type: 'EXACT', statement: 'x', possible_solutions: [{ content: '3,14' }], tolerance: { kind: 'absolute', value: 0.01 } })).toEqual({});
    expect(errorsOf({ type: 'ALGORITHM', statement: 'x', language: 'R', limits: { cpu_seconds: 2, memory_mb: 128 }, possible_solutions: [{ stdin: '1', expected_output: '2' }] })).toEqual({});
    expect(errorsOf({ type: 'MATH', statement: 'x', possible_solutions: [{ content: '\\frac{1}{2}' }] })).toEqual({});
  });

  it('bounds every id to a PostgreSQL integer with the French message of the shared id field', () => {
    const tooBig = '2147483648';
    const bound = 'un nombre entier entre 1 et 2147483647 est attendu.';
    const e = errorsOf({ ...qcm([]), possible_solutions: [{ content: 'a', is_correct: 1 }, { id: 3_000_000_000, content: 'b' }], course_id: tooBig, chapter_id: 0 });
    expect(e.course_id).toEqual([`Le cours est invalide : ${bound}`]);
    expect(e.chapter_id).toEqual([`Le chapitre est invalide : ${bound}`]);
    expect(e['possible_solutions.1.id']).toEqual([`La solution est invalide : ${bound}`]);
    expect(errorsOf({ ...qcm([{ content: 'a', is_correct: 1 }, { content: 'b' }]), course_id: '12', chapter_id: null })).toEqual({});
    expect(questionListQuerySchema.safeParse({ course_id: tooBig }).error?.issues[0].message).toBe(`Le cours est invalide : ${bound}`);
    expect(questionListQuerySchema.parse({ course_id: '' }).course_id).toBeUndefined();
    const sol = possibleSolutionInputSchema.safeParse({ question_id: 2147483648, content: 'x' });
    expect(sol.error?.issues.find((i) => i.path[0] === 'question_id')?.message).toBe(`La question est invalide : ${bound}`);
  });

  it('refuses a QCM without correct choice, with fewer than 2 or more than 10 choices', () => {
    expect(errorsOf(qcm([{ content: 'a' }, { content: 'b' }])).possible_solutions).toEqual(['Un QCM doit avoir au moins un choix correct.']);
    expect(errorsOf(qcm([{ content: 'a', is_correct: 1 }])).possible_solutions).toEqual(['Un QCM doit avoir entre 2 et 10 choix.']);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ content: `c${i}`, is_correct: 1 }));
    expect(errorsOf(qcm(eleven)).possible_solutions).toEqual(['Un QCM doit avoir entre 2 et 10 choix.']);
    expect(errorsOf(qcm([{ content: 'a', is_correct: 1 }, { content: ' ' }]))['possible_solutions.1.content']).toEqual(['Le choix 2 est vide.']);
  });

  it('refuses an EXACT without accepted answer, an ALGORITHM without case or language, a MATH without expression', () => {
    expect(errorsOf({ type: 'EXACT', statement: 'x', possible_solutions: [] }).possible_solutions).toEqual(['Indiquez au moins une réponse acceptée.']);
    const algo = errorsOf({ type: 'ALGORITHM', statement: 'x', possible_solutions: [] });
    expect(algo.language).toEqual(['Choisissez le langage (Python ou R) de la question.']);
    expect(algo.possible_solutions).toEqual(['Une question algorithmique doit avoir au moins un cas de test.']);
    expect(errorsOf({ type: 'MATH', statement: 'x', possible_solutions: [{ content: '' }] }).possible_solutions).toEqual(["Indiquez l’expression attendue (une seule)."]);
  });

  it('keeps limits within the runner bounds and requires a statement', () => {
    const base = { type: 'ALGORITHM', statement: 'x', language: 'PYTHON', possible_solutions: [{ expected_output: '1' }] };
    expect(errorsOf({ ...base, limits: { cpu_seconds: QUESTION_LIMIT_BOUNDS.cpu_seconds.max + 1, memory_mb: 128 } })['limits.cpu_seconds']).toEqual(['Le temps CPU doit être compris entre 1 et 20 secondes.']);
    expect(errorsOf({ ...base, limits: { cpu_seconds: 1, memory_mb: 4096 } })['limits.memory_mb']).toEqual(['La mémoire doit être comprise entre 64 et 1024 Mio.']);
    expect(errorsOf({ ...base, statement: '<p> </p>' }).statement).toEqual(["L’énoncé est obligatoire."]);
    expect(errorsOf({ ...base, type: 'DESSIN' }).type).toEqual(['Le type doit être QCM, EXACT, ALGORITHM, MATH, MATCHING, ESSAY, ORDERING, CLOZE ou FILE.']);
  });

  it('refuses a written or file answer as a practice exercise: nobody would grade it', () => {
    expect(errorsOf({ type: 'ESSAY', statement: 'x', is_practice: 1, course_id: 1 }).is_practice).toEqual([
      'Une réponse rédigée est corrigée par une personne : elle ne peut pas être un exercice d’entraînement (décochez l’entraînement).',
    ]);
    expect(errorsOf({ type: 'ESSAY', statement: 'x' })).toEqual({});
    expect(errorsOf({ type: 'FILE', statement: 'x', is_practice: 1, course_id: 1 }).is_practice).toEqual([
      'Une réponse par fichier est corrigée par une personne : elle ne peut pas être un exercice d’entraînement (décochez l’entraînement).',
    ]);
  });

  it('drops repeated tags', () => {
    const r = questionInputSchema.parse({ ...qcm([{ content: 'a', is_correct: 1 }, { content: 'b' }]), tags: ['Boucles', 'boucles', ' listes '] });
    expect(r.tags).toEqual(['Boucles', 'listes']);
  });
});

describe('studentQuestionSchema', () => {
  it('strips every staff-only key', () => {
    const out = studentQuestionSchema.parse({
      id: 1, type: 'QCM', statement: 's', language: null, points: 1, starter_code: null, limits: null, multiple: false,
      choices: [{ id: 1, content: 'a', is_correct: 1 }], tests: [], reference_solution: 'x', possible_solutions: [],
      items: [{ id: 2, content: 'France', expected_output: 'Paris' }], options: ['Paris'], pairs: [{ item_id: 2, answer: 'Paris' }],
    });
    expect(JSON.stringify(out)).not.toMatch(/is_correct|reference_solution|possible_solutions|expected_output|pairs/);
  });
});
