// What the web app knows of the ESSAY kind without drawing it: its answer is a written text ({ text }), starting from
// the teacher's response template when there is one.
import type { KindFacts } from '../types';

/** The text of a stored answer ({ text }, or an old plain string), or null when it is not one. */
export const essayText = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  return null;
};

export const essayFacts: KindFacts = {
  color: 'pink',
  emptyAnswer: (q) => ({ text: q.essay?.response_template ?? '' }),
  normalise: (value) => {
    const text = essayText(value);
    return text === null ? null : { text };
  },
  runsExamples: false,
  exchangeFormats: ['moodle', 'gift'],
  humanGraded: true,
};
