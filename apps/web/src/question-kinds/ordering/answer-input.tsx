// An ORDERING answer: the items in a list, each with « Monter » and « Descendre » buttons (keyboard alone, any screen
// width, no dragging); the focus follows the item moved and a live region says where it went. The order shown first
// is not an answer yet: moving an item, or « Garder cet ordre », makes it one.
import { useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { AnswerInputProps } from '../types';
import { orderingKeysOf, shownOrder } from './facts';
import { orderingTexts as t } from './texts';

export function OrderingAnswerInput({ question, value, onChange, locked }: AnswerInputProps) {
  const order = shownOrder(value, question.items);
  const content = new Map(question.items.map((it) => [it.id, it.content]));
  const blank = (orderingKeysOf(value) ?? []).length === 0;
  const [said, setSaid] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const focusNext = useRef<{ key: number; dir: 'up' | 'down' } | null>(null);

  // After a move, the focus stays on the moved item's button (the other one when it reached an end).
  useLayoutEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    focusNext.current = null;
    const same = buttons.current.get(`${f.dir}-${f.key}`);
    const other = buttons.current.get(`${f.dir === 'up' ? 'down' : 'up'}-${f.key}`);
    (same && !same.disabled ? same : other)?.focus();
  });

  const move = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
    focusNext.current = { key: order[index]!, dir };
    setSaid(t.moved(content.get(order[index]!) ?? '', to + 1, order.length));
    onChange(next);
  };

  const titleId = `ordering-${question.id}-title`;
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Text size="sm" fw={500} id={titleId}>
        {t.instructions}
      </Text>
      <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid="ordering-input">
        {order.map((key, i) => {
          const item = content.get(key) ?? '';
          return (
            <Paper component="li" key={key} withBorder p={6} maw={560}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600} mr={6}>
                    {t.position(i)}
                  </Text>
                  {item}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={t.up(item)}
                    disabled={locked || i === 0}
                    ref={(el) => {
                      buttons.current.set(`up-${key}`, el);
                    }}
                    onClick={() => move(i, 'up')}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={t.down(item)}
                    disabled={locked || i === order.length - 1}
                    ref={(el) => {
                      buttons.current.set(`down-${key}`, el);
                    }}
                    onClick={() => move(i, 'down')}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {blank && !locked ? (
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t.keepHint}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              // The button goes away: the focus moves to the first item's « Descendre ».
              focusNext.current = { key: order[0]!, dir: 'down' };
              setSaid(t.kept);
              onChange(order);
            }}
          >
            {t.keep}
          </Button>
        </Group>
      ) : null}
      <VisuallyHidden aria-live="polite" role="status">
        {said}
      </VisuallyHidden>
    </Stack>
  );
}
