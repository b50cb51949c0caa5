// A FILE question's fields in the editor: the accepted types (checkboxes), the most files and the largest file, the
// information for the graders and the rubric (never shown to students).
import { Checkbox, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FILE_ANSWER_SIZE_CEILING_MB, FILE_ANSWER_TYPE_LABELS, FILE_ANSWER_TYPES, type FileAnswerType } from '@exam/shared';
import type { EditorFieldsProps } from '../types';
import { RubricEditor } from '../essay/rubric-editor';
import { fileTexts as t } from './texts';

export function FileEditorFields({ control, errors, register }: EditorFieldsProps) {
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="file_answer.accepted"
        render={({ field }) => (
          <Checkbox.Group label={t.accepted} description={t.acceptedHint} value={field.value} onChange={(v) => field.onChange(FILE_ANSWER_TYPES.filter((x) => v.includes(x)) as FileAnswerType[])} error={errors.file_answer?.accepted?.message}>
            <Group mt="xs" gap="md">
              {FILE_ANSWER_TYPES.map((k) => (
                <Checkbox key={k} value={k} label={FILE_ANSWER_TYPE_LABELS[k]} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <Group gap="md" align="flex-start" wrap="wrap">
        <TextInput type="number" inputMode="numeric" min={1} max={10} label={t.maxFiles} description={t.maxFilesHint} maw={260} {...register('file_answer.max_files')} error={errors.file_answer?.max_files?.message} />
        <TextInput
          type="number"
          inputMode="numeric"
          min={1}
          max={FILE_ANSWER_SIZE_CEILING_MB}
          label={t.maxSize}
          description={t.maxSizeHint(FILE_ANSWER_SIZE_CEILING_MB)}
          maw={260}
          {...register('file_answer.max_size_mb')}
          error={errors.file_answer?.max_size_mb?.message}
        />
      </Group>
      <Textarea label={t.graderInfo} description={t.graderInfoHint} autosize minRows={3} {...register('file_answer.grader_info')} error={errors.file_answer?.grader_info?.message} />
      {/* The same rubric as an essay's: graded by levels in the grading queue (essay/rubric-editor.tsx). */}
      <RubricEditor control={control} errors={errors} register={register} at="file_answer" />
    </Stack>
  );
}

export function FileVariantAnswers() {
  return <Text size="sm">{t.noVariant}</Text>;
}
