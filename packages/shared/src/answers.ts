// Rules about an answer's value shared by the exam page and the server. No schema here: the web app's first
// pages import it without the weight of the validation library.

/** An answer with nothing in it (no choice ticked, only spaces): never graded, never counted as a try. */
export function isBlankAnswer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value !== 'string' || value.trim() === '';
}
