// Every page of a list, for select options that must offer every row (not only the first 100).
import type { PageResult } from '@/lib/api-client';

/** Page 1, then the other pages in parallel; the rows of every page in order. */
export async function fetchAllPages<T>(fetchPage: (page: number) => Promise<PageResult<T>>): Promise<T[]> {
  const first = await fetchPage(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => fetchPage(i + 2)));
  return [...first.data, ...rest.flatMap((r) => r.data)];
}
