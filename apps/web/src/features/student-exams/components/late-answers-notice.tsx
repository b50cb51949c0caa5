// Answers refused for arriving after the end: said to the student with their times, kept (in this browser, then on
// the server for staff), and the emergency copy to download. The copy button also stands alone (offline banner).
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconDownload, IconAlertTriangle } from '@tabler/icons-react';
import { useCurrentUser } from '@/session';
import { formatDateTimeSeconds } from '@/components/format';
import { notifyResult } from '@/lib/api-client';
import { buildEmergencyCopy, downloadEmergencyCopy } from '../state/emergency-copy';
import type { ExamStore, LateSubmission } from '../state/local-store';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.late;

interface CopyProps {
  exam: { id: number; title: string };
  questionIds: number[];
  store: ExamStore;
}

export function EmergencyCopyButton({ exam, questionIds, store, size = 'sm' }: CopyProps & { size?: 'xs' | 'sm' }) {
  const user = useCurrentUser();
  const download = () => {
    const copy = buildEmergencyCopy({
      exam,
      student: { id: user.id, name: `${user.first_name} ${user.last_name}`, email: user.email },
      questionIds,
      store,
      now: Date.now(),
    });
    notifyResult({ status: 'success', message: t.downloaded(downloadEmergencyCopy(copy)) }, t.downloadedTitle);
  };
  return (
    <Button size={size} variant="light" color="dark" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={download}>
      {t.download}
    </Button>
  );
}

export function LateAnswersNotice({ late, ...copy }: CopyProps & { late: LateSubmission[] }) {
  if (late.length === 0) return null;
  const number = new Map(copy.questionIds.map((id, i) => [id, i + 1]));
  const kept = late.every((s) => s.kept);
  return (
    <Stack gap="xs" align="flex-start" data-testid="late-answers">
    <Alert w="100%" color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden="true" />} title={t.title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t.message(late.length)}</Text>
        <List size="sm" spacing={2}>
          {late.map((s) => (
            <List.Item key={s.submission_id}>{t.item(number.get(s.question_id) ?? 0, formatDateTimeSeconds(new Date(s.queued_at).toISOString()), s.refusal)}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={500} data-testid="late-kept">
          {kept ? t.keptOnServer : t.keptHere}
        </Text>
      </Stack>
    </Alert>
    {/* Beside the alert, not in it: inside, the button's width kept the alert's text from wrapping at 375 px. */}
    <EmergencyCopyButton {...copy} />
    </Stack>
  );
}
