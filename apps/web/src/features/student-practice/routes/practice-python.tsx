// /student/practice/python: a free PYTHON editor with standard input and, beside it, the PYTHON exercises of the student's
// courses, each marked done or to do.
import { CodePlayground } from '@/components/code-playground';
import { paths } from '@/config/paths';
import { studentRunUrl } from '../api/student-practice';
import { ExerciseList } from '../components/exercise-list';
import { studentPracticeTexts as t } from '../texts';

export function StudentPracticePYTHONPage() {
  return (
    <CodePlayground
      language="PYTHON"
      title={t.python.title}
      description={t.python.description}
      breadcrumbs={[{ label: t.crumb }, { label: t.python.crumb }]}
      homeTo={paths.studentCourses.path}
      runUrl={studentRunUrl}
      starter={t.python.starter}
      starterStdin={t.python.starterStdin}
      aside={<ExerciseList type="PYTHON" kind={t.list.kindPython} />}
    />
  );
}

export const Component = StudentPracticePYTHONPage;
