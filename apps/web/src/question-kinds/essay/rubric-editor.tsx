// The rubric of an ESSAY or a FILE question in the editor (docs/correction-humaine.md « Grille de critères »): criteria,
// each with its levels (label, points, description), added, removed and moved with buttons (no dragging: the keyboard
// does it all); the grader may be allowed to type a criterion's points. The rubric's total is scaled to the question's
// points in each exam. `at`: the kind's settings it lives in (`essay`, `file_answer`), the same form either way.
import { Controller, useFieldArray, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { RUBRIC_MAX_CRITERIA, RUBRIC_MAX_LEVELS } from '@exam/shared';
import { rootMessage, type QuestionFormErrors, type QuestionFormValues } from '../form-values';
import type { EditorFieldsProps } from '../types';
import type { EssayForm } from './form';
import { blankCriterion, blankLevel, rubricTotal } from './rubric-form';
import { rubricTexts as t } from './texts';

/** The kinds whose settings carry a rubric (the same fields under each). */
export type RubricAt = 'essay' | 'file_answer';
/** A field of the rubric under the kind's settings (`essay.rubric…` or `file_answer.rubric…`). */
const path = (at: RubricAt, rest: string) => `${at}.${rest}` as FieldPath<QuestionFormValues> & `essay.${string}`;
type RubricErrors = NonNullable<QuestionFormErrors['essay']>;
const errorsAt = (errors: QuestionFormErrors, at: RubricAt) => (errors as Record<RubricAt, RubricErrors | undefined>)[at];

function Levels({ control, errors, register, ci, at }: Pick<EditorFieldsProps, 'control' | 'errors' | 'register'> & { ci: number; at: RubricAt }) {
  const levels = useFieldArray({ control, name: path(at, `rubric.criteria.${ci}.levels`) as `essay.rubric.criteria.${number}.levels`, keyName: 'rowKey' });
  const n = levels.fields.length;
  const errs = errorsAt(errors, at)?.rubric?.criteria?.[ci]?.levels;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t.levels}
      </Text>
      {levels.fields.map((f, li) => (
        <Paper key={f.rowKey} withBorder p="xs" radius="sm" role="group" aria-label={t.level(ci, li)}>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput label={t.levelLabel(li)} style={{ flex: '2 1 160px' }} {...register(path(at, `rubric.criteria.${ci}.levels.${li}.label`))} error={errs?.[li]?.label?.message} />
            <TextInput label={t.levelPoints} inputMode="decimal" style={{ flex: '0 1 110px' }} {...register(path(at, `rubric.criteria.${ci}.levels.${li}.points`))} error={errs?.[li]?.points?.message} />
            <TextInput label={t.levelDescription} style={{ flex: '3 1 200px' }} {...register(path(at, `rubric.criteria.${ci}.levels.${li}.description`))} error={errs?.[li]?.description?.message} />
            <Group gap={2} mt={26} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t.levelUp(ci, li)} disabled={li === 0} onClick={() => levels.move(li, li - 1)}>
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={t.levelDown(ci, li)} disabled={li === n - 1} onClick={() => levels.move(li, li + 1)}>
                <IconArrowDown size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t.levelRemove(ci, li)} disabled={n <= 1} onClick={() => levels.remove(li)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      {rootMessage(errs) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errs)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} disabled={n >= RUBRIC_MAX_LEVELS} onClick={() => levels.append(blankLevel())}>
          {t.addLevel(ci)}
        </Button>
      </Group>
    </Stack>
  );
}

function Total({ control, at }: { control: Control<QuestionFormValues>; at: RubricAt }) {
  const rubric = useWatch({ control, name: path(at, 'rubric') as 'essay.rubric' }) as EssayForm['essay']['rubric'];
  return (
    <Text size="sm" data-testid="rubric-total">
      {t.total(rubricTotal(rubric))}
    </Text>
  );
}

export function RubricEditor({ control, errors, register, at = 'essay' }: Pick<EditorFieldsProps, 'control' | 'errors' | 'register'> & { at?: RubricAt }) {
  const on = useWatch({ control, name: path(at, 'rubric_on') as 'essay.rubric_on' });
  const criteria = useFieldArray({ control, name: path(at, 'rubric.criteria') as 'essay.rubric.criteria', keyName: 'rowKey' });
  const n = criteria.fields.length;
  const errs = errorsAt(errors, at)?.rubric;
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name={path(at, 'rubric_on') as 'essay.rubric_on'}
        render={({ field }) => <Checkbox label={t.use} description={t.useHint} checked={!!field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
      />
      {on ? (
        <Stack gap="sm">
          {criteria.fields.map((f, ci) => (
            <Paper key={f.rowKey} withBorder p="sm" radius="md" role="group" aria-labelledby={`rubric-criterion-${ci}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={4} size="h6" id={`rubric-criterion-${ci}`}>
                    {t.criterion(ci)}
                  </Title>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t.criterionUp(ci)} disabled={ci === 0} onClick={() => criteria.move(ci, ci - 1)}>
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t.criterionDown(ci)} disabled={ci === n - 1} onClick={() => criteria.move(ci, ci + 1)}>
                      <IconArrowDown size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t.criterionRemove(ci)} disabled={n <= 1} onClick={() => criteria.remove(ci)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
                <TextInput label={t.criterionTitle} {...register(path(at, `rubric.criteria.${ci}.title`))} error={errs?.criteria?.[ci]?.title?.message} />
                <Textarea label={t.criterionDescription} autosize minRows={1} {...register(path(at, `rubric.criteria.${ci}.description`))} error={errs?.criteria?.[ci]?.description?.message} />
                <Levels control={control} errors={errors} register={register} ci={ci} at={at} />
              </Stack>
            </Paper>
          ))}
          {rootMessage(errs?.criteria) ?? rootMessage(errs) ? (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {rootMessage(errs?.criteria) ?? rootMessage(errs)}
            </Text>
          ) : null}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} disabled={n >= RUBRIC_MAX_CRITERIA} onClick={() => criteria.append(blankCriterion())}>
              {t.addCriterion}
            </Button>
          </Group>
          <Total control={control} at={at} />
          <Controller
            control={control}
            name={path(at, 'rubric.free_points') as 'essay.rubric.free_points'}
            render={({ field }) => <Checkbox label={t.freePoints} description={t.freePointsHint} checked={!!field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
