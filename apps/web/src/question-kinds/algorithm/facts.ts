// What the web app knows of the ALGORITHM kind without drawing it: its answer is a program, from the starter code.
import type { KindFacts } from '../types';

export const algorithmFacts: KindFacts = {
  color: 'orange',
  emptyAnswer: (q) => q.starter_code ?? '',
  normalise: (value) => (typeof value === 'string' ? value : null),
  runsExamples: true,
  exchangeFormats: ['moodle'],
};
