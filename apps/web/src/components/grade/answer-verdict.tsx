// The verdict of an answer, the same wherever it shows (exam, practice, the staff's preview): « Validé » / « Non
// validé » as the block's title, the maths reading message, and for a program each visible case (its input, the
// lines that differ between the expected and the obtained output, its errors) and of the hidden cases only how many
// passed (the server never sends more).
import { Alert, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { GradeDetails } from '@exam/shared';
import { VerdictBadge } from '@/components/verdict-badge';
import { componentTexts } from '../texts';
import { OutputDiff } from './output-diff';

const t = componentTexts.grade;

export function CaseResults({ details, caseHeading = 'h4' }: { details: Extract<GradeDetails, { type: 'ALGORITHM' }>; caseHeading?: 'h3' | 'h4' | 'h5' }) {
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

export interface AnswerVerdictProps {
  /** null: no verdict (« Tester sur les exemples »: only what the cases did). */
  valid: boolean | null;
  details: GradeDetails | null;
  /** Before the verdict in the block's title (« Dernière réponse : Validé »), or the title when there is no verdict. */
  title?: string;
  /** The words of the verdict, where a screen says it its own way (« Exercice validé »). */
  labels?: { valid: string; invalid: string };
  /** Colour of a verdict that is not « Validé » (practice says it softer). */
  invalidColor?: 'red' | 'orange';
  caseHeading?: 'h3' | 'h4' | 'h5';
  testId?: string;
}

export function AnswerVerdict({ valid, details, title, labels = { valid: t.validated, invalid: t.notValidated }, invalidColor = 'red', caseHeading, testId }: AnswerVerdictProps) {
  const color = valid === null ? 'blue' : valid ? 'teal' : invalidColor;
  const verdict = valid === null ? '' : valid ? labels.valid : labels.invalid;
  const head = valid === null ? (title ?? '') : title ? `${title} : ${verdict}` : verdict;
  return (
    <Alert color={color} variant="light" title={head} icon={valid === null ? undefined : valid ? <IconCheck size={20} aria-hidden="true" /> : <IconX size={20} aria-hidden="true" />} data-testid={testId}>
      {details?.type === 'MATH' && details.message ? <Text size="sm">{details.message}</Text> : null}
      {details?.type === 'ALGORITHM' ? <CaseResults details={details} caseHeading={caseHeading} /> : null}
    </Alert>
  );
}
