// /dashboard/specializations: the parcours list (search, mention and level filters, sort, pages), create dialog,
// edit link, delete with confirmation.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import type { Specialization } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { useMentionOptions } from '@/lib/reference-options';
import { useDeleteSpecialization, useSaveSpecialization, useSpecializationsList } from '../api/specializations';
import { levelOptions, SpecializationForm } from '../components/specialization-form';
import { specializationsTexts as t } from '../texts';
import { RowActions } from '@/components/row-actions';
import { componentTexts } from '@/components/texts';
import { FilterSelect } from '@/components/filter-select';

export function SpecializationsPage() {
  const linkState = useListLinkState();
  const list = useListState('name', { mention_id: null as string | null, level: null as string | null });
  const result = useSpecializationsList(list.query);
  const mentions = useMentionOptions();
  const [creating, setCreating] = useState(false);
  const save = useSaveSpecialization();
  const del = useDeleteSpecialization();

  const remove = async (s: Specialization) => {
    // A parcours in use cannot be deleted: say so at once rather than after a confirmation (as for mentions).
    if ((s.students_count ?? 0) > 0 || (s.courses_count ?? 0) > 0) {
      modals.open({ title: t.deleteTitle, centered: true, children: <Text size="sm">{t.deleteBlocked(s.name, s.students_count ?? 0, s.courses_count ?? 0)}</Text> });
      return;
    }
    if (await confirmDialog({ message: t.deleteConfirm(s.name), danger: true })) del.mutate(s.id);
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
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchBox value={list.state.search} onChange={list.setSearch} label={t.search} />
          <FilterSelect
            list={list}
            name="mention_id"
            label={t.mentionFilter}
            data={(mentions.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            searchable
          />
          <FilterSelect list={list} name="level" label={t.levelFilter} data={levelOptions} basis={170} />
        </Group>
        <ListTable<Specialization>
          ariaLabel={t.title}
          list={list}
          result={result}
          empty={{ title: t.emptyTitle, description: t.emptyDescription, actions: createButton }}
          columns={[
            { accessor: 'name', title: t.columns.name, sortable: true, render: (s) => <Text fw={500} size="sm">{s.name}</Text> },
            { accessor: 'code', title: t.columns.code, sortable: true },
            { accessor: 'level', title: t.columns.level, sortable: true, render: (s) => <Badge variant="light">{s.level}</Badge> },
            { accessor: 'mention_name', title: t.columns.mention, sortable: true, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})` },
            { accessor: 'students_count', title: t.columns.students, textAlign: 'right', visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})` },
            { accessor: 'courses_count', title: t.columns.courses, textAlign: 'right', visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})` },
            {
              accessor: 'actions',
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (s) => (
                <RowActions name={s.name} editTo={paths.specializationsEdit.href(s.id)} linkState={linkState} onDelete={() => remove(s)} />
              ),
            },
          ]}
        />
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t.createTitle} size="lg">
        {creating ? (
          <SpecializationForm
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

export const Component = SpecializationsPage;
