// What the web app knows of the EXACT kind without drawing it: its answer is a text.
import type { KindFacts } from '../types';

export const exactFacts: KindFacts = {
  color: 'grape',
  emptyAnswer: () => '',
  normalise: (value) => (typeof value === 'string' ? value : null),
  runsExamples: false,
  exchangeFormats: ['moodle', 'gift'],
};
