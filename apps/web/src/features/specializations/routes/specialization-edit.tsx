// /dashboard/specializations/{specialization}/edit: the parcours form filled with the server's values.
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EditShell } from '@/components/edit-shell';
import { idFrom, useBackToList } from '@/components/list-navigation';
import { useSaveSpecialization, useSpecialization } from '../api/specializations';
import { SpecializationForm } from '../components/specialization-form';
import { specializationsTexts as t } from '../texts';

export function SpecializationEditPage() {
  const id = idFrom(useParams().specialization);
  const query = useSpecialization(id);
  const save = useSaveSpecialization(id);
  const back = useBackToList(paths.specializations.path);
  return (
    <EditShell title={t.editTitle} listLabel={t.title} listPath={paths.specializations.path} query={query} notFound={t.notFound} backLabel={t.back}>
      {query.data ? (
        <SpecializationForm
          key={query.data.id}
          specialization={query.data}
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

export const Component = SpecializationEditPage;
