// A MATCHING answer: for each item, a list to pick its answer from (a native select: keyboard alone, any screen
// width, no dragging). Choosing the empty entry takes the item's answer back. A matching whose answers are exactly
// « Vrai » and « Faux » is a true/false grid: a table, one row per statement, a radio button per answer (the arrow
// keys move within a row, Tab goes to the next one).
import { NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { AnswerInputProps } from '../types';
import { GRID_FALSE, GRID_TRUE, isTrueFalseGrid, matchingPairs } from './facts';
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
  if (isTrueFalseGrid(question.options)) {
    return <TrueFalseGrid question={question} chosen={chosen} choose={choose} locked={locked} />;
  }
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

function TrueFalseGrid({
  question,
  chosen,
  choose,
  locked,
}: Pick<AnswerInputProps, 'question' | 'locked'> & { chosen: Map<number, string>; choose: (itemId: number, answer: string) => void }) {
  const columns = [GRID_TRUE, GRID_FALSE];
  const titleId = `matching-${question.id}-title`;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id={titleId}>
        {t.gridInstructions}
      </Text>
      <Table aria-labelledby={titleId} withTableBorder layout="fixed" data-testid="true-false-grid" maw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t.gridStatement}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c} scope="col" ta="center" w={64}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {question.items.map((it, i) => (
            <Table.Tr key={it.id}>
              <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
                {it.content}
              </Table.Th>
              {columns.map((c) => (
                <Table.Td key={c} ta="center">
                  <input
                    type="radio"
                    name={`grid-${question.id}-${it.id}`}
                    value={c}
                    aria-label={t.gridChoice(c, i, it.content)}
                    checked={chosen.get(it.id) === c}
                    disabled={locked}
                    onChange={() => choose(it.id, c)}
                    style={{ width: 20, height: 20, margin: 0, accentColor: 'var(--mantine-primary-color-filled)' }}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
