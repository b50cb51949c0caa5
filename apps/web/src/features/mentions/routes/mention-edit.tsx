// /dashboard/mentions/{mention}/edit: the mention form filled with the server's values.
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EditShell } from '@/components/edit-shell';
import { idFrom, useBackToList } from '@/components/list-navigation';
import { useMention, useSaveMention } from '../api/mentions';
import { MentionForm } from '../components/mention-form';
import { mentionsTexts as t } from '../texts';

export function MentionEditPage() {
  const id = idFrom(useParams().mention);
  const query = useMention(id);
  const save = useSaveMention(id);
  const back = useBackToList(paths.mentions.path);
  return (
    <EditShell title={t.editTitle} listLabel={t.title} listPath={paths.mentions.path} query={query} notFound={t.notFound} backLabel={t.back}>
      {query.data ? (
        <MentionForm
          key={query.data.id}
          mention={query.data}
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

export const Component = MentionEditPage;
