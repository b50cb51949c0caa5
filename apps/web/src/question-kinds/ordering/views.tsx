// How an ORDERING answer is read back: the items in the order given, and when the reader may know it, each marked
// at its place or not, with the order expected beside; the longest run in order in the grade.
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { orderingKeys, type GradeDetails } from '@exam/shared';
import { noSolution, plainView } from '../bank-view';
import type { AnswerViewProps, KindViews } from '../types';
import { orderingKeysOf } from './facts';
import { orderingTexts as t } from './texts';

export function OrderingAnswerView({ question, answer, solution }: AnswerViewProps) {
  const mine = orderingKeysOf(answer) ?? [];
  if (mine.length === 0) return <Text size="sm">{t.noOrder}</Text>;
  const content = new Map(question.items.map((it) => [it.id, it.content]));
  // The right order (a solution's choice_ids for this kind), when the reader may know it.
  const right = solution && solution.choice_ids.length ? solution.choice_ids : null;
  const allRight = right !== null && right.length === mine.length && mine.every((k, i) => k === right[i]);
  return (
    <Stack gap={4} data-testid="ordering-view">
      <List type="ordered" size="sm" spacing={4}>
        {mine.map((k, i) => (
          <List.Item key={k}>
            <Group gap={6} wrap="wrap">
              <Text span size="sm">
                {content.get(k) ?? t.removedItem}
              </Text>
              {right ? (
                <Badge size="xs" variant="light" color={right[i] === k ? 'teal' : 'red'} style={{ textTransform: 'none' }}>
                  {right[i] === k ? t.inPlace : t.notInPlace}
                </Badge>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
      {right && !allRight ? (
        <>
          <Text size="sm" fw={500}>
            {t.expectedOrder}
          </Text>
          <List type="ordered" size="sm" spacing={2}>
            {right.map((k) => (
              <List.Item key={k}>{content.get(k) ?? t.removedItem}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}

export function OrderingGradeDetails({ details }: { details: GradeDetails }) {
  return details.type === 'ORDERING' ? <Text size="sm">{t.details(details.in_order, details.total)}</Text> : null;
}

export const orderingViews: KindViews = {
  AnswerView: OrderingAnswerView,
  SolutionView: null,
  GradeDetails: OrderingGradeDetails,
  // The bank's rows in the right order, each named by its key as the student's answer names it.
  fromBank: (q) => {
    const keys = orderingKeys(q.possible_solutions);
    return {
      question: { ...plainView(q), items: q.possible_solutions.map((p, i) => ({ id: keys[i]!, content: p.content })) },
      solution: { ...noSolution, choice_ids: keys },
    };
  },
};
