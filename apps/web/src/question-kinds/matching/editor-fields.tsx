// A MATCHING question's fields in the editor: the items, each with the answer that goes with it; the extra answers
// (distractors) added to the list students pick from; the scoring (partial credit by item, or all or nothing).
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { ActionIcon, Button, Divider, Group, List, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MATCHING_MAX_ITEMS, MATCHING_MAX_ROWS, MATCHING_MIN_ITEMS, type Variant } from '@exam/shared';
import { rootMessage } from '../form-values';
import type { EditorFieldsProps } from '../types';
import { GRID_FALSE, GRID_TRUE } from './facts';
import { matchingTexts as t } from './texts';

export function MatchingEditorFields({ control, errors, register }: EditorFieldsProps) {
  const pairs = useFieldArray({ control, name: 'pairs', keyName: 'key' });
  const distractors = useFieldArray({ control, name: 'distractors', keyName: 'key' });
  const full = pairs.fields.length + distractors.fields.length >= MATCHING_MAX_ROWS;
  const [pairValues, distractorValues] = useWatch({ control, name: ['pairs', 'distractors'] });
  // A true/false grid: « Vrai » and « Faux » both in the list (the one no statement has, as an answer too many).
  const present = new Set([...(pairValues ?? []), ...(distractorValues ?? [])].map((r) => r.answer.trim()));
  const missing = [GRID_TRUE, GRID_FALSE].filter((a) => !present.has(a));
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm" id="matching-pairs-title">
        {t.pairs}
      </Text>
      <Text size="sm" c="dimmed">
        {t.pairsHint}
      </Text>
      {pairs.fields.map((f, i) => (
        <Group key={f.key} gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={t.item(i)}>
          <TextInput label={t.item(i)} style={{ flex: '1 1 200px' }} {...register(`pairs.${i}.item`)} error={errors.pairs?.[i]?.item?.message} />
          <TextInput label={t.answer(i)} style={{ flex: '1 1 200px' }} {...register(`pairs.${i}.answer`)} error={errors.pairs?.[i]?.answer?.message} />
          <ActionIcon variant="subtle" color="red" mt={28} aria-label={t.removePair(i)} disabled={pairs.fields.length <= MATCHING_MIN_ITEMS} onClick={() => pairs.remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {rootMessage(errors.pairs) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.pairs)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={full || pairs.fields.length >= MATCHING_MAX_ITEMS} onClick={() => pairs.append({ item: '', answer: '' })}>
          {t.addPair}
        </Button>
      </Group>
      <Divider />
      <Text fw={500} size="sm">
        {t.distractors}
      </Text>
      <Text size="sm" c="dimmed">
        {t.distractorsHint}
      </Text>
      {distractors.fields.map((f, i) => (
        <Group key={f.key} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput aria-label={t.distractor(i)} placeholder={t.distractor(i)} style={{ flex: 1 }} {...register(`distractors.${i}.answer`)} error={errors.distractors?.[i]?.answer?.message} />
          <ActionIcon variant="subtle" color="red" mt={4} aria-label={t.removeDistractor(i)} onClick={() => distractors.remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={full} onClick={() => distractors.append({ answer: '' })}>
          {t.addDistractor}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t.gridHint}
      </Text>
      <Group>
        <Button variant="subtle" size="xs" disabled={missing.length === 0 || pairs.fields.length + distractors.fields.length + missing.length > MATCHING_MAX_ROWS} onClick={() => missing.forEach((answer) => distractors.append({ answer }))}>
          {t.makeGrid}
        </Button>
      </Group>
      <Divider />
      <Controller
        control={control}
        name="scoring"
        render={({ field }) => (
          <Radio.Group label={t.scoring} value={field.value} onChange={(v) => field.onChange(v)} error={errors.scoring?.message}>
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

/** A generated variant's pairs, and its extra answers. */
export function MatchingVariantAnswers({ solutions }: { solutions: Variant['possible_solutions'] }) {
  return (
    <List size="xs" spacing={2}>
      {solutions.map((p, i) => (
        <List.Item key={i}>{p.content.trim() ? t.variantPair(p.content, p.expected_output) : t.variantDistractor(p.expected_output)}</List.Item>
      ))}
    </List>
  );
}
