// /dashboard/courses: the courses list with search, filters, sorting and pagination (kept in the address, like
// every list); delete with a confirmation saying the chapters go too.
import { Link } from 'react-router';
import { Badge, Button, Group, Stack, Text, type MantineTheme } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Course } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { RowActions } from '@/components/row-actions';
import { formatDate } from '@/components/format';
import { componentTexts } from '@/components/texts';
import { FilterSelect } from '@/components/filter-select';
import { paths } from '@/config/paths';
import { specializationOption, useSpecializationOptions, useYearOptions, yearOption } from '@/lib/reference-options';
import { useCourses, useDeleteCourse } from '../api/courses';
import { coursesTexts } from '../texts';

const t = coursesTexts.list;
// Secondary columns give way on phones so that the title, status and actions stay in view.
const wide = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

export function CoursesListPage() {
  const linkState = useListLinkState();
  const list = useListState(
    'updated_at',
    { academic_year_id: null as string | null, specialization_id: null as string | null, is_published: null as string | null, is_premium: null as string | null },
    'desc',
  );
  const courses = useCourses(list.query);
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const del = useDeleteCourse();

  const onDelete = async (c: Course) => {
    if (await confirmDialog({ message: t.deleteConfirm(c.title, c.chapters_count), danger: true, confirmLabel: t.delete })) {
      await del.mutateAsync(c.id).catch(() => undefined);
      if (courses.data && courses.data.data.length === 1 && list.state.page > 1) list.setPage(list.state.page - 1);
    }
  };

  const createButton = (
    <Button component={Link} to={paths.coursesCreate.path} state={linkState} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {t.create}
    </Button>
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} actions={createButton} />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SearchBox value={list.state.search} onChange={list.setSearch} label={t.search} placeholder={t.searchPlaceholder} />
          <FilterSelect list={list} name="academic_year_id" label={t.year} placeholder={t.allYears} data={(years.data ?? []).map(yearOption)} />
          <FilterSelect
            list={list}
            name="specialization_id"
            label={t.specialization}
            placeholder={t.allSpecializations}
            data={(specs.data ?? []).map(specializationOption)}
            searchable
          />
          <FilterSelect
            list={list}
            name="is_published"
            label={t.status}
            placeholder={t.allStatuses}
            data={[
              { value: '1', label: t.published },
              { value: '0', label: t.draft },
            ]}
          />
          <FilterSelect
            list={list}
            name="is_premium"
            label={t.access}
            placeholder={t.allAccess}
            data={[
              { value: '1', label: t.premium },
              { value: '0', label: t.free },
            ]}
          />
        </Group>
        <ListTable<Course>
          ariaLabel={t.title}
          list={list}
          result={courses}
          empty={{ title: t.emptyTitle, description: t.emptyDescription, actions: createButton }}
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
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (c) => <RowActions name={`« ${c.title} »`} editTo={paths.coursesEdit.href(c.id)} linkState={linkState} onDelete={() => void onDelete(c)} />,
            },
          ]}
        />
      </Stack>
    </>
  );
}

export const Component = CoursesListPage;
