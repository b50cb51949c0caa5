// /student/practice/r: a free R editor with standard input and, beside it, the R exercises of the student's
// courses, each marked done or to do.
import { CodePlayground } from '@/components/code-playground';
import { paths } from '@/config/paths';
import { studentRunUrl } from '../api/student-practice';
import { ExerciseList } from '../components/exercise-list';
import { studentPracticeTexts as t } from '../texts';

export function StudentPracticeRPage() {
  return (
    <CodePlayground
      language="R"
      title={t.r.title}
      description={t.r.description}
      breadcrumbs={[{ label: t.crumb }, { label: t.r.crumb }]}
      homeTo={paths.studentCourses.path}
      runUrl={studentRunUrl}
      starter={t.r.starter}
      starterStdin={t.r.starterStdin}
      aside={<ExerciseList type="R" kind={t.list.kindR} />}
    />
  );
}

export const Component = StudentPracticeRPage;
