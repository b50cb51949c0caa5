// How a MATCHING answer is read back: each item with the answer chosen, and when the reader may know them, whether it
// is right and the answer expected; the count of right pairs in the grade.
import { Badge, Group, List, Text } from '@mantine/core';
import type { GradeDetails } from '@exam/shared';
import { noSolution, plainView } from '../bank-view';
import type { AnswerViewProps, KindViews } from '../types';
import { matchingPairs } from './facts';
import { matchingTexts as t } from './texts';

export function MatchingAnswerView({ question, answer, solution }: AnswerViewProps) {
  const chosen = new Map(matchingPairs(answer).map((p) => [p.item_id, p.answer]));
  const expected = new Map((solution?.pairs ?? []).map((p) => [p.item_id, p.answer]));
  if (chosen.size === 0) return <Text size="sm">{t.noPairs}</Text>;
  const items = question.items.length ? question.items : [...chosen.keys()].map((id) => ({ id, content: t.removedItem }));
  return (
    <List size="sm" spacing={4} data-testid="matching-view">
      {items.map((it) => {
        const mine = chosen.get(it.id);
        const right = expected.get(it.id);
        const known = solution !== null && right !== undefined;
        const ok = known && mine !== undefined && mine.trim() === right.trim();
        return (
          <List.Item key={it.id}>
            <Group gap={6} wrap="wrap">
              <Text span size="sm" fw={600}>
                {it.content}
              </Text>
              <Text span size="sm">
                → {mine ?? t.none}
              </Text>
              {known ? (
                <Badge size="xs" variant="light" color={ok ? 'teal' : 'red'} style={{ textTransform: 'none' }}>
                  {ok ? t.right : t.wrong}
                </Badge>
              ) : null}
              {known && !ok ? (
                <Text span size="sm">
                  {t.expected(right)}
                </Text>
              ) : null}
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}

export function MatchingGradeDetails({ details }: { details: GradeDetails }) {
  return details.type === 'MATCHING' ? <Text size="sm">{t.details(details.correct, details.total)}</Text> : null;
}

export const matchingViews: KindViews = {
  AnswerView: MatchingAnswerView,
  SolutionView: null,
  GradeDetails: MatchingGradeDetails,
  // The bank's rows: an item with its answer, or an answer alone (one too many).
  fromBank: (q) => {
    const rows = q.possible_solutions.filter((p) => p.content.trim() !== '');
    return {
      question: { ...plainView(q), items: rows.map((p) => ({ id: p.id, content: p.content })) },
      solution: { ...noSolution, pairs: rows.map((p) => ({ item_id: p.id, answer: p.expected_output })) },
    };
  },
};
