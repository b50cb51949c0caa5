// What the web app knows of the ORDERING kind without drawing it: its answer is the items' keys in the order chosen
// (number[]); an empty list until the student moves an item or keeps the order shown.
import type { KindFacts } from '../types';

/** The keys of a stored answer, when it has the expected shape (else null). */
export const orderingKeysOf = (value: unknown): number[] | null => (Array.isArray(value) && value.every((v) => Number.isInteger(v)) ? (value as number[]) : null);

/** The order to show: the answer's known keys in its order, then the items it leaves out, as shown. */
export function shownOrder(value: unknown, items: ReadonlyArray<{ id: number }>): number[] {
  const known = new Set(items.map((i) => i.id));
  const mine = [...new Set(orderingKeysOf(value) ?? [])].filter((k) => known.has(k));
  const placed = new Set(mine);
  return [...mine, ...items.map((i) => i.id).filter((k) => !placed.has(k))];
}

export const orderingFacts: KindFacts = {
  color: 'indigo',
  emptyAnswer: () => [],
  normalise: (value) => orderingKeysOf(value),
  runsExamples: false,
  exchangeFormats: ['moodle'],
};
