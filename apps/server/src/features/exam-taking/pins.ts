// The questions an attempt was given, as they were given: each drawn question is pinned to a question version and,
// when parameterised, to a variant seed. Every grading and display of an attempt reads its questions from here.
import type { Db } from '../../db/schema';
import { questionsAt, type QuestionRow } from '../questions';

export interface Pin {
  question_id: number;
  question_version_id: number | null;
  variant_seed: number | null;
}

export const pinKey = (p: Pin) => `${p.question_id}:${p.question_version_id ?? ''}:${p.variant_seed ?? ''}`;

/** The question of each distinct pin, by `pinKey`: as it was at its version, its variant's values filled in. */
export async function pinnedQuestions(db: Db, pins: readonly Pin[]): Promise<Map<string, QuestionRow>> {
  // questionsAt answers one row per question: pins of one question (several variants across attempts) go in rounds.
  const rounds: Pin[][] = [];
  const seen = new Set<string>();
  for (const p of pins) {
    const key = pinKey(p);
    if (seen.has(key)) continue;
    seen.add(key);
    const round = rounds.find((r) => !r.some((x) => x.question_id === p.question_id));
    if (round) round.push(p);
    else rounds.push([p]);
  }
  const out = new Map<string, QuestionRow>();
  for (const round of rounds) {
    const rows = await questionsAt(
      db,
      round.map((p) => ({ question_id: p.question_id, version_id: p.question_version_id, seed: p.variant_seed })),
    );
    for (const p of round) {
      const q = rows.get(p.question_id);
      if (q) out.set(pinKey(p), q);
    }
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
