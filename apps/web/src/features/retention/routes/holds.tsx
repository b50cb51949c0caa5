// /dashboard/retention/holds (staff): the holds in force or released, setting one on a student (motive and reason,
// for all their data or one year) and releasing it with a reason.
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, SegmentedControl, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { HOLD_KIND_LABELS, HOLD_KINDS, type Hold, type HoldKind, type AcademicYear, type UserListItem } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { TableSkeleton } from '@/components/loading-skeleton';
import { formatDateTime } from '@/components/format';
import { api, isApiError } from '@/lib/api-client';
import { useCreateHold, useHolds, useReleaseHold } from '../api/retention';
import { retentionTexts } from '../texts';

const t = retentionTexts.holds;

function CreateHold({ onDone }: { onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [yearId, setYearId] = useState<string | null>(null);
  const [kind, setKind] = useState<HoldKind>('APPEAL');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const students = useQuery({ queryKey: ['retention', 'students', search], queryFn: () => api.page<UserListItem>('/admin/users/students', { search: search || undefined, per_page: 20 }) });
  const years = useQuery({ queryKey: ['retention', 'hold-years'], queryFn: () => api.page<AcademicYear>('/admin/academic-years', { per_page: 100 }) });
  const create = useCreateHold();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await create.mutateAsync({ user_id: Number(userId), academic_year_id: yearId ? Number(yearId) : null, exam_id: null, kind, reason });
      onDone();
    } catch (err) {
      if (isApiError(err)) setErrors(err.errors);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t.student}
          placeholder={t.studentSearch}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          value={userId}
          onChange={setUserId}
          data={(students.data?.data ?? []).map((u) => ({ value: String(u.id), label: `${u.last_name} ${u.first_name}${u.student_number ? ` (${u.student_number})` : ''}` }))}
          error={errors.user_id?.[0]}
          filter={({ options }) => options}
          nothingFoundMessage="—"
          required
          data-autofocus
        />
        <Select
          label={t.year}
          placeholder={t.allYears}
          clearable
          value={yearId}
          onChange={setYearId}
          data={(years.data?.data ?? []).map((y) => ({ value: String(y.id), label: y.label }))}
          error={errors.academic_year_id?.[0]}
        />
        <Select label={t.kind} value={kind} onChange={(v) => v && setKind(v as HoldKind)} data={HOLD_KINDS.map((k) => ({ value: k, label: HOLD_KIND_LABELS[k] }))} allowDeselect={false} required />
        <Textarea label={t.reason} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason?.[0]} autosize minRows={2} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {retentionTexts.cancel}
          </Button>
          <Button type="submit" loading={create.isPending} leftSection={<IconLock size={16} aria-hidden="true" />}>
            {t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReleaseHold({ hold, onDone }: { hold: Hold; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const release = useReleaseHold();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await release.mutateAsync({ id: hold.id, reason });
      onDone();
    } catch (err) {
      if (isApiError(err)) setError(err.errors.reason?.[0]);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {hold.student} — {HOLD_KIND_LABELS[hold.kind]} : {hold.reason}
        </Text>
        <Textarea label={t.releaseReason} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} autosize minRows={2} required data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {retentionTexts.cancel}
          </Button>
          <Button type="submit" loading={release.isPending}>
            {t.release}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function HoldsPage() {
  const [active, setActive] = useState('1');
  const holds = useHolds(active === '1');
  const [creating, setCreating] = useState(false);
  const [releasing, setReleasing] = useState<Hold | null>(null);
  const createButton = (
    <Button leftSection={<IconLock size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
      {t.create}
    </Button>
  );
  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} actions={createButton} />
      <Stack gap="md">
        <SegmentedControl
          aria-label={t.filter}
          value={active}
          onChange={setActive}
          data={[
            { value: '1', label: t.active },
            { value: '0', label: t.released },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Card withBorder radius="md" padding="md">
          {!holds.data ? (
            <TableSkeleton />
          ) : holds.data.length === 0 ? (
            <Text size="sm">{t.empty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Caption>{active === '1' ? t.active : t.released}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t.student}</Table.Th>
                    <Table.Th scope="col">{t.kind}</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      {t.scope}
                    </Table.Th>
                    <Table.Th scope="col">{t.reason}</Table.Th>
                    <Table.Th scope="col" visibleFrom="md">
                      {t.since}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {retentionTexts.columns.actions}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {holds.data.map((h) => (
                    <Table.Tr key={h.id}>
                      <Table.Th scope="row" fw={500}>
                        {h.student}
                        {h.student_number ? (
                          <Text size="xs" c="dimmed" component="span" display="block">
                            {h.student_number}
                          </Text>
                        ) : null}
                      </Table.Th>
                      <Table.Td>
                        <Badge color={h.kind === 'DISCIPLINARY' ? 'red.9' : 'indigo.8'}>
                          {HOLD_KIND_LABELS[h.kind]}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{[h.year_label, h.exam_title].filter(Boolean).join(', ') || t.allOf}</Table.Td>
                      <Table.Td>
                        {h.reason}
                        {h.released_at ? (
                          <Text size="xs" c="dimmed">
                            {t.releasedOn(formatDateTime(h.released_at), h.released_by_name, h.release_reason)}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td visibleFrom="md">
                        {formatDateTime(h.created_at)}
                        {h.created_by_name ? ` — ${h.created_by_name}` : ''}
                      </Table.Td>
                      <Table.Td ta="right">
                        {h.released_at ? null : (
                          <Button size="xs" variant="light" onClick={() => setReleasing(h)} aria-label={t.releaseFor(h.student)}>
                            {t.release}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t.createTitle}>
        {creating ? <CreateHold onDone={() => setCreating(false)} /> : null}
      </Modal>
      <Modal opened={!!releasing} onClose={() => setReleasing(null)} title={t.releaseTitle}>
        {releasing ? <ReleaseHold hold={releasing} onDone={() => setReleasing(null)} /> : null}
      </Modal>
    </>
  );
}

export const Component = HoldsPage;
