// The preview of a year's purge (what goes, by kind and by exam; what stays and why) and the purge itself, confirmed
// by typing the year's label.
import { useState } from 'react';
import { Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { PURGE_CATEGORIES, PURGE_CATEGORY_LABELS } from '@exam/shared';
import { formatDate } from '@/components/format';
import { isApiError } from '@/lib/api-client';
import { usePurge, usePurgePreview } from '../api/retention';
import { retentionTexts as t } from '../texts';

export function PurgePreview({ yearId, onDone }: { yearId: number; onDone: () => void }) {
  const preview = usePurgePreview(yearId);
  const purge = usePurge();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!preview.data) return preview.isError ? null : <Loader size="sm" aria-label={t.preview} />;
  const { year, counts, exams, kept } = preview.data;
  const run = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await purge.mutateAsync({ id: yearId, confirm: typed });
      onDone();
    } catch (err) {
      if (isApiError(err)) setError(err.errors.confirm?.[0]);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">{t.previewIntro}</Text>
      {!year.jury_date || !year.due ? (
        <Text size="sm" fw={500} c="red.8" role="status">
          {!year.jury_date ? t.noJuryYet : t.notDueYet(formatDate(year.due_on))}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={280}>
        <Table striped withTableBorder>
          <Table.Caption>{t.previewTitle(year.label)}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.category}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t.count}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PURGE_CATEGORIES.map((c) => (
              <Table.Tr key={c}>
                <Table.Th scope="row" fw={400}>
                  {PURGE_CATEGORY_LABELS[c]}
                </Table.Th>
                <Table.Td ta="right">{counts[c].toLocaleString('fr-FR')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {exams.length ? (
        <Table.ScrollContainer minWidth={280}>
          <Table withTableBorder>
            <Table.Caption>{t.examsTitle}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.exam}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.copies}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.keptCopies}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exams.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Th scope="row" fw={400}>
                    {e.title}
                  </Table.Th>
                  <Table.Td ta="right">{e.attempts}</Table.Td>
                  <Table.Td ta="right">{e.kept}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <section aria-labelledby="kept-title">
        <Title order={3} size="h5" id="kept-title" mb="xs">
          {t.keptTitle}
        </Title>
        {kept.length ? (
          <Stack gap={4} component="ul" style={{ paddingLeft: '1.2rem', margin: 0 }}>
            {kept.map((k, i) => (
              <Text component="li" size="sm" key={i}>
                {k.student}
                {k.student_number ? ` (n° ${k.student_number})` : ''}
                {k.exam_title ? `, ${k.exam_title}` : ''} — {k.reason}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm">{t.keptNone}</Text>
        )}
      </section>
      {confirming ? (
        <form onSubmit={run} noValidate aria-labelledby="purge-confirm-title">
          <Stack gap="sm">
            <Title order={3} size="h5" id="purge-confirm-title">
              {t.purgeConfirmTitle}
            </Title>
            <Text size="sm">{t.purgeConfirmText(year.label)}</Text>
            <TextInput label={t.purgeConfirmLabel} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} error={error} autoComplete="off" data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t.cancel}
              </Button>
              <Button type="submit" color="red" loading={purge.isPending} leftSection={<IconTrash size={16} aria-hidden="true" />}>
                {t.purgeConfirmButton}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button color="red" disabled={!year.due} onClick={() => setConfirming(true)} leftSection={<IconTrash size={16} aria-hidden="true" />}>
            {t.purge}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
