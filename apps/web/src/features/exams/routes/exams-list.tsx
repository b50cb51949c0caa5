// /dashboard/exams: exams with search, filters (year, parcours, status), sort and pages; counts of questions and
// of students who started and finished; status moves (publish, back to draft, close, archive); edit, delete.
import { Link, useNavigate } from 'react-router';
import { Badge, Button, Group, Stack, Text, type MantineTheme } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EXAM_STATUS_OPTIONS, type ExamListItem } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { RowActions } from '@/components/row-actions';
import { formatDateTime } from '@/components/format';
import { componentTexts } from '@/components/texts';
import { FilterSelect } from '@/components/filter-select';
import { paths } from '@/config/paths';
import { specializationOption, useSpecializationOptions, useYearOptions, yearOption } from '@/lib/reference-options';
import { useDeleteExam, useDuplicateExam, useExamsList } from '../api/exams';
import { StatusMenu } from '../components/status-actions';
import { examsTexts } from '../texts';

const t = examsTexts.list;
const wide = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
const wider = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.md})`;

export function ExamsListPage() {
  const linkState = useListLinkState();
  const list = useListState('start_at', { academic_year_id: null as string | null, specialization_id: null as string | null, status: null as string | null }, 'desc');
  const result = useExamsList(list.query);
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const del = useDeleteExam();
  const duplicate = useDuplicateExam();
  const navigate = useNavigate();

  // The copy is a draft with the same questions, dates and parcours: it opens for editing at once.
  const copy = async (e: ExamListItem) => {
    const created = await duplicate.mutateAsync(e.id).catch(() => null);
    if (created) navigate(paths.examsEdit.href(created.id), { state: linkState });
  };

  const remove = async (e: ExamListItem) => {
    if (await confirmDialog({ message: t.deleteConfirm(e.title), danger: true, confirmLabel: t.delete })) {
      await del.mutateAsync(e.id).catch(() => undefined);
      if (result.data && result.data.data.length === 1 && list.state.page > 1) list.setPage(list.state.page - 1);
    }
  };

  const createButton = (
    <Button component={Link} to={paths.examsCreate.path} state={linkState} leftSection={<IconPlus size={16} aria-hidden="true" />}>
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
          <FilterSelect list={list} name="status" label={t.status} placeholder={t.allStatuses} data={EXAM_STATUS_OPTIONS} />
        </Group>
        <ListTable<ExamListItem>
          ariaLabel={t.title}
          list={list}
          result={result}
          empty={{ title: t.emptyTitle, description: t.emptyDescription, actions: createButton }}
          columns={[
            {
              accessor: 'title',
              title: t.colTitle,
              sortable: true,
              render: (e) => (
                <Stack gap={2}>
                  <Text fw={500} size="sm">
                    {e.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {e.academic_year_label}
                    {e.duration_minutes ? ` · ${t.duration(e.duration_minutes)}` : ''}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'specializations',
              title: t.colSpecializations,
              visibleMediaQuery: wider,
              render: (e) => (
                <Group gap={4}>
                  {e.specializations.map((s) => (
                    <Badge key={s.id} variant="light" size="sm">
                      {s.code}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            {
              accessor: 'start_at',
              title: t.colDates,
              sortable: true,
              visibleMediaQuery: wide,
              render: (e) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(e.start_at)}
                  <br />
                  {formatDateTime(e.end_at)}
                </Text>
              ),
            },
            { accessor: 'question_count', title: t.colQuestions, textAlign: 'right', visibleMediaQuery: wide },
            { accessor: 'started_count', title: t.colStarted, textAlign: 'right', visibleMediaQuery: wider },
            { accessor: 'finished_count', title: t.colFinished, textAlign: 'right', visibleMediaQuery: wider },
            { accessor: 'status', title: t.colStatus, sortable: true, render: (e) => <StatusMenu exam={e} /> },
            {
              accessor: 'actions',
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (e) => (
                <RowActions
                  name={`« ${e.title} »`}
                  editTo={paths.examsEdit.href(e.id)}
                  linkState={linkState}
                  onDelete={() => void remove(e)}
                  deleteDisabled={e.status !== 'DRAFT'}
                  onDuplicate={() => void copy(e)}
                  duplicating={duplicate.isPending && duplicate.variables === e.id}
                />
              ),
            },
          ]}
        />
      </Stack>
    </>
  );
}

export const Component = ExamsListPage;
