// The verdict of a try: validated or not, and for a program each visible case with its input, the expected and
// the obtained output; of the hidden cases only how many passed (the server never sends more).
import { Alert, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { GradeDetails } from '@exam/shared';
import { VerdictBadge } from '@/components/verdict-badge';
import { studentPracticeTexts } from '../texts';

const t = studentPracticeTexts.exercise;

function Block({ label, text, error }: { label: string; text: string; error?: boolean }) {
  return (
    <div>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <Code block c={error ? 'red.8' : undefined} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 200, overflow: 'auto' }}>
        {text || t.noInput}
      </Code>
    </div>
  );
}

export function GradeView({ isValid, details }: { isValid: boolean; details: GradeDetails }) {
  return (
    <Stack gap="sm" data-testid="practice-verdict">
      <Alert color={isValid ? 'teal' : 'orange'} variant="light" icon={isValid ? <IconCheck aria-hidden="true" /> : <IconX aria-hidden="true" />} title={isValid ? t.validated : t.notValidated}>
        {details.type === 'MATH' && details.message ? <Text size="sm">{details.message}</Text> : null}
        {details.type === 'ALGORITHM' ? (
          <Group gap="xs">
            <Text size="sm">{t.passed(details.passed, details.total)}</Text>
            <VerdictBadge verdict={details.verdict} />
          </Group>
        ) : null}
      </Alert>
      {details.type === 'ALGORITHM' ? (
        <>
          {details.visible.map((c) => (
            <Paper key={c.index} withBorder p="xs" radius="sm" data-testid="visible-case">
              <Stack gap={6}>
                <Group gap="xs">
                  <Text size="sm" fw={600} component="h3">
                    {t.example(c.index + 1)}
                  </Text>
                  <VerdictBadge verdict={c.verdict} />
                </Group>
                <Block label={t.stdin} text={c.stdin} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <Block label={t.expected} text={c.expected_output} />
                  <Block label={t.got} text={c.stdout} />
                </SimpleGrid>
                {c.stderr ? <Block label={t.stderr} text={c.stderr} error /> : null}
              </Stack>
            </Paper>
          ))}
          {details.hidden.total > 0 ? (
            <Text size="sm" c="dimmed">
              {t.hidden(details.hidden.passed, details.hidden.total)}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
