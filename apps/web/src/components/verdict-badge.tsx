// The verdict of a run with its French label and a colour that matches its meaning.
import { Badge } from '@mantine/core';
import { VERDICT_LABELS, type RunLimitsInfo, type Verdict } from '@exam/shared';
import { componentTexts } from './texts';

const COLORS: Record<Verdict, string> = {
  OK: 'teal',
  WRONG_ANSWER: 'orange',
  RUNTIME_ERROR: 'red',
  TIME_LIMIT: 'grape',
  MEMORY_LIMIT: 'grape',
  OUTPUT_LIMIT: 'yellow',
};

/** The verdict's label, with the limit it hit when a program was stopped: "Temps limite dépassé (5 s de calcul)". */
export function verdictLabel(verdict: Verdict, limits?: RunLimitsInfo): string {
  const label = VERDICT_LABELS[verdict];
  if (!limits) return label;
  const l = componentTexts.verdict.limit;
  if (verdict === 'TIME_LIMIT') return `${label} (${l.TIME_LIMIT(limits)})`;
  if (verdict === 'MEMORY_LIMIT') return `${label} (${l.MEMORY_LIMIT(limits)})`;
  if (verdict === 'OUTPUT_LIMIT') return `${label} (${l.OUTPUT_LIMIT(limits)})`;
  return label;
}

export function VerdictBadge({ verdict, limits }: { verdict: Verdict; limits?: RunLimitsInfo }) {
  return (
    <Badge color={COLORS[verdict]} variant="light" size="lg" radius="sm" style={{ textTransform: 'none', height: 'auto', minHeight: 28, whiteSpace: 'normal' }}>
      {verdictLabel(verdict, limits)}
    </Badge>
  );
}
