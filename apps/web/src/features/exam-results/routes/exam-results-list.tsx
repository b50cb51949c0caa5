// /dashboard/exam-results (« Moyennes »): two views in tabs. « Résultats par examen »: per exam the students
// expected / started / finished, average and median on 20 and validated rate, with search, filters (year, parcours,
// status), sort and pages; each exam opens its detail. « Moyennes par parcours »: the averages of a year and parcours.
import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Group, Stack, Tabs, Text, type MantineTheme } from '@mantine/core';
import { EXAM_STATUS_OPTIONS, type ExamResultsListItem } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { formatDateTime, formatNumber, formatPercent } from '@/components/format';
import { FilterSelect } from '@/components/filter-select';
import { paths } from '@/config/paths';
import { specializationOption, useSpecializationOptions, useYearOptions, yearOption } from '@/lib/reference-options';
import { useExamResultsList } from '../api/exam-results';
import { AveragesSection } from '../components/averages-section';
import { ExamStatusBadge } from '../components/badges';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.list;
const wide = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
const wider = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.md})`;
const VIEW_KEY = 'vue';
const AVERAGES = 'moyennes';

function ExamsResults() {
  const linkState = useListLinkState();
  const list = useListState('start_at', { academic_year_id: null as string | null, specialization_id: null as string | null, status: null as string | null }, 'desc');
  const result = useExamResultsList(list.query);
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const num = (n: number | null) => (n === null ? '—' : formatNumber(n));

  return (
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
      <ListTable<ExamResultsListItem>
        ariaLabel={t.tableLabel}
        list={list}
        result={result}
        empty={{ title: t.emptyTitle, description: t.emptyDescription }}
        columns={[
          {
            accessor: 'title',
            title: t.colExam,
            sortable: true,
            render: (e) => (
              <Stack gap={2} style={{ minWidth: 160 }}>
                <Anchor component={Link} to={paths.examResultsShow.href(e.id)} state={linkState} fw={500} size="sm" aria-label={t.openLabel(e.title)}>
                  {e.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {e.academic_year_label} · {formatDateTime(e.start_at)}
                </Text>
                <Group gap={4}>
                  {e.specializations.map((s) => (
                    <Badge key={s.id} variant="light" size="xs">
                      {s.code}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            ),
          },
          { accessor: 'status', title: t.colStatus, sortable: true, visibleMediaQuery: wide, render: (e) => <ExamStatusBadge status={e.status} /> },
          { accessor: 'expected_count', title: t.colExpected, textAlign: 'right', visibleMediaQuery: wider },
          { accessor: 'started_count', title: t.colStarted, textAlign: 'right', visibleMediaQuery: wide },
          { accessor: 'finished_count', title: t.colFinished, textAlign: 'right', visibleMediaQuery: wider },
          {
            accessor: 'average_20',
            title: t.colAverage,
            textAlign: 'right',
            render: (e) =>
              e.average_20 === null ? (
                <Text size="xs" c="dimmed">
                  {t.nobody}
                </Text>
              ) : (
                num(e.average_20)
              ),
          },
          { accessor: 'median_20', title: t.colMedian, textAlign: 'right', visibleMediaQuery: wide, render: (e) => num(e.median_20) },
          { accessor: 'validated_rate', title: t.colValidated, textAlign: 'right', visibleMediaQuery: wider, render: (e) => (e.validated_rate === null ? '—' : formatPercent(e.validated_rate)) },
        ]}
      />
    </Stack>
  );
}

export function ExamResultsListPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get(VIEW_KEY) === AVERAGES ? AVERAGES : 'examens';
  const setView = (v: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v === AVERAGES) next.set(VIEW_KEY, AVERAGES);
        else next.delete(VIEW_KEY);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} />
      <Tabs value={view} onChange={setView} keepMounted={false}>
        <Tabs.List aria-label={t.tabsLabel} mb="md">
          <Tabs.Tab value="examens">{t.tabExams}</Tabs.Tab>
          <Tabs.Tab value={AVERAGES}>{t.tabAverages}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="examens">
          <ExamsResults />
        </Tabs.Panel>
        <Tabs.Panel value={AVERAGES}>
          <AveragesSection />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export const Component = ExamResultsListPage;
