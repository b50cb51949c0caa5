// The cases of a program's grade: how many passed and the first failing verdict, each visible case (its input, the
// lines that differ between the expected and the obtained output, its errors), and of the hidden cases only how many
// passed (the server never sends more).
import { Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { GradeDetails } from '@exam/shared';
import { OutputDiff } from '@/components/grade/output-diff';
import { componentTexts } from '@/components/texts';
import { VerdictBadge } from '@/components/verdict-badge';

const t = componentTexts.grade;

export function AlgorithmGradeDetails({ details, caseHeading = 'h4' }: { details: GradeDetails; caseHeading?: 'h3' | 'h4' | 'h5' }) {
  if (details.type !== 'ALGORITHM') return null;
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
              <Text size="sm" fw={600} component={caseHeading}>
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
