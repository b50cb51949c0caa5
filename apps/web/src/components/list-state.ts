// Paging, sort, search and filters of a list screen, kept in the address and sent as the API's list query.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';

/** Page sizes offered under every list (the API serves at most 100 rows a page). */
export const PER_PAGE_OPTIONS = [10, 20, 50, 100];

export interface ListState<F extends Record<string, string | null>> {
  page: number;
  perPage: number;
  /** What the search box shows (the query uses it once typing pauses). */
  search: string;
  sort: DataTableSortStatus<Record<string, unknown>>;
  filters: F;
}

/**
 * Paging, sort, search and filters, kept in the address (?page=2&search=…&sort=-last_name&mention_id=3) so that
 * coming back from an edit screen, reloading or sharing the link shows the same page. Any change other than
 * the page goes back to page 1.
 */
export function useListState<F extends Record<string, string | null>>(defaultSort: string, initialFilters: F, defaultDirection: 'asc' | 'desc' = 'asc') {
  const [params, setParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState(() => params.get('search') ?? '');
  const [search] = useDebouncedValue(searchInput.trim(), 300);

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The typed search reaches the address (and the query) once typing pauses; a search changed in the address
  // from outside (menu link, back button) goes into the box instead.
  const urlSearch = params.get('search') ?? '';
  const written = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch !== written.current) {
      written.current = urlSearch;
      setSearchInput(urlSearch);
    }
  }, [urlSearch]);
  useEffect(() => {
    if (search !== written.current) {
      written.current = search;
      update({ search: search || null, page: null });
    }
  }, [search, update]);

  const perPageParam = Number(params.get('per_page'));
  const perPage = PER_PAGE_OPTIONS.includes(perPageParam) ? perPageParam : 10;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const sortParam = params.get('sort') || `${defaultDirection === 'desc' ? '-' : ''}${defaultSort}`;
  const sort: DataTableSortStatus<Record<string, unknown>> = {
    columnAccessor: sortParam.replace(/^-/, ''),
    direction: sortParam.startsWith('-') ? 'desc' : 'asc',
  };
  const filters = Object.fromEntries(Object.keys(initialFilters).map((k) => [k, params.get(k)])) as F;
  const appliedSearch = params.get('search') ?? '';

  const state: ListState<F> = { page, perPage, search: searchInput, sort, filters };
  const query = {
    page,
    per_page: perPage,
    search: appliedSearch || undefined,
    sort: sortParam,
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== null && v !== '')),
  };
  const filtered = Boolean(appliedSearch) || Object.values(filters).some((v) => v !== null && v !== '');
  return {
    state,
    query,
    filtered,
    setPage: (p: number) => update({ page: p }),
    setPerPage: (n: number) => update({ per_page: n === 10 ? null : n, page: null }),
    setSearch: setSearchInput,
    setSort: (s: DataTableSortStatus<Record<string, unknown>>) => update({ sort: `${s.direction === 'desc' ? '-' : ''}${String(s.columnAccessor)}`, page: null }),
    setFilter: (key: keyof F, value: string | null) => update({ [key as string]: value, page: null }),
  };
}

export type ListControls = ReturnType<typeof useListState<Record<string, string | null>>>;

