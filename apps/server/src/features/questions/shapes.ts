// The two other shapes of a stored question: what grading needs (GradableQuestion) and what a student may see
// (StudentQuestion: no correct flag, no accepted answer, no hidden case, no reference solution, no expected
// expression), with QCM choices in a stable per-student shuffled order.
import type { Question, StudentQuestion } from '@exam/shared';
import type { GradableQuestion } from '../grading';

/** The question as the grading service takes it. */
export function toGradable(q: Pick<Question, 'type' | 'language' | 'tolerance' | 'limits' | 'possible_solutions'>): GradableQuestion {
  const ps = q.possible_solutions;
  switch (q.type) {
    case 'QCM':
      return { type: 'QCM', choices: ps.map((p) => ({ id: p.id, is_correct: p.is_correct === 1 })) };
    case 'EXACT':
      return { type: 'EXACT', accepted: ps.map((p) => p.content).filter((c) => c.trim() !== ''), tolerance: q.tolerance };
    case 'ALGORITHM':
      return {
        type: 'ALGORITHM',
        language: q.language ?? 'PYTHON',
        tests: ps.map((p) => ({ id: p.id, stdin: p.stdin, expected_output: p.expected_output, is_hidden: p.is_hidden === 1, weight: p.weight })),
        limits: q.limits,
      };
    case 'MATH':
      return { type: 'MATH', expected: ps[0]?.content ?? '' };
  }
}

/** 32-bit FNV-1a of a string: the seed of the per-student order. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator, enough to shuffle a handful of choices. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The items in an order that depends only on the seed and the question: the same student sees the same order
 *  on every load, two students most often different ones. */
export function seededShuffle<T>(items: readonly T[], seed: number | string, questionId: number): T[] {
  const out = [...items];
  const next = generator(hash(`${seed}:${questionId}`));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What a student sees of a question. `seed`: the student's id (the QCM order is stable per student). */
export function toStudentQuestion(
  q: Pick<Question, 'id' | 'type' | 'statement' | 'language' | 'points' | 'starter_code' | 'limits' | 'possible_solutions'>,
  seed: number | string,
): StudentQuestion {
  const ps = q.possible_solutions;
  const isQcm = q.type === 'QCM';
  const isAlgo = q.type === 'ALGORITHM';
  return {
    id: q.id,
    type: q.type,
    statement: q.statement,
    language: isAlgo ? q.language : null,
    points: q.points,
    starter_code: isAlgo ? q.starter_code : null,
    limits: isAlgo ? q.limits : null,
    multiple: isQcm && ps.filter((p) => p.is_correct === 1).length > 1,
    choices: isQcm ? seededShuffle(ps, seed, q.id).map((p) => ({ id: p.id, content: p.content })) : [],
    tests: isAlgo ? ps.filter((p) => p.is_hidden !== 1).map((p) => ({ stdin: p.stdin, expected_output: p.expected_output })) : [],
  };
}
