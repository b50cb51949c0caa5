// /dashboard/exam-results/{exam}/show: one exam's results. Key figures; one row per student (score, validated count,
// time, start and end, a verdict per question) with search and sort, each student's submissions in a drawer and
// extra time per student; the charts (distribution, facility, discrimination); regrade (dry run, then apply).
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconEye, IconPencil, IconRefresh, IconWriting } from '@tabler/icons-react';
import { EXAM_RESULTS_EXPLANATIONS, type ExamResultRow, type ExamResultsListItem, type ExamStatistics } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton, TableSkeleton } from '@/components/loading-skeleton';
import { formatDateTime, formatNumber, formatPercent } from '@/components/format';
import { idFrom } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { useExamResults, useExamStatistics } from '../api/exam-results';
import { ExamStatusBadge } from '../components/badges';
import { ExtraTimeModal } from '../components/extra-time-modal';
import { LateAnswersSection } from '../components/late-answers-section';
import { RegradeModal } from '../components/regrade-modal';
import { ResultsTable } from '../components/results-table';
import { StatisticsCharts } from '../components/statistics-charts';
import { StudentDrawer } from '../components/student-drawer';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.show;
const f = examResultsTexts.figures;

function Figures({ exam, stats }: { exam: ExamResultsListItem; stats: ExamStatistics | undefined }) {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? f.none : formatNumber(v));
  const items: Array<[string, string, string?]> = [
    [f.expected, String(exam.expected_count), EXAM_RESULTS_EXPLANATIONS.expected],
    [f.started, String(exam.started_count)],
    [f.finished, String(exam.finished_count)],
    [f.average, exam.average_20 === null ? f.none : `${n(exam.average_20)} / 20`, EXAM_RESULTS_EXPLANATIONS.average],
    [f.median, exam.median_20 === null ? f.none : `${n(exam.median_20)} / 20`, EXAM_RESULTS_EXPLANATIONS.median],
    [f.validatedRate, exam.validated_rate === null ? f.none : formatPercent(exam.validated_rate), EXAM_RESULTS_EXPLANATIONS.validatedRate],
    [f.stdDev, n(stats?.std_dev_20), EXAM_RESULTS_EXPLANATIONS.stdDev],
    [f.range, stats && stats.min_20 !== null ? `${n(stats.min_20)} / ${n(stats.max_20)}` : f.none],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} data-testid="exam-figures">
      {items.map(([label, value, help]) => (
        <Paper key={label} withBorder radius="md" p="sm" title={help}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} size="lg" fw={700}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function ExamResultsShowPage() {
  const examId = idFrom(useParams().exam);
  const results = useExamResults(examId);
  const stats = useExamStatistics(examId);
  const [student, setStudent] = useState<ExamResultRow | null>(null);
  const [extraTime, setExtraTime] = useState<ExamResultRow | null>(null);
  const [regrading, setRegrading] = useState(false);
  const listCrumb = { label: examResultsTexts.list.title, to: paths.examResults.path };

  if (results.isPending) {
    return (
      <>
        <PageHeader title={paths.examResultsShow.title} breadcrumbs={[listCrumb, { label: paths.examResultsShow.title }]} />
        <PageSkeleton />
      </>
    );
  }
  if (results.isError || !results.data) {
    return (
      <>
        <PageHeader title={paths.examResultsShow.title} breadcrumbs={[listCrumb, { label: paths.examResultsShow.title }]} />
        <EmptyState
          title={t.notFound}
          description=""
          actions={
            <Button component={Link} to={paths.examResults.path} variant="light">
              {t.back}
            </Button>
          }
        />
      </>
    );
  }

  const data = results.data;
  const exam = data.exam;
  const description = `${exam.academic_year_label} · ${formatDateTime(exam.start_at)} → ${formatDateTime(exam.end_at)}`;

  return (
    <>
      <PageHeader
        title={exam.title}
        description={description}
        breadcrumbs={[listCrumb, { label: exam.title }]}
        actions={
          <>
            <Button variant="default" component={Link} to={paths.examLive.href(exam.id)} leftSection={<IconEye size={16} aria-hidden="true" />}>
              {examResultsTexts.live.button}
            </Button>
            <Button variant="default" component={Link} to={paths.examSimilarity.href(exam.id)} leftSection={<IconCopy size={16} aria-hidden="true" />}>
              {paths.examSimilarity.title}
            </Button>
            <Button variant="default" component={Link} to={paths.examGrading.href(exam.id)} leftSection={<IconWriting size={16} aria-hidden="true" />}>
              {paths.examGrading.title}
            </Button>
            <Button variant="default" component={Link} to={paths.examsEdit.href(exam.id)} leftSection={<IconPencil size={16} aria-hidden="true" />}>
              {t.editExam}
            </Button>
            <Button leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => setRegrading(true)} disabled={exam.started_count === 0}>
              {examResultsTexts.regrade.button}
            </Button>
          </>
        }
      />
      <Stack gap="xl">
        <section aria-labelledby="results-summary">
          <Title order={2} size="h3" id="results-summary" mb="sm">
            {t.summary}
          </Title>
          <Group gap={6} wrap="wrap" mb="sm">
            <ExamStatusBadge status={exam.status} />
            {exam.specializations.map((s) => (
              <Badge key={s.id} variant="light" size="sm">
                {s.name} ({s.code})
              </Badge>
            ))}
          </Group>
          <Figures exam={exam} stats={stats.data} />
        </section>
        <section aria-labelledby="results-students">
          <Title order={2} size="h3" id="results-students" mb="sm">
            {t.students}
          </Title>
          <ResultsTable data={data} onOpen={setStudent} onExtraTime={setExtraTime} />
        </section>
        <LateAnswersSection examId={exam.id} />
        <Box component="section" aria-labelledby="results-statistics">
          <Title order={2} size="h3" id="results-statistics" mb="sm">
            {t.statistics}
          </Title>
          {stats.isPending ? <TableSkeleton rows={4} /> : stats.data ? <StatisticsCharts stats={stats.data} /> : null}
        </Box>
      </Stack>
      <StudentDrawer examId={exam.id} student={student} onClose={() => setStudent(null)} />
      <ExtraTimeModal examId={exam.id} examTitle={exam.title} row={extraTime} onClose={() => setExtraTime(null)} />
      <RegradeModal examId={exam.id} opened={regrading} onClose={() => setRegrading(false)} />
    </>
  );
}

export const Component = ExamResultsShowPage;
