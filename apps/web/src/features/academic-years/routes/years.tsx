// /dashboard/years: the academic years list (search, sort, pages), create dialog, edit link, delete with confirmation.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import type { AcademicYear } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { formatDate } from '@/components/format';
import { useDeleteYear, useSaveYear, useYearsList } from '../api/academic-years';
import { YearForm } from '../components/year-form';
import { yearsTexts as t } from '../texts';
import { RowActions } from '@/components/row-actions';
import { componentTexts } from '@/components/texts';

export function YearsPage() {
  const linkState = useListLinkState();
  const list = useListState('label', {}, 'desc');
  const result = useYearsList(list.query);
  const [creating, setCreating] = useState(false);
  const save = useSaveYear();
  const del = useDeleteYear();

  const remove = async (y: AcademicYear) => {
    // A year in use cannot be deleted: say so at once rather than after a confirmation (as for mentions).
    if ((y.students_count ?? 0) > 0 || (y.courses_count ?? 0) > 0) {
      modals.open({ title: t.deleteTitle, centered: true, children: <Text size="sm">{t.deleteBlocked(y.label, y.students_count ?? 0, y.courses_count ?? 0)}</Text> });
      return;
    }
    if (await confirmDialog({ message: t.deleteConfirm(y.label), danger: true })) del.mutate(y.id);
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
        <ListTable<AcademicYear>
          ariaLabel={t.title}
          list={list}
          result={result}
          empty={{ title: t.emptyTitle, description: t.emptyDescription, actions: createButton }}
          columns={[
            {
              accessor: 'label',
              title: t.columns.label,
              sortable: true,
              render: (y) => (
                <Group gap="xs">
                  <Text fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {y.label}
                  </Text>
                  {y.is_current ? (
                    <Badge color="teal" variant="light" size="sm">
                      {t.currentBadge}
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { accessor: 'start_date', title: t.columns.start, sortable: true, render: (y) => formatDate(y.start_date), visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})` },
            { accessor: 'end_date', title: t.columns.end, sortable: true, render: (y) => formatDate(y.end_date), visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})` },
            { accessor: 'access_start', title: t.columns.access, render: (y) => `${formatDate(y.access_start)} → ${formatDate(y.access_end)}` },
            { accessor: 'students_count', title: t.columns.students, textAlign: 'right', visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})` },
            { accessor: 'courses_count', title: t.columns.courses, textAlign: 'right', visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})` },
            {
              accessor: 'actions',
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (y) => (
                <RowActions name={y.label} editTo={paths.yearsEdit.href(y.id)} linkState={linkState} onDelete={() => remove(y)} />
              ),
            },
          ]}
        />
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t.createTitle} size="lg">
        {creating ? (
          <YearForm
            onCancel={() => setCreating(false)}
            onSubmit={async (v) => {
              await save.mutateAsync(v);
              setCreating(false);
              list.setPage(1);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

export const Component = YearsPage;
