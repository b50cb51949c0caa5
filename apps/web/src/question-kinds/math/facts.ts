// What the web app knows of the MATH kind without drawing it: its answer is the LaTeX of an expression.
import type { KindFacts } from '../types';

export const mathFacts: KindFacts = {
  color: 'teal',
  emptyAnswer: () => '',
  normalise: (value) => (typeof value === 'string' ? value : null),
  runsExamples: false,
  exchangeFormats: [],
};
