// /dashboard/users/students: students with search, filters (year, mention, parcours, premium), sort and pages;
// the premium switch behind a confirmation; template download and import; create, edit and delete.
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import type { UserListItem } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { useYearOptions } from '@/lib/reference-options';
import { useMentionOptions } from '@/lib/reference-options';
import { specializationOption, useSpecializationOptions } from '@/lib/reference-options';
import { downloadImportTemplate, useDeleteUser, useStudentsList, useTogglePremium } from '../api/users';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { ImportDialog } from '../components/import-dialog';
import { fullName } from '@/components/format';
import { peopleTexts } from '../texts';
import { RowActions } from '@/components/row-actions';
import { componentTexts } from '@/components/texts';
import { FilterSelect } from '@/components/filter-select';

const t = peopleTexts.students;
const c = peopleTexts.columns;

export function StudentsPage() {
  const linkState = useListLinkState();
  const list = useListState('last_name', {
    academic_year_id: null as string | null,
    mention_id: null as string | null,
    specialization_id: null as string | null,
    is_premium: null as string | null,
  });
  const result = useStudentsList(list.query);
  const years = useYearOptions();
  const mentions = useMentionOptions();
  const specs = useSpecializationOptions();
  const toggle = useTogglePremium();
  const del = useDeleteUser();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const mentionId = list.state.filters.mention_id;
  const specOptions = (specs.data ?? [])
    .filter((s) => !mentionId || String(s.mention_id) === mentionId)
    .map(specializationOption);

  const flip = async (u: UserListItem) => {
    const message = u.is_premium ? t.premiumOff(fullName(u)) : t.premiumOn;
    if (await confirmDialog({ message })) toggle.mutate(u.id);
  };
  const remove = async (u: UserListItem) => {
    if (await confirmDialog({ message: t.deleteConfirm(fullName(u)), danger: true })) del.mutate(u);
  };
  const template = async () => {
    setDownloading(true);
    try {
      await downloadImportTemplate();
    } catch {
      // The API client already showed the error toast.
    } finally {
      setDownloading(false);
    }
  };

  const createButton = (
    <Button component={Link} to={paths.studentsCreate.path} state={linkState} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {t.create}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        breadcrumbs={[{ label: t.title }]}
        actions={
          <>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={template} loading={downloading}>
              {t.downloadTemplate}
            </Button>
            <Button variant="light" leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={() => setImporting(true)}>
              {t.import}
            </Button>
            {createButton}
          </>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchBox value={list.state.search} onChange={list.setSearch} label={t.search} placeholder={t.searchPlaceholder} />
          <FilterSelect
            list={list}
            name="academic_year_id"
            label={t.yearFilter}
            data={(years.data ?? []).map((y) => ({ value: String(y.id), label: y.label }))}
            basis={150}
          />
          <FilterSelect
            list={list}
            name="mention_id"
            label={t.mentionFilter}
            data={(mentions.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            searchable
            onChange={(v) => {
              list.setFilter('mention_id', v);
              list.setFilter('specialization_id', null);
            }}
            basis={160}
          />
          <FilterSelect list={list} name="specialization_id" label={t.specializationFilter} data={specOptions} searchable />
          <FilterSelect
            list={list}
            name="is_premium"
            label={t.premiumFilter}
            data={[
              { value: '1', label: t.premiumYes },
              { value: '0', label: t.premiumNo },
            ]}
            basis={150}
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
                <Stack gap={0}>
                  <Text fw={500} size="sm">
                    {fullName(u)}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {u.student_number}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'student_number', title: c.studentNumber, sortable: true, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})` },
            { accessor: 'email', title: c.email, sortable: true, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})` },
            {
              accessor: 'specializations',
              title: c.specializations,
              visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.lg})`,
              render: (u) => (
                <Group gap={4}>
                  {u.specializations.map((s) => (
                    <Badge key={s.id} variant="light" size="sm">
                      {s.code}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            { accessor: 'academic_year_label', title: c.year, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.lg})` },
            {
              accessor: 'is_premium',
              title: c.premium,
              sortable: true,
              render: (u) => (
                <Switch
                  checked={u.is_premium === 1}
                  onChange={() => flip(u)}
                  aria-label={t.premiumSwitch(fullName(u))}
                  color="teal"
                  disabled={toggle.isPending && toggle.variables === u.id}
                />
              ),
            },
            {
              accessor: 'actions',
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (u) => (
                <RowActions name={fullName(u)} editTo={paths.studentsEdit.href(u.id)} linkState={linkState} onDelete={() => remove(u)} />
              ),
            },
          ]}
        />
      </Stack>
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}

export const Component = StudentsPage;
