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

export const matchingFacts: KindFacts = {
  color: 'cyan',
  emptyAnswer: () => [],
  normalise: (value) => (Array.isArray(value) ? matchingPairs(value) : null),
  runsExamples: false,
  exchangeFormats: ['moodle', 'gift'],
};
