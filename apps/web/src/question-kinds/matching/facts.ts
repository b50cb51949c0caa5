// What the web app knows of the MATCHING kind without drawing it: its answer is, for each item answered, the answer
// chosen in the list ({ item_id, answer }[]).
import type { KindFacts } from '../types';

export interface MatchingPairAnswer {
  item_id: number;
  answer: string;
}

/** The pairs of a stored answer that have the expected shape (others are dropped). */
export const matchingPairs = (value: unknown): MatchingPairAnswer[] =>
  Array.isArray(value)
    ? value.filter((v): v is MatchingPairAnswer => !!v && typeof v === 'object' && Number.isInteger((v as MatchingPairAnswer).item_id) && typeof (v as MatchingPairAnswer).answer === 'string')
    : [];

/** The two answers of a true/false grid. */
export const GRID_TRUE = 'Vrai';
export const GRID_FALSE = 'Faux';

/** A matching whose answer list is exactly « Vrai » and « Faux » is a grid of statements, each true or false. */
export const isTrueFalseGrid = (options: readonly string[]) =>
  options.length === 2 && options.includes(GRID_TRUE) && options.includes(GRID_FALSE);

export const matchingFacts: KindFacts = {
  color: 'cyan',
  emptyAnswer: () => [],
  normalise: (value) => (Array.isArray(value) ? matchingPairs(value) : null),
  runsExamples: false,
  exchangeFormats: ['moodle', 'gift'],
};
