// /student/practice/{course}/exercise: the course's exercises one after another, the next not yet validated first
// (or the one asked by ?exercice=, where the one shown is then kept), the statement with the expected output of the
// visible cases, the answer with its verdict at once, unlimited tries, « Exercice suivant », the progress and a link
// back to the chapter.
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBook } from '@tabler/icons-react';
import type { PracticeProgress } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/loading-skeleton';
import { PageHeader } from '@/components/page-header';
import { RichContent } from '@/components/rich-text/rich-content';
import { paths } from '@/config/paths';
import { KIND_FACTS } from '@/question-kinds';
import { useNextExercise, usePracticeQuestion } from '../api/student-practice';
import { AnswerForm } from '../components/answer-form';
import { studentPracticeTexts } from '../texts';

const t = studentPracticeTexts.exercise;

function ProgressLine({ progress }: { progress: PracticeProgress }) {
  const label = `${t.progress} : ${progress.validated} / ${progress.total}`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} data-testid="practice-progress">
        {label}
      </Text>
      <Progress value={progress.total ? (100 * progress.validated) / progress.total : 0} color="teal" aria-label={label} />
    </Stack>
  );
}

export function PracticeExercisePage() {
  const courseId = Number(useParams().course);
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('exercice')) || undefined;
  const query = usePracticeQuestion(asked ? { course_id: courseId, question_id: asked } : { course_id: courseId });
  const nextOne = useNextExercise();
  const data = query.data;
  const q = data?.question ?? null;
  const courseTitle = q?.course.title;
  const crumbs = [{ label: studentPracticeTexts.crumb }, { label: courseTitle ?? t.crumb }];

  // The exercise shown goes into the address: reading it again (after a try, or back to it) keeps that exercise,
  // where « the next one not validated » would now be another.
  const shownId = q?.id;
  useEffect(() => {
    if (!asked && shownId) setSearch({ exercice: String(shownId) }, { replace: true });
  }, [asked, shownId, setSearch]);

  // Each exercise is a step of the history, so the back button returns to the one before, as it is now.
  const next = () => {
    if (!q || nextOne.isPending) return;
    nextOne.mutate({ course_id: courseId, after: q.id }, { onSuccess: (r) => r.question && setSearch({ exercice: String(r.question.id) }) });
  };

  if (query.isLoading) return <PageSkeleton lines={10} />;
  if (!data) {
    return (
      <>
        <PageHeader title={t.crumb} breadcrumbs={crumbs} homeTo={paths.studentCourses.path} />
        <EmptyState title={query.error?.message ?? t.none} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={courseTitle ? t.title(courseTitle) : t.crumb}
        description={t.description}
        breadcrumbs={crumbs}
        homeTo={paths.studentCourses.path}
        actions={
          <Button component={Link} to={paths.studentCoursesShow.href(courseId)} variant="default" leftSection={<IconBook size={16} aria-hidden="true" />}>
            {t.back}
          </Button>
        }
      />
      {!q ? (
        <EmptyState title={t.none} />
      ) : (
        <Stack gap="md">
          <ProgressLine progress={data.progress} />
          {data.all_done ? (
            <Text size="sm" c="teal.9" fw={500}>
              {t.allDone}
            </Text>
          ) : null}
          <Card withBorder radius="md" padding="lg" component="article" aria-labelledby="exercice-titre">
            <Stack gap="md">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Title order={2} size="h3" id="exercice-titre">
                  {t.position(data.position, data.progress.total)}
                </Title>
                <Group gap="xs">
                  <Badge variant="light" color={q.done ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
                    {q.done ? t.done : t.notDone}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t.attempts(q.attempts)}
                  </Text>
                </Group>
              </Group>
              {q.chapter ? (
                <Anchor component={Link} to={`${paths.studentCoursesShow.href(courseId)}#chapitre-${q.chapter.id}`} size="sm">
                  {t.chapter(q.chapter.title)}
                </Anchor>
              ) : null}
              {/* A kind whose input draws the statement (a cloze's gaps sit in its text) shows it there. */}
              {KIND_FACTS[q.type].showsStatement ? null : <RichContent html={q.statement} />}
              <AnswerForm key={q.id} question={q} />
              {data.progress.total > 1 ? (
                <Group justify="flex-end">
                  <Button variant="light" rightSection={<IconArrowRight size={16} aria-hidden="true" />} onClick={next} loading={nextOne.isPending}>
                    {t.next}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Card>
        </Stack>
      )}
    </>
  );
}

export const Component = PracticeExercisePage;
