// One row per student of an exam: score on 20 and in points, validated count, time spent, start and end (Paris
// time), a verdict cell per question; sorted and searched in the browser (the whole exam is one answer).
import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockPlus, IconListDetails } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.layer.css';
import { durationLabel, type ExamResultRow, type ExamResultsShow } from '@exam/shared';
import { SearchBox } from '@/components/list-table';
import { formatDateTime, formatNumber, fullName } from '@/components/format';
import { excerptText } from '@/components/statement-excerpt';
import { AttemptBadge, VerdictIcon, VerdictLegend } from './badges';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.show;

type SortKey = 'last_name' | 'status' | 'score' | 'validated_count' | 'time_spent_seconds' | 'started_at' | 'finished_at';
const STATUS_ORDER = { NOT_STARTED: 0, IN_PROGRESS: 1, FINISHED: 2 } as const;
// A pinned cell needs its own background, or the columns scrolling under it show through (the rows have none).
const PINNED = { background: 'var(--mantine-color-body)' };

/** Lower case without accents, for a search that finds « Eloise » in « Éloïse ». */
const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function compare(a: ExamResultRow, b: ExamResultRow, key: SortKey): number {
  switch (key) {
    case 'last_name':
      return a.last_name.localeCompare(b.last_name, 'fr') || a.first_name.localeCompare(b.first_name, 'fr');
    case 'status':
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    case 'score':
      return a.score - b.score;
    case 'validated_count':
      return a.validated_count - b.validated_count;
    case 'time_spent_seconds':
      return (a.time_spent_seconds ?? -1) - (b.time_spent_seconds ?? -1);
    case 'started_at':
      return (a.started_at ?? '').localeCompare(b.started_at ?? '');
    case 'finished_at':
      return (endOf(a) ?? '').localeCompare(endOf(b) ?? '');
  }
}

/** When the attempt ended: the student's « Terminer », or its deadline for an attempt the deadline ended. */
export const endOf = (r: Pick<ExamResultRow, 'status' | 'finished_at' | 'deadline'>): string | null => r.finished_at ?? (r.status === 'FINISHED' ? r.deadline : null);

/** The day above the time: two narrow lines rather than one wide one, so that more of the table fits the screen. */
function DateTimeCell({ iso, note }: { iso: string | null; note?: string }) {
  if (!iso) return '—';
  const [day, time] = formatDateTime(iso).split(' à ');
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <span>{day}</span>
      <span>à {time}</span>
      {note ? (
        <Text span size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

export interface ResultsTableProps {
  data: ExamResultsShow;
  onOpen: (row: ExamResultRow) => void;
  onExtraTime: (row: ExamResultRow) => void;
}

export function ResultsTable({ data, onOpen, onExtraTime }: ResultsTableProps) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DataTableSortStatus<ExamResultRow>>({ columnAccessor: 'last_name', direction: 'asc' });
  const total = data.exam.total_points;

  const rows = useMemo(() => {
    const q = fold(search.trim());
    const found = q
      ? data.rows.filter((r) => fold(`${r.last_name} ${r.first_name} ${r.first_name} ${r.last_name} ${r.student_number ?? ''} ${r.email}`).includes(q))
      : data.rows;
    const key = sort.columnAccessor as SortKey;
    const sorted = [...found].sort((a, b) => compare(a, b, key) || compare(a, b, 'last_name'));
    return sort.direction === 'desc' ? sorted.reverse() : sorted;
  }, [data.rows, search, sort]);

  const questionColumns: DataTableColumn<ExamResultRow>[] = data.questions.map((q, i) => ({
    accessor: `q${q.question_id}`,
    title: (
      <Tooltip label={t.questionTitle(q.position, excerptText(q.title), q.points)} withArrow multiline w={280}>
        <span>
          <span aria-hidden="true">{t.questionHeader(q.position)}</span>
          <VisuallyHidden>{t.questionTitle(q.position, excerptText(q.title), q.points)}</VisuallyHidden>
        </span>
      </Tooltip>
    ),
    textAlign: 'center',
    render: (r) => {
      const cell = r.cells[i];
      if (!cell) return null;
      if (!cell.drawn) {
        return (
          <Text span c="dimmed" aria-label={t.notDrawnLabel(q.position)} title={t.notDrawn}>
            —
          </Text>
        );
      }
      return <VerdictIcon state={cell.state} label={t.cellLabel(q.position, examResultsTexts.verdict[cell.state], cell.score, q.points)} />;
    },
  }));

  const columns: DataTableColumn<ExamResultRow>[] = [
    {
      accessor: 'last_name',
      title: t.colStudent,
      sortable: true,
      titleStyle: PINNED,
      cellsStyle: () => PINNED,
      render: (r) => (
        <Stack gap={2} style={{ minWidth: 150 }}>
          <Text size="sm" fw={500}>
            {fullName(r)}
          </Text>
          <Group gap={4}>
            {r.student_number ? (
              <Text size="xs" c="dimmed">
                {r.student_number}
              </Text>
            ) : null}
            {r.extra_time_factor > 1 ? (
              <Badge size="xs" variant="light" color="grape">
                {t.extraTimeFactor(r.extra_time_factor)}
              </Badge>
            ) : null}
            {r.extra_minutes > 0 ? (
              <Badge size="xs" variant="light" color="grape">
                {t.extraMinutes(r.extra_minutes)}
              </Badge>
            ) : null}
            {!r.expected ? (
              <Tooltip label={t.notExpectedHelp} multiline w={240}>
                <Badge size="xs" variant="light" color="orange">
                  {t.notExpected}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
        </Stack>
      ),
    },
    { accessor: 'status', title: t.colStatus, sortable: true, render: (r) => <AttemptBadge status={r.status} /> },
    {
      accessor: 'score',
      title: t.colScore,
      sortable: true,
      textAlign: 'right',
      render: (r) =>
        r.status === 'NOT_STARTED' ? (
          '—'
        ) : (
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNumber(r.score_20)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t.points(r.score, total)}
            </Text>
            {r.pending_count > 0 ? (
              <Text size="xs" c="blue.8" style={{ whiteSpace: 'nowrap' }} data-testid="row-provisional">
                {t.provisional(r.pending_count)}
              </Text>
            ) : null}
          </Stack>
        ),
    },
    {
      accessor: 'validated_count',
      title: t.colValidated,
      sortable: true,
      textAlign: 'right',
      render: (r) => (r.status === 'NOT_STARTED' ? '—' : `${r.validated_count} / ${data.exam.question_count}`),
    },
    {
      accessor: 'time_spent_seconds',
      title: t.colTime,
      sortable: true,
      textAlign: 'right',
      render: (r) => (r.time_spent_seconds === null ? '—' : <span style={{ whiteSpace: 'nowrap' }}>{durationLabel(r.time_spent_seconds)}</span>),
    },
    { accessor: 'started_at', title: t.colStart, sortable: true, render: (r) => <DateTimeCell iso={r.started_at} /> },
    { accessor: 'finished_at', title: t.colEnd, sortable: true, render: (r) => <DateTimeCell iso={endOf(r)} note={r.finished_at ? undefined : t.atDeadline} /> },
    ...questionColumns,
    {
      accessor: 'actions',
      title: narrow ? <VisuallyHidden>{t.colActions}</VisuallyHidden> : t.colActions,
      textAlign: 'right',
      titleStyle: PINNED,
      cellsStyle: () => PINNED,
      render: (r) => {
        const name = fullName(r);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t.details}>
              <ActionIcon variant="subtle" onClick={() => onOpen(r)} aria-label={t.detailsLabel(name)} disabled={r.status === 'NOT_STARTED'}>
                <IconListDetails size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t.extraTime}>
              <ActionIcon variant="subtle" color="grape" onClick={() => onExtraTime(r)} aria-label={t.extraTimeLabel(name)}>
                <IconClockPlus size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <SearchBox value={search} onChange={setSearch} label={t.search} placeholder={t.searchPlaceholder} />
        <Text size="sm" c="dimmed" role="status">
          {t.count(rows.length, data.rows.length)}
        </Text>
      </Group>
      <VerdictLegend prefix={t.legend} withNotDrawn={data.rows.some((r) => r.cells.some((c) => !c.drawn))} withPending={data.rows.some((r) => r.pending_count > 0)} />
      <DataTable<ExamResultRow>
        aria-label={t.tableLabel}
        withTableBorder
        withColumnBorders
        borderRadius="md"
        striped
        highlightOnHover
        horizontalSpacing={narrow ? 'xs' : 'sm'}
        minHeight={rows.length ? undefined : 150}
        records={rows}
        columns={columns}
        idAccessor="user_id"
        sortStatus={sort}
        onSortStatusChange={setSort}
        noRecordsText={data.rows.length === 0 ? t.noStudent : t.noMatch}
        // The question columns make the table wider than the screen: the actions stay in view at its right edge, and
        // the student's name at its left where there is room for both.
        pinLastColumn
        pinFirstColumn={!narrow}
        rowStyle={(r) => (r.status === 'NOT_STARTED' ? { color: 'var(--mantine-color-gray-7)' } : undefined)}
        // The table scrolls sideways inside its area: a keyboard must reach that area to scroll it (WCAG 2.1.1).
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t.tableLabel } }}
      />
    </Stack>
  );
}
