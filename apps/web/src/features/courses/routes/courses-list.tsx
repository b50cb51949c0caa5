// /dashboard/courses: the courses list with search, filters, sorting and pagination; delete with a
// confirmation saying the chapters go too.
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, type MantineTheme } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { Course } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { TableSkeleton } from '@/components/loading-skeleton';
import { confirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { useCourses, useDeleteCourse } from '../api/courses';
import { useSpecializations, useYears } from '../api/references';
import { coursesTexts, formatDate } from '../texts';
import 'mantine-datatable/styles.css';

const t = coursesTexts.list;
const PAGE_SIZES = [10, 20, 50];
// Secondary columns give way on phones so that the title, status and actions stay in view.
const wide = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

export function CoursesListPage() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [year, setYear] = useState<string | null>(null);
  const [spec, setSpec] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [access, setAccess] = useState<string | null>(null);
  const [sort, setSort] = useState<DataTableSortStatus<Course>>({ columnAccessor: 'updated_at', direction: 'desc' });
  const years = useYears();
  const specs = useSpecializations();
  const del = useDeleteCourse();

  const params = {
    page,
    per_page: perPage,
    search: debounced || undefined,
    academic_year_id: year,
    specialization_id: spec,
    is_published: status,
    is_premium: access,
    sort: `${sort.direction === 'desc' ? '-' : ''}${String(sort.columnAccessor)}`,
  };
  const courses = useCourses(params);
  const filtered = Boolean(debounced || year || spec || status || access);
  const resetPage = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  const onDelete = async (c: Course) => {
    if (await confirmDialog({ message: t.deleteConfirm(c.title, c.chapters_count), danger: true, confirmLabel: t.delete })) {
      await del.mutateAsync(c.id).catch(() => undefined);
      if (courses.data && courses.data.data.length === 1 && page > 1) setPage(page - 1);
    }
  };

  const createButton = (
    <Button component={Link} to={paths.coursesCreate.path} leftSection={<IconPlus size={16} />}>
      {t.create}
    </Button>
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} actions={createButton} />
      <Card withBorder radius="md" padding="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <TextInput
            label={t.search}
            placeholder={t.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            type="search"
          />
          <Select
            label={t.year}
            placeholder={t.all}
            clearable
            data={(years.data ?? []).map((y) => ({ value: String(y.id), label: y.label }))}
            value={year}
            onChange={resetPage(setYear)}
          />
          <Select
            label={t.specialization}
            placeholder={t.all}
            clearable
            searchable
            data={(specs.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.level})` }))}
            value={spec}
            onChange={resetPage(setSpec)}
          />
          <Select
            label={t.status}
            placeholder={t.all}
            clearable
            data={[
              { value: '1', label: t.published },
              { value: '0', label: t.draft },
            ]}
            value={status}
            onChange={resetPage(setStatus)}
          />
          <Select
            label={t.access}
            placeholder={t.all}
            clearable
            data={[
              { value: '1', label: t.premium },
              { value: '0', label: t.free },
            ]}
            value={access}
            onChange={resetPage(setAccess)}
          />
        </SimpleGrid>
      </Card>

      {courses.isLoading ? (
        <TableSkeleton rows={6} />
      ) : !courses.data || courses.data.meta.total === 0 ? (
        <EmptyState title={t.emptyTitle} description={t.emptyDescription} actions={filtered ? undefined : createButton} />
      ) : (
        <DataTable<Course>
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={160}
          fetching={courses.isFetching}
          records={courses.data.data}
          totalRecords={courses.data.meta.total}
          recordsPerPage={perPage}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(n) => {
            setPerPage(n);
            setPage(1);
          }}
          recordsPerPageLabel={t.perPage}
          paginationText={({ from, to, totalRecords }) => t.records(from, to, totalRecords)}
          sortStatus={sort}
          onSortStatusChange={(s) => {
            setSort(s);
            setPage(1);
          }}
          noRecordsText={t.emptyTitle}
          columns={[
            {
              accessor: 'title',
              title: t.colTitle,
              sortable: true,
              render: (c) => (
                <Stack gap={2}>
                  <Text fw={500} size="sm">
                    {c.title}
                  </Text>
                  {c.author_name ? (
                    <Text size="xs" c="dimmed">
                      {c.author_name}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            { accessor: 'academic_year_label', title: t.colYear, visibleMediaQuery: wide },
            {
              accessor: 'specializations',
              title: t.colSpecializations,
              visibleMediaQuery: wide,
              render: (c) => (
                <Group gap={4}>
                  {c.specializations.map((s) => (
                    <Badge key={s.id} variant="light" size="sm">
                      {s.code}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            { accessor: 'chapters_count', title: t.colChapters, textAlign: 'right', visibleMediaQuery: wide },
            {
              accessor: 'is_published',
              title: t.colStatus,
              width: 110,
              render: (c) => (
                <Stack gap={4} align="flex-start">
                  <Badge color={c.is_published ? 'teal' : 'gray'} variant="light" size="sm">
                    {c.is_published ? t.published : t.draft}
                  </Badge>
                  {c.is_premium ? (
                    <Badge color="yellow" variant="light" size="sm">
                      {t.premium}
                    </Badge>
                  ) : null}
                </Stack>
              ),
            },
            { accessor: 'updated_at', title: t.colUpdated, sortable: true, visibleMediaQuery: wide, render: (c) => formatDate(c.updated_at) },
            {
              accessor: 'actions',
              title: t.colActions,
              textAlign: 'right',
              render: (c) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon component={Link} to={paths.coursesEdit.href(c.id)} variant="subtle" aria-label={`${t.edit} « ${c.title} »`}>
                    <IconEdit size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`${t.delete} « ${c.title} »`} onClick={() => void onDelete(c)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

export const Component = CoursesListPage;
