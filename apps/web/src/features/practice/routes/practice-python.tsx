// /dashboard/practice/python: the staff Python playground.
import { paths } from '@/config/paths';
import { staffEndpoints } from '../api/practice';
import { CodePlayground } from '@/components/code-playground';
import { practiceTexts as t } from '../texts';

export function PracticePythonPage() {
  return (
    <CodePlayground
      language="PYTHON"
      title={t.python.title}
      description={t.python.description}
      breadcrumbs={[{ label: t.breadcrumb }, { label: t.python.crumb }]}
      homeTo={paths.home.path}
      runUrl={staffEndpoints.run.PYTHON}
      starter={t.python.starter}
      starterStdin={t.python.starterStdin}
    />
  );
}

export const Component = PracticePythonPage;
