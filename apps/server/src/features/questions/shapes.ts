// The two other shapes of a stored question, each made by its kind's module (../question-kinds): what grading needs
// (GradableQuestion) and what a student may see (StudentQuestion: no correct flag, no accepted answer, no hidden
// case, no reference solution, no expected expression), with choices in a stable per-student shuffled order.
import type { Question, StudentQuestion } from '@exam/shared';
import type { GradableQuestion } from '../grading';
import { serverKind } from '../question-kinds';

/** The question as the grading service takes it (its kind's `toGradable`). */
export function toGradable(q: Pick<Question, 'type' | 'language' | 'tolerance' | 'limits' | 'possible_solutions'> & { scoring?: Question['scoring']; essay?: Question['essay']; file_answer?: Question['file_answer'] }): GradableQuestion {
  return serverKind(q.type).toGradable(q);
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

/** What a student sees of a question (its kind's `student`). `seed`: the student's id (the QCM order is stable per student). */
export function toStudentQuestion(
  q: Pick<Question, 'id' | 'type' | 'statement' | 'language' | 'points' | 'starter_code' | 'limits' | 'possible_solutions'> & { essay?: Question['essay']; file_answer?: Question['file_answer'] },
  seed: number | string,
): StudentQuestion {
  return {
    id: q.id,
    type: q.type,
    statement: q.statement,
    points: q.points,
    ...serverKind(q.type).student(q, seed, (items) => seededShuffle(items, seed, q.id)),
  };
}
