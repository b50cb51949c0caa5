// /dashboard/practice/math: the staff maths-expression playground.
import { paths } from '@/config/paths';
import { staffEndpoints } from '../api/practice';
import { MathPlayground } from '@/components/math-playground';
import { practiceTexts as t } from '../texts';

export function PracticeMathPage() {
  return (
    <MathPlayground
      title={t.math.title}
      description={t.math.description}
      breadcrumbs={[{ label: t.breadcrumb }, { label: t.math.crumb }]}
      homeTo={paths.home.path}
      compareUrl={staffEndpoints.compareMath}
    />
  );
}

export const Component = PracticeMathPage;
