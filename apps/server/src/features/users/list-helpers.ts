// Shared bits of every list: the `sort` parameter ("field" or "-field") checked against allowed columns,
// and LIKE patterns with their wildcards escaped.
import { unprocessable } from '../../lib/errors';

export function orderFrom<K extends string, C extends string>(
  sort: string | undefined,
  allowed: Record<K, C>,
  fallback: [C, 'asc' | 'desc'],
): [C, 'asc' | 'desc'] {
  if (!sort) return fallback;
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as K;
  if (!Object.prototype.hasOwnProperty.call(allowed, key)) {
    const names = Object.keys(allowed).join(', ');
    throw unprocessable({ sort: [`Le tri « ${key} » n'est pas disponible ; choisissez parmi : ${names}.`] }, `Le tri « ${key} » n'est pas disponible.`);
  }
  return [allowed[key], desc ? 'desc' : 'asc'];
}

/** `%text%` for ILIKE, with %, _ and \ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The search text as users.search_text stores it: lower case, no accents, straight apostrophes. */
export function foldSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'o')
    .replace(/æ/gi, 'a')
    .replace(/[’‘`]/g, "'")
    .toLowerCase();
}
