// /student/courses/{course}/show: the course's chapters with formulas and highlighted code, and
// their files to download. A premium course for a non-premium student answers 402: the API client
// then shows static/no-premium.
import { useParams } from 'react-router';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Grid, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconBarbell, IconDownload } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { useCoursePractice, useStudentCourse } from '../api/student-courses';
import { downloadFile } from '@/lib/files';
import { fileIcon } from '../components/file-icon';
import { RichContent } from '@/components/rich-text/rich-content';
import { coursesTexts, formatSize } from '../texts';

const t = coursesTexts.student;

export function StudentCourseShowPage() {
  const id = Number(useParams().course);
  const course = useStudentCourse(id);
  const practice = useCoursePractice(course.data ? id : 0);
  const crumbs = [{ label: t.back, to: paths.studentCourses.path }, { label: course.data?.title ?? paths.studentCoursesShow.title }];

  if (course.isLoading) return <PageSkeleton lines={10} />;
  if (!course.data) {
    return (
      <>
        <PageHeader title={paths.studentCoursesShow.title} breadcrumbs={crumbs} homeTo={paths.studentCourses.path} />
        <EmptyState title={course.error?.message ?? coursesTexts.form.notFound} />
      </>
    );
  }
  const c = course.data;
  return (
    <>
      <PageHeader
        title={c.title}
        description={c.description || undefined}
        breadcrumbs={crumbs}
        homeTo={paths.studentCourses.path}
        actions={c.is_premium ? <Badge color="yellow">{t.premium}</Badge> : undefined}
      />
      {practice.data ? <PracticeCard courseId={id} validated={practice.data.progress.validated} total={practice.data.progress.total} /> : null}
      {c.chapters.length === 0 ? (
        <EmptyState title={t.noChapters} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Card withBorder radius="md" padding="md" component="nav" aria-label={t.contents} style={{ position: 'sticky', top: 80 }}>
              <Text fw={600} mb="xs">
                {t.contents}
              </Text>
              <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {c.chapters.map((ch, i) => (
                  <li key={ch.id}>
                    <Anchor href={`#chapitre-${ch.id}`} size="sm">
                      {i + 1}. {ch.title}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="lg">
              {c.chapters.map((ch, i) => (
                <Card key={ch.id} withBorder radius="md" padding="lg" component="article" id={`chapitre-${ch.id}`} aria-labelledby={`chapitre-${ch.id}-titre`}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t.chapterN(i + 1)}
                  </Text>
                  <Title order={2} size="h3" mb="md" id={`chapitre-${ch.id}-titre`}>
                    {ch.title}
                  </Title>
                  <RichContent html={ch.content} />
                  {ch.files.length ? (
                    <Stack gap={6} mt="lg">
                      <Text fw={600} size="sm">
                        {t.files}
                      </Text>
                      {ch.files.map((f) => (
                        <Paper key={f.id} withBorder p="xs" radius="sm">
                          {/* The name wraps and the button keeps its whole label ("Télécharger"), on a line of its own if needed. */}
                          <Group justify="space-between" wrap="wrap" gap="sm">
                            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 180px' }}>
                              {fileIcon(f.mime)}
                              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                                {f.name}
                              </Text>
                              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                {formatSize(f.size)}
                              </Text>
                            </Group>
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={<IconDownload size={14} aria-hidden="true" />}
                              aria-label={coursesTexts.files.download(f.name)}
                              style={{ flexShrink: 0 }}
                              ml="auto"
                              onClick={() => void downloadFile(f).catch(() => undefined)}
                            >
                              {coursesTexts.files.downloadShort}
                            </Button>
                          </Group>
                        </Paper>
                      ))}
                    </Stack>
                  ) : null}
                </Card>
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

/** The student's practice in this course: exercises validated / total, and the way to the exercises. */
function PracticeCard({ courseId, validated, total }: { courseId: number; validated: number; total: number }) {
  const label = t.practiceProgress(validated, total);
  return (
    <Card withBorder radius="md" padding="md" mb="lg" component="section" aria-labelledby="pratique-cours">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 220px' }}>
          <Title order={2} size="h4" id="pratique-cours">
            {t.practiceTitle}
          </Title>
          {total === 0 ? (
            <Text size="sm" c="dimmed">
              {t.practiceNone}
            </Text>
          ) : (
            <>
              <Text size="sm" data-testid="course-practice-progress">
                {label}
              </Text>
              <Progress value={(100 * validated) / total} color="teal" aria-label={label} />
            </>
          )}
        </Stack>
        {total > 0 ? (
          <Button component={Link} to={paths.studentPracticeExercise.href(courseId)} leftSection={<IconBarbell size={16} aria-hidden="true" />}>
            {t.practiceStart}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

export const Component = StudentCourseShowPage;
