// The journal of one student's attempt, in the student drawer: each event with its time (Paris), what it was and
// its details, whether the hash chain holds and its last hash (to write down in an appeal), and « Débloquer la
// composition » for an attempt tied to another device (one-session rule).
import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { JOURNAL_EVENT_LABELS, type JournalEvent } from '@exam/shared';
import { confirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/components/format';
import { useAttemptJournal, useUnlockAttempt } from '../api/exam-results';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.journal;

/** `positions`: each question's number in the student's copy (the journal keeps the question's id). */
function details(e: JournalEvent, positions: ReadonlyMap<number, number>): string {
  const d = e.data as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.question_id === 'number') {
    const n = positions.get(d.question_id);
    parts.push(n === undefined ? t.outOfCopy : t.question(n));
  }
  if (e.type === 'ANSWER' || e.type === 'DRAFT_GRADED' || e.type === 'GRADED_LATER') parts.push(d.is_valid === true ? t.valid : d.is_valid === false ? t.invalid : t.hidden);
  if (e.type === 'ANSWER_KEPT') parts.push(t.kept(d.from_draft === true));
  if (e.type === 'MARK' && d.withdrawn === true) parts.push(t.markWithdrawn);
  if (e.type === 'GRADED_LATER') {
    if (d.from_draft === true) parts.push(t.fromDraft);
    if (typeof d.penalty === 'number' && d.penalty > 0) parts.push(t.penalty(Math.round(d.penalty * 1000) / 10));
    if (typeof d.failures === 'number') parts.push(t.failedTries(d.failures));
  }
  if (typeof d.message === 'string') parts.push(d.message);
  if (e.type === 'OFFLINE_PERIOD' && typeof d.from === 'string' && typeof d.until === 'string') parts.push(t.silence(formatDateTime(d.from), formatDateTime(d.until), d.until_end === true));
  if (typeof d.extra_minutes === 'number') parts.push(t.minutes(d.extra_minutes));
  if (typeof d.time_bonus_percent === 'number') parts.push(t.bonus(d.time_bonus_percent));
  if (typeof d.deadline === 'string') parts.push(t.deadline(formatDateTime(d.deadline)));
  if (typeof d.ip === 'string') parts.push(d.ip);
  if (e.client_at) parts.push(t.clientTime(formatDateTime(e.client_at)));
  return parts.join(' · ');
}

/** `bound`: the attempt is tied to one session (one-session rule); only then is there something to unlock. */
export function AttemptJournal({ examId, userId, bound, positions }: { examId: number; userId: number; bound: boolean; positions: ReadonlyMap<number, number> }) {
  const journal = useAttemptJournal(examId, userId);
  const unlock = useUnlockAttempt(examId, userId);
  const data = journal.data;
  const onUnlock = async () => {
    if (await confirmDialog({ message: t.unlockConfirm })) await unlock.mutateAsync().catch(() => undefined);
  };
  return (
    <section aria-labelledby="student-journal">
      <Group justify="space-between" align="flex-start" gap="xs" mb={4}>
        <Title order={3} size="h5" id="student-journal">
          {t.title}
        </Title>
        {bound ? (
          <Button size="compact-sm" variant="light" leftSection={<IconLockOpen size={14} aria-hidden="true" />} onClick={() => void onUnlock()} loading={unlock.isPending}>
            {t.unlock}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t.help} {bound ? t.unlockHelp : null}
      </Text>
      {data ? (
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={data.intact ? 'teal' : 'red'} style={{ textTransform: 'none' }} data-testid="journal-chain">
              {data.intact ? t.intact : t.broken(data.broken_at ?? 0)}
            </Badge>
            {data.last_hash ? (
              <Text size="xs">
                {t.lastHash} : <Code style={{ wordBreak: 'break-all' }}>{data.last_hash}</Code>
              </Text>
            ) : null}
          </Group>
          {data.events.length === 0 ? (
            <Alert color="gray">{t.empty}</Alert>
          ) : (
            <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t.table}>
              <Table fz="xs" withTableBorder striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">#</Table.Th>
                    <Table.Th scope="col">{t.when}</Table.Th>
                    <Table.Th scope="col">{t.event}</Table.Th>
                    <Table.Th scope="col">{t.details}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.events.map((e) => (
                    <Table.Tr key={e.seq}>
                      <Table.Td>{e.seq}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                      <Table.Td>{JOURNAL_EVENT_LABELS[e.type]}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{details(e, positions)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}
    </section>
  );
}
