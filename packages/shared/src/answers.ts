// Rules about an answer's value shared by the exam page and the server. No schema here: the web app's first
// pages import it without the weight of the validation library.

/** An answer with nothing in it (no choice ticked, only spaces): never graded, never counted as a try. */
export function isBlankAnswer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  // A written answer ({ text }, an essay): blank when its text is.
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text.trim() === '';
  // A file answer ({ files }): blank without a file.
  if (value && typeof value === 'object' && Array.isArray((value as { files?: unknown }).files)) return (value as { files: unknown[] }).files.length === 0;
  return typeof value !== 'string' || value.trim() === '';
}

/** A grade still waiting for a person (an essay not yet marked): no verdict yet, its points not counted as 0. */
export const isPendingDetails = (d: unknown): boolean => !!d && typeof d === 'object' && (d as { pending?: unknown }).pending === true;
