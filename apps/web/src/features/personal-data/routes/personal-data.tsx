// /dashboard/personal-data (staff): a student's data archive on request, and the deletion requests to grant (the
// account erased) or refuse with a reason; a request under a hold cannot be granted.
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, SegmentedControl, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DELETION_STATUS_LABELS, type DeletionRequest, type UserListItem } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { DownloadButton } from '@/components/download-button';
import { TableSkeleton } from '@/components/loading-skeleton';
import { formatDateTime } from '@/components/format';
import { api, isApiError } from '@/lib/api-client';
import { useDecide, useDeletionRequests } from '../api/personal-data';
import { personalDataTexts } from '../texts';

const t = personalDataTexts.staff;

function Decide({ request, grant, onDone }: { request: DeletionRequest; grant: boolean; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = useDecide();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await decide.mutateAsync({ id: request.id, input: { decision: grant ? 'GRANTED' : 'REFUSED', reason } });
      onDone();
    } catch (err) {
      if (isApiError(err)) setError(err.errors.reason?.[0] ?? (err.status === 409 ? err.message : undefined));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {request.student}
          {request.student_number ? ` (${request.student_number})` : ''}
          {request.message ? ` : « ${request.message} »` : ''}
        </Text>
        {grant ? (
          <Text size="sm" fw={500} c="red.8">
            {t.grantWarning}
          </Text>
        ) : null}
        <Textarea label={t.reason} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} autosize minRows={2} required data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button type="submit" color={grant ? 'red' : undefined} loading={decide.isPending}>
            {grant ? t.grant : t.refuse}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PersonalDataPage() {
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const students = useQuery({ queryKey: ['personal-data', 'students', search], queryFn: () => api.page<UserListItem>('/admin/users/students', { search: search || undefined, per_page: 20 }) });
  const [filter, setFilter] = useState('PENDING');
  const requests = useDeletionRequests(filter === 'PENDING');
  const [deciding, setDeciding] = useState<{ request: DeletionRequest; grant: boolean } | null>(null);
  const chosen = students.data?.data.find((u) => String(u.id) === userId);

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="archive-title">
          <Title order={2} size="h4" id="archive-title" mb="xs">
            {t.archiveTitle}
          </Title>
          <Text size="sm" mb="sm">
            {t.archiveText}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t.student}
              placeholder={t.studentSearch}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              value={userId}
              onChange={setUserId}
              data={(students.data?.data ?? []).map((u) => ({ value: String(u.id), label: `${u.last_name} ${u.first_name}${u.student_number ? ` (${u.student_number})` : ''}` }))}
              filter={({ options }) => options}
              nothingFoundMessage="—"
              style={{ flex: '1 1 16rem' }}
            />
            <DownloadButton path={`/admin/personal-data/students/${userId}/archive`} disabled={!userId} aria-label={chosen ? t.archiveFor(`${chosen.last_name} ${chosen.first_name}`) : undefined}>
              {t.archive}
            </DownloadButton>
          </Group>
        </Card>

        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="requests-title">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Title order={2} size="h4" id="requests-title">
              {t.requestsTitle}
            </Title>
            <SegmentedControl
              aria-label={t.filter}
              value={filter}
              onChange={setFilter}
              data={[
                { value: 'PENDING', label: t.pendingOnly },
                { value: 'ALL', label: t.all },
              ]}
            />
          </Group>
          {!requests.data ? (
            <TableSkeleton />
          ) : requests.data.length === 0 ? (
            <Text size="sm">{t.empty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t.student}</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      {t.date}
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      {t.message}
                    </Table.Th>
                    <Table.Th scope="col">{t.status}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t.actions}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {requests.data.map((r) => {
                    const name = r.student ?? t.erased;
                    return (
                      <Table.Tr key={r.id}>
                        <Table.Th scope="row" fw={500}>
                          {name}
                          {r.student_number ? (
                            <Text size="xs" c="dimmed" component="span" display="block">
                              {r.student_number}
                            </Text>
                          ) : null}
                        </Table.Th>
                        <Table.Td visibleFrom="sm">{formatDateTime(r.created_at)}</Table.Td>
                        <Table.Td visibleFrom="sm">{r.message || '—'}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            <Badge color={r.status === 'PENDING' ? 'indigo.8' : r.status === 'GRANTED' ? 'teal.9' : 'red.9'}>
                              {DELETION_STATUS_LABELS[r.status]}
                            </Badge>
                            {r.on_hold ? (
                              <Badge variant="outline" color="red.9">
                                {t.onHold}
                              </Badge>
                            ) : null}
                          </Group>
                          {r.decision_reason ? <Text size="xs">{r.decision_reason}</Text> : null}
                        </Table.Td>
                        <Table.Td>
                          {r.status === 'PENDING' ? (
                            <Group gap="xs" justify="flex-end" wrap="wrap">
                              <Button size="xs" variant="light" color="red" disabled={r.on_hold} onClick={() => setDeciding({ request: r, grant: true })} aria-label={t.grantFor(name)}>
                                {t.grant}
                              </Button>
                              <Button size="xs" variant="default" onClick={() => setDeciding({ request: r, grant: false })} aria-label={t.refuseFor(name)}>
                                {t.refuse}
                              </Button>
                            </Group>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      <Modal opened={!!deciding} onClose={() => setDeciding(null)} title={deciding ? t.decideTitle(deciding.grant) : ''}>
        {deciding ? <Decide request={deciding.request} grant={deciding.grant} onDone={() => setDeciding(null)} /> : null}
      </Modal>
    </>
  );
}

export const Component = PersonalDataPage;
