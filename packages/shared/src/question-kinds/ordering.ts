// ORDERING (remise en ordre): items the teacher writes in the right order, that a student gets shuffled and puts back
// in order. Stored as possible solutions, one row per item in the right order (`content` = the item); each row's
// `expected_output` holds the item's key, a random number the server draws once (never its rank): the student sees
// the items by these keys, so neither the keys nor the row ids (which follow the order the rows were created in)
// tell the order. The student sends the keys in the order chosen. The teacher sets the scoring: ALL_OR_NOTHING, or
// PARTIAL by the longest ordered subsequence (« plus longue suite bien ordonnée », Moodle's « longest ordered
// subset »): the most items of the answer, not necessarily side by side, whose order is the right one, out of all the
// items; a run of a single item counts nothing (two items swapped earn 0).
import { z } from 'zod';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const ORDERING_MIN_ITEMS = 2;
export const ORDERING_MAX_ITEMS = 20;

export const ORDERING_SCORINGS = ['PARTIAL', 'ALL_OR_NOTHING'] as const;
export type OrderingScoring = (typeof ORDERING_SCORINGS)[number];
export const ORDERING_SCORING_LABELS: Record<OrderingScoring, string> = {
  PARTIAL: 'Crédit partiel : la plus longue suite d’éléments dans le bon ordre rapporte sa part des points',
  ALL_OR_NOTHING: 'Tout ou rien : les points seulement si tous les éléments sont à leur place',
};

/** The answer: the items' keys (as the student shape gives them), in the order the student chose. */
export const orderingAnswerSchema = z
  .array(z.number({ error: 'Un élément doit être un identifiant.' }).int(), { error: 'La réponse doit être une liste d’éléments dans l’ordre choisi.' })
  .max(ORDERING_MAX_ITEMS, { error: 'Trop d’éléments.' });
export type OrderingAnswer = z.infer<typeof orderingAnswerSchema>;

/** A stored key: a positive integer written in `expected_output`. */
const KEY = /^[1-9]\d{0,9}$/;
export const isOrderingKey = (s: string | undefined) => s !== undefined && KEY.test(s.trim()) && Number(s) <= 2_147_483_647;

/**
 * The key of each row, in the rows' order: their stored keys when every row has one and no two are the same (the
 * case of every question saved by the server), else their ids (a question read from an older copy): the student
 * shape, the grading and the views all call this, so they always agree.
 */
export function orderingKeys(rows: ReadonlyArray<{ id: number; expected_output?: string }>): number[] {
  const keys = rows.map((r) => (isOrderingKey(r.expected_output) ? Number(r.expected_output!.trim()) : null));
  const distinct = new Set(keys);
  return keys.every((k) => k !== null) && distinct.size === keys.length ? (keys as number[]) : rows.map((r) => r.id);
}

/** Length of the longest strictly increasing subsequence of `ranks` (patience sorting). */
export function longestOrderedRun(ranks: readonly number[]): number {
  const tails: number[] = [];
  for (const r of ranks) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = r;
  }
  return tails.length;
}

/**
 * The grade of an answer (keys known to belong to the question, each once) against the keys in the right order:
 * `in_order` the items of the longest ordered subsequence (0 when it is a single item), `valid` every item at its
 * place, `score` 0..1 as the scoring says.
 */
export function orderingGrade(right: readonly number[], answer: readonly number[], scoring: OrderingScoring) {
  const rank = new Map(right.map((k, i) => [k, i]));
  const run = longestOrderedRun(answer.flatMap((k) => (rank.has(k) ? [rank.get(k)!] : [])));
  const in_order = run >= 2 ? run : 0;
  const valid = right.length > 0 && answer.length === right.length && answer.every((k, i) => k === right[i]);
  const score = scoring === 'ALL_OR_NOTHING' ? (valid ? 1 : 0) : right.length > 0 ? in_order / right.length : 0;
  return { valid, in_order, score };
}

const orderingDetailsSchema = z.object({
  type: z.literal('ORDERING'),
  /** Items of the longest run in the right order (not necessarily side by side), out of all the items. */
  in_order: z.number().int(),
  total: z.number().int(),
});

export const orderingKind = {
  kind: 'ORDERING',
  rules: (q) => {
    const issues: KindIssue[] = [];
    const ps = q.possible_solutions;
    if (ps.length < ORDERING_MIN_ITEMS || ps.length > ORDERING_MAX_ITEMS) {
      issues.push({ path: ['possible_solutions'], message: `Une remise en ordre doit avoir entre ${ORDERING_MIN_ITEMS} et ${ORDERING_MAX_ITEMS} éléments.` });
    }
    const seen = new Set<string>();
    ps.forEach((p, i) => {
      const item = p.content.trim();
      if (item === '') {
        issues.push({ path: ['possible_solutions', i, 'content'], message: `L’élément ${i + 1} est vide.` });
        return;
      }
      const key = item.toLowerCase();
      if (seen.has(key)) issues.push({ path: ['possible_solutions', i, 'content'], message: `L’élément ${i + 1} est écrit deux fois.` });
      seen.add(key);
    });
    if (q.scoring != null && !(ORDERING_SCORINGS as readonly string[]).includes(q.scoring)) {
      issues.push({ path: ['scoring'], message: 'Choisissez le crédit partiel ou le tout ou rien.' });
    }
    return issues;
  },
  answer: orderingAnswerSchema,
  details: orderingDetailsSchema,
  answerText: (answer, q, plain) => {
    const parsed = orderingAnswerSchema.safeParse(answer);
    if (!parsed.success) return rawAnswerText(answer);
    if (parsed.data.length === 0) return '(aucun ordre donné)';
    const rows = q?.possible_solutions ?? [];
    const keys = orderingKeys(rows);
    const items = new Map(keys.map((k, i) => [k, plain(rows[i]!.content)]));
    return parsed.data.map((k, i) => `${i + 1}. ${items.get(k) ?? 'élément retiré de la question'}`).join('\n');
  },
  detailsText: (d: z.infer<typeof orderingDetailsSchema>) => `Éléments dans le bon ordre : ${d.in_order} sur ${d.total}.`,
} satisfies SharedQuestionKind<'ORDERING'>;
