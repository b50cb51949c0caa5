// Create and edit screens of users (/dashboard/users/...) and students (/dashboard/users/students/...).
import { Card } from '@mantine/core';
import { useParams } from 'react-router';
import type { Role, UserCreated, UserInput } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useSaveUser, useUser } from '../api/users';
import { EditShell } from '@/components/edit-shell';
import { idFrom, useBackToList } from '@/components/list-navigation';
import { showGeneratedPassword } from '../components/generated-password';
import { UserForm } from '../components/user-form';
import { StudentAccessLog } from '../components/access-log';
import { isAdmin, useCurrentUser } from '@/session';
import { peopleTexts } from '../texts';

interface Kind {
  listLabel: string;
  listPath: string;
  createTitle: string;
  editTitle: string;
  fixedRole?: Role;
}

const STUDENTS: Kind = {
  listLabel: peopleTexts.students.title,
  listPath: paths.listStudents.path,
  createTitle: peopleTexts.students.createTitle,
  editTitle: peopleTexts.students.editTitle,
  fixedRole: 'STUDENT',
};
const USERS: Kind = { listLabel: peopleTexts.users.title, listPath: paths.users.path, createTitle: peopleTexts.users.createTitle, editTitle: peopleTexts.users.editTitle };

export function CreateScreen({ kind }: { kind: Kind }) {
  const save = useSaveUser();
  const back = useBackToList(kind.listPath);
  return (
    <>
      <PageHeader title={kind.createTitle} breadcrumbs={[{ label: kind.listLabel, to: kind.listPath }, { label: kind.createTitle }]} />
      <Card withBorder radius="md" padding="lg" maw={820}>
        <UserForm
          fixedRole={kind.fixedRole}
          onCancel={back}
          onSubmit={async (v: UserInput) => {
            const created = (await save.mutateAsync(v)) as UserCreated;
            back();
            showGeneratedPassword(created);
          }}
        />
      </Card>
    </>
  );
}

export function EditScreen({ kind }: { kind: Kind }) {
  const id = idFrom(useParams().user);
  const query = useUser(id);
  const save = useSaveUser(id);
  const back = useBackToList(kind.listPath);
  const me = useCurrentUser();
  return (
    <>
      <EditShell title={kind.editTitle} listLabel={kind.listLabel} listPath={kind.listPath} query={query} notFound={peopleTexts.form.notFound} backLabel={peopleTexts.form.back}>
        {query.data ? (
          <UserForm
            key={query.data.id}
            user={query.data}
            fixedRole={kind.fixedRole}
            onCancel={back}
            onSubmit={async (v) => {
              await save.mutateAsync(v);
              back();
            }}
          />
        ) : null}
      </EditShell>
      {query.data && query.data.role === 'STUDENT' && isAdmin(me) ? <StudentAccessLog studentId={query.data.id} /> : null}
    </>
  );
}

export { STUDENTS, USERS };
