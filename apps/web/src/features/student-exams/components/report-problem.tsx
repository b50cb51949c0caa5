// « Signaler un problème » on a question while taking the exam: a short message for the invigilators, who see it
// live. The answer being typed is untouched; a refusal (too short, too many) is said in the dialog.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { REPORT_LIMITS } from '@exam/shared';
import { api, isApiError } from '@/lib/api-client';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.report;

export function ReportProblem({ examId, questionId, position }: { examId: number; questionId: number; position: number }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await api.post(`/student/exams/${examId}/reports`, { question_id: questionId, message }, { successTitle: t.sentTitle, silent: true });
      setMessage('');
      setOpen(false);
    } catch (err) {
      setError(isApiError(err) ? (Object.values(err.errors ?? {})[0]?.[0] ?? err.message) : t.failed);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconMessageReport size={14} aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <Modal opened={open} onClose={close} title={t.title(position)} centered>
        <Stack gap="sm">
          <Text size="sm">{t.hint}</Text>
          <Textarea
            label={t.message}
            autosize
            minRows={3}
            maxLength={REPORT_LIMITS.messageMax}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t.cancel}
            </Button>
            <Button onClick={() => void send()} loading={sending} disabled={message.trim().length === 0}>
              {t.send}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
