// /student/practice/math: a free comparison of two expressions (MathLive with its virtual keyboard, KaTeX preview,
// an unreadable expression told where) and, beside it, the MATH exercises of the student's courses.
import { MathPlayground } from '@/components/math-playground';
import { paths } from '@/config/paths';
import { studentCompareUrl } from '../api/student-practice';
import { ExerciseList } from '../components/exercise-list';
import { studentPracticeTexts as t } from '../texts';

export function StudentPracticeMathPage() {
  return (
    <MathPlayground
      title={t.math.title}
      description={t.math.description}
      breadcrumbs={[{ label: t.crumb }, { label: t.math.crumb }]}
      homeTo={paths.studentCourses.path}
      compareUrl={studentCompareUrl}
      aside={<ExerciseList type="MATH" kind={t.list.kindMath} />}
    />
  );
}

export const Component = StudentPracticeMathPage;
