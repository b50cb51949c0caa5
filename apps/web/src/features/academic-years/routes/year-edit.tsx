// /dashboard/years/{year}/edit: the year form filled with the server's values.
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EditShell } from '@/components/edit-shell';
import { idFrom, useBackToList } from '@/components/list-navigation';
import { useSaveYear, useYear } from '../api/academic-years';
import { YearForm } from '../components/year-form';
import { yearsTexts as t } from '../texts';

export function YearEditPage() {
  const id = idFrom(useParams().year);
  const query = useYear(id);
  const save = useSaveYear(id);
  const back = useBackToList(paths.years.path);
  return (
    <EditShell title={t.editTitle} listLabel={t.title} listPath={paths.years.path} query={query} notFound={t.notFound} backLabel={t.back}>
      {query.data ? (
        <YearForm
          key={query.data.id}
          year={query.data}
          onCancel={back}
          onSubmit={async (v) => {
            await save.mutateAsync(v);
            back();
          }}
        />
      ) : null}
    </EditShell>
  );
}

export const Component = YearEditPage;
