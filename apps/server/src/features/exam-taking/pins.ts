// The questions an attempt was given, as they were given: each drawn question is pinned to a question version and,
// when parameterised, to a variant seed. Every grading and display of an attempt reads its questions from here.
import type { Db } from '../../db/schema';
import { findQuestionsByIds } from '../questions';

type QuestionRow = Awaited<ReturnType<typeof findQuestionsByIds>>[number];

export interface Pin {
  question_id: number;
  question_version_id: number | null;
  variant_seed: number | null;
}

export const pinKey = (p: Pin) => `${p.question_id}:${p.question_version_id ?? ''}:${p.variant_seed ?? ''}`;

/** The question of each distinct pin, by `pinKey`. */
export async function pinnedQuestions(db: Db, pins: readonly Pin[]): Promise<Map<string, QuestionRow>> {
  const rows = new Map((await findQuestionsByIds(db, [...new Set(pins.map((p) => p.question_id))])).map((q) => [q.id, q]));
  const out = new Map<string, QuestionRow>();
  for (const p of pins) {
    const q = rows.get(p.question_id);
    if (q) out.set(pinKey(p), q);
  }
  return out;
}

/** The questions of one attempt's draw, by question id (a question appears once in a draw). */
export async function questionsOfDraw(db: Db, draw: readonly Pin[]): Promise<Map<number, QuestionRow>> {
  const pinned = await pinnedQuestions(db, draw);
  const out = new Map<number, QuestionRow>();
  for (const d of draw) {
    const q = pinned.get(pinKey(d));
    if (q) out.set(d.question_id, q);
  }
  return out;
}
