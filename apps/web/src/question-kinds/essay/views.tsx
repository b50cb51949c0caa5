// How an ESSAY answer is read back: the text as written, its formulas drawn (KaTeX), and its word count; the grade
// says « en attente de correction » until a person marks it, then the grader's comment.
import { Stack, Text, Title } from '@mantine/core';
import { countWords, type GradeDetails } from '@exam/shared';
import { StatementExcerpt } from '@/components/statement-excerpt';
import { noSolution, plainView } from '../bank-view';
import type { AnswerViewProps, KindViews } from '../types';
import { RubricLevelsView } from '../rubric-levels';
import { AnnotatedText } from './annotated-text';
import { essayText } from './facts';
import { essayTexts as t, rubricTexts as r } from './texts';

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

/** The grade of an essay: pending, or the grader's comment, the rubric's levels chosen and the annotated copy (these
 *  come only with a mark the student may see). */
export function EssayGradeDetails({ details, answer }: { details: GradeDetails; answer?: unknown }) {
  if (details.type !== 'ESSAY') return null;
  if (details.pending) return <Text size="sm">{t.pendingHint}</Text>;
  const levels = details.levels ?? [];
  const annotations = details.annotations ?? [];
  const text = essayText(answer) ?? '';
  return (
    <Stack gap="xs" data-testid="essay-grade">
      {details.comment ? <Text size="sm">{t.comment(details.comment)}</Text> : <Text size="sm">{t.graded}</Text>}
      <RubricLevelsView levels={levels} testId="essay-levels" />
      {annotations.length && text ? (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {r.annotationsTitle}
          </Title>
          <Text size="xs" c="dimmed">
            {r.annotationsHint}
          </Text>
          <AnnotatedText text={text} annotations={annotations} listLabel={r.annotationsTitle} testId="essay-annotations" />
        </Stack>
      ) : null}
    </Stack>
  );
}

export const essayViews: KindViews = {
  AnswerView: EssayAnswerView,
  SolutionView: null,
  GradeDetails: EssayGradeDetails,
  fromBank: (q) => ({ question: plainView(q), solution: noSolution }),
};
