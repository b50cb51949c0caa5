// EXACT answers: the student's text against the accepted answers, forgiving what a person would not call a
// difference (case, accents, spaces, typographic apostrophes) and reading numbers the French way.

export type Tolerance = { kind: 'absolute' | 'relative'; value: number } | null;

/** Lower case, no accents (NFD then combining marks removed), one space between words, none around. `keepCase`: the
 *  same without lowering case (a CLOZE short answer that respects case). */
export function normalizeText(text: string, keepCase = false): string {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘ʼ`´]/g, "'")
    .replace(/œ/gi, (m) => (m === 'Œ' ? 'OE' : 'oe'))
    .replace(/æ/gi, (m) => (m === 'Æ' ? 'AE' : 'ae'));
  return (keepCase ? folded : folded.toLowerCase()).replace(/\s+/gu, ' ').trim();
}

// Spaces that may separate thousands: ordinary, no-break, narrow no-break, thin.
const GROUP_SPACE = '[ \\u00A0\\u202F\\u2009]';
const SIGN = '([+\\-\\u2212]?)';
const EXPONENT = '(?:[eE]([+\\-\\u2212]?\\d+))?';
/** 1234, 1234.5, 1234,5, .5, ,5, 5. — one decimal separator, no grouping. */
const PLAIN = new RegExp(`^${SIGN}(\\d*)(?:[.,](\\d*))?${EXPONENT}$`);
/** 1 000, 12 345 678,25: groups of exactly three digits after a first group of one to three. */
const GROUPED = new RegExp(`^${SIGN}(\\d{1,3}(?:${GROUP_SPACE}\\d{3})+)(?:[.,](\\d*))?${EXPONENT}$`);

/**
 * The number a person means by `text`, or null when it is not plainly a number. A comma is a decimal separator
 * (`3,14` = 3.14); spaces may group thousands when every group has three digits (`1 000,5`). Ambiguous writings
 * such as `1,000.5` or `1.000,5` are not read as numbers.
 */
export function parseNumber(text: string): number | null {
  const s = text.trim();
  const m = PLAIN.exec(s) ?? GROUPED.exec(s);
  if (!m) return null;
  const [, sign, intPart, fracPart = '', exp] = m;
  const digits = intPart.replace(new RegExp(GROUP_SPACE, 'g'), '');
  if (digits === '' && fracPart === '') return null;
  const literal = `${sign === '-' || sign === '\u2212' ? '-' : ''}${digits || '0'}.${fracPart || '0'}${exp ? `e${exp.replace('\u2212', '-')}` : ''}`;
  const n = Number(literal);
  return Number.isFinite(n) ? n : null;
}

/** Whether `answer` is within `tolerance` of `expected` (exact when none), allowing for binary rounding. */
export function numbersMatch(answer: number, expected: number, tolerance: Tolerance): boolean {
  const diff = Math.abs(answer - expected);
  // 3.15 - 3.14 is 0.0100000000000002 in binary: a few ulps of slack so that the stated bound is inclusive.
  const slack = 4 * Number.EPSILON * Math.max(1, Math.abs(answer), Math.abs(expected));
  if (!tolerance || !(tolerance.value > 0)) return diff <= slack;
  const bound = tolerance.kind === 'absolute' ? tolerance.value : tolerance.value * Math.abs(expected);
  return diff <= bound + slack;
}

/** Matching used by EXACT: case, accents, surrounding/repeated spaces ignored; numbers with tolerance; 3,14 = 3.14.
 *  `caseSensitive`: the case counts (CLOZE short answers that say so); the rest is forgiven the same way. */
export function matchesExact(answer: string, accepted: string[], tolerance: Tolerance, caseSensitive = false): boolean {
  const text = normalizeText(answer, caseSensitive);
  if (text === '') return false;
  const asNumber = parseNumber(answer);
  for (const candidate of accepted) {
    const expected = parseNumber(candidate);
    if (expected !== null && asNumber !== null) {
      if (numbersMatch(asNumber, expected, tolerance)) return true;
      continue;
    }
    if (normalizeText(candidate, caseSensitive) === text) return true;
  }
  return false;
}
