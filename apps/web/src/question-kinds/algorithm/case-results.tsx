// The cases of a program's grade: how many passed and the first failing verdict, each case shown (its test code, its
// input, the lines that differ between the expected and the obtained output, its errors), and of the others only how
// many passed (the server never sends more). Code that cannot be read is said once, with its line.
import { Alert, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { syntaxErrorText, type GradeDetails } from '@exam/shared';
import { OutputDiff } from '@/components/grade/output-diff';
import { componentTexts } from '@/components/texts';
import { VerdictBadge } from '@/components/verdict-badge';
import { algorithmTexts } from './texts';

const t = componentTexts.grade;

export function AlgorithmGradeDetails({ details, caseHeading = 'h4' }: { details: GradeDetails; caseHeading?: 'h3' | 'h4' | 'h5' }) {
  if (details.type !== 'ALGORITHM') return null;
  // Kept while the runner was saturated: no case has run yet.
  if (details.pending) return <Text size="sm">{algorithmTexts.gradedLater}</Text>;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t.passed(details.passed, details.total)}
        </Text>
        <VerdictBadge verdict={details.verdict} />
      </Group>
      {details.syntax_error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={algorithmTexts.syntaxTitle} data-testid="syntax-error">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {syntaxErrorText(details.syntax_error)}
          </Text>
        </Alert>
      ) : null}
      {details.visible.map((c) => (
        <Paper key={c.index} withBorder p="xs" radius="sm" data-testid="visible-case">
          <Stack gap={6}>
            <Group gap="xs">
              <Text size="sm" fw={600} component={caseHeading}>
                {c.hidden ? algorithmTexts.caseResult(c.index + 1) : t.example(c.index + 1)}
              </Text>
              <VerdictBadge verdict={c.verdict} />
            </Group>
            {c.test_code ? (
              <div>
                <Text size="xs" c="dimmed">
                  {algorithmTexts.testCode}
                </Text>
                <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 160, overflow: 'auto' }}>
                  {c.test_code}
                </Code>
              </div>
            ) : null}
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
