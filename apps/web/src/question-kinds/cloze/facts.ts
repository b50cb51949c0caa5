// What the web app knows of the CLOZE kind without drawing it: its answer is one text a gap, in the gaps' order
// (an empty text: a gap left blank; no gap filled: the empty list).
import type { KindFacts } from '../types';

/** The texts of a stored answer, when it has the expected shape (else none). */
export const clozeAnswers = (value: unknown): string[] => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : []);

/** The answer as sent: trailing blank gaps left out, the empty list when nothing is filled. */
export function clozeAnswerOf(texts: string[]): string[] {
  const out = [...texts];
  while (out.length && out[out.length - 1]!.trim() === '') out.pop();
  return out;
}

export const clozeFacts: KindFacts = {
  color: 'lime',
  emptyAnswer: () => [],
  normalise: (value) => (Array.isArray(value) ? clozeAnswers(value) : null),
  runsExamples: false,
  exchangeFormats: ['moodle'],
  // The input draws the text with its gaps in place.
  showsStatement: true,
};
