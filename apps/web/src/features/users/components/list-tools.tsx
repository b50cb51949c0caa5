// Building blocks of the configuration and people lists: paging/sort/search state sent as the API's list
// query, the data table with French labels, loading skeleton and empty states, and the search box.
import { useState, type ReactNode } from 'react';
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
  search: string;
  sort: DataTableSortStatus<Record<string, unknown>>;
  filters: F;
}

/** Paging, sort, search (debounced) and filters; any change other than the page goes back to page 1. */
export function useListState<F extends Record<string, string | null>>(defaultSort: string, initialFilters: F, defaultDirection: 'asc' | 'desc' = 'asc') {
  const [state, setState] = useState<ListState<F>>({
    page: 1,
    perPage: 10,
    search: '',
    sort: { columnAccessor: defaultSort, direction: defaultDirection },
    filters: initialFilters,
  });
  const [search] = useDebouncedValue(state.search.trim(), 300);
  const query = {
    page: state.page,
    per_page: state.perPage,
    search: search || undefined,
    sort: `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.columnAccessor}`,
    ...Object.fromEntries(Object.entries(state.filters).filter(([, v]) => v !== null && v !== '')),
  };
  const filtered = Boolean(search) || Object.values(state.filters).some((v) => v !== null && v !== '');
  return {
    state,
    query,
    filtered,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setPerPage: (perPage: number) => setState((s) => ({ ...s, perPage, page: 1 })),
    setSearch: (value: string) => setState((s) => ({ ...s, search: value, page: 1 })),
    setSort: (sort: DataTableSortStatus<Record<string, unknown>>) => setState((s) => ({ ...s, sort, page: 1 })),
    setFilter: (key: keyof F, value: string | null) => setState((s) => ({ ...s, filters: { ...s.filters, [key]: value }, page: 1 })),
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
