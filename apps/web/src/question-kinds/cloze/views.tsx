// How a CLOZE answer is read back: each gap with the text given, and when the reader may know it, the answer
// expected (gap n's right answer); the count of right gaps in the grade.
import { Group, List, Text } from '@mantine/core';
import { clozeGapOf, type GradeDetails } from '@exam/shared';
import { noSolution, plainView } from '../bank-view';
import { ClozeText } from './cloze-text';
import type { AnswerViewProps, KindViews } from '../types';
import { clozeAnswers } from './facts';
import { clozeTexts as t } from './texts';

export function ClozeAnswerView({ answer, solution }: AnswerViewProps) {
  const texts = clozeAnswers(answer);
  const expected = new Map((solution?.pairs ?? []).map((p) => [p.item_id, p.answer]));
  const count = Math.max(texts.length, expected.size);
  if (texts.every((s) => s.trim() === '') && expected.size === 0) return <Text size="sm">{t.noAnswer}</Text>;
  return (
    <List size="sm" spacing={4} data-testid="cloze-view">
      {Array.from({ length: count }, (_, i) => {
        const mine = texts[i]?.trim() ? texts[i] : t.empty;
        const right = expected.get(i + 1);
        return (
          <List.Item key={i}>
            <Group gap={6} wrap="wrap">
              <Text span size="sm" fw={600}>
                {t.gapLabel(i + 1)} :
              </Text>
              <Text span size="sm">
                {mine}
              </Text>
              {right !== undefined ? (
                <Text span size="sm" c="dimmed">
                  ({t.expected(right)})
                </Text>
              ) : null}
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}

export function ClozeGradeDetails({ details }: { details: GradeDetails }) {
  return details.type === 'CLOZE' ? <Text size="sm">{t.details(details.correct, details.total)}</Text> : null;
}

/** The text read beside the answers: each gap marked « [Trou n] » in place, as the answers below name them. */
export function ClozeStatement({ html }: { html: string }) {
  return (
    <ClozeText
      html={html}
      renderGap={(n) => (
        <Text span fw={600} size="sm" c="blue.9" style={{ whiteSpace: 'nowrap' }}>
          [{t.gapLabel(n)}]
        </Text>
      )}
    />
  );
}

export const clozeViews: KindViews = {
  AnswerView: ClozeAnswerView,
  SolutionView: null,
  GradeDetails: ClozeGradeDetails,
  Statement: ClozeStatement,
  // Each gap (by its number) with its right answers.
  fromBank: (q) => ({
    question: plainView(q),
    solution: { ...noSolution, pairs: q.possible_solutions.map((p, i) => ({ item_id: i + 1, answer: clozeGapOf(p).answers.join(' ou ') })) },
  }),
};
