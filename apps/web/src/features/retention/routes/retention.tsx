// /dashboard/retention (administrators): each year's jury date and retention, the preview and purge of a due year,
// the archives' sample, and the elimination records to download.
import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { RetentionYear } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { DownloadButton } from '@/components/download-button';
import { TableSkeleton } from '@/components/loading-skeleton';
import { formatDate, formatDateTime } from '@/components/format';
import { usePurgeRecords, useRetentionYears } from '../api/retention';
import { PurgePreview } from '../components/purge-preview';
import { SettingsForm } from '../components/settings-form';
import { retentionTexts as t } from '../texts';

function State({ y }: { y: RetentionYear }) {
  // Plain text rather than a badge: a badge cuts its label short in a narrow column.
  if (!y.jury_date) return <Text size="sm">{t.noJury}</Text>;
  return (
    <Text size="sm" fw={700} c={y.due ? 'red.9' : 'teal.9'}>
      {y.due ? t.due : t.notDue}
    </Text>
  );
}

export function RetentionPage() {
  const years = useRetentionYears();
  const records = usePurgeRecords();
  const [editing, setEditing] = useState<RetentionYear | null>(null);
  const [previewing, setPreviewing] = useState<RetentionYear | null>(null);

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="years-title">
          <Title order={2} size="h4" id="years-title" mb="sm">
            {t.yearsTitle}
          </Title>
          {!years.data ? (
            <TableSkeleton />
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t.columns.label}</Table.Th>
                    <Table.Th scope="col">{t.columns.jury}</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      {t.columns.months}
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      {t.columns.due}
                    </Table.Th>
                    <Table.Th scope="col">{t.columns.state}</Table.Th>
                    <Table.Th scope="col" visibleFrom="md">
                      {t.columns.lastPurge}
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="md" ta="right">
                      {t.columns.holds}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t.columns.actions}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {years.data.map((y) => (
                    <Table.Tr key={y.id}>
                      <Table.Th scope="row">{y.label}</Table.Th>
                      <Table.Td>{y.jury_date ? formatDate(y.jury_date) : '—'}</Table.Td>
                      <Table.Td visibleFrom="sm">{t.months(y.retention_months)}</Table.Td>
                      <Table.Td visibleFrom="sm">{y.due_on ? formatDate(y.due_on) : '—'}</Table.Td>
                      <Table.Td>
                        <State y={y} />
                      </Table.Td>
                      <Table.Td visibleFrom="md">{y.last_purge_at ? formatDateTime(y.last_purge_at) : t.never}</Table.Td>
                      <Table.Td visibleFrom="md" ta="right">
                        {y.active_holds}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="wrap">
                          <Button size="xs" variant="default" onClick={() => setEditing(y)} aria-label={t.settingsFor(y.label)}>
                            {t.settings}
                          </Button>
                          <Button size="xs" variant="light" onClick={() => setPreviewing(y)} aria-label={t.previewFor(y.label)}>
                            {t.preview}
                          </Button>
                          <DownloadButton size="xs" variant="subtle" path={`/admin/retention/years/${y.id}/archive-sample?size=10`} aria-label={t.sampleFor(y.label)}>
                            {t.sample}
                          </DownloadButton>
                        </Group>
                        {y.archive_sample_count ? (
                          <Text size="xs" c="dimmed" ta="right">
                            {t.sampleDone(y.archive_sample_count, formatDateTime(y.archive_sample_at))}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>

        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="records-title">
          <Title order={2} size="h4" id="records-title" mb="sm">
            {t.recordsTitle}
          </Title>
          {!records.data ? (
            <TableSkeleton />
          ) : records.data.length === 0 ? (
            <Text size="sm">{t.recordsEmpty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t.recordNumber}</Table.Th>
                    <Table.Th scope="col">{t.columns.label}</Table.Th>
                    <Table.Th scope="col">{t.recordDate}</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      {t.recordBy}
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="sm" ta="right">
                      {t.recordRemoved}
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="sm" ta="right">
                      {t.recordKept}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t.columns.actions}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.data.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Th scope="row">{r.id}</Table.Th>
                      <Table.Td>{r.year_label}</Table.Td>
                      <Table.Td>{formatDateTime(r.run_at)}</Table.Td>
                      <Table.Td visibleFrom="sm">{r.run_by_name ?? t.periodic}</Table.Td>
                      <Table.Td visibleFrom="sm" ta="right">
                        {r.counts.attempts}
                      </Table.Td>
                      <Table.Td visibleFrom="sm" ta="right">
                        {r.kept}
                      </Table.Td>
                      <Table.Td ta="right">
                        <DownloadButton size="xs" variant="light" path={r.url.replace(/^\/api/, '')} aria-label={t.downloadRecord(r.id)}>
                          {t.download}
                        </DownloadButton>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={editing ? t.settingsTitle(editing.label) : ''}>
        {editing ? <SettingsForm year={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <Modal opened={!!previewing} onClose={() => setPreviewing(null)} title={previewing ? t.previewTitle(previewing.label) : ''} size="lg">
        {previewing ? <PurgePreview yearId={previewing.id} onDone={() => setPreviewing(null)} /> : null}
      </Modal>
    </>
  );
}

export const Component = RetentionPage;
