// PostgreSQL's text and jsonb hold neither U+0000 nor a lone UTF-16 surrogate, yet a program may print a NUL byte
// and a text may carry half a surrogate pair. Such a code point is written as its visible escape (`\u0000`,
// `\ud800`): what a program printed is stored and shown as text, never refused by the database.
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(text: string): string {
  return text.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON of a value, every string in it made storable (grading details and run data). */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? storableText(v) : v));
}
