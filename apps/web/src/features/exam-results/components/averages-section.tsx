// « Moyennes »: choose a year and a parcours → one row per enrolled student, a column per exam (on 20), the weighted
// average on 20 and the parcours average; the xlsx export of the same (downloaded with the token).
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { AverageCell, ExamAverages } from '@exam/shared';
import { DownloadButton } from '@/components/download-button';
import { EmptyState } from '@/components/empty-state';
import { TableSkeleton } from '@/components/loading-skeleton';
import { formatNumber } from '@/components/format';
import { specializationOption, useSpecializationOptions, useYearOptions, yearOption } from '@/lib/reference-options';
import { exportPath, useExamAverages } from '../api/exam-results';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.averages;
const YEAR_KEY = 'moyennes_annee';
const SPEC_KEY = 'moyennes_parcours';
const filterStyle = { flex: '1 1 220px', minWidth: 0 };

const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

function Cell({ cell }: { cell: AverageCell | undefined }) {
  if (!cell) return <>{t.none}</>;
  if (cell.status === 'ABSENT')
    return (
      <Badge variant="light" color="red" size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t.absent}
      </Badge>
    );
  if (cell.status === 'PENDING')
    return (
      <Text size="sm" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
        {cell.score_20 === null ? t.pending : `${formatNumber(cell.score_20)} (${t.notCounted})`}
      </Text>
    );
  return <>{formatNumber(cell.score_20)}</>;
}

function AveragesTable({ data }: { data: ExamAverages }) {
  const specLabel = `${data.specialization.name} (${data.specialization.code})`;
  const examAverage = new Map(data.exam_averages_20.map((e) => [e.exam_id, e.average_20]));
  if (data.rows.length === 0) return <EmptyState title={t.noStudent} description="" />;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="sm">
          <Text span fw={600}>
            {t.specializationAverage} :{' '}
          </Text>
          {data.specialization_average_20 === null ? t.none : `${formatNumber(data.specialization_average_20)} / 20`}
        </Text>
        <DownloadButton path={exportPath(data.academic_year.id, data.specialization.id)} aria-label={t.downloadLabel(data.academic_year.label, specLabel)}>
          {t.download}
        </DownloadButton>
      </Group>
      {data.exams.length === 0 ? <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>{t.noExam}</Alert> : null}
      <Table.ScrollContainer
        minWidth={Math.max(480, 260 + data.exams.length * 120)}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t.tableCaption(data.academic_year.label, specLabel)}
      >
        <Table striped withTableBorder withColumnBorders highlightOnHover captionSide="top" fz="sm" data-testid="averages-table">
          <Table.Caption>{t.tableCaption(data.academic_year.label, specLabel)}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.student}</Table.Th>
              {data.exams.map((e) => (
                <Table.Th key={e.id} scope="col" style={{ textAlign: 'right' }}>
                  {t.examHeader(e.title, e.total_points, e.closed)}
                </Table.Th>
              ))}
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t.weighted}
              </Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t.points}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => (
              <Table.Tr key={row.user_id}>
                <Table.Th scope="row" fw={500}>
                  {row.last_name} {row.first_name}
                  {row.student_number ? (
                    <Text size="xs" c="dimmed">
                      {row.student_number}
                    </Text>
                  ) : null}
                </Table.Th>
                {data.exams.map((e) => (
                  <Table.Td key={e.id} style={{ textAlign: 'right' }}>
                    <Cell cell={row.cells.find((c) => c.exam_id === e.id)} />
                  </Table.Td>
                ))}
                <Table.Td style={{ textAlign: 'right' }} fw={600}>
                  {row.average_20 === null ? t.none : formatNumber(row.average_20)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatNumber(row.points)} / {formatNumber(row.max_points)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t.examAverage}</Table.Th>
              {data.exams.map((e) => {
                const avg = examAverage.get(e.id);
                return (
                  <Table.Td key={e.id} style={{ textAlign: 'right' }}>
                    {avg === null || avg === undefined ? t.none : formatNumber(avg)}
                  </Table.Td>
                );
              })}
              <Table.Td style={{ textAlign: 'right' }} fw={700}>
                {data.specialization_average_20 === null ? t.none : formatNumber(data.specialization_average_20)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t.legend}
      </Text>
    </Stack>
  );
}

export function AveragesSection() {
  const [params, setParams] = useSearchParams();
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const yearId = idOf(params.get(YEAR_KEY));
  const specId = idOf(params.get(SPEC_KEY));
  const averages = useExamAverages(yearId, specId);

  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  // The current year is chosen at first: most of the time it is the one wanted.
  const currentYear = years.data?.find((y) => y.is_current === 1)?.id;
  useEffect(() => {
    if (yearId === null && currentYear !== undefined) set(YEAR_KEY, String(currentYear));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentYear]);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t.heading}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t.year}
          placeholder={t.yearPlaceholder}
          data={(years.data ?? []).map(yearOption)}
          value={yearId === null ? null : String(yearId)}
          onChange={(v) => set(YEAR_KEY, v)}
          style={filterStyle}
        />
        <Select
          label={t.specialization}
          placeholder={t.specializationPlaceholder}
          searchable
          data={(specs.data ?? []).map(specializationOption)}
          value={specId === null ? null : String(specId)}
          onChange={(v) => set(SPEC_KEY, v)}
          style={filterStyle}
        />
      </Group>
      {yearId === null || specId === null ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t.choose}
        </Alert>
      ) : averages.isPending ? (
        <TableSkeleton rows={5} />
      ) : averages.isError || !averages.data ? null : (
        <AveragesTable data={averages.data} />
      )}
    </Stack>
  );
}
