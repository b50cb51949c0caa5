// /profile/student/donnees (students): « Mes données »: download everything the platform keeps about me, ask for its
// erasure, and follow my requests (with the reason of a refusal).
import { useState } from 'react';
import { Badge, Button, Card, Grid, Stack, Text, Textarea, Title } from '@mantine/core';
import { DELETION_STATUS_LABELS, type DeletionRequest } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { DownloadButton } from '@/components/download-button';
import { confirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/components/format';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useMyData, useRequestDeletion } from '../api/personal-data';
import { personalDataTexts } from '../texts';

const t = personalDataTexts.mine;
const STATUS_COLORS: Record<DeletionRequest['status'], string> = { PENDING: 'indigo.8', GRANTED: 'teal.9', REFUSED: 'red.9' };

export function MyDataPage() {
  const mine = useMyData();
  const ask = useRequestDeletion();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pending = mine.data?.requests.some((r) => r.status === 'PENDING') ?? false;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!(await confirmDialog({ message: t.requestConfirm, confirmLabel: t.request, danger: true }))) return;
    try {
      await ask.mutateAsync(message);
      setMessage('');
    } catch (err) {
      if (isApiError(err)) setError(err.errors.message?.[0]);
    }
  };
  return (
    <>
      <PageHeader title={t.title} description={t.description} homeTo={paths.studentCourses.path} breadcrumbs={[{ label: paths.studentProfile.title, to: paths.studentProfile.path }, { label: t.title }]} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="archive-title">
            <Title order={2} size="h4" mb="xs" id="archive-title">
              {t.archiveTitle}
            </Title>
            <Text size="sm" mb="md">
              {t.archiveText}
            </Text>
            <DownloadButton path="/student/my-data/archive">{t.archive}</DownloadButton>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="delete-title">
            <Title order={2} size="h4" mb="xs" id="delete-title">
              {t.deleteTitle}
            </Title>
            <Text size="sm" mb="md">
              {t.deleteText}
            </Text>
            {pending ? (
              <Text size="sm" fw={500} role="status" p="sm" bg="gray.1" style={{ borderRadius: 4 }}>
                {t.pending}
              </Text>
            ) : (
              <form onSubmit={submit} noValidate>
                <Stack gap="sm">
                  <Textarea label={t.message} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={error} autosize minRows={2} maxLength={1000} />
                  <Button type="submit" color="red" variant="light" loading={ask.isPending} style={{ alignSelf: 'flex-start' }}>
                    {t.request}
                  </Button>
                </Stack>
              </form>
            )}
          </Card>
        </Grid.Col>
        {mine.data?.requests.length ? (
          <Grid.Col span={12}>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="requests-title">
              <Title order={2} size="h4" mb="xs" id="requests-title">
                {t.requestsTitle}
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {mine.data.requests.map((r) => (
                  <li key={r.id}>
                    <Text size="sm" fw={500} component="span">
                      {t.requestOf(formatDateTime(r.created_at))}{' '}
                    </Text>
                    <Badge color={STATUS_COLORS[r.status]}>
                      {DELETION_STATUS_LABELS[r.status]}
                    </Badge>
                    {r.decided_at ? (
                      <Text size="sm">
                        {t.answeredOn(formatDateTime(r.decided_at))}
                        {r.decision_reason ? ` : ${r.decision_reason}` : ''}
                      </Text>
                    ) : null}
                  </li>
                ))}
              </Stack>
            </Card>
          </Grid.Col>
        ) : null}
      </Grid>
    </>
  );
}

export const Component = MyDataPage;
