// What the web app knows of the QCM kind without drawing it: its answer is the ids of the ticked choices.
import type { KindFacts } from '../types';

export const qcmFacts: KindFacts = {
  color: 'blue',
  emptyAnswer: () => [],
  normalise: (value) => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v)) : null),
  runsExamples: false,
  exchangeFormats: ['moodle', 'gift'],
};
