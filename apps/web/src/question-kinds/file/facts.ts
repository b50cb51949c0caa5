// What the web app knows of the FILE kind without drawing it: its answer is the list of the files handed in
// ({ files: [ids] }), uploaded during the attempt.
import type { KindFacts } from '../types';

/** The file ids of a stored answer, or null when it is not one. */
export const fileIds = (value: unknown): number[] | null => {
  const files = value && typeof value === 'object' ? (value as { files?: unknown }).files : undefined;
  return Array.isArray(files) && files.every((x) => typeof x === 'number') ? (files as number[]) : null;
};

export const fileFacts: KindFacts = {
  color: 'orange',
  emptyAnswer: () => ({ files: [] }),
  normalise: (value) => {
    const ids = fileIds(value);
    return ids === null ? null : { files: ids };
  },
  runsExamples: false,
  exchangeFormats: ['moodle'],
  humanGraded: true,
};
