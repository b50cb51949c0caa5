// The question editor's first card: the type, the rich-text statement, the default points, the course and chapter
// (the chapter list follows the course), the tags (suggested from the bank) and the practice flag.
import { useMemo } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { Card, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { QUESTION_KINDS, QUESTION_NAME_MAX, type QuestionKind } from '@exam/shared';
import { RichTextField } from '@/components/rich-text/rich-text-editor';
import { useCourseOptions } from '@/lib/reference-options';
import { useCourseChapters, useQuestionTags } from '../api/questions';
import { questionsTexts } from '../texts';
import type { QuestionFormErrors, QuestionFormValues } from '@/question-kinds';

const t = questionsTexts.form;

export function QuestionGeneralCard({
  control,
  errors,
  setValue,
  initialStatement,
  typeLabel,
}: {
  control: Control<QuestionFormValues>;
  errors: QuestionFormErrors;
  setValue: UseFormSetValue<QuestionFormValues>;
  /** The stored statement: the rich-text editor starts from it and reports its changes. */
  initialStatement: string;
  typeLabel: (k: QuestionKind) => string;
}) {
  const courses = useCourseOptions();
  const tags = useQuestionTags();
  const courseId = useWatch({ control, name: 'course_id' });
  const chapters = useCourseChapters(courseId ? Number(courseId) : null);
  const courseOptions = useMemo(() => (courses.data ?? []).map((c) => ({ value: String(c.id), label: c.title })), [courses.data]);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Stack gap={4}>
              <Text fw={500} size="sm" id="question-type-label">
                {t.type}
              </Text>
              <SegmentedControl
                aria-labelledby="question-type-label"
                value={field.value}
                onChange={(v) => field.onChange(v as QuestionKind)}
                data={QUESTION_KINDS.map((k) => ({ value: k, label: typeLabel(k) }))}
                fullWidth
                orientation={undefined}
                styles={{ root: { flexWrap: 'wrap' }, label: { whiteSpace: 'normal' } }}
              />
            </Stack>
          )}
        />
        <Controller
          control={control}
          name="name"
          render={({ field }) => (
            <TextInput
              label={t.name}
              description={t.nameHint}
              maxLength={QUESTION_NAME_MAX}
              value={field.value}
              onChange={(e) => field.onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              error={errors.name?.message}
            />
          )}
        />
        <RichTextField
          label={t.statement}
          required
          placeholder={t.statementPlaceholder}
          initialContent={initialStatement}
          onChange={(html) => setValue('statement', html, { shouldDirty: true })}
          error={errors.statement?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Controller
            control={control}
            name="points"
            render={({ field }) => (
              <NumberInput
                label={t.points}
                description={t.pointsHint}
                required
                min={0.01}
                max={1000}
                step={0.5}
                decimalScale={2}
                decimalSeparator=","
                value={field.value}
                onChange={field.onChange}
                error={errors.points?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="course_id"
            render={({ field }) => (
              <Select
                label={t.course}
                description={t.courseHint}
                placeholder={t.coursePlaceholder}
                clearable
                searchable
                data={courseOptions}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  setValue('chapter_id', null);
                }}
                error={errors.course_id?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="chapter_id"
            render={({ field }) => (
              <Select
                label={t.chapter}
                placeholder={t.chapterPlaceholder}
                clearable
                disabled={!courseId}
                data={(chapters.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
                value={field.value}
                onChange={field.onChange}
                error={errors.chapter_id?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsInput
              label={t.tags}
              placeholder={t.tagsPlaceholder}
              data={(tags.data ?? []).map((x) => x.tag)}
              value={field.value}
              onChange={field.onChange}
              clearable
              maxTags={20}
              error={errors.tags?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="is_practice"
          render={({ field }) => (
            <Switch
              label={t.practice}
              description={t.practiceHint}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={errors.is_practice?.message}
            />
          )}
        />
      </Stack>
    </Card>
  );
}
