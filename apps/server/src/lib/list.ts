// Shared bits of every list: the `sort` parameter ("field" or "-field") checked against allowed columns,
// LIKE patterns with their wildcards escaped, folded search text, and one page of a query with the total.
import { sql, type SelectQueryBuilder } from 'kysely';
import { unprocessable } from './errors';

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
    throw unprocessable({ sort: [`Le tri « ${key} » n’est pas disponible ; choisissez parmi : ${names}.`] }, `Le tri « ${key} » n’est pas disponible.`);
  }
  return [allowed[key], desc ? 'desc' : 'asc'];
}

/** `%text%` for LIKE / ILIKE, with %, _ and \ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Search text folded as the search columns store it: lower case, no accents, straight apostrophes. */
export function foldSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'o')
    .replace(/æ/gi, 'a')
    .replace(/[’‘`]/g, "'")
    .toLowerCase();
}

/** The words of a search (at most five), folded: each must match for a row to match. */
export function searchTerms(search: string | undefined): string[] {
  return search ? foldSearch(search).split(/\s+/).filter(Boolean).slice(0, 5) : [];
}

export interface PageOf<T> {
  rows: T[];
  total: number;
}

/**
 * One page of `query` (filtered, selected and ordered by the caller; add a unique last order key such as
 * the id so pages never overlap) and the number of matching rows. A short page is the last one, so its
 * total follows without counting; otherwise the same filters are counted (select and order removed).
 * Not for grouped queries.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  pageNo: number,
  perPage: number,
): Promise<PageOf<O>> {
  const offset = (pageNo - 1) * perPage;
  const rows = await query.limit(perPage).offset(offset).execute();
  if (rows.length < perPage && (rows.length > 0 || pageNo === 1)) return { rows, total: offset + rows.length };
  const count = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return { rows, total: Number((count as { n?: number } | undefined)?.n ?? 0) };
}
