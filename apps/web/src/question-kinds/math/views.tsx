// How a MATH answer is read back: drawn, then as typed; the expected expression; the reading message of its grade.
import { Code, Stack, Text } from '@mantine/core';
import type { GradeDetails } from '@exam/shared';
import { noSolution, plainView } from '../bank-view';
import type { AnswerViewProps, KindViews, KnownSolution } from '../types';
import { MathText } from './math-text';
import { mathTexts as t } from './texts';

export function MathAnswerView({ answer }: AnswerViewProps) {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return (
    <Stack gap={4}>
      <MathText latex={text} />
      <Code>{text}</Code>
    </Stack>
  );
}

export function MathSolutionView({ solution }: { solution: KnownSolution }) {
  if (!solution.expected) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t.expected}
      </Text>
      <Code>{solution.expected}</Code>
    </Stack>
  );
}

export function MathGradeDetails({ details }: { details: GradeDetails }) {
  if (details.type === 'MATH' && details.pending) return <Text size="sm">{t.gradedLater}</Text>;
  return details.type === 'MATH' && details.message ? <Text size="sm">{details.message}</Text> : null;
}

export const mathViews: KindViews = {
  AnswerView: MathAnswerView,
  SolutionView: MathSolutionView,
  GradeDetails: MathGradeDetails,
  fromBank: (q) => ({ question: plainView(q), solution: { ...noSolution, expected: q.possible_solutions[0]?.content ?? null } }),
};
