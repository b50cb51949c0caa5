// On the student's result page: the messages staff addressed to them about their copy (a similarity case), their
// replies, a field to reply while the case is open, and its decision once taken. Nothing shows before staff write.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { STUDENT_REPLY_MAX, type StudentCase } from '@exam/shared';
import { formatDateTime } from '@/components/format';
import { useCaseMessages, useReplyToCase } from '../api/student-exams';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.caseMessages;

function ReplyForm({ examId, c }: { examId: number; c: StudentCase }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToCase(examId);
  const id = `case-${c.case_id}-reply`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) {
          setError(t.empty);
          return;
        }
        setError(null);
        reply.mutate({ caseId: c.case_id, text }, { onSuccess: () => setText('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          id={id}
          label={t.reply}
          description={t.replyHint(STUDENT_REPLY_MAX - text.length)}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={STUDENT_REPLY_MAX}
          autosize
          minRows={3}
          maxRows={12}
          error={error}
        />
        <Group>
          <Button type="submit" loading={reply.isPending}>
            {t.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CaseCard({ examId, c }: { examId: number; c: StudentCase }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="case-messages">
      <Stack gap="sm">
        <Text fw={600}>{t.about(c.question_position)}</Text>
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {c.messages.map((m, i) => (
            <li key={i}>
              <Paper withBorder radius="sm" p="sm" bg={m.mine ? 'var(--mantine-color-gray-0)' : undefined}>
                <Group gap="xs" mb={4}>
                  <Badge variant="light" color={m.mine ? 'gray' : 'blue'} style={{ textTransform: 'none' }}>
                    {m.mine ? t.you : t.from(m.author)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(m.at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.text}
                </Text>
              </Paper>
            </li>
          ))}
        </Stack>
        {c.open ? (
          <ReplyForm examId={examId} c={c} />
        ) : (
          <Alert color="gray" variant="light" title={t.closed}>
            {t.decision(c)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

export function CaseMessages({ examId }: { examId: number }) {
  const q = useCaseMessages(examId);
  const cases = q.data ?? [];
  if (cases.length === 0) return null;
  return (
    <section aria-labelledby="case-messages-title">
      <Group gap="xs" mb="xs">
        <IconMessage size={20} aria-hidden="true" />
        <Title order={2} size="h3" id="case-messages-title">
          {t.title}
        </Title>
      </Group>
      <Text size="sm" mb="sm">
        {t.intro}
      </Text>
      <Stack gap="md">
        {cases.map((c) => (
          <CaseCard key={c.case_id} examId={examId} c={c} />
        ))}
      </Stack>
    </section>
  );
}
