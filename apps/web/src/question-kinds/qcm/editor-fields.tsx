// A QCM's choices in the editor: each with its « correct » box, between the least and the most a QCM may have, and
// a hint saying whether students will see radio buttons (one correct choice) or check boxes (several).
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { ActionIcon, Button, Checkbox, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QCM_MAX_CHOICES, QCM_MIN_CHOICES, type Variant } from '@exam/shared';
import { rootMessage } from '../form-values';
import type { EditorFieldsProps } from '../types';
import { qcmTexts as t } from './texts';
import { ChoiceText } from './choice-text';

export function QcmEditorFields({ control, errors }: EditorFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'choices', keyName: 'key' });
  const choices = useWatch({ control, name: 'choices' });
  const correct = choices.filter((c) => c.is_correct).length;
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {t.choices}
      </Text>
      <Text size="sm" c="dimmed">
        {correct === 0 ? t.noneHint : correct === 1 ? t.singleHint : t.multipleHint}
      </Text>
      {fields.map((f, i) => (
        <Group key={f.key} gap="xs" align="flex-start" wrap="nowrap">
          <Controller
            control={control}
            name={`choices.${i}.is_correct`}
            render={({ field }) => (
              <Checkbox mt={8} aria-label={t.choiceCorrect(i)} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} color="teal" />
            )}
          />
          <Controller
            control={control}
            name={`choices.${i}.content`}
            render={({ field }) => (
              <Textarea aria-label={t.choice(i)} placeholder={t.choice(i)} autosize minRows={1} style={{ flex: 1 }} {...field} error={errors.choices?.[i]?.content?.message} />
            )}
          />
          <ActionIcon variant="subtle" color="red" mt={4} aria-label={t.removeChoice(i)} disabled={fields.length <= QCM_MIN_CHOICES} onClick={() => remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {rootMessage(errors.choices) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.choices)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={fields.length >= QCM_MAX_CHOICES} onClick={() => append({ content: '', is_correct: false })}>
          {t.addChoice}
        </Button>
      </Group>
    </Stack>
  );
}

/** A generated variant's choices, the right ones marked. */
export function QcmVariantAnswers({ solutions }: { solutions: Variant['possible_solutions'] }) {
  return (
    <List size="xs" spacing={2}>
      {solutions.map((p, i) => (
        <List.Item key={i}>
          <ChoiceText text={p.content} />
          {p.is_correct === 1 ? ` (${t.correct})` : ''}
        </List.Item>
      ))}
    </List>
  );
}
