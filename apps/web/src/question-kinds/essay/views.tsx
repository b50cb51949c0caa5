// How an ESSAY answer is read back: the text as written, its formulas drawn (KaTeX), and its word count; the grade
// says « en attente de correction » until a person marks it, then the grader's comment.
import { Stack, Text } from '@mantine/core';
import { countWords, type GradeDetails } from '@exam/shared';
import { StatementExcerpt } from '@/components/statement-excerpt';
import { noSolution, plainView } from '../bank-view';
import type { AnswerViewProps, KindViews } from '../types';
import { essayText } from './facts';
import { essayTexts as t } from './texts';

export function EssayAnswerView({ answer }: AnswerViewProps) {
  const text = essayText(answer) ?? '';
  return (
    <Stack gap={4} data-testid="essay-view">
      <StatementExcerpt excerpt={text} fallback={t.noText} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      <Text size="xs" c="dimmed">
        {t.words(countWords(text), null)}
      </Text>
    </Stack>
  );
}

export function EssayGradeDetails({ details }: { details: GradeDetails }) {
  if (details.type !== 'ESSAY') return null;
  if (details.pending) return <Text size="sm">{t.pendingHint}</Text>;
  return details.comment ? <Text size="sm">{t.comment(details.comment)}</Text> : <Text size="sm">{t.graded}</Text>;
}

export const essayViews: KindViews = {
  AnswerView: EssayAnswerView,
  SolutionView: null,
  GradeDetails: EssayGradeDetails,
  fromBank: (q) => ({ question: plainView(q), solution: noSolution }),
};
