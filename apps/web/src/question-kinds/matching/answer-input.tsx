// A MATCHING answer: for each item, a list to pick its answer from (a native select: keyboard alone, any screen
// width, no dragging). Choosing the empty entry takes the item's answer back.
import { NativeSelect, Stack, Text } from '@mantine/core';
import type { AnswerInputProps } from '../types';
import { matchingPairs } from './facts';
import { matchingTexts as t } from './texts';

export function MatchingAnswerInput({ question, value, onChange, locked }: AnswerInputProps) {
  const pairs = matchingPairs(value);
  const chosen = new Map(pairs.map((p) => [p.item_id, p.answer]));
  const choose = (itemId: number, answer: string) => {
    // The items' order, whatever order they were answered in.
    const next = question.items.flatMap((it) => {
      const a = it.id === itemId ? answer : (chosen.get(it.id) ?? '');
      return a ? [{ item_id: it.id, answer: a }] : [];
    });
    onChange(next);
  };
  const data = [{ value: '', label: t.choose }, ...question.options.map((o) => ({ value: o, label: o }))];
  return (
    <Stack gap="sm" role="group" aria-labelledby={`matching-${question.id}-title`}>
      <Text size="sm" fw={500} id={`matching-${question.id}-title`}>
        {t.instructions}
      </Text>
      {question.items.map((it, i) => (
        <NativeSelect
          key={it.id}
          label={t.itemLabel(i, it.content)}
          data={data}
          value={chosen.get(it.id) ?? ''}
          onChange={(e) => choose(it.id, e.currentTarget.value)}
          disabled={locked}
          maw={520}
        />
      ))}
    </Stack>
  );
}
