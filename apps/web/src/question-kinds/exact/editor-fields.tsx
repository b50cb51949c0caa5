// An EXACT question's accepted answers in the editor, and its optional numeric tolerance (absolute or relative).
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { ActionIcon, Button, Divider, Group, List, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Variant } from '@exam/shared';
import { rootMessage } from '../form-values';
import type { EditorFieldsProps } from '../types';
import { exactTexts as t } from './texts';

export function ExactEditorFields({ control, errors, register }: EditorFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'answers', keyName: 'key' });
  const toleranceOn = useWatch({ control, name: 'tolerance_on' });
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {t.answers}
      </Text>
      <Text size="sm" c="dimmed">
        {t.answersHint}
      </Text>
      {fields.map((f, i) => (
        <Group key={f.key} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput aria-label={t.answer(i)} placeholder={t.answer(i)} style={{ flex: 1 }} {...register(`answers.${i}.content`)} error={errors.answers?.[i]?.content?.message} />
          <ActionIcon variant="subtle" color="red" mt={4} aria-label={t.removeAnswer(i)} disabled={fields.length <= 1} onClick={() => remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {rootMessage(errors.answers) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.answers)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append({ content: '' })}>
          {t.addAnswer}
        </Button>
      </Group>
      <Divider />
      <Controller
        control={control}
        name="tolerance_on"
        render={({ field }) => <Switch label={t.tolerance} description={t.toleranceHint} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
      />
      {toleranceOn ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="tolerance_kind"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="tolerance-kind-label">
                  {t.toleranceKind}
                </Text>
                <SegmentedControl
                  aria-labelledby="tolerance-kind-label"
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  data={[
                    { value: 'absolute', label: t.absolute },
                    { value: 'relative', label: t.relative },
                  ]}
                />
              </Stack>
            )}
          />
          <Controller
            control={control}
            name="tolerance_value"
            render={({ field }) => (
              <NumberInput label={t.toleranceValue} description={t.toleranceValueHint} min={0} decimalScale={6} decimalSeparator="," value={field.value} onChange={field.onChange} error={errors.tolerance_value?.message} />
            )}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/** A generated variant's accepted answers. */
export function TextVariantAnswers({ solutions }: { solutions: Variant['possible_solutions'] }) {
  return (
    <List size="xs" spacing={2}>
      {solutions.map((p, i) => (
        <List.Item key={i}>{p.content}</List.Item>
      ))}
    </List>
  );
}
