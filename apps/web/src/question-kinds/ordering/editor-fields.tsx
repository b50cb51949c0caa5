// An ORDERING question's fields in the editor: the items in the right order (each movable up and down with buttons,
// removable), and the scoring (partial credit by the longest ordered run, or all or nothing).
import { Controller, useFieldArray } from 'react-hook-form';
import { ActionIcon, Button, Divider, Group, List, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { ORDERING_MAX_ITEMS, ORDERING_MIN_ITEMS, type Variant } from '@exam/shared';
import { rootMessage } from '../form-values';
import type { EditorFieldsProps } from '../types';
import { orderingTexts as t } from './texts';

export function OrderingEditorFields({ control, errors, register }: EditorFieldsProps) {
  const items = useFieldArray({ control, name: 'ordering_items', keyName: 'rowKey' });
  const n = items.fields.length;
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {t.items}
      </Text>
      <Text size="sm" c="dimmed">
        {t.itemsHint}
      </Text>
      {items.fields.map((f, i) => (
        <Group key={f.rowKey} gap="xs" align="flex-start" wrap="nowrap" role="group" aria-label={t.item(i)}>
          <TextInput label={t.item(i)} style={{ flex: 1, minWidth: 0 }} {...register(`ordering_items.${i}.text`)} error={errors.ordering_items?.[i]?.text?.message} />
          <ActionIcon variant="subtle" mt={28} aria-label={t.moveUp(i)} disabled={i === 0} onClick={() => items.move(i, i - 1)}>
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" mt={28} aria-label={t.moveDown(i)} disabled={i === n - 1} onClick={() => items.move(i, i + 1)}>
            <IconArrowDown size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" mt={28} aria-label={t.removeItem(i)} disabled={n <= ORDERING_MIN_ITEMS} onClick={() => items.remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {rootMessage(errors.ordering_items) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.ordering_items)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={n >= ORDERING_MAX_ITEMS} onClick={() => items.append({ text: '' })}>
          {t.addItem}
        </Button>
      </Group>
      <Divider />
      <Controller
        control={control}
        name="ordering_scoring"
        render={({ field }) => (
          <Radio.Group label={t.scoring} value={field.value} onChange={(v) => field.onChange(v)} error={errors.ordering_scoring?.message}>
            <Stack gap="xs" mt="xs">
              <Radio value="PARTIAL" label={t.partial} description={t.partialHint} />
              <Radio value="ALL_OR_NOTHING" label={t.allOrNothing} description={t.allOrNothingHint} />
            </Stack>
          </Radio.Group>
        )}
      />
    </Stack>
  );
}

/** A generated variant's items, in the right order. */
export function OrderingVariantAnswers({ solutions }: { solutions: Variant['possible_solutions'] }) {
  return (
    <List type="ordered" size="xs" spacing={2}>
      {solutions.map((p, i) => (
        <List.Item key={i}>{p.content}</List.Item>
      ))}
    </List>
  );
}
