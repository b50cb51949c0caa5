// /dashboard/practice/r: the staff R playground.
import { paths } from '@/config/paths';
import { staffEndpoints } from '../api/practice';
import { CodePlayground } from '@/components/code-playground';
import { practiceTexts as t } from '../texts';

export function PracticeRPage() {
  return (
    <CodePlayground
      language="R"
      title={t.r.title}
      description={t.r.description}
      breadcrumbs={[{ label: t.breadcrumb }, { label: t.r.crumb }]}
      homeTo={paths.home.path}
      runUrl={staffEndpoints.run.R}
      starter={t.r.starter}
      starterStdin={t.r.starterStdin}
    />
  );
}

export const Component = PracticeRPage;
