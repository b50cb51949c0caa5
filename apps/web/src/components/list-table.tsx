// The data table of every list screen (French labels, loading skeleton, empty states) and its search box.
import type { ReactNode } from 'react';
import { CloseButton, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.layer.css';
import { EmptyState } from '@/components/empty-state';
import { TableSkeleton } from '@/components/loading-skeleton';
import type { PageResult } from '@/lib/api-client';
import { PER_PAGE_OPTIONS, type ListState } from './list-state';
import { componentTexts } from './texts';

const t = componentTexts.list;

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
  /** Rows that can be checked (kept across pages by the caller), with the checkboxes' accessible names. */
  selection?: {
    selected: T[];
    onChange: (rows: T[]) => void;
    allLabel: string;
    rowLabel: (row: T) => string;
  };
}

export function ListTable<T extends { id: number }>({ list, result, columns, empty, ariaLabel, selection }: ListTableProps<T>) {
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
      // The empty-state text stays in the page (hidden) while rows show: empty then, so that no screen reader reads it.
      noRecordsText={rows.length ? '' : t.noResults}
      loadingText={t.loading}
      paginationWrapBreakpoint="sm"
      getPaginationControlProps={(control) => ({ 'aria-label': t.pagination[control] })}
      {...(selection
        ? {
            selectedRecords: selection.selected,
            onSelectedRecordsChange: selection.onChange,
            allRecordsSelectionCheckboxProps: { 'aria-label': selection.allLabel },
            getRecordSelectionCheckboxProps: (row: T) => ({ 'aria-label': selection.rowLabel(row) }),
          }
        : {})}
    />
  );
}

