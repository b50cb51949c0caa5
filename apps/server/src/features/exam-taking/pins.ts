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

/**
 * A question at a pinned version never changes (versions and variants are written once, never updated), and exam
 * taking reads only what a version sets (statement, choices, tests, limits): each process keeps the last ones it
 * read, so that the drafts and answers of an exam room do not read the same questions again at every call.
 */
const PINNED_KEPT = 5000;
const pinnedKept = new Map<string, QuestionRow>();

function keep(key: string, q: QuestionRow): void {
  pinnedKept.delete(key);
  pinnedKept.set(key, q);
  if (pinnedKept.size > PINNED_KEPT) pinnedKept.delete(pinnedKept.keys().next().value!);
}

/** The questions of one attempt's draw, by question id (a question appears once in a draw). */
export async function questionsOfDraw(db: Db, draw: readonly Pin[]): Promise<Map<number, QuestionRow>> {
  const out = new Map<number, QuestionRow>();
  const missing: Pin[] = [];
  for (const d of draw) {
    const kept = d.question_version_id === null ? undefined : pinnedKept.get(pinKey(d));
    if (kept) out.set(d.question_id, kept);
    else missing.push(d);
  }
  if (missing.length === 0) return out;
  const pinned = await pinnedQuestions(db, missing);
  for (const d of missing) {
    const q = pinned.get(pinKey(d));
    if (!q) continue;
    out.set(d.question_id, q);
    if (d.question_version_id !== null) keep(pinKey(d), q);
  }
  // In the draw's order, as before.
  return new Map(draw.flatMap((d) => (out.has(d.question_id) ? [[d.question_id, out.get(d.question_id)!] as const] : [])));
}
