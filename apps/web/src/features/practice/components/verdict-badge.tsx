// The verdict of a run with its French label and a colour that matches its meaning.
import { Badge } from '@mantine/core';
import { VERDICT_LABELS, type Verdict } from '@exam/shared';

const COLORS: Record<Verdict, string> = {
  OK: 'teal',
  WRONG_ANSWER: 'orange',
  RUNTIME_ERROR: 'red',
  TIME_LIMIT: 'grape',
  MEMORY_LIMIT: 'grape',
  OUTPUT_LIMIT: 'yellow',
};

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <Badge color={COLORS[verdict]} variant="light" size="lg" radius="sm" style={{ textTransform: 'none' }}>
      {VERDICT_LABELS[verdict]}
    </Badge>
  );
}
