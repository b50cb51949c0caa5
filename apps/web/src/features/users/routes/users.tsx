// /dashboard/users: every account (admins only) with search, role filter, sort and pages; create, edit, delete.
import { Link } from 'react-router';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UserListItem } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { useCurrentUser, useHelper } from '@/session';
import { useDeleteUser, useUsersList } from '../api/users';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { fullName } from '@/components/format';
import { peopleTexts } from '../texts';
import { RowActions } from '@/components/row-actions';
import { componentTexts } from '@/components/texts';
import { FilterSelect } from '@/components/filter-select';

const t = peopleTexts.users;
const c = peopleTexts.columns;
const roleColor: Record<string, string> = { ADMIN: 'grape', TEACHER: 'blue', STUDENT: 'gray' };

export function UsersPage() {
  const linkState = useListLinkState();
  const me = useCurrentUser();
  const helper = useHelper();
  const list = useListState('last_name', { role: null as string | null });
  const result = useUsersList(list.query);
  const del = useDeleteUser();
  const roleLabel = (r: string) => helper.data?.ROLE.find((x) => x.value === r)?.label ?? r;
  const editPath = (u: UserListItem) => (u.role === 'STUDENT' ? paths.studentsEdit.href(u.id) : paths.usersEdit.href(u.id));

  const remove = async (u: UserListItem) => {
    if (await confirmDialog({ message: t.deleteConfirm(fullName(u)), danger: true })) del.mutate(u);
  };
  const createButton = (
    <Button component={Link} to={paths.usersCreate.path} state={linkState} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {t.create}
    </Button>
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} actions={createButton} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchBox value={list.state.search} onChange={list.setSearch} label={t.search} placeholder={t.searchPlaceholder} />
          <FilterSelect
            list={list}
            name="role"
            label={t.roleFilter}
            placeholder={t.allRoles}
            data={(helper.data?.ROLE ?? []).map((r) => ({ value: r.value, label: r.label }))}
            basis={200}
          />
        </Group>
        <ListTable<UserListItem>
          ariaLabel={t.title}
          list={list}
          result={result}
          empty={{ title: t.emptyTitle, description: t.emptyDescription, actions: createButton }}
          columns={[
            {
              accessor: 'last_name',
              title: c.name,
              sortable: true,
              render: (u) => (
                <Text fw={500} size="sm">
                  {fullName(u)}
                </Text>
              ),
            },
            { accessor: 'email', title: c.email, sortable: true, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})` },
            {
              accessor: 'role',
              title: c.role,
              sortable: true,
              render: (u) => (
                <Badge variant="light" color={roleColor[u.role]}>
                  {roleLabel(u.role)}
                </Badge>
              ),
            },
            { accessor: 'student_number', title: c.studentNumber, sortable: true, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})` },
            {
              accessor: 'actions',
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (u) => (
                <RowActions name={fullName(u)} editTo={editPath(u)} linkState={linkState} onDelete={() => remove(u)} deleteDisabled={u.id === me.id} />
              ),
            },
          ]}
        />
      </Stack>
    </>
  );
}

export const Component = UsersPage;
