// Small marks of the results screens: a question's verdict (icon + text, never colour alone), an attempt's state
// and an exam's status.
import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed, IconCircleDotFilled, IconCircleXFilled, IconClockHour4 } from '@tabler/icons-react';
import { ATTEMPT_STATUS_LABELS, EXAM_STATUS_LABELS, type AttemptStatus, type ExamStatus, type QuestionState } from '@exam/shared';
import { examResultsTexts } from '../texts';

const VERDICT_ICON: Record<QuestionState, { Icon: typeof IconCircleCheckFilled; color: string }> = {
  VALIDATED: { Icon: IconCircleCheckFilled, color: 'var(--mantine-color-teal-8)' },
  NOT_VALIDATED: { Icon: IconCircleXFilled, color: 'var(--mantine-color-red-8)' },
  UNANSWERED: { Icon: IconCircleDashed, color: 'var(--mantine-color-gray-7)' },
  // Staff always see verdicts; this state only exists on the student's screen while verdicts are hidden.
  ANSWERED: { Icon: IconCircleDotFilled, color: 'var(--mantine-color-blue-8)' },
  // Waiting for a person to grade it (an essay): no verdict, no 0.
  PENDING: { Icon: IconClockHour4, color: 'var(--mantine-color-blue-8)' },
};

/** The verdict of one question: a shaped icon (tick, cross, dashed circle) and the same in words for screen readers. */
export function VerdictIcon({ state, label, size = 20 }: { state: QuestionState; label?: string; size?: number }) {
  const { Icon, color } = VERDICT_ICON[state];
  const text = label ?? examResultsTexts.verdict[state];
  return (
    <Tooltip label={text} withArrow openDelay={200}>
      <span style={{ display: 'inline-flex', alignItems: 'center' }}>
        <Icon size={size} color={color} aria-hidden="true" />
        <VisuallyHidden>{text}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}

/** The key of the verdict icons, shown once above a table of verdicts. */
export function VerdictLegend({ prefix, withNotDrawn = false, withPending = false }: { prefix?: string; withNotDrawn?: boolean; withPending?: boolean }) {
  return (
    <Group gap="md" wrap="wrap" aria-hidden="true">
      {prefix ? (
        <Text size="sm" c="dimmed">
          {prefix}
        </Text>
      ) : null}
      {(withPending ? (['VALIDATED', 'NOT_VALIDATED', 'UNANSWERED', 'PENDING'] as const) : (['VALIDATED', 'NOT_VALIDATED', 'UNANSWERED'] as const)).map((s) => {
        const { Icon, color } = VERDICT_ICON[s];
        return (
          <Group key={s} gap={4} wrap="nowrap">
            <Icon size={18} color={color} />
            <Text size="sm">{examResultsTexts.verdict[s]}</Text>
          </Group>
        );
      })}
      {withNotDrawn ? (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" c="dimmed">
            —
          </Text>
          <Text size="sm">{examResultsTexts.show.notDrawn}</Text>
        </Group>
      ) : null}
    </Group>
  );
}

/** A badge in a table cell keeps its whole label (its ellipsis would let the table squeeze it). */
const NO_SHRINK = { minWidth: 'max-content' } as const;

const ATTEMPT_COLORS: Record<AttemptStatus, string> = { NOT_STARTED: 'gray', IN_PROGRESS: 'blue', FINISHED: 'teal' };
export function AttemptBadge({ status }: { status: AttemptStatus }) {
  return (
    <Badge color={ATTEMPT_COLORS[status]} variant="light" size="sm" style={NO_SHRINK}>
      {ATTEMPT_STATUS_LABELS[status]}
    </Badge>
  );
}

const EXAM_COLORS: Record<ExamStatus, string> = { DRAFT: 'gray', PUBLISHED: 'teal', CLOSED: 'orange', ARCHIVED: 'dark' };
export function ExamStatusBadge({ status }: { status: ExamStatus }) {
  return (
    <Badge color={EXAM_COLORS[status]} variant="light" size="sm" style={NO_SHRINK}>
      {EXAM_STATUS_LABELS[status]}
    </Badge>
  );
}
