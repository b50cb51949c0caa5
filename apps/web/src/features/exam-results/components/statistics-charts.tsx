// The charts of an exam: the distribution of scores on 20, and per question the facility (success rate) and the
// discrimination index; each with what it means, how to read it, a summary sentence and its data as a table.
import { Alert, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { ExamStatistics, QuestionStatistics } from '@exam/shared';
import { ChartCard } from '@/components/chart-card';
import { formatNumber, formatPercent } from '@/components/format';
import { StatementExcerpt } from '@/components/statement-excerpt';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.charts;
const r = t.reading;

/** Reading of a facility (share of the points earned, 0..1). */
export function facilityReading(f: number | null): string {
  if (f === null) return '';
  if (f >= 0.9) return r.veryEasy;
  if (f >= 0.7) return r.easy;
  if (f >= 0.3) return f >= 0.5 ? r.medium : r.hard;
  return r.veryHard;
}

/** Reading of a discrimination index (usual thresholds of item analysis: 0.4 and 0.2). */
export function discriminationReading(d: number | null): string {
  if (d === null) return r.unknown;
  if (d < 0) return r.negative;
  if (d < 0.2) return r.weak;
  if (d < 0.4) return r.fair;
  return r.strong;
}

const discriminationColor = (d: number) => (d < 0 ? 'red.8' : d < 0.2 ? 'orange.7' : d < 0.4 ? 'yellow.6' : 'teal.7');
const facilityColor = (f: number) => (f < 0.3 ? 'red.8' : f > 0.9 ? 'orange.7' : 'indigo.6');

const qLabel = (q: QuestionStatistics) => `Q${q.position}`;

function QuestionsTable({ questions }: { questions: QuestionStatistics[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={t.questionsCaption}>
      <Table striped withTableBorder withColumnBorders captionSide="top" fz="sm" data-testid="question-statistics">
        <Table.Caption>{t.questionsCaption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {t.questionsColumns.map((c) => (
              <Table.Th key={c} scope="col">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {questions.map((q) => (
            <Table.Tr key={q.question_id}>
              <Table.Th scope="row" fw={500} style={{ maxWidth: 280 }}>
                {qLabel(q)} · <StatementExcerpt span inherit excerpt={q.title} />
                {q.variants.length > 0 ? (
                  <Stack gap={0} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t.variantsLabel(qLabel(q))} data-testid="question-variants">
                    {q.variants.map((v) => (
                      <Text key={v.seed} component="li" size="xs" fw={v.stands_apart ? 700 : 400} c={v.stands_apart ? 'red.9' : 'dimmed'}>
                        {t.variant(v.seed, v.given, v.facility === null ? '—' : formatPercent(v.facility), v.stands_apart)}
                      </Text>
                    ))}
                  </Stack>
                ) : null}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {q.answered} / {q.given}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {q.validated} / {q.given}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{q.facility === null ? '—' : `${formatNumber(q.facility)} (${formatPercent(q.facility)})`}</Table.Td>
              <Table.Td>{q.discrimination === null ? t.notComputable : formatNumber(q.discrimination)}</Table.Td>
              <Table.Td>{[facilityReading(q.facility), q.facility === null ? '' : discriminationReading(q.discrimination)].filter(Boolean).join(' ; ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function StatisticsCharts({ stats }: { stats: ExamStatistics }) {
  const dist = stats.distribution.map((b) => ({ tranche: b.label, [t.students]: b.count }));
  const withFacility = stats.questions.filter((q) => q.facility !== null);
  // A question nobody was given (or answered) has no facility: no bar, rather than a bar at 0 (its row says « — »).
  const facility = withFacility.map((q) => ({ question: qLabel(q), [t.percent]: Math.round((q.facility ?? 0) * 100) }));
  const discrimination = stats.questions.filter((q) => q.discrimination !== null).map((q) => ({ question: qLabel(q), [t.index]: q.discrimination ?? 0 }));
  const sortedByFacility = [...withFacility].sort((a, b) => (b.facility ?? 0) - (a.facility ?? 0));
  const weak = stats.questions.filter((q) => q.discrimination !== null && q.discrimination < 0.2).map(qLabel);
  const s20 = (n: number | null) => (n === null ? '—' : formatNumber(n));

  return (
    <Stack gap="md">
      {stats.pending_participants > 0 ? (
        <Alert color="blue" variant="light" data-testid="statistics-pending">
          {t.pendingCopies(stats.pending_participants)}
        </Alert>
      ) : null}
      <ChartCard
        title={t.distribution}
        explanation={t.distributionHelp}
        howToRead={t.distributionHow}
        summary={t.distributionSummary(stats.participants, s20(stats.mean_20), s20(stats.median_20), s20(stats.min_20), s20(stats.max_20))}
        table={{ caption: t.distributionCaption, columns: t.distributionColumns, rows: stats.distribution.map((b) => [b.label, b.count]) }}
      >
        <BarChart
          h={220}
          data={dist}
          dataKey="tranche"
          series={[{ name: t.students, color: 'indigo.6' }]}
          xAxisLabel="Note sur 20"
          yAxisLabel={t.students}
          yAxisProps={{ allowDecimals: false }}
          withTooltip={false}
          barChartProps={{ accessibilityLayer: false }}
          tickLine="y"
        />
      </ChartCard>
      {stats.participants === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noParticipant}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartCard
              title={t.facility}
              explanation={t.facilityHelp}
              howToRead={t.facilityHow}
              summary={
                sortedByFacility.length
                  ? t.facilitySummary(
                      `${qLabel(sortedByFacility[0])} (${formatPercent(sortedByFacility[0].facility)})`,
                      `${qLabel(sortedByFacility[sortedByFacility.length - 1])} (${formatPercent(sortedByFacility[sortedByFacility.length - 1].facility)})`,
                    )
                  : t.noParticipant
              }
            >
              <BarChart
                h={220}
                data={facility}
                dataKey="question"
                series={[{ name: t.percent, color: 'indigo.6' }]}
                yAxisProps={{ domain: [0, 100] }}
                unit=" %"
                getBarColor={(v) => facilityColor(v / 100)}
                referenceLines={[{ y: 30, color: 'red.8', label: '30 %', labelPosition: 'insideBottomLeft' }, { y: 90, color: 'orange.7', label: '90 %', labelPosition: 'insideTopLeft' }]}
                withTooltip={false}
                withBarValueLabel
                barChartProps={{ accessibilityLayer: false }}
                tickLine="y"
              />
            </ChartCard>
            <ChartCard title={t.discrimination} explanation={t.discriminationHelp} howToRead={t.discriminationHow} summary={t.discriminationSummary(weak)}>
              <BarChart
                h={220}
                data={discrimination}
                dataKey="question"
                series={[{ name: t.index, color: 'teal.7' }]}
                yAxisProps={{ domain: [-1, 1] }}
                valueFormatter={(v) => formatNumber(v)}
                getBarColor={(v) => discriminationColor(v)}
                referenceLines={[{ y: 0.2, color: 'orange.7', label: '0,2', labelPosition: 'insideTopLeft' }, { y: 0, color: 'gray.6' }]}
                withTooltip={false}
                withBarValueLabel
                barChartProps={{ accessibilityLayer: false }}
                tickLine="y"
              />
            </ChartCard>
          </SimpleGrid>
          <QuestionsTable questions={stats.questions} />
        </>
      )}
    </Stack>
  );
}
