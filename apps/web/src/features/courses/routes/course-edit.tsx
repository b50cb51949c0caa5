// /dashboard/courses/{course}/edit: the course form, its chapters (add, edit, reorder, delete) and its students'
// practice (exercises validated per student, most-failed exercises).
import { useParams } from 'react-router';
import { Grid, Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { useBackToList } from '@/components/list-navigation';
import { useCourse, useUpdateCourse } from '../api/courses';
import { ChaptersPanel } from '../components/chapters-panel';
import { CourseForm } from '../components/course-form';
import { PracticePanel } from '../components/practice-panel';
import { coursesTexts } from '../texts';

const t = coursesTexts.form;

export function CourseEditPage() {
  const id = Number(useParams().course);
  const back = useBackToList(paths.courses.path);
  const course = useCourse(id);
  const update = useUpdateCourse(id);
  const crumbs = [{ label: coursesTexts.list.title, to: paths.courses.path }, { label: course.data?.title ?? t.editTitle }];

  if (course.isLoading) return <PageSkeleton />;
  if (!course.data) {
    return (
      <>
        <PageHeader title={t.editTitle} breadcrumbs={crumbs} />
        <EmptyState title={t.notFound} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={course.data.title} breadcrumbs={crumbs} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <CourseForm narrow course={course.data} submitLabel={t.save} onCancel={back} onSubmit={(v) => update.mutateAsync(v)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <ChaptersPanel courseId={id} />
            <PracticePanel courseId={id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

export const Component = CourseEditPage;
