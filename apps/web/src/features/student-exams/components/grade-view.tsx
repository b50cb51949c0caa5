// The verdict of an answer: « Validé » / « Non validé », and for a program the verdict of each visible case with
// its input and the difference between the expected and the obtained output; of the hidden cases only how many
// passed (the server never sends more).
import { Alert, Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { GradeDetails } from '@exam/shared';
import { VerdictBadge } from '@/components/verdict-badge';
import { studentExamsTexts } from '../texts';
import { OutputDiff } from './output-diff';

const t = studentExamsTexts.answer;

export function ValidityBadge({ valid }: { valid: boolean }) {
  return (
    <Badge color={valid ? 'teal' : 'red'} variant="light" size="lg" leftSection={valid ? <IconCheck size={14} aria-hidden="true" /> : <IconX size={14} aria-hidden="true" />} style={{ textTransform: 'none' }}>
      {valid ? t.validated : t.notValidated}
    </Badge>
  );
}

export function CaseResults({ details }: { details: Extract<GradeDetails, { type: 'ALGORITHM' }> }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t.passed(details.passed, details.total)}
        </Text>
        <VerdictBadge verdict={details.verdict} />
      </Group>
      {details.visible.map((c) => (
        <Paper key={c.index} withBorder p="xs" radius="sm" data-testid="visible-case">
          <Stack gap={6}>
            <Group gap="xs">
              <Text size="sm" fw={600} component="h4">
                {t.example(c.index + 1)}
              </Text>
              <VerdictBadge verdict={c.verdict} />
            </Group>
            {c.stdin ? (
              <div>
                <Text size="xs" c="dimmed">
                  {t.input}
                </Text>
                <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 160, overflow: 'auto' }}>
                  {c.stdin}
                </Code>
              </div>
            ) : null}
            {c.verdict === 'OK' ? null : <OutputDiff expected={c.expected_output} got={c.stdout} />}
            {c.stderr ? (
              <div>
                <Text size="xs" c="dimmed">
                  {t.errors}
                </Text>
                <Code block c="red.9" style={{ whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}>
                  {c.stderr}
                </Code>
              </div>
            ) : null}
          </Stack>
        </Paper>
      ))}
      {details.hidden.total > 0 ? (
        <Text size="sm" data-testid="hidden-cases">
          {t.hiddenCases(details.hidden.passed, details.hidden.total)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A verdict block: the validity as its title, then what the details tell. */
export function GradeView({ valid, details, title, testId }: { valid: boolean | null; details: GradeDetails | null; title?: string; testId?: string }) {
  const color = valid === null ? 'blue' : valid ? 'teal' : 'red';
  const head = valid === null ? (title ?? '') : `${title ? `${title} : ` : ''}${valid ? t.validated : t.notValidated}`;
  return (
    <Alert color={color} variant="light" title={head} icon={valid === null ? undefined : valid ? <IconCheck size={20} aria-hidden="true" /> : <IconX size={20} aria-hidden="true" />} data-testid={testId}>
      {details?.type === 'MATH' && details.message ? <Text size="sm">{details.message}</Text> : null}
      {details?.type === 'ALGORITHM' ? <CaseResults details={details} /> : null}
    </Alert>
  );
}
