// An ESSAY question's fields in the editor: the optional word limit, the response template the answer starts from,
// and the information for the graders (never shown to students).
import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { EditorFieldsProps } from '../types';
import { RubricEditor } from './rubric-editor';
import { essayTexts as t } from './texts';

export function EssayEditorFields({ control, errors, register }: EditorFieldsProps) {
  return (
    <Stack gap="sm">
      <TextInput
        type="number"
        inputMode="numeric"
        min={1}
        label={t.wordLimit}
        description={t.wordLimitHint}
        maw={320}
        {...register('essay.word_limit')}
        error={errors.essay?.word_limit?.message}
      />
      <Textarea label={t.template} description={t.templateHint} autosize minRows={3} {...register('essay.response_template')} error={errors.essay?.response_template?.message} />
      <Textarea label={t.graderInfo} description={t.graderInfoHint} autosize minRows={3} {...register('essay.grader_info')} error={errors.essay?.grader_info?.message} />
      <RubricEditor control={control} errors={errors} register={register} />
    </Stack>
  );
}

export function EssayVariantAnswers() {
  return <Text size="sm">{t.noVariant}</Text>;
}
