// /dashboard/exam-results/{exam}/live: the exam room as it stands, asked again every 5 seconds. Who is writing, who
// gave no sign for a minute (network, closed laptop), who has not started or has finished; each student's answers and
// deadline, with extra time at hand (for one student, or for everyone); the problems students report, which staff mark as handled. Signals inform,
// nothing is sanctioned automatically.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconClockPlus, IconLockOpen, IconUsersPlus, IconWifiOff } from '@tabler/icons-react';
import type { LiveRow, ProblemReport } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { formatDateTime, formatTime, fullName } from '@/components/format';
import { idFrom } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { useExamLive, useMarkReportHandled, useUnlockAttempt } from '../api/exam-results';
import { ExtraTimeModal } from '../components/extra-time-modal';
import { TimeForEveryoneModal } from '../components/time-for-everyone-modal';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.live;

function StateBadge({ row }: { row: LiveRow }) {
  if (row.presence === 'OFFLINE') {
    return (
      <Badge color="orange" variant="light" leftSection={<IconWifiOff size={12} aria-hidden="true" />} style={{ textTransform: 'none', minWidth: 'max-content' }}>
        {t.presence.OFFLINE}
      </Badge>
    );
  }
  if (row.presence === 'ONLINE') {
    return (
      <Badge color="teal" variant="light" style={{ textTransform: 'none', minWidth: 'max-content' }}>
        {t.presence.ONLINE}
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="light" style={{ textTransform: 'none', minWidth: 'max-content' }}>
      {row.status === 'FINISHED' ? t.finished : t.notStarted}
    </Badge>
  );
}

/** Under the one-session rule, another device is refused until staff unlock the attempt (the journal keeps who). */
function UnlockButton({ examId, row }: { examId: number; row: LiveRow }) {
  const unlock = useUnlockAttempt(examId, row.user_id);
  return (
    <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconLockOpen size={14} aria-hidden="true" />} aria-label={t.unlockLabel(fullName(row))} title={examResultsTexts.journal.unlockHelp} loading={unlock.isPending} onClick={() => unlock.mutate()}>
      {t.unlock}
    </Button>
  );
}

function Reports({ examId, reports }: { examId: number; reports: ProblemReport[] }) {
  const mark = useMarkReportHandled(examId);
  if (reports.length === 0) return <Text size="sm">{t.noReport}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {reports.map((r) => (
        <Paper key={r.id} component="li" withBorder radius="md" p="sm" data-testid="live-report" style={r.handled_at ? undefined : { borderColor: 'var(--mantine-color-orange-6)' }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {fullName(r)}
                {r.student_number ? ` · ${r.student_number}` : ''} · {t.about(r.position)} · {formatTime(r.created_at)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.message}
              </Text>
            </Stack>
            {r.handled_at ? (
              <Text size="xs" c="dimmed">
                {t.handled(r.handled_by_name, formatTime(r.handled_at))}
              </Text>
            ) : (
              <Button size="xs" variant="light" loading={mark.isPending && mark.variables === r.id} onClick={() => mark.mutate(r.id)} aria-label={t.handleLabel(fullName(r), formatTime(r.created_at))}>
                {t.handle}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function ExamLivePage() {
  const examId = idFrom(useParams().exam);
  const live = useExamLive(examId);
  const [extraTime, setExtraTime] = useState<LiveRow | null>(null);
  const [everyone, setEveryone] = useState(false);
  const crumbs = [{ label: examResultsTexts.list.title, to: paths.examResults.path }, { label: paths.examResultsShow.title, to: paths.examResultsShow.href(examId) }, { label: paths.examLive.title }];

  if (live.isPending) {
    return (
      <>
        <PageHeader title={paths.examLive.title} breadcrumbs={crumbs} />
        <PageSkeleton />
      </>
    );
  }
  if (!live.data) {
    return (
      <>
        <PageHeader title={paths.examLive.title} breadcrumbs={crumbs} />
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
  const data = live.data;
  const figures: Array<[string, number, string]> = [
    [t.figures.online, data.counts.online, 'live-online'],
    [t.figures.offline, data.counts.offline, 'live-offline'],
    [t.figures.notStarted, data.counts.not_started, 'live-not-started'],
    [t.figures.finished, data.counts.finished, 'live-finished'],
    [t.figures.reports, data.counts.open_reports, 'live-reports'],
  ];
  return (
    <>
      <PageHeader
        title={t.title(data.exam.title)}
        description={`${formatDateTime(data.exam.start_at)} → ${formatDateTime(data.exam.end_at)}`}
        breadcrumbs={[crumbs[0], { label: data.exam.title, to: paths.examResultsShow.href(examId) }, crumbs[2]]}
        actions={
          <Group gap="sm">
            <Button variant="light" leftSection={<IconUsersPlus size={16} aria-hidden="true" />} onClick={() => setEveryone(true)}>
              {examResultsTexts.everyone.button}
            </Button>
            <Button component={Link} to={paths.examResultsShow.href(examId)} variant="default">
              {t.back}
            </Button>
          </Group>
        }
      />
      <Stack gap="xl">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t.refresh(formatTime(data.server_time))}
          </Text>
          {live.isError ? (
            <Alert color="orange" variant="light" role="status">
              {t.stale}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" component="dl" m={0}>
            {figures.map(([label, value, testId]) => (
              <Paper key={label} withBorder radius="md" p="sm">
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} size="lg" fw={700} data-testid={testId}>
                  {value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t.noSanction}
          </Text>
        </Stack>

        <section aria-labelledby="live-reports">
          <Title order={2} size="h3" id="live-reports" mb="sm">
            {t.reports}
          </Title>
          <Reports examId={examId} reports={data.reports} />
        </section>

        <section aria-labelledby="live-students">
          <Title order={2} size="h3" id="live-students" mb="sm">
            {t.students}
          </Title>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" data-testid="live-table">
              <Table.Caption>{t.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {t.columns.map((c) => (
                    <Table.Th key={c} scope="col">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((r) => (
                  <Table.Tr key={r.user_id} data-testid="live-row">
                    <Table.Th scope="row" fw={500}>
                      {fullName(r)}
                      {r.student_number ? (
                        <Text size="xs" c="dimmed">
                          {r.student_number}
                        </Text>
                      ) : null}
                      {r.separate_room ? (
                        <Badge color="grape" variant="light" size="sm" mt={4} style={{ textTransform: 'none' }} data-testid="live-separate-room">
                          {t.separateRoom}
                        </Badge>
                      ) : null}
                    </Table.Th>
                    <Table.Td>
                      <StateBadge row={r} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.last_seen_at ? formatTime(r.last_seen_at) : t.none}</Table.Td>
                    <Table.Td>{r.status === 'NOT_STARTED' ? t.none : t.answered(r.answered, r.validated, r.total)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.deadline && r.status === 'IN_PROGRESS' ? formatTime(r.deadline) : t.none}</Table.Td>
                    <Table.Td>{r.open_reports > 0 ? <Badge color="orange">{r.open_reports}</Badge> : t.none}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {r.status === 'IN_PROGRESS' && r.bound ? <UnlockButton examId={examId} row={r} /> : null}
                        <Button size="compact-sm" variant="subtle" leftSection={<IconClockPlus size={14} aria-hidden="true" />} aria-label={t.extraTime(fullName(r))} onClick={() => setExtraTime(r)} disabled={r.status === 'FINISHED'}>
                          {examResultsTexts.toast.extraTime}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      </Stack>
      <ExtraTimeModal examId={examId} examTitle={data.exam.title} row={extraTime} onClose={() => setExtraTime(null)} />
      <TimeForEveryoneModal examId={examId} examTitle={data.exam.title} opened={everyone} onClose={() => setEveryone(false)} />
    </>
  );
}

export const Component = ExamLivePage;
