// /dashboard/mentions: the mentions list (search, sort, pages), create dialog, edit link, delete with confirmation
// (refused while parcours belong to the mention, as the server does).
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import type { Mention } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { useDeleteMention, useMentionsList, useSaveMention } from '../api/mentions';
import { MentionForm } from '../components/mention-form';
import { mentionsTexts as t } from '../texts';
import { RowActions } from '@/components/row-actions';
import { componentTexts } from '@/components/texts';

export function MentionsPage() {
  const linkState = useListLinkState();
  const list = useListState('name', {});
  const result = useMentionsList(list.query);
  const [creating, setCreating] = useState(false);
  const save = useSaveMention();
  const del = useDeleteMention();

  const remove = async (m: Mention) => {
    const n = m.specializations_count ?? 0;
    if (n > 0) {
      modals.open({ title: t.deleteTitle, centered: true, children: <Text size="sm">{t.deleteBlocked(m.name, n)}</Text> });
      return;
    }
    if (await confirmDialog({ message: t.deleteConfirm(m.name), danger: true })) del.mutate(m.id);
  };
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
      {t.create}
    </Button>
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} actions={createButton} />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <SearchBox value={list.state.search} onChange={list.setSearch} label={t.search} />
        </Group>
        <ListTable<Mention>
          ariaLabel={t.title}
          list={list}
          result={result}
          empty={{ title: t.emptyTitle, description: t.emptyDescription, actions: createButton }}
          columns={[
            { accessor: 'name', title: t.columns.name, sortable: true, render: (m) => <Text fw={500} size="sm">{m.name}</Text> },
            { accessor: 'code', title: t.columns.code, sortable: true },
            {
              accessor: 'description',
              title: t.columns.description,
              visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})`,
              render: (m) => (
                <Text size="sm" lineClamp={2} c="dimmed">
                  {m.description}
                </Text>
              ),
            },
            { accessor: 'specializations_count', title: t.columns.specializations, textAlign: 'right', visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})` },
            {
              accessor: 'actions',
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (m) => (
                <RowActions name={m.name} editTo={paths.mentionsEdit.href(m.id)} linkState={linkState} onDelete={() => remove(m)} />
              ),
            },
          ]}
        />
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t.createTitle} size="lg">
        {creating ? (
          <MentionForm
            onCancel={() => setCreating(false)}
            onSubmit={async (v) => {
              await save.mutateAsync(v);
              setCreating(false);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

export const Component = MentionsPage;
