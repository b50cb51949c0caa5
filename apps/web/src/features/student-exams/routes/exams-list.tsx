// /student/exams: the student's exams in three groups (open, upcoming, finished) with their dates (Paris time),
// duration, progress and status, and one clear action each: Commencer, Reprendre or Voir le résultat.
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconListCheck } from '@tabler/icons-react';
import { EXAM_GROUPS, type ExamGroup, type StudentExamListItem } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/components/format';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useStudentExams } from '../api/student-exams';
import { durationLabel, studentExamsTexts } from '../texts';

const t = studentExamsTexts.list;
const ORDER: ExamGroup[] = ['OUVERT', 'A_VENIR', 'TERMINE'];

type Action = { label: string; to: string; variant: 'filled' | 'light' | 'default' } | null;

function statusOf(e: StudentExamListItem): { label: string; color: string } {
  if (e.group === 'A_VENIR') return { label: t.status.upcoming, color: 'blue' };
  if (e.group === 'TERMINE') return e.attempt ? { label: t.status.finished, color: 'teal' } : { label: t.status.missed, color: 'gray' };
  return e.attempt ? { label: t.status.inProgress, color: 'orange' } : { label: t.status.notStarted, color: 'indigo' };
}

function actionOf(e: StudentExamListItem): Action {
  if (e.group === 'TERMINE') return { label: t.result, to: paths.studentExamsShow.href(e.id), variant: 'light' };
  if (e.group === 'A_VENIR') return null;
  return e.attempt
    ? { label: t.resume, to: paths.studentExamsHandle.href(e.id), variant: 'filled' }
    : { label: t.start, to: paths.studentExamsHandle.href(e.id), variant: 'filled' };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label} :
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function ExamCard({ exam }: { exam: StudentExamListItem }) {
  const status = statusOf(exam);
  const action = actionOf(exam);
  const duration = exam.duration_minutes == null ? t.noDuration : durationLabel(exam.duration_minutes);
  const mine = exam.allowed_minutes != null && exam.duration_minutes != null && exam.allowed_minutes !== exam.duration_minutes ? ` (${t.yourTime(durationLabel(exam.allowed_minutes))})` : '';
  return (
    <Card component="li" withBorder radius="md" padding="lg" data-testid="student-exam-card" data-exam-id={exam.id}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4">
            {exam.title}
          </Title>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0, textTransform: 'none' }}>
            {status.label}
          </Badge>
        </Group>
        <Stack gap={2}>
          <Fact label={t.opens}>{formatDateTime(exam.start_at)}</Fact>
          <Fact label={t.closes}>{formatDateTime(exam.end_at)}</Fact>
          <Fact label={t.duration}>{`${duration}${mine}`}</Fact>
          <Fact label={t.progress}>{t.progressValue(exam.progress.answered, exam.progress.validated, exam.progress.total)}</Fact>
          {exam.attempt && !exam.attempt.finished_at && exam.group === 'OUVERT' ? (
            <Text size="sm" fw={500}>
              {t.deadline(formatDateTime(exam.attempt.deadline))}
            </Text>
          ) : null}
        </Stack>
        {action ? (
          <Button component={Link} to={action.to} variant={action.variant} mt="auto" aria-label={t.actionLabel(action.label, exam.title)}>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

export function StudentExamsPage() {
  const exams = useStudentExams();
  const byGroup = (g: ExamGroup) => (exams.data ?? []).filter((e) => e.group === g);

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} homeTo={paths.studentHome.path} />
      {exams.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={200} radius="md" />
          ))}
        </SimpleGrid>
      ) : exams.isError ? (
        <Alert color="red" variant="light" title={t.loadError}>
          {(exams.error as Error).message}
        </Alert>
      ) : !exams.data?.length ? (
        <EmptyState title={t.emptyTitle} description={t.emptyDescription} icon={<IconListCheck size={28} aria-hidden="true" />} />
      ) : (
        <Stack gap="xl">
          {ORDER.filter((g) => EXAM_GROUPS.includes(g)).map((g) => {
            const list = byGroup(g);
            return (
              <section key={g} aria-labelledby={`group-${g}`}>
                <Group gap="xs" mb="sm">
                  <Title order={2} size="h3" id={`group-${g}`}>
                    {t.groups[g].title}
                  </Title>
                  <Badge variant="light" color="gray">
                    {list.length}
                  </Badge>
                </Group>
                {list.length === 0 ? (
                  <Group gap="xs" c="dimmed">
                    <IconCalendarEvent size={18} aria-hidden="true" />
                    <Text size="sm">{t.groups[g].empty}</Text>
                  </Group>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {list.map((e) => (
                      <ExamCard key={e.id} exam={e} />
                    ))}
                  </SimpleGrid>
                )}
              </section>
            );
          })}
        </Stack>
      )}
    </>
  );
}

export const Component = StudentExamsPage;
