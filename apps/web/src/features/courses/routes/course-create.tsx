// /dashboard/courses/create: the course form; once saved, the edit screen opens to add chapters.
import { useNavigate } from 'react-router';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useBackToList } from '@/components/list-navigation';
import { useCreateCourse } from '../api/courses';
import { CourseForm } from '../components/course-form';
import { coursesTexts } from '../texts';

const t = coursesTexts.form;

export function CourseCreatePage() {
  const navigate = useNavigate();
  const back = useBackToList(paths.courses.path);
  const create = useCreateCourse();
  return (
    <>
      <PageHeader title={t.createTitle} breadcrumbs={[{ label: coursesTexts.list.title, to: paths.courses.path }, { label: t.createTitle }]} />
      <CourseForm
        submitLabel={t.create}
        onCancel={back}
        onSubmit={async (values) => {
          const course = await create.mutateAsync(values);
          navigate(paths.coursesEdit.href(course.id));
        }}
      />
      <Alert mt="md" variant="light" icon={<IconInfoCircle size={18} />}>
        {coursesTexts.chapters.saveCourseFirst}
      </Alert>
    </>
  );
}

export const Component = CourseCreatePage;
