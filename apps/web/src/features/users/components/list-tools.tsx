// Building blocks of the configuration and people lists: paging/sort/search state sent as the API's list
// query, the data table with French labels, loading skeleton and empty states, and the search box.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CloseButton, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.layer.css';
import { EmptyState } from '@/components/empty-state';
import { TableSkeleton } from '@/components/loading-skeleton';
import type { PageResult } from '@/lib/api-client';
import { peopleTexts } from '../texts';

const t = peopleTexts.list;
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

export function SearchBox({ value, onChange, label, placeholder }: { value: string; onChange: (v: string) => void; label: string; placeholder?: string }) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder ?? label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={value ? <CloseButton aria-label={t.clearSearch} onClick={() => onChange('')} size="sm" /> : null}
      style={{ flex: '1 1 220px', minWidth: 0 }}
    />
  );
}

export interface ListTableProps<T> {
  list: { state: ListState<Record<string, string | null>>; filtered: boolean; setPage: (p: number) => void; setPerPage: (n: number) => void; setSort: (s: DataTableSortStatus<Record<string, unknown>>) => void };
  result: { data?: PageResult<T>; isPending: boolean; isFetching: boolean; isError: boolean };
  columns: DataTableColumn<T>[];
  /** Empty state when nothing exists yet (no search or filter). */
  empty: { title: string; description: string; actions?: ReactNode };
  ariaLabel: string;
}

export function ListTable<T extends { id: number }>({ list, result, columns, empty, ariaLabel }: ListTableProps<T>) {
  const narrow = useMediaQuery('(max-width: 36em)');
  if (result.isPending) return <TableSkeleton rows={Math.min(list.state.perPage, 8)} />;
  const rows = result.data?.data ?? [];
  const total = result.data?.meta.total ?? 0;
  if (!result.isError && total === 0 && !list.filtered && list.state.page === 1) {
    return <EmptyState title={empty.title} description={empty.description} actions={empty.actions} />;
  }
  return (
    <DataTable<T>
      aria-label={ariaLabel}
      withTableBorder
      horizontalSpacing={narrow ? 'xs' : 'sm'}
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={rows.length ? undefined : 180}
      records={rows}
      columns={narrow ? columns.map((col) => (col.accessor === 'actions' ? { ...col, title: <VisuallyHidden>{col.title}</VisuallyHidden> } : col)) : columns}
      idAccessor="id"
      fetching={result.isFetching}
      totalRecords={total}
      recordsPerPage={list.state.perPage}
      page={list.state.page}
      onPageChange={list.setPage}
      recordsPerPageOptions={PER_PAGE_OPTIONS}
      onRecordsPerPageChange={list.setPerPage}
      recordsPerPageLabel={t.perPage}
      paginationText={({ from, to, totalRecords }) => t.range(from, to, totalRecords)}
      sortStatus={list.state.sort as DataTableSortStatus<T>}
      onSortStatusChange={(s) => list.setSort(s as DataTableSortStatus<Record<string, unknown>>)}
      noRecordsText={t.noResults}
      loadingText={t.loading}
      paginationWrapBreakpoint="sm"
      getPaginationControlProps={(control) => ({ 'aria-label': t.pagination[control] })}
    />
  );
}

/** Every page of a list (for select options): page 1, then the others in parallel. */
export async function fetchAllPages<T>(fetchPage: (page: number) => Promise<PageResult<T>>): Promise<T[]> {
  const first = await fetchPage(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => fetchPage(i + 2)));
  return [...first.data, ...rest.flatMap((r) => r.data)];
}
